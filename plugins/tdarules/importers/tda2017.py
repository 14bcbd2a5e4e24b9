"""Importer for the partial 2017 English rulebook (`sources/001_84b3ecc9147b35f0.txt`).

The source is text extracted from a PDF of the 2017 Poker TDA Rules, rules 23 to part of 71:

* rule headings run into their text (`23: New Hand & New LimitsA new level…`), a few carry a
  `Rule ` prefix (`Rule 60: Bet Amount Not Established…`);
* section names are glued between the end of one rule and the next heading
  (`…subject to penalty.Button / Blinds32: Dead Button…`);
* the page footer `Copyright 2017: …PokerTDA.com.` sits at the end of some paragraphs;
* line breaks were dropped, so some words run together ("one chipawarded", "opens for2000")
  and some sentences touch ("the next hand.A hand begins");
* the first line (`WIXLIB`) is a web-page artefact, not rule text;
* after the truncated rule 71 the page restarts the rulebook: the preamble, the section name
  "General Concepts" and the heading of rule 1, with no rule text.

Nothing is reworded: the importer only removes the footers, puts back the spaces the extraction
lost (keeping the verbatim paragraph in `source_text` in both cases) and splits headings, section
names, lettered parts and one numbered list from the text they were glued to. Every such repair
is recorded as a `Defect`. Putting spaces back only adds whitespace: a block's text with the
whitespace removed is its source's.

`import_2017()` is pure; `rulebook import` writes its result to `rulebook/2017/en.yaml` and
`rulebook/renumbering.yaml`.
"""
from __future__ import annotations

import difflib
import re
import string
from collections import Counter

from .structure import unit

SOURCE = "sources/001_84b3ecc9147b35f0.txt"
SOURCE_2024 = "sources/000_ea0a9c803a5824f7.txt"

ARTEFACTS = ("WIXLIB",)          # lines of the web page that are not rulebook text
FOOTER = re.compile(r"\s*(Copyright 2017:[^\n]*?PokerTDA\.com\.)")
HEADING = re.compile(r"(?<!\d)(Rule )?(\d{1,2}): ")
HEADING_AT_START = re.compile(r"^(?:Rule )?\d{1,2}: ")
# end of a title glued to its text: a lower-case letter, ")" or "." directly followed by a capital
TITLE_END = re.compile(r"[a-z).’](?=[A-Z“\"])")
SENTENCE_END = ".!?”\")"
TEXT_MATCH_THRESHOLD = 0.5      # a text match at or above this ratio is accepted outright
WEAK_MATCH_THRESHOLD = 0.3      # below TEXT_MATCH_THRESHOLD, accepted only with a clear margin
WEAK_MATCH_MARGIN = 0.15        # over the runner-up
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
PUNCTUATION = string.punctuation + "“”‘’"


# --------------------------------------------------------------------------------------------
# small helpers

def kebab(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("&", "and")).strip("-")


def normalise_title(title: str) -> str:
    title = title.lower().replace("&", " and ").replace("’", "'")
    title = re.sub(r"[^a-z0-9']+", " ", title)
    return " ".join(title.split())


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("’", "'"))


def similarity(a: str, b: str, *, truncated: bool = False) -> float:
    """difflib ratio over words; for a truncated `a`, against the same number of words of `b`."""
    wa, wb = words(a), words(b)
    if truncated:
        wb = wb[:len(wa)]
    return difflib.SequenceMatcher(None, wa, wb, autojunk=False).ratio()


def _is_truncated(rule: dict) -> bool:
    blocks = list(rule.get("blocks", []))
    for part in rule.get("parts", {}).values():
        blocks += list(part)
    return any(d.get("kind") == "truncated" for b in blocks if isinstance(b, dict)
               for d in b.get("defects", []))


def _defect(kind: str, note: str) -> dict:
    return {"kind": kind, "note": note}


def _text(text: str, *, source_text: str | None = None, defects=(), by: str = "source"):
    return unit(text, by=by, source_text=source_text, defects=defects)


