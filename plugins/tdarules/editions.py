"""2017 → 2024: each 2017 rule's successor, its status, and a word-level redline of the English.

The pairs come from rulebook/renumbering.yaml (through the model); the diff is Python's difflib on
word tokens. The 2017 text was extracted from a PDF that lost some spaces ("playerraises"); the
importer puts them back, so the redline compares words the TDA wrote. As a safety net for spacing
the importer cannot tell, a replacement whose words are the same letters once spaces are removed is
shown as unchanged text: the redline marks what the TDA changed, not what the extraction broke.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Literal

from .loader import Rulebook
from .model import CURRENT_EDITION, OLDER_EDITIONS, Renumbering, Rule

# The pair of editions rulebook/renumbering.yaml maps (its from/to, which validate checks): the older
# edition's pages, its redlines and the rule pages' "formerly" read these.
OLD_YEAR, NEW_YEAR = OLDER_EDITIONS[0], CURRENT_EDITION

Status = Literal["unchanged", "reworded", "renumbered", "merged", "split", "dropped", "not-in-source"]
PARAGRAPH = "\n"              # token between blocks; a redline paragraph ends there


@dataclass(frozen=True)
class Segment:
    op: Literal["equal", "insert", "delete"]
    text: str


@dataclass(frozen=True)
class Change:
    """One 2017 rule and what became of it."""
    old: str
    old_title: str
    new: tuple[str, ...]              # 2024 rule(s); () when dropped
    status: Status
    reworded: bool                    # the text differs (besides PDF artefacts)
    entry: Renumbering | None
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


def changes(rulebook: Rulebook) -> list[Change]:
    """Every rule of the 2017 source in its order, with its 2024 successor(s) and status."""
    old_edition = rulebook.edition("en", OLD_YEAR)
    new_edition = rulebook.edition("en")
    entries: dict[str, list[Renumbering]] = {}
    for entry in rulebook.renumbering:
        entries.setdefault(entry.old, []).append(entry)
    successors: dict[str, list[str]] = {}
    for entry in rulebook.renumbering:
        if entry.new:
            successors.setdefault(entry.new, []).append(entry.old)
    out: list[Change] = []
    for rule in old_edition.rules.values():
        mine = entries.get(rule.id, [])
        new = tuple(e.new for e in mine if e.new)
        entry = mine[0] if mine else None
        has_text = any(True for _ in rule.all_blocks())
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
        out.append(Change(rule.id, rule.title.text, new, status, reworded, entry, count))
    return out


def rule_redline(rulebook: Rulebook, old_id: str, new_id: str) -> list[list[Segment]]:
    old = rulebook.edition("en", OLD_YEAR).rule(old_id)
    new = rulebook.edition("en").rule(new_id)
    title = redline(old.title.text.split(), new.title.text.split())
    body = redline(rule_tokens(old), rule_tokens(new))
    return [title, *paragraphs(body)]
