"""Which English units of the current edition changed since an older one: what a translator working
from that edition's translation has to look at again (`rulebook export --changed-since YYYY`).

A unit is *unchanged* when its English, whitespace aside, is a sentence its rule's predecessors
already had (the rulebook's successions: a rule moved or merged keeps its unchanged sentences); *changed* when
its rule had a predecessor with text that holds no such sentence; *new* when its rule had none; and
*not in source* when the older source held here cannot tell: its predecessors have no text there, or
the source is partial (the 2017 edition covers rules 23 to part of 71, without the procedures and the
addendum) and has no predecessor for it. Those units are listed too: nothing says they are unchanged. Units outside the rules (front matter, section titles) and addendum examples are
compared with all of the older edition's text. Plain functions over the model.
"""
from __future__ import annotations

from typing import Literal

from .loader import Rulebook
from .model import CURRENT_EDITION, OLDER_EDITIONS, Rule
from .units import edition_units

Status = Literal["changed", "new", "not-in-source"]


def _words(text: str) -> str:
    return " ".join(text.split())


def _sentences(rule: Rule) -> set[str]:
    return {_words(rule.title.text)} | {_words(block.text) for _, block in rule.all_blocks()}


def changed_units(rulebook: Rulebook, year: str) -> dict[str, Status]:
    """English unit id of the current edition → why a translator must look at it; unchanged units
    are left out. `year` must be an older edition the rulebook holds."""
    if year not in OLDER_EDITIONS:
        raise ValueError(f"{year} is not an older edition held here ({', '.join(OLDER_EDITIONS)})")
    old = rulebook.edition("en", year)
    predecessors: dict[str, list[Rule]] = {}
    succession = rulebook.succession(year, CURRENT_EDITION)
    for step in succession.steps if succession else ():
        rule = old.rule(step.old)
        for new in step.new if rule else ():
            predecessors.setdefault(new, []).append(rule)
    # per current rule: its predecessors' sentences, and whether the older source has any text for them
    said = {new: set().union(*map(_sentences, rules)) for new, rules in predecessors.items()}
    held = {new for new, rules in predecessors.items() if any(r.has_text for r in rules)}
    everything = {_words(unit.text.text) for unit in edition_units(old)}
    out: dict[str, Status] = {}
    for unit in edition_units(rulebook.edition("en")):
        if unit.rule is None:
            if _words(unit.text.text) not in everything:
                out[unit.id] = "changed"
            continue
        if unit.place in ("addendum", "example"):         # the addendum's examples, not the rule's text
            if not old.addendum:
                out[unit.id] = "not-in-source"
            elif _words(unit.text.text) not in everything:
                out[unit.id] = "changed"
        elif unit.rule not in predecessors:   # in a partial source, a rule without one may be one it lacks
            out[unit.id] = "not-in-source" if old.partial else "new"
        elif unit.rule not in held:
            out[unit.id] = "not-in-source"
        elif _words(unit.text.text) not in said[unit.rule]:
            out[unit.id] = "changed"
    return out
