"""Turn a rule's source paragraphs (one language) into blocks and lettered parts.

Shared by the importers: the longform English/Chinese source writes parts one per paragraph,
the Russian page writes a whole rule on one line. Both end up as the same structure, so that
validation can compare languages part by part.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# Stray markup left by the document conversion: bold markers, ":*" turned into an emoji, a lone back-tick.
STRAY_MARKUP = re.compile(r"\*\*|😗\*?|^`$")
# "A:", "B.", "Ｄ**.**", "A**😗*", "A）", "A;" at the start of a paragraph.
PART_MARKER = re.compile(r"^([A-ZＡ-Ｚ])((?:\*\*)?(?:😗\*|[:：.．;；)）])(?:\*\*)?)\s*")
# Inline parts inside one paragraph: " A) " after the start, a full stop, a colon or a semicolon.
INLINE_PART = re.compile(r"(?<![A-Za-z0-9])([A-Z])[)）]\s*")
ITEM_MARKER = re.compile(r"^(\d{1,2}(?:[.:)、]|\s*[)）]))\s*")
# Notes that close a paragraph: "[adopted 2013]", "Note: 2-motion raises eliminated in 2019.", "Deleted 2022."
# Numbered items inside a paragraph: "Misdeals include: 1) … ; 2) …". A number after a rule keyword
# ("Rule 1)", "(see Rule 25)") is a reference, not an item.
INLINE_ITEM = re.compile(r"(?:(?<=^)|(?<=[\s:;,：；，。\u3400-\u9fff]))(\d{1,2})[)）、]\s*(?=[^\s)）])")
RULE_WORD_BEFORE = re.compile(r"(?:Rules?|RP|правил\w*|規則|规则)[\s-]*$", re.IGNORECASE)
TRAILING_NOTE = re.compile(r"\s*(\[adopted \d{4}\]\.?|Note: [^.]*\.|Deleted \d{4}\.?)\s*$")
FULLWIDTH = str.maketrans("ＡＢＣＤＥＦＧＨＩＪ", "ABCDEFGHIJ")


@dataclass
class Para:
    line: int
    text: str


def clean(text: str) -> tuple[str, bool]:
    """Text without stray markup, and whether any was there."""
    cleaned = STRAY_MARKUP.sub("", text).strip()
    return cleaned, cleaned != text.strip()


def unit(text: str, *, key: str = "text", marker: str | None = None, joined: bool = False, by: str = "source",
         source_text: str | None = None, defects=()) -> dict | str:
    """The compact YAML form of a text unit (a title under `text`, a block under `p` / `note` / `item`):
    a plain string unless something needs saying. Every importer writes its units through this."""
    if key in ("text", "p") and marker is None and not joined and by == "source" and source_text is None and not defects:
        return text
    out: dict = {key: text}
    if marker is not None:
        out["marker"] = marker
    if joined:
        out["joined"] = True
    if by != "source":
        out["by"] = by
    if source_text is not None:
        out["source_text"] = source_text
    if defects:
        out["defects"] = list(defects)
    return out


def block(text: str, *, kind: str = "p", marker: str | None = None, joined: bool = False) -> dict | str:
    """A block from source text: stray markup cleaned for display, the verbatim kept and the defect recorded."""
    shown, had_markup = clean(text)
    return unit(shown, key=kind, marker=marker, joined=joined,
                source_text=text.strip() if had_markup else None,
                defects=[{"kind": "stray-markup", "note": "conversion markup in the source"}] if had_markup else ())


def split_notes(text: str) -> list[tuple[str, str]]:
    """('p' | 'note', text) pieces: a closing note becomes its own block."""
    match = TRAILING_NOTE.search(text)
    if not match or match.start() == 0:
        if match and match.start() == 0:
            return [("note", text.strip())]
        return [("p", text)]
    return [("p", text[: match.start()].rstrip()), ("note", match.group(1))]


def split_inline_items(text: str) -> list[tuple[str | None, str]]:
    """(marker or None, text) pieces when the paragraph holds items numbered 1), 2), … in order."""
    pieces: list[tuple[str | None, str]] = []
    expected, last, marker = 1, 0, None
    for match in INLINE_ITEM.finditer(text):
        if int(match.group(1)) != expected or RULE_WORD_BEFORE.search(text[:match.start()]):
            continue
        pieces.append((marker, text[last:match.start()].strip()))
        marker, last, expected = match.group(0).strip(), match.end(), expected + 1
    if expected <= 2:                      # fewer than two items: an ordinary paragraph
        return [(None, text)]
    pieces.append((marker, text[last:].strip()))
    return [(m, t) for m, t in pieces if t or m]


def paragraph_blocks(text: str, *, first_joined: bool = False) -> list:
    """Blocks for one source paragraph: list items (a numbered paragraph, or items written inline
    after an introduction), or a paragraph with an optional closing note."""
    item = ITEM_MARKER.match(text)
    if item:
        return [block(text[item.end():], kind="item", marker=item.group(1).strip(), joined=first_joined)]
    out = []
    for index, (marker, piece) in enumerate(split_inline_items(text)):
        joined = first_joined or index > 0
        if marker is not None:
            *body, (kind, tail) = split_notes(piece) or [("p", piece)]
            first_text = body[0][1] if body else tail
            out.append(block(first_text, kind="item", marker=marker, joined=joined))
            if body:
                out.append(block(tail, kind=kind, joined=True))
            continue
        out += [block(p, kind=kind, joined=joined or i > 0) for i, (kind, p) in enumerate(split_notes(piece))]
    return out


def split_inline_parts(text: str) -> list[tuple[str | None, str | None, str]]:
    """(part letter, marker, text) pieces of a paragraph written as 'intro A) … B) …'."""
    pieces: list[tuple[str | None, str | None, str]] = []
    expected = "A"
    last = 0
    current: tuple[str | None, str | None] = (None, None)
    for match in INLINE_PART.finditer(text):
        if match.group(1) != expected:
            continue
        pieces.append((*current, text[last:match.start()].strip()))
        current = (match.group(1), match.group(0).strip())
        last = match.end()
        expected = chr(ord(expected) + 1)
    pieces.append((*current, text[last:].strip()))
    return [p for p in pieces if p[2] or p[0]]


def structure(paras: list[Para], *, inline_parts: bool = False) -> tuple[dict, dict[str, int]]:
    """Rule body: {'blocks': [...], 'parts': {letter: {'marker', 'blocks'}}} and the line of each part.

    A paragraph opens a part only with the next letter in sequence, so a nested "A)" list inside
    part H stays inside H.
    """
    body: list = []
    parts: dict[str, dict] = {}
    lines: dict[str, int] = {}
    expected = "A"
    current: list = body
    for para in paras:
        match = PART_MARKER.match(para.text)
        letter = match.group(1).translate(FULLWIDTH) if match else None
        if match and letter == expected:
            rest = para.text[match.end():]
            marker = match.group(0).strip()
            part = {"marker": marker, "blocks": []}
            if STRAY_MARKUP.search(marker):
                part["defects_note"] = marker
            parts[letter] = part
            lines[letter] = para.line
            current = part["blocks"]
            expected = chr(ord(expected) + 1)
            current.extend(paragraph_blocks(rest) if rest.strip() else [])
            if STRAY_MARKUP.search(marker) and current:
                current[0] = _mark_marker_defect(current[0], marker)
            continue
        if inline_parts and INLINE_PART.search(para.text) and not parts:
            for i, (letter_, marker, text) in enumerate(split_inline_parts(para.text)):
                if letter_ is None:
                    current = body
                    current.extend(paragraph_blocks(text))
                    continue
                part = {"marker": marker, "blocks": []}
                parts[letter_] = part
                lines[letter_] = para.line
                current = part["blocks"]
                expected = chr(ord(letter_) + 1)
                if text:
                    current.extend(paragraph_blocks(text))
            continue
        current.extend(paragraph_blocks(para.text))
    return {"blocks": body, "parts": parts}, lines


def _mark_marker_defect(first, marker: str):
    """The part label itself carried markup: say so on the part's first block."""
    entry = {"p": first} if isinstance(first, str) else dict(first)
    defects = list(entry.get("defects", []))
    defects.append({"kind": "stray-markup", "note": f"part label written {marker!r} in the source"})
    entry["defects"] = defects
    return entry


def compact(rule: dict) -> dict:
    """Drop empty fields and write parts without a marker note as plain block lists where possible."""
    out = {k: v for k, v in rule.items() if v not in ([], {}, None)}
    if "parts" in out:
        parts = {}
        for letter, part in out["parts"].items():
            part.pop("defects_note", None)
            if part["marker"] in (f"{letter}:",):
                parts[letter] = part["blocks"]
            else:
                parts[letter] = part
        out["parts"] = parts
    return out