def _block(text: str, *, kind: str = "p", marker: str | None = None, joined: bool = False,
           source_text: str | None = None, defects=()):
    return unit(text, key=kind, marker=marker, joined=joined, source_text=source_text, defects=defects)


# --------------------------------------------------------------------------------------------
# run-together words: spaced for reading, the verbatim paragraph kept in `source_text`

class Vocabulary(set):
    """Words known to be real (lower case), and how often each pair of them follows in the text
    they came from. The pairs choose where to split a join that splits two ways: "athis" is
    "at his", not "a this"."""

    def __init__(self, words=(), pairs: Counter | None = None):
        super().__init__(words)
        self.pairs = pairs if pairs is not None else Counter()


def _apostrophes(text: str) -> str:
    return text.replace("'", "’")


def _vocabulary(texts) -> Vocabulary:
    """The words of `texts`. A hyphenated word counts whole ("multi-chip") and joined ("preflop"
    for "pre-flop"), and its parts only where they also stand alone: "re" of "re-buy" is no word,
    or "here" would read as "he re"."""
    vocab = Vocabulary()
    for text in texts:
        for token in text.split():
            core = _apostrophes(token.strip(PUNCTUATION).lower())
            for word in re.split(r"[^a-z’\-]+", core):
                if "-" in word:
                    if re.fullmatch(r"[a-z’]+(?:-[a-z’]+)+", word):
                        vocab.add(word)
                        vocab.add(word.replace("-", ""))
                elif word:
                    vocab.add(word)
        ws = re.findall(r"[a-z0-9’]+", _apostrophes(text.lower()))
        vocab.pairs.update(zip(ws, ws[1:]))
    return vocab


def _known(word: str, vocab: set[str]) -> bool:
    """In `vocab`, or an inflection of a word in it ("advised", "raises"): the 2024 text does
    not use every form the 2017 text does."""
    w = _apostrophes(word.lower())
    if w in vocab:
        return True
    stems = [w[:-1]] if w.endswith(("s", "d")) else []
    stems += [w[:-2]] if w.endswith(("es", "ed")) else []
    return any(len(stem) > 2 and stem in vocab for stem in stems)


def _split_at(piece: str, vocab: set[str]) -> int | None:
    """Where a space was lost inside `piece` (an index into it), or None when it is one word.

    A piece counts when it is unknown and splits into a known word followed by a known word or a
    number ("chipawarded", "get1", "2)first", "themulti-chip"). Both halves must be real words,
    so a word merely missing from `vocab` is left alone.
    """
    m = re.fullmatch(r"([A-Za-z]+)(\d[\d,]*)", piece)             # "get1", "for2000"
    if m:
        return m.end(1) if m.group(1).lower() in vocab else None
    m = re.fullmatch(r"(\d+\)?)([A-Za-z]{3,})", piece)            # "2)first", "200change"
    if m:
        return m.end(1) if m.group(2).lower() in vocab else None
    if not re.fullmatch(r"[A-Za-z’']+(?:-[A-Za-z’']+)*", piece):
        return None
    low = _apostrophes(piece.lower())
    if len(low) < 3 or _known(low, vocab) or low + "s" in vocab or low + "es" in vocab:
        return None
    # a player letter glued to the next word: "Bthen"
    if re.fullmatch(r"[A-E][a-z]{3,}", piece) and low[1:] in vocab:
        return 1
    candidates = []
    for i in range(1, len(low)):
        left, right = low[:i], low[i:]
        if not (left[-1].isalpha() and right[0].isalpha()) or "-" in left:
            continue            # never "isn" + "’tfirst"; a hyphenated word splits before its hyphen
        if left in vocab and _known(right, vocab) and (len(left) > 1 or left == "a") \
                and (len(right) > 1 or right == "a"):
            candidates.append(i)
    if candidates:
        pairs = getattr(vocab, "pairs", Counter())
        # the split the reference text uses most; else the one without a one-letter word
        return max(candidates, key=lambda i: (pairs[(low[:i], low[i:])], min(i, len(low) - i)))
    if "-" in piece:                   # a join inside one part of a hyphenated word: "re-openingthe"
        offset = 0
        for part in piece.split("-"):
            at = _split_at(part, vocab)
            if at is not None:
                return offset + at
            offset += len(part) + 1
    return None


