"""Fidelity: nothing lost, nothing invented.

The model keeps each source paragraph verbatim (`Text.verbatim`: the cleaned text, or the original
in `source_text` where markup was cleaned). Here we rebuild, per language, the text the model
says the source contains — titles, part markers (default "A:"), list-item markers, example
markers and blocks, in reading order — with all whitespace removed, and prove:

* every line of the 2024 longform (English and Chinese), of the Russian page (the Russian lines,
  and its English original against the English edition) is a substring of that stream; rule,
  procedure and addendum headings ("43: Raise Amounts-標準加注值") are checked as their English and
  Chinese title halves;
* the 2017 source, whose lines are whole pages run together, is consumed completely, in order, by
  its rules' pieces, rule headings ("23:", "Rule 37:"), section names and the known page artefact;
* conversely every text unit marked `by: source` occurs in its source file.

Run with `-s` to see the counts per language.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tdarules.model import Edition, Text
from tdarules.yamlio import read_yaml, to_plain

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = ROOT / "rulebook"
LONGFORM = RULEBOOK / "sources/000_ea0a9c803a5824f7.txt"
SOURCE_2017 = RULEBOOK / "sources/001_84b3ecc9147b35f0.txt"
RUSSIAN = RULEBOOK / "sources/002_20540d062b9b3fff.txt"

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
WHITESPACE = re.compile(r"\s+")
MARKUP_ONLY = re.compile(r"^(?:\*\*|😗\*?|`)$")
HEADINGS = (
    re.compile(r"^\d{1,2}:\s*(?P<title>.+)$"),                   # 43: Raise Amounts-標準加注值
    re.compile(r"^RP-\d{1,2}[.:]\s*(?P<title>.+)$"),              # RP-5: …
    re.compile(r"^Rule \d{1,2}(?:-[A-Z])?:\s*(?P<title>.+)$"),    # addendum: Rule 11-D: …
)
RUSSIAN_LINES = range(1, 111)        # 1: the page's note, 2–110: the translation
RUSSIAN_ENGLISH = range(111, 220)    # the English original from the same page
RUSSIAN_INTRO = 220                  # the page's introduction


def squash(text: str) -> str:
    return WHITESPACE.sub("", text)


def load(year: str, language: str) -> Edition:
    path = RULEBOOK / year / f"{language}.yaml"
    if not path.exists():
        pytest.skip(f"rulebook/{year}/{language}.yaml does not exist yet (being produced)")
    return Edition.model_validate(to_plain(read_yaml(path, f"rulebook/{year}/{language}.yaml")))


# --- the model's own text, in reading order ----------------------------------------------------------

def _text(t: Text | None) -> list[str]:
    if t is None:
        return []
    if t.by == "source":
        return [t.verbatim]
    return [t.source_text] if t.source_text is not None else []   # ours, replacing a source heading (無標題)


def _blocks(blocks) -> list[str]:
    return [(b.marker or "") + b.verbatim for b in blocks if b.by == "source"]


def rule_pieces(rule) -> list[str]:
    out = _text(rule.title) + _blocks(rule.blocks)
    for letter, part in rule.parts.items():
        if part.blocks:
            out.append(part.marker if part.marker is not None else f"{letter}:")
        out += _blocks(part.blocks)
    return out + _blocks(rule.after)


def pieces(edition: Edition) -> list[str]:
    """Every verbatim source piece of the edition, in reading order."""
    out = _blocks(edition.notice)
    out += _text(edition.headings.get("preamble")) + _blocks(edition.preamble)
    for section in edition.sections:
        out += _text(section.title)
    for rule in edition.rules.values():
        out += rule_pieces(rule)
    out += _text(edition.headings.get("procedures_preamble")) + _blocks(edition.procedures_preamble)
    for rule in edition.procedures.values():
        out += rule_pieces(rule)
    out += _text(edition.headings.get("addendum_preamble")) + _blocks(edition.addendum_preamble)
    for entry in edition.addendum.values():
        out += _text(entry.title) + _blocks(entry.blocks)
        for example in entry.examples.values():
            out += [example.marker] if example.marker else []
            out += _text(example.title) + _blocks(example.blocks)
    return [p for p in out if p]


def stream(edition: Edition) -> str:
    return "".join(squash(p) for p in pieces(edition))


def source_units(edition: Edition):
    """(where, Text) for every unit the model says comes from the source."""
    def walk(where, t):
        if t is not None and t.by == "source":
            yield where, t
    for i, b in enumerate(edition.notice):
        yield from walk(f"notice[{i}]", b)
    for i, b in enumerate(edition.preamble):
        yield from walk(f"preamble[{i}]", b)
    for s in edition.sections:
        yield from walk(f"section {s.id}", s.title)
    for rule in edition.all_rules():
        yield from walk(f"{rule.id} title", rule.title)
        for part_id, b in rule.all_blocks():
            yield from walk(f"{rule.id}{'-' + part_id if part_id else ''}", b)
    for i, b in enumerate(edition.procedures_preamble + edition.addendum_preamble):
        yield from walk(f"procedures/addendum preamble[{i}]", b)
    for entry in edition.addendum.values():
        yield from walk(f"addendum {entry.id} title", entry.title)
        for b in entry.blocks:
            yield from walk(f"addendum {entry.id}", b)
        for label, example in entry.examples.items():
            yield from walk(f"addendum {entry.id} example {label} title", example.title)
            for b in example.blocks:
                yield from walk(f"addendum {entry.id} example {label}", b)


def source_lines(path: Path) -> list[tuple[int, str]]:
    return [(n, line.strip()) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.strip()]


def heading_halves(line: str) -> tuple[str, str | None] | None:
    """A heading line's English and Chinese titles, or None if the line is not a heading."""
    for pattern in HEADINGS:
        match = pattern.match(line)
        if match:
            return _split_bilingual(match.group("title"))
    return None


