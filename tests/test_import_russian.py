"""rulebook/2024/ru.yaml against its source (rulebook/sources/002_…txt) and the English edition.

* every Russian line of the source (1–110 and 220) appears verbatim in ru.yaml, whitespace-normalised,
  once the rule's (entry's) blocks and part / example texts are put back together with their labels;
* ru.yaml validates as `Edition` and has the English edition's rule and procedure ids, part letters
  and addendum ids;
* the English copy on the same page (lines 111–219) matches en.yaml's text for that rule: at least
  95 % of the lines must; the others are printed as a defect list (run pytest with -s to see it).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from tdarules.importers import RUSSIAN_2024
from tdarules.importers.structure import clean
from tdarules.importers.russian import (
    ADDENDUM_LINES, ADDENDUM_PREAMBLE_LINE, ENGLISH_LINES, INTRODUCTION_LINE, NOTICE_LINE,
    PROCEDURE_LINES, PROCEDURES_PREAMBLE_LINE, RULE_LINES, english_layout, import_russian, source_lines,
)
from tdarules.model import Edition
from tdarules.yamlio import read_yaml

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = ROOT / "rulebook"
MIN_ENGLISH_MATCH = 0.95


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def loose(text: str) -> str:
    """For comparing the page's English with en.yaml: typographic quotes and spacing aside."""
    text = text.translate(str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"}))
    text = clean(re.sub(r"😗\*?", ":", text))[0]   # the conversion turned ":*" into "😗*"
    return re.sub(r"\s+", "", text)


@lru_cache
def lines() -> dict[int, str]:
    return source_lines((RULEBOOK / RUSSIAN_2024).read_text(encoding="utf-8"))


@lru_cache
def edition(lang: str) -> Edition:
    return Edition.model_validate(read_yaml(RULEBOOK / "2024" / f"{lang}.yaml"))


def blocks_joined(blocks) -> list[str]:
    return [(f"{b.marker} " if b.marker else "") + b.verbatim for b in blocks]


def rule_joined(rule) -> str:
    pieces = blocks_joined(rule.blocks)
    for letter, part in rule.parts.items():
        if part.marker or part.blocks:
            # the YAML leaves out the marker when it is the plain "A:" (see structure.compact)
            pieces.append(part.marker or f"{letter}:")
        pieces += blocks_joined(part.blocks)
    pieces += blocks_joined(rule.after)
    return norm(" ".join(pieces))


def entry_joined(entry) -> str:
    pieces = blocks_joined(entry.blocks)
    for example in entry.examples.values():
        if example.marker:
            pieces.append(example.marker)
        pieces += blocks_joined(example.blocks)
    return norm(" ".join(pieces))


def russian_units() -> list[tuple[int, str, str]]:
    """(source line, what it is, the text ru.yaml has for it)."""
    ru = edition("ru")
    units = [(NOTICE_LINE, "notice", norm(" ".join(blocks_joined(ru.notice)))),
             (PROCEDURES_PREAMBLE_LINE, "procedures preamble", norm(" ".join(blocks_joined(ru.procedures_preamble)))),
             (ADDENDUM_PREAMBLE_LINE, "addendum preamble", norm(" ".join(blocks_joined(ru.addendum_preamble)))),
             (INTRODUCTION_LINE, "preamble", norm(" ".join(blocks_joined(ru.preamble))))]
    for first, rules in ((RULE_LINES[0], ru.rules), (PROCEDURE_LINES[0], ru.procedures)):
        units += [(first + i, f"rule {rule.id}", rule_joined(rule)) for i, rule in enumerate(rules.values())]
    units += [(ADDENDUM_LINES[0] + i, f"addendum {entry.id}", entry_joined(entry))
              for i, entry in enumerate(ru.addendum.values())]
    return units


def test_ru_validates_and_mirrors_english():
    en, ru = edition("en"), edition("ru")
    assert ru.language == "ru"
    assert list(ru.rules) == list(en.rules)
    assert list(ru.procedures) == list(en.procedures)
    assert list(ru.addendum) == list(en.addendum)
    assert [s.id for s in ru.sections] == [s.id for s in en.sections]
    assert [s.rules for s in ru.sections] == [s.rules for s in en.sections]
    for rule in en.all_rules():
        assert list(ru.rule(rule.id).parts) == list(rule.parts), rule.id
    for entry_id, entry in en.addendum.items():
        assert set(entry.examples) <= set(ru.addendum[entry_id].examples), entry_id


def test_every_rule_has_an_own_russian_title():
    ru = edition("ru")
    for rule in ru.all_rules():
        assert rule.title.by == "ours" and rule.title.text.strip(), rule.id
        assert re.search(r"[а-яё]", rule.title.text, re.I), (rule.id, rule.title.text)
        assert any(d.kind == "missing-title" for d in rule.title.defects), rule.id


def test_empty_parts_and_examples_say_why():
    ru = edition("ru")
    for rule in ru.all_rules():
        for letter, part in rule.parts.items():
            assert part.blocks or part.defects, f"{rule.id}-{letter}"
    for entry in ru.addendum.values():
        for label, example in entry.examples.items():
            assert example.blocks or example.defects, f"{entry.id} {label}"


@pytest.mark.parametrize("line, what, text", russian_units(), ids=lambda v: str(v) if isinstance(v, int) else None)
def test_russian_line_verbatim(line, what, text):
    assert text == norm(lines()[line]), f"source line {line} ({what}) differs from ru.yaml"


def test_all_russian_lines_covered():
    covered = {line for line, _, _ in russian_units()}
    russian = set(range(1, ADDENDUM_LINES[1] + 1)) | {INTRODUCTION_LINE}
    assert covered == russian


def test_no_english_copy_in_ru_yaml():
    """Lines 111–219 are the English original: kept out of ru.yaml."""
    dumped = norm((RULEBOOK / "2024" / "ru.yaml").read_text(encoding="utf-8"))
    for n in range(ENGLISH_LINES[0], ENGLISH_LINES[1] + 1):
        sample = norm(lines()[n])[:80]
        assert sample not in dumped, f"English line {n} found in ru.yaml"


def english_text(blocks) -> str:
    """English blocks as displayed (stray conversion markup cleaned), for comparing with the page."""
    return norm(" ".join((f"{b.marker} " if b.marker else "") + b.text for b in blocks))


def english_rule_text(rule) -> str:
    pieces = [english_text(rule.blocks)]
    for letter, part in rule.parts.items():
        if part.blocks:
            pieces += [part.marker or f"{letter}:", english_text(part.blocks)]  # loose() reads "A**😗*" as "A:"
    pieces.append(english_text(rule.after))
    return norm(" ".join(pieces))


def english_entry_text(entry) -> str:
    pieces = [english_text(entry.blocks)]
    for example in entry.examples.values():
        pieces += [example.marker or "", english_text(example.blocks)]
    return norm(" ".join(pieces))


def compare_english_copy() -> tuple[list[str], list[str], int]:
    """(mismatches, notes, gaps, lines) for the page's English against en.yaml.

    Rules, procedures and the two preambles are compared with the unit at the same position.
    The page's English addendum does not keep the Russian's one-line-per-entry layout (it has no
    line for entry 10 and writes 46 on two lines), so each addendum line is looked up by content:
    it must be the text of an entry, or an unchanged stretch of it, with entries in en.yaml order.
    A section heading run into the end of a rule's line is taken off (and noted); a unit en.yaml
    has no text for (the preambles) is a gap, not a mismatch.
    """
    en = edition("en")
    layout = english_layout({"rules": en.rules, "procedures": en.procedures, "addendum": en.addendum})
    mismatches, notes, gaps = [], [], []
    section_titles = [s.title.text for s in en.sections]
    entries = [(key, loose(english_entry_text(en.addendum[key]))) for key in en.addendum]
    next_entry, seen = 0, set()
    for n, (field, key) in layout.items():
        page = lines()[n]
        glued = next((t for t in section_titles if norm(page).endswith(" " + t)), None)
        if glued and field == "rules":
            notes.append(f"line {n} ({key}): the next section's heading {glued!r} is run into the end of the line")
            page = norm(page)[: -len(glued)]
        if field == "addendum":
            found = next((i for i in range(next_entry, len(entries)) if loose(page) in entries[i][1]), None)
            if found is None:
                mismatches.append(f"line {n}: not part of any en.yaml addendum entry (from {entries[next_entry][0]} on): {norm(page)[:120]}")
                continue
            entry_id, whole = entries[found]
            seen.add(entry_id)
            next_entry = found
            if loose(page) != whole:
                notes.append(f"line {n}: an unchanged stretch of addendum {entry_id} ({len(loose(page))} of {len(whole)} characters, spaces ignored)")
            continue
        if field in ("procedures_preamble", "addendum_preamble"):
            ours = english_text(getattr(en, field))
        else:
            ours = english_rule_text(en.rule(key))
        if loose(page) == loose(ours):
            continue
        where = key or field
        if not ours:
            gaps.append(f"line {n} ({where}): en.yaml has no text to compare; the page has: {norm(page)[:120]}")
            continue
        a, b = loose(page), loose(ours)
        common = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        mismatches.append(f"line {n} ({where}): differs after {common} characters (spaces ignored): "
                          f"page …{a[max(0, common - 30):common + 60]}… en.yaml …{b[max(0, common - 30):common + 60]}…")
    for key, _ in entries:
        if key not in seen:
            notes.append(f"addendum {key}: the page's English has no line for it")
    return mismatches, notes, gaps, len(layout)


def test_english_copy_matches_en_yaml():
    """The page's English (lines 111–219) against en.yaml; the differences are printed as a defect list."""
    mismatches, notes, gaps, lines_ = compare_english_copy()
    checked = lines_ - len(gaps)
    print(f"\nThe page's English copy: {checked - len(mismatches)} of {checked} comparable lines match en.yaml"
          f" ({len(gaps)} more have nothing in en.yaml to compare with).")
    for line in gaps:
        print(f"  GAP      {line}")
    for line in mismatches:
        print(f"  MISMATCH {line}")
    for line in notes:
        print(f"  note     {line}")
    share = 1 - len(mismatches) / checked
    assert share >= MIN_ENGLISH_MATCH, f"only {share:.0%} of the page's English lines match en.yaml"


def test_importer_is_reproducible():
    """ru.yaml is what the importer makes from the source today (the YAML is generated, not edited)."""
    from tdarules.importers import LONGFORM_2024
    from tdarules.importers.longform import import_longform
    from tdarules.yamlio import dump_yaml
    from tdarules.importers import HEADER

    longform = import_longform((RULEBOOK / LONGFORM_2024).read_text(encoding="utf-8"), LONGFORM_2024)
    data = import_russian((RULEBOOK / RUSSIAN_2024).read_text(encoding="utf-8"), RUSSIAN_2024, longform["en"])
    expected = dump_yaml(data, HEADER.format(source=data["source"]))
    assert (RULEBOOK / "2024" / "ru.yaml").read_text(encoding="utf-8") == expected, \
        "ru.yaml is stale: run the importer again"