def _word_pieces(token: str):
    """(start, end) of each piece of a token that may be a join: punctuation around it stripped,
    split at "/" and "(" ("and/ordisqualification", "thechip(s)")."""
    core = token.strip(PUNCTUATION)
    if not core:
        return
    offset = token.find(core)
    for m in re.finditer(r"[^/(]+", core):
        yield offset + m.start(), offset + m.end()


def run_together_words(text: str, vocab: set[str]) -> list[str]:
    """Tokens that are not words but two words glued where the PDF lost a line break.

    `vocab` holds the words known to be real (the 2024 English text). Each token is listed once
    per occurrence, as the source spells it without the punctuation around it.
    """
    found = []
    for token in text.split():
        if any(_split_at(token[a:b].strip(PUNCTUATION), vocab) is not None for a, b in _word_pieces(token)):
            found.append(token.strip(PUNCTUATION))
    return found


def _glued_punctuation(token: str) -> list[int]:
    """Indexes in `token` where a space was lost: "hand.A", "seated,and", "Ex:NLHE", "bet(at".

    A full stop counts before a capital only after a word of two letters or more, a digit or a
    closing bracket, so "i.e." and "e.g." stay; a comma, semicolon or colon counts before a
    letter, so "2,000" and "10:30" stay; an opening bracket counts after a word unless it opens
    a plural ending, so "chip(s)" stays.
    """
    cuts = []
    for m in re.finditer(r"[.!?,;:(]", token):
        before, after = token[:m.start()], token[m.end():]
        if not before or not after:
            continue
        if m.group() == "(":
            if re.search(r"[A-Za-z]{2}$", before) and not re.match(r"e?s\)", after):
                cuts.append(m.start())
            continue
        if not re.search(r"(?:[A-Za-z]{2}|[0-9)”’])$", before):
            continue
        if m.group() in ".!?" and re.match(r"[A-Z“]", after) \
                or m.group() in ",;:" and re.match(r"[A-Za-z“(]", after):
            cuts.append(m.end())
    return cuts


def repair_joins(text: str, vocab: set[str]) -> tuple[str, list[tuple[str, str]]]:
    """`text` with a space put back wherever the PDF extraction lost one, and the repairs as
    (as in the source, as shown) pairs.

    Only spaces are added: the result with whitespace removed equals `text` with whitespace
    removed, so no word is changed.
    """
    out, repairs = [], []
    for token in re.split(r"(\s+)", text):
        if not token or token.isspace():
            out.append(token)
            continue
        cuts = set()
        for cut in _glued_punctuation(token):
            cuts.add(cut)
            left = re.search(r"[A-Za-z0-9)”’]*[.!?,;:]?$", token[:cut]).group()
            right = re.match(r"[(“]*[A-Za-z0-9]*", token[cut:]).group()
            repairs.append((left + right, f"{left} {right}"))
        for a, b in _word_pieces(token):
            for start, end in _sub_spans(a, b, cuts):
                piece = token[start:end]
                start += len(piece) - len(piece.lstrip(PUNCTUATION))
                end -= len(piece) - len(piece.rstrip(PUNCTUATION))
                at = _split_at(token[start:end], vocab)
                if at is not None:
                    cuts.add(start + at)
                    piece = token[start:end]
                    repairs.append((piece, f"{piece[:at]} {piece[at:]}"))
        out.append("".join(" " + ch if i in cuts else ch for i, ch in enumerate(token)))
    return "".join(out), repairs


