"""Any older edition → a later one: each older rule's successor, its status, and a word-level redline
of the English.

The pairs come from the rulebook's successions (renumbering.yaml for 2017, a later edition's
mapping.yaml, chained for editions further apart); the diff is Python's difflib on word tokens. The
2017 text was extracted from a PDF that lost some spaces ("playerraises"); the importer puts them
back, so the redline compares words the TDA wrote. As a safety net for spacing
the importer cannot tell, a replacement whose words are the same letters once spaces are removed is
shown as unchanged text: the redline marks what the TDA changed, not what the extraction broke.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Literal

from .loader import Rulebook
from .model import CURRENT_EDITION, PUBLISHED_EDITIONS, Rule

Status = Literal["unchanged", "reworded", "renumbered", "merged", "split", "dropped", "not-in-source"]
PARAGRAPH = "\n"              # token between blocks; a redline paragraph ends there


@dataclass(frozen=True)
class Segment:
    op: Literal["equal", "insert", "delete"]
    text: str


@dataclass(frozen=True)
class Change:
    """One rule of an older edition and what became of it in a later one."""
    old: str
    old_title: str
    new: tuple[str, ...]              # the later edition's rule(s); () when dropped
    status: Status
    reworded: bool                    # the text differs (besides PDF artefacts)
    note: str = ""                    # the reviewer's or the aligner's note on the pair
    changes: int = 0                  # inserted + deleted words


def rule_tokens(rule: Rule) -> list[str]:
    """Words of a rule's English text in reading order; part letters kept as their own tokens."""
    tokens: list[str] = []
    for block in rule.blocks:
        tokens += block.text.split() + [PARAGRAPH]
    for letter, part in rule.parts.items():
        tokens.append(f"{letter}:")
        for block in part.blocks:
            tokens += block.text.split() + [PARAGRAPH]
    for block in rule.after:
        tokens += block.text.split() + [PARAGRAPH]
    return tokens


def _squash(words: list[str]) -> str:
    return "".join(w for w in words if w != PARAGRAPH)


def redline(old: list[str], new: list[str]) -> list[Segment]:
    """Word-level diff of two token lists (difflib.SequenceMatcher, no junk heuristic)."""
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    out: list[Segment] = []

    def add(op, words):
        if not words:
            return
        if out and out[-1].op == op:              # one run per operation: "equal" pieces joined back
            out[-1] = Segment(op, f"{out[-1].text} {' '.join(words)}")
        else:
            out.append(Segment(op, " ".join(words)))

    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        a, b = old[i1:i2], new[j1:j2]
        if tag == "equal" or (tag == "replace" and _squash(a) == _squash(b)):
            add("equal", b)                        # the 2024 spelling: "player raises", not "playerraises"
        else:
            add("delete", a)
            add("insert", b)
    return out


def paragraphs(segments: list[Segment]) -> list[list[Segment]]:
    """Split a redline at paragraph tokens so it reads as the rule does, one block per paragraph."""
    out: list[list[Segment]] = [[]]
    for segment in segments:
        pieces = re.split(r"(?:^| )\n(?: |$)", segment.text)
        for index, piece in enumerate(pieces):
            if index:
                out.append([])
            if piece.strip():
                out[-1].append(Segment(segment.op, piece))
    return [p for p in out if p]


def counted(segments: list[Segment]) -> int:
    return sum(len([w for w in s.text.split() if w != PARAGRAPH]) for s in segments if s.op != "equal")


def pairs() -> list[tuple[str, str]]:
    """Every (older, later) pair of published editions, the site's comparison pages."""
    return [(old, new) for i, old in enumerate(PUBLISHED_EDITIONS) for new in PUBLISHED_EDITIONS[i + 1:]]


def next_edition(year: str) -> str:
    """The published edition after `year` (an older one)."""
    return PUBLISHED_EDITIONS[PUBLISHED_EDITIONS.index(year) + 1]


def to_current(rulebook: Rulebook) -> dict[str, dict[str, str | None]]:
    """Each older edition's year → its rule id → the current edition's (None when dropped): what search
    reads a "2017 rule 46" through."""
    out: dict[str, dict[str, str | None]] = {}
    for year in PUBLISHED_EDITIONS[:-1]:
        succession = rulebook.succession(year, CURRENT_EDITION)
        out[year] = {step.old: step.new[0] if step.new else None for step in succession.steps} if succession else {}
    return out


def changes(rulebook: Rulebook, old_year: str, new_year: str = CURRENT_EDITION) -> list[Change]:
    """Every rule of the older edition in its order, with its successor(s) in the later one and status."""
    old_edition = rulebook.edition("en", old_year)
    new_edition = rulebook.edition("en", new_year)
    succession = rulebook.succession(old_year, new_year)
    steps = {step.old: step for step in succession.steps} if succession else {}
    successors: dict[str, list[str]] = {}
    for step in steps.values():
        for new_id in step.new:
            successors.setdefault(new_id, []).append(step.old)
    out: list[Change] = []
    for rule in old_edition.all_rules():
        step = steps.get(rule.id)
        new = step.new if step else ()
        has_text = rule.has_text
        reworded, count = False, 0
        if has_text and len(new) == 1 and new_edition.rule(new[0]):
            segments = redline(rule_tokens(rule), rule_tokens(new_edition.rule(new[0])))
            count = counted(segments)
            reworded = count > 0
        if not has_text:
            status = "not-in-source"
        elif not new:
            status = "dropped"
        elif len(new) > 1:
            status = "split"
        elif len(successors.get(new[0], [])) > 1:
            status = "merged"
        elif new[0] != rule.id:
            status = "renumbered"
        else:
            status = "reworded" if reworded else "unchanged"
        out.append(Change(rule.id, rule.title.text, new, status, reworded, step.note if step else "", count))
    return out


def rule_redline(rulebook: Rulebook, old_id: str, new_id: str, old_year: str,
                 new_year: str = CURRENT_EDITION) -> list[list[Segment]]:
    old = rulebook.edition("en", old_year).rule(old_id)
    new = rulebook.edition("en", new_year).rule(new_id)
    title = redline(old.title.text.split(), new.title.text.split())
    body = redline(rule_tokens(old), rule_tokens(new))
    return [title, *paragraphs(body)]
