"""Every recorded source defect of an edition, with where it sits: the raw material of the
translators' QA report (today a page per language, later the workbench)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from .model import Defect, Edition, Text


@dataclass(frozen=True)
class Located:
    rule: str | None          # rule / procedure id, or None for edition-level text
    part: str | None
    example: str | None       # addendum entry id + label ("43 4-A")
    where: str                # "title", "text", "part", "example", "section", "heading", "preamble"
    defect: Defect
    excerpt: str


def _units(edition: Edition) -> Iterator[tuple[str | None, str | None, str | None, str, Text | None, tuple[Defect, ...]]]:
    for key, heading in edition.headings.items():
        yield None, None, None, f"heading:{key}", heading, heading.defects
    for field in ("notice", "preamble", "procedures_preamble", "addendum_preamble"):
        for block in getattr(edition, field):
            yield None, None, None, field, block, block.defects
    for section in edition.sections:
        yield None, None, None, f"section:{section.id}", section.title, section.title.defects
    for rule in edition.all_rules():
        yield rule.id, None, None, "title", rule.title, rule.title.defects
        for letter, part in rule.parts.items():
            yield rule.id, letter, None, "part", None, part.defects
        for letter, block in rule.all_blocks():
            yield rule.id, letter, None, "text", block, block.defects
    for entry in edition.addendum.values():
        if entry.title:
            yield entry.rule_id, entry.part_id, entry.id, "addendum-title", entry.title, entry.title.defects
        for block in entry.blocks:
            yield entry.rule_id, entry.part_id, entry.id, "addendum", block, block.defects
        for label, example in entry.examples.items():
            yield entry.rule_id, entry.part_id, f"{entry.id} {label}", "example", None, example.defects
            for block in example.blocks:
                yield entry.rule_id, entry.part_id, f"{entry.id} {label}", "example", block, block.defects


def iter_defects(edition: Edition) -> Iterator[Located]:
    for rule, part, example, where, unit, defects in _units(edition):
        for defect in defects:
            excerpt = unit.text[:80] if unit is not None else ""
            yield Located(rule, part, example, where, defect, excerpt)