def _sub_spans(a: int, b: int, cuts: set[int]):
    """(a, b) cut at the punctuation repairs already found, so "hand.Afirst" is two pieces."""
    edges = [a] + sorted(c for c in cuts if a < c < b) + [b]
    return list(zip(edges, edges[1:]))


def _joins_defect(repairs: list[tuple[str, str]]) -> dict:
    listed = ", ".join(f"'{old}' → '{new}'" for old, new in dict.fromkeys(repairs))
    return _defect("format", "words run together where the PDF lost a line break, spaced here "
                             f"(source_text keeps the paragraph as in the source): {listed}")


# --------------------------------------------------------------------------------------------
# the 2024 source, for tests and development only

def parse_2024_english(source_text: str) -> dict[str, tuple[str, str]]:
    """2024 rule id -> (English title, English text) from the bilingual 2024 source.

    A rough reader for tests and development: headings `N: Title-中文`, then the English
    (non-CJK) paragraphs until the next heading. Short English lines directly followed by a CJK
    line (section names) and everything from the first recommended procedure on are skipped.
    """
    lines = [line.strip() for line in source_text.splitlines()]
    lines = [line for line in lines if line]
    rules: dict[str, tuple[str, list[str]]] = {}
    current = None
    expected = 1
    for i, line in enumerate(lines):
        if line.startswith("RP-"):
            break
        m = re.match(r"^(\d{1,2}):\s+(.*)$", line)
        if m and int(m.group(1)) == expected:
            title = CJK.split(m.group(2), maxsplit=1)[0].rstrip(" -")
            current = m.group(1)
            rules[current] = (title, [])
            expected += 1
            continue
        if current is None or CJK.search(line):
            continue
        following = lines[i + 1] if i + 1 < len(lines) else ""
        if len(line) < 80 and line[-1] not in SENTENCE_END and CJK.search(following):
            continue  # a section name ("Seating, Breaking and Balancing Tables")
        rules[current][1].append(line)
    return {k: (title, " ".join(paras)) for k, (title, paras) in rules.items()}


# --------------------------------------------------------------------------------------------
# the 2017 source

def _split_chunks(source_text: str):
    """(artefact chunks, main text, trailing chunks).

    Blank-line separated chunks: leading ones without any heading are web-page artefacts; the
    main text runs while each chunk starts with a rule heading; what follows is trailing matter.
    """
    chunks = [c.strip() for c in re.split(r"\n\s*\n", source_text) if c.strip()]
    i = 0
    while i < len(chunks) and not HEADING.search(chunks[i]):
        i += 1
    lead, main = chunks[:i], [chunks[i]]
    j = i + 1
    while j < len(chunks) and HEADING_AT_START.match(chunks[j]):
        main.append(chunks[j])
        j += 1
    return lead, "\n\n".join(main), chunks[j:]


def _find_headings(text: str, first: int | None = None):
    """Rule headings in order: the numbers must increase (a gap of a few is allowed)."""
    found = []
    pos = 0
    number = first
    while True:
        best = None
        for m in HEADING.finditer(text, pos):
            n = int(m.group(2))
            if number is None or number < n <= number + 3:
                best = m
                break
        if best is None:
            return found
        found.append(best)
        number = int(best.group(2))
        pos = best.end()


def _section_tail(segment: str) -> tuple[str, str | None]:
    """Split a section name glued to the end of a segment: ("text.", "Section") or (segment, None)."""
    stripped = segment.rstrip()
    if not stripped or stripped[-1] in SENTENCE_END:
        return segment, None
    cut = max(stripped.rfind(ch) for ch in SENTENCE_END)
    tail = stripped[cut + 1:]
    name = tail.strip()
    if not name or len(name.split()) > 7 or not name[0].isupper():
        return segment, None
    return stripped[:cut + 1], name


def _split_title(rest: str) -> tuple[str, str]:
    m = TITLE_END.search(rest)
    if not m:
        return rest.strip(), ""
    return rest[:m.end()], rest[m.end():]


