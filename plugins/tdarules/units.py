"""Text units with stable ids, and their alignment across languages.

A *unit* is the smallest piece a translator translates: a title, a paragraph, a list item, a note,
an example paragraph. Its id is built from the site's own ids (rule "43", part anchor "43-B",
addendum anchor "addendum-43", example anchor "example-43-4-A") plus the block's 1-based position,
so the QA report, the compare view and the XLIFF file all name a unit the same way:

    43:title   43:1   43-B:2   43:after:1   RP-8-F:1   addendum-43:1   example-43-4-A:3
    section-general-concepts:title   preamble:1

The English edition governs: a translation is aligned to it by these ids, so a unit the translation
lacks is an explicit gap and a unit only the translation has is an explicit extra, never a shift.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Iterator

from . import urls
from .model import Edition, Text


@dataclass(frozen=True)
class Unit:
    id: str
    rule: str | None           # rule / procedure id the unit belongs to (addendum: the rule it illustrates)
    part: str | None           # part letter
    place: str                 # "title", "text", "after", "addendum", "example", "section", "preamble", ...
    kind: str                  # block kind ("p", "note", "item") or "title"
    text: Text
    path: tuple                # path of the node in the YAML document (for file:line and for writing back)
    marker: str | None = None  # list item marker

    @property
    def container(self) -> str:
        """The title, part, example or run of paragraphs the unit sits in ("43-B", "example-43-4-A")."""
        head, _, tail = self.id.rpartition(":")
        return self.id if tail == "title" else head


def fingerprint(text: str) -> str:
    """What a translated unit records of the English it was translated from (whitespace-insensitive)."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


def _blocks(prefix: str, blocks, rule, part, place, path) -> Iterator[Unit]:
    for index, block in enumerate(blocks, 1):
        yield Unit(f"{prefix}:{index}", rule, part, place, block.kind, block, (*path, index - 1), block.marker)


def rule_units(edition: Edition, rule_id: str) -> Iterator[Unit]:
    rule = edition.rule(rule_id)
    if rule is None:
        return
    field = "procedures" if rule.kind == "procedure" else "rules"
    base = (field, rule.id)
    yield Unit(f"{rule.id}:title", rule.id, None, "title", "title", rule.title, (*base, "title"))
    yield from _blocks(rule.id, rule.blocks, rule.id, None, "text", (*base, "blocks"))
    for letter, part in rule.parts.items():
        # a part written as a plain list in YAML has no "blocks" key: the path goes straight to the list
        yield from _blocks(urls.part_anchor(rule.id, letter), part.blocks, rule.id, letter, "text",
                           (*base, "parts", letter, "blocks"))
    yield from _blocks(f"{rule.id}:after", rule.after, rule.id, None, "after", (*base, "after"))
    for entry in edition.addendum.values():
        if entry.rule_id != rule.id:
            continue
        anchor = urls.addendum_anchor(entry.id)
        epath = ("addendum", entry.id)
        if entry.title:
            yield Unit(f"{anchor}:title", rule.id, entry.part_id, "addendum", "title", entry.title, (*epath, "title"))
        yield from _blocks(anchor, entry.blocks, rule.id, entry.part_id, "addendum", (*epath, "blocks"))
        for label, example in entry.examples.items():
            eanchor = urls.example_anchor(entry.id, label)
            if example.title:
                yield Unit(f"{eanchor}:title", rule.id, entry.part_id, "example", "title", example.title,
                           (*epath, "examples", label, "title"))
            yield from _blocks(eanchor, example.blocks, rule.id, entry.part_id, "example",
                               (*epath, "examples", label, "blocks"))


def edition_units(edition: Edition) -> Iterator[Unit]:
    """Every unit of an edition in reading order: front matter, rules, procedures (with their examples)."""
    for key, heading in edition.headings.items():
        yield Unit(f"heading-{key}", None, None, "heading", "title", heading, ("headings", key))
    for field in ("preamble", "procedures_preamble", "addendum_preamble"):
        yield from _blocks(field.replace("_", "-"), getattr(edition, field), None, None, field, (field,))
    for index, section in enumerate(edition.sections):
        yield Unit(f"section-{section.id}:title", None, None, "section", "title", section.title,
                   ("sections", index, "title"))
    for rule in edition.all_rules():
        yield from rule_units(edition, rule.id)


@dataclass(frozen=True)
class Row:
    """One aligned row: the English unit and the translation's unit of the same id (either may be None)."""
    id: str
    en: Unit | None
    other: Unit | None


def align(english: list[Unit], translation: list[Unit]) -> list[Row]:
    """Rows in English order; a unit only the translation has follows the row it comes after."""
    theirs = {u.id: u for u in translation}
    ours = {u.id for u in english}
    rows = [Row(u.id, u, theirs.get(u.id)) for u in english]
    # extras go after the row of the unit that precedes them in the translation
    previous: str | None = None
    for unit in translation:
        if unit.id not in ours:
            at = next((i for i, r in enumerate(rows) if r.id == previous), -1) + 1
            while at < len(rows) and rows[at].en is None:
                at += 1
            rows.insert(at, Row(unit.id, None, unit))
        previous = unit.id
    return rows