def _split_bilingual(text: str) -> tuple[str, str | None]:
    cjk = CJK.search(text)
    if not cjk:
        return text.strip(), None
    return text[:cjk.start()].rstrip().rstrip("-").strip(), text[cjk.start():].strip()


def report(language: str, counts: dict) -> None:
    print(f"\nfidelity {language}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))


# --- the 2024 longform: English and Chinese ---------------------------------------------------------

def test_longform_every_line_is_in_the_model():
    en, zh = load("2024", "en"), load("2024", "zh-Hant")
    streams = {"en": stream(en), "zh-Hant": stream(zh)}
    counts = {lang: {"paragraphs": 0, "heading titles": 0} for lang in streams}
    markup_only = 0
    missing = []
    for n, line in source_lines(LONGFORM):
        if MARKUP_ONLY.match(line):
            markup_only += 1                       # recorded as a stray-markup defect on the next heading
            continue
        language = "zh-Hant" if CJK.search(line) else "en"
        if squash(line) in streams[language]:
            counts[language]["paragraphs"] += 1
            continue
        halves = heading_halves(line) or (_split_bilingual(line) if language == "zh-Hant" else None)
        if halves is None:
            missing.append(f"line {n} ({language}): {line[:100]}")
            continue
        for lang, half in zip(("en", "zh-Hant"), halves):
            if half is None:
                continue
            if squash(half) in streams[lang]:
                counts[lang]["heading titles"] += 1
            else:
                missing.append(f"line {n} ({lang} title): {half[:100]}")
    for lang, c in counts.items():
        report(f"2024 {lang} (longform)", c)
    print(f"fidelity 2024 longform: markup-only lines {markup_only}")
    assert not missing, "source lines not in the model:\n" + "\n".join(missing)
    assert counts["en"]["paragraphs"] > 200 and counts["zh-Hant"]["paragraphs"] > 200


@pytest.mark.parametrize("language", ["en", "zh-Hant", "ru"])
def test_nothing_invented_2024(language):
    edition = load("2024", language)
    checked, missing = 0, []
    sources: dict[str, str] = {}
    for where, text in source_units(edition):
        origin = text.origin or edition.source
        if origin not in sources:
            sources[origin] = squash((RULEBOOK / origin).read_text(encoding="utf-8"))
        checked += 1
        if squash(text.verbatim) not in sources[origin]:
            missing.append(f"{where}: {text.verbatim[:100]}")
    report(f"2024 {language} (by: source units found in the source)", {"units": checked})
    assert not missing, "text marked as from the source but not in it:\n" + "\n".join(missing)


# --- the Russian page -------------------------------------------------------------------------------

def test_russian_every_line_is_in_the_model():
    ru = load("2024", "ru")
    ru_stream = stream(ru)
    counts = {"paragraphs": 0}
    missing = []
    for n, line in source_lines(RUSSIAN):
        if n in RUSSIAN_LINES or n == RUSSIAN_INTRO:
            if squash(line) in ru_stream:
                counts["paragraphs"] += 1
            else:
                missing.append(f"line {n}: {line[:100]}")
    report("2024 ru", counts)
    assert not missing, "Russian source lines not in the model:\n" + "\n".join(missing)
    assert counts["paragraphs"] == len(RUSSIAN_LINES) + 1


# Paragraphs where the Russian page's English original is not the longform's English word for word
# (a section name glued to the end, straight vs curly quotes, "they" for "she", "1)" for "1.", a
# "Version 1.0, October, 2024" prefix, parts written differently). The Russian importer takes its
# structure from the longform English and does not import this copy, so these differences are not
# recorded in the data; this list keeps them visible and fails when it changes.
RUSSIAN_ENGLISH_DIFFERS = {121, 144, 169, 176, 177, 209, 211, 214}


def test_russian_page_english_is_the_english_edition():
    """The English original on the Russian page: each paragraph is in the English edition (known exceptions)."""
    en_stream = stream(load("2024", "en"))
    found, differs = 0, set()
    for n, line in source_lines(RUSSIAN):
        if n in RUSSIAN_ENGLISH:
            if squash(line) in en_stream:
                found += 1
            else:
                differs.add(n)
    report("2024 en (English original on the Russian page)",
           {"paragraphs equal to the English edition": found, "known variants": len(differs)})
    assert differs == RUSSIAN_ENGLISH_DIFFERS, (
        f"new differences: {sorted(differs - RUSSIAN_ENGLISH_DIFFERS)}; "
        f"no longer differing: {sorted(RUSSIAN_ENGLISH_DIFFERS - differs)}")


# --- 2017 ---------------------------------------------------------------------------------------------

def test_2017_source_is_consumed_by_the_model():
    edition = load("2017", "en")
    text = squash(SOURCE_2017.read_text(encoding="utf-8"))
    sequences = {rule.id: [squash(p) for p in rule_pieces(rule)] for rule in edition.rules.values()}
    loose = [squash(p) for s in edition.sections for p in _text(s.title)]
    loose += [squash(p) for p in _blocks(edition.preamble)]
    heading = re.compile(r"(?:Rule)?([1-9][0-9]?):")
    position, queue, started = 0, [], []
    notice = [squash(b.verbatim) for b in edition.notice]   # the web page's own marker ("WIXLIB"), kept as a notice
    counts = {"rules": 0, "pieces": 0, "sections/preamble": 0, "notice": 0}
    while position < len(text):
        if queue and text.startswith(queue[0], position):
            position += len(queue.pop(0))
            counts["pieces"] += 1
            continue
        match = heading.match(text, position)
        if match and match.group(1) in sequences and match.group(1) not in started:
            assert not queue, f"rule {started[-1]}: pieces not found in the source: {queue[:2]}"
            started.append(match.group(1))
            queue = list(sequences[match.group(1)])
            position = match.end()
            counts["rules"] += 1
            continue
        found = next(((pool, key, p) for pool, key in ((loose, "sections/preamble"), (notice, "notice"))
                      for p in pool if text.startswith(p, position)), None)
        if found is not None:
            pool, key, piece = found
            pool.remove(piece)
            position += len(piece)
            counts[key] += 1
            continue
        expected = queue[0][:60] if queue else "a rule heading, section name or preamble"
        pytest.fail(f"2017 source text not in the model at offset {position} (after rule "
                    f"{started[-1] if started else '-'}): {text[position:position + 80]!r}; expected {expected!r}")
    assert not queue, f"rule {started[-1]}: pieces not in the source: {queue[:2]}"
    assert sorted(started, key=int) == sorted(sequences, key=int), "rules in the model but not in the source"
    assert not loose, f"sections/preamble in the model but not in the source: {loose}"
    report("2017 en", counts)