def _split_parts(body: str) -> tuple[str, dict[str, str]]:
    """Lettered parts `A: … B: …` found in sequence; the text before `A:` stays in the rule."""
    m = re.match(r"^A: ", body)
    if not m:
        return body, {}
    parts: dict[str, str] = {}
    letter, start = "A", 0
    while True:
        nxt = chr(ord(letter) + 1)
        idx = body.find(f"{nxt}: ", start + 3)
        if idx < 0:
            parts[letter] = body[start + 3:]
            return "", parts
        parts[letter] = body[start + 3:idx]
        letter, start = nxt, idx


def _paragraph_blocks(text: str, vocab: set[str], *, truncated: bool = False) -> list:
    """One source paragraph: footers removed, a `:1. … 2. … 3. …` list split, lost spaces put
    back; each repair recorded as a defect, with the block's verbatim span in `source_text`."""
    verbatim = text.strip()
    footers = FOOTER.findall(verbatim)
    clean = FOOTER.sub("", verbatim).strip()
    pieces = _split_list(clean)
    blocks = []
    for n, (kind, marker, piece) in enumerate(pieces):
        last = n == len(pieces) - 1
        defects = []
        source = piece
        if last and footers:
            # the footer goes with the last block: its verbatim span runs to the paragraph's end
            defects += [_defect("format", f"page footer removed from the paragraph: '{footer}'")
                        for footer in footers]
            source = verbatim[verbatim.find(piece):]
        shown, repairs = repair_joins(piece, vocab)
        if repairs:
            defects.append(_joins_defect(repairs))
        if last and truncated:
            defects.append(_defect("truncated", "the source breaks off mid-sentence here"))
        blocks.append(_block(shown, kind=kind, marker=marker, joined=n > 0,
                             source_text=source if source != shown else None, defects=defects))
    return blocks


def _split_list(text: str) -> list[tuple[str, str | None, str]]:
    """`…must not:1. Discuss …,2. Advise …,3. Read ….One-player…` -> p, items, p."""
    m = re.search(r":\s*1\. ", text)
    if not m:
        return [("p", None, text)]
    pieces = [("p", None, text[:m.start() + 1].strip())]
    number, start = 1, m.end()
    while True:
        nxt = re.compile(rf"[,;]\s*{number + 1}\. ").search(text, start)
        if not nxt:
            break
        pieces.append(("item", f"{number}.", text[start:nxt.start() + 1].strip()))
        number, start = number + 1, nxt.end()
    if number < 2:
        return [("p", None, text)]
    end = re.compile(r"\.(?=\s*[A-Z]|\s*$)").search(text, start)
    stop = end.end() if end else len(text)
    pieces.append(("item", f"{number}.", text[start:stop].strip()))
    if text[stop:].strip():
        pieces.append(("p", None, text[stop:].strip()))
    return pieces


def _rule(number: str, heading: re.Match, rest: str, vocab: set[str], *, truncated=False,
          heading_only=False) -> dict:
    title, body = _split_title(rest)
    title_defects = []
    if body:
        title_defects.append(_defect("format", "heading run into text in the source"))
    if heading.group(1):
        title_defects.append(_defect("format", f"heading has a '{heading.group(1).strip()}' prefix "
                                               f"in the source ('{heading.group(0).strip()}')"))
    if heading_only:
        title_defects.append(_defect("truncated", "only the heading is in the source, after the "
                                                  "truncated last rule; the rule text is absent"))
    rule: dict = {"title": _text(title.strip(), defects=title_defects)}
    intro, parts = _split_parts(body.strip())
    last_key = list(parts)[-1] if parts else None
    if intro.strip():
        rule["blocks"] = _paragraph_blocks(intro, vocab, truncated=truncated and not parts)
    if parts:
        rule["parts"] = {k: _paragraph_blocks(v, vocab, truncated=truncated and k == last_key)
                         for k, v in parts.items()}
    return rule


def import_2017(source_text: str, rules_2024: dict[str, tuple[str, str]]) -> tuple[dict, list[dict]]:
    """(edition dict for `rulebook/2017/en.yaml`, renumbering entries 2017 -> 2024)."""
    vocab = _vocabulary(text for _, text in rules_2024.values())
    lead, main, trailing = _split_chunks(source_text)
    unexpected = [c for c in lead if c not in ARTEFACTS]
    if unexpected:
        raise ValueError(f"unexpected text before the first heading: {unexpected!r}")

    headings = _find_headings(main)
    sections: list[dict] = []
    rules: dict[str, dict] = {}

    def open_section(name: str, defects: list):
        sections.append({"id": kebab(name), "title": _text(name, defects=defects), "rules": []})

    # text before the first heading: a section name
    before = main[:headings[0].start()]
    if before.strip():
        _, name = _section_tail(before)
        if name is None or name != before.strip():
            raise ValueError(f"unexpected text before the first heading: {before!r}")
        open_section(name, [_defect("format", "section heading run into the following rule "
                                              "heading in the source")])

    last_rule_truncated = False
    for i, heading in enumerate(headings):
        end = headings[i + 1].start() if i + 1 < len(headings) else len(main)
        segment = main[heading.end():end]
        next_section = None
        if i + 1 < len(headings):
            segment, next_section = _section_tail(segment)
        number = heading.group(2)
        is_last = i + 1 == len(headings)
        truncated = is_last and segment.rstrip()[-1:] not in SENTENCE_END
        last_rule_truncated = truncated
        rules[number] = _rule(number, heading, segment, vocab, truncated=truncated)
        if not sections:
            open_section("Rules", [])  # pragma: no cover - the 2017 source always names one
        sections[-1]["rules"].append(number)
        if next_section:
            open_section(next_section, [_defect(
                "format", "section heading run into the preceding rule's text and the following "
                          "rule heading in the source")])

    # trailing matter: the page restarts the rulebook (preamble, section, rule heading)
    preamble = []
    front_sections = []
    for chunk in trailing:
        where = ("appears at the end of the source, after the truncated rule "
                 f"{list(rules)[-1]}: the page restarts the rulebook there")
        hs = list(HEADING.finditer(chunk))
        head_text = chunk[:hs[0].start()] if hs else chunk
        head_text, name = _section_tail(head_text) if hs else (head_text, None)
        if head_text.strip():
            preamble.append(_block(head_text.strip(), defects=[_defect("format", where)]))
        if name:
            front_sections.append({"id": kebab(name), "title": _text(name, defects=[_defect("format", where)]),
                                   "rules": []})
        for k, h in enumerate(hs):
            seg = chunk[h.end():hs[k + 1].start() if k + 1 < len(hs) else len(chunk)]
            number = h.group(2)
            if number in rules:
                raise ValueError(f"rule {number} appears twice")
            rule = _rule(number, h, seg, vocab, heading_only=not _split_title(seg)[1].strip())
            rules[number] = rule
            if front_sections:
                front_sections[-1]["rules"].append(number)

    edition = {
        "edition": "2017",
        "version": "",
        "language": "en",
        "source": SOURCE,
        "partial": True,
        "title": _text("Poker TDA Rules 2017", by="ours"),
    }
    if lead:      # kept, not dropped: the web page's own marker, shown as the source's notice
        edition["notice"] = [{"note": artefact, "defects": [{"kind": "format", "note":
                              "a web-page artefact before the first rule in the source, not rule text"}]}
                             for artefact in lead]
    if preamble:
        edition["preamble"] = preamble
    edition["sections"] = front_sections + sections
    edition["rules"] = dict(sorted(rules.items(), key=lambda kv: int(kv[0])))
    assert last_rule_truncated or not rules
    return edition, renumber(edition, rules_2024)


# --------------------------------------------------------------------------------------------
# renumbering

def rule_plain_text(rule: dict) -> str:
    """All the text of a rule in an edition dict (after footers were removed)."""
    def text_of(block):
        if isinstance(block, str):
            return block
        for key in ("text", "p", "note", "item"):
            if key in block:
                return block[key]
        return ""
    out = [text_of(b) for b in rule.get("blocks", [])]
    for blocks in rule.get("parts", {}).values():
        out += [text_of(b) for b in blocks]
    out += [text_of(b) for b in rule.get("after", [])]
    return " ".join(out)


def _title_str(title) -> str:
    return title if isinstance(title, str) else title["text"]


def renumber(edition: dict, rules_2024: dict[str, tuple[str, str]]) -> list[dict]:
    by_title: dict[str, list[str]] = {}
    for rid, (title, _) in rules_2024.items():
        by_title.setdefault(normalise_title(title), []).append(rid)
    entries = []
    for old in sorted(edition["rules"], key=int):
        rule = edition["rules"][old]
        old_title = _title_str(rule["title"])
        text = rule_plain_text(rule)
        entry = {"old": old, "old_title": old_title, "new": None, "new_title": None,
                 "match": "text", "similarity": None, "note": ""}
        truncated = _is_truncated(rule)
        candidates = by_title.get(normalise_title(old_title), [])
        if len(candidates) == 1:
            new = candidates[0]
            entry.update(new=new, new_title=rules_2024[new][0], match="title")
            if text.strip():
                entry["similarity"] = round(similarity(text, rules_2024[new][1], truncated=truncated), 3)
                if truncated:
                    entry["note"] = ("the 2017 text is truncated: similarity is against the same "
                                     "number of words at the start of the 2024 text")
                elif entry["similarity"] < TEXT_MATCH_THRESHOLD:
                    entry["note"] = "same title; the text was largely rewritten"
            else:
                entry["note"] = "matched by title only: the source has no text for this rule"
        else:
            scored = sorted(((similarity(text, t, truncated=truncated), rid)
                             for rid, (_, t) in rules_2024.items()),
                            reverse=True) if text.strip() else []
            best = scored[0] if scored else (0.0, None)
            runner = scored[1] if len(scored) > 1 else (0.0, None)
            if best[0] >= TEXT_MATCH_THRESHOLD:
                entry.update(new=best[1], new_title=rules_2024[best[1]][0], similarity=round(best[0], 3))
                if runner[0] >= TEXT_MATCH_THRESHOLD:
                    entry["note"] = f"next best: rule {runner[1]} ({runner[0]:.3f})"
            elif best[0] >= WEAK_MATCH_THRESHOLD and best[0] - runner[0] >= WEAK_MATCH_MARGIN:
                entry.update(new=best[1], new_title=rules_2024[best[1]][0], similarity=round(best[0], 3))
                entry["note"] = (f"weak text match (below {TEXT_MATCH_THRESHOLD}), taken because it clearly "
                                 f"beats the next best, rule {runner[1]} ({runner[0]:.3f}); the 2024 rule was "
                                 "extended or rewritten")
            elif scored:
                entry["similarity"] = round(best[0], 3)
                entry["note"] = (f"no 2024 rule with the same title or similar text (best: rule "
                                 f"{best[1]} '{rules_2024[best[1]][0]}', {best[0]:.3f})")
            else:
                entry["note"] = "no 2024 rule with the same title and no text to compare"
        entries.append(entry)
    # several 2017 rules landing on one 2024 rule: say so on each
    targets: dict[str, list[str]] = {}
    for e in entries:
        if e["new"]:
            targets.setdefault(e["new"], []).append(e["old"])
    for e in entries:
        others = [o for o in targets.get(e["new"], []) if o != e["old"]]
        if others:
            extra = f"2024 rule {e['new']} also covers 2017 rule(s) {', '.join(others)} (merged)"
            e["note"] = f"{e['note']}; {extra}" if e["note"] else extra
    return entries
