"""A synthetic next edition of the rulebook with known answers, made from the current English: what
an aligner must find (tests/test_align.py) and what `rulebook edition add` must carry and remap
(tests/test_edition_add.py, bench/edition_add.py).

`next_edition(current)` changes the edition the way a new edition changes it and records what became
of every unit; `longform_text(edition)` writes an English edition as the plain-text Longform the
importer reads, so the synthetic edition can go through the whole path from a source file.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML

from tdarules.model import Edition

HEAVY_REWRITES = {
    ("17", "A"): "When nobody is all-in and players neither table nor muck on their own, the TD may set "
                 "the order of show. Whoever made the last bet or raise on the river shows first. With no "
                 "bet on the final round, the first player to act on that round shows first (the first seat "
                 "left of the button in flop games, high hand showing in stud, low hand in razz, etc.).",
    # rewritten so far that only its place between parts A and C tells what it is
    ("54", "B"): "The pot limit before the flop is figured as if both blinds were posted in full, even when "
                 "a blind is dead or the big blind is all-in for less. So in PLO at 100-200 with a dead small "
                 "blind, or a big blind short at 100, the first player may open for 700.",
}
LIGHT_REWORDINGS = {
    ("8", "A"): ("will be sold full stacks", "receive full starting stacks"),
    ("43", "B"): ("Without other clarifying information", "Unless otherwise clarified"),
    ("65", "A"): ("has no redress", "has no recourse"),
    ("RP-8", "B"): ("a maximum of 3 minutes", "at most 3 minutes"),
}
NEW_RULE = {
    "title": {"text": "Deal Making"},
    "blocks": [{"text": "Any deal among remaining players must be approved by the house, announced to "
                        "the table and recorded by staff before play resumes; the house is not bound by "
                        "private agreements."}],
}
NEW_PART_40 = {"blocks": [{"text": "A bettor who places chips short of the line and withdraws them "
                                    "before the dealer touches them has not bet."}]}
NEW_EXAMPLE_43 = {"marker": "Example 5:", "blocks": [{"text": "Limit hold'em, blinds 200-400. A completes a "
                  "short all-in of 250 to 400; B may call 400 or raise to 800."}]}


@dataclass
class Synthetic:
    edition: Edition
    truth: dict[str, tuple[str, ...]]          # old unit id → new unit ids (empty: dropped)
    new_units: set[str] = field(default_factory=set)


def next_edition(current: Edition) -> Synthetic:
    """The current edition changed the way a new edition changes it, recording what became of what:
    rule 9 deleted, a rule inserted after 21 (renumbering everything around them), 24 and 25 merged,
    35 split in two, part 13-C moved to rule 15, a part inserted in rule 40, parts reworded lightly
    and heavily, a new example in the addendum for rule 43, rule 4's title changed."""
    data = current.model_dump(mode="python")
    # each future rule: the old rules it comes from, its content, and its parts with their old ids
    rules = [{"from": [rid], "rule": r, "parts": [(f"{rid}-{k}", p) for k, p in r["parts"].items()]}
             for rid, r in data["rules"].items()]
    by_id = {item["from"][0]: item for item in rules}

    def part(rule_id: str, letter: str) -> dict:
        if rule_id in data["procedures"]:
            return data["procedures"][rule_id]["parts"][letter]
        return dict(by_id[rule_id]["parts"])[f"{rule_id}-{letter}"]

    by_id["4"]["rule"]["title"] = {"text": "Identifying Players"}
    for (rid, letter), text in HEAVY_REWRITES.items():
        part(rid, letter)["blocks"] = [{"text": text}]
    for (rid, letter), (before, after) in LIGHT_REWORDINGS.items():
        block = part(rid, letter)["blocks"][0]
        assert before in block["text"]
        block["text"] = block["text"].replace(before, after)
    moved = next(p for p in by_id["13"]["parts"] if p[0] == "13-C")
    by_id["13"]["parts"].remove(moved)
    by_id["15"]["parts"].append(moved)
    by_id["40"]["parts"].insert(1, (None, NEW_PART_40))
    by_id["24"]["parts"] += by_id["25"]["parts"]
    by_id["24"]["from"].append("25")
    rules.remove(by_id["25"])
    misdeals = by_id["35"]
    fouled = {"from": ["35"], "rule": {"title": {"text": "Fouled Decks"}}, "parts": misdeals["parts"][3:]}
    misdeals["parts"] = misdeals["parts"][:3]
    rules.insert(rules.index(misdeals) + 1, fouled)
    rules.remove(by_id["9"])
    rules.insert(rules.index(by_id["21"]) + 1, {"from": [], "rule": NEW_RULE, "parts": []})

    truth: dict[str, tuple[str, ...]] = {"9": ()}
    new_units: set[str] = set()
    new_rules = {}
    for number, item in enumerate(rules, 1):
        rule_id = str(number)
        rule = {k: v for k, v in item["rule"].items() if k not in ("id", "parts")}
        rule["parts"] = {}
        for letter, (old_part, content) in zip("ABCDEFGHIJ", item["parts"]):
            rule["parts"][letter] = content
            if old_part is None:
                new_units.add(f"{rule_id}-{letter}")
            else:
                truth[old_part] = (f"{rule_id}-{letter}",)
        new_rules[rule_id] = rule
        for old in item["from"]:
            truth[old] = truth.get(old, ()) + (rule_id,)
        if not item["from"]:
            new_units.add(rule_id)
    for rid in data["procedures"]:
        truth[rid] = (rid,)
        for letter in data["procedures"][rid]["parts"]:
            truth[f"{rid}-{letter}"] = (f"{rid}-{letter}",)
    data["rules"] = new_rules
    renamed = {old: new[0] for old, new in truth.items() if new and "-" not in old}
    for section in data["sections"]:
        section["rules"] = list(dict.fromkeys(n for old in section["rules"] for n in truth[old]))
    data["sections"][2]["rules"].append(next(n for n in new_units if "-" not in n))

    addendum = {}
    for key, entry in data["addendum"].items():
        new_key = truth[key][0] if key in truth else renamed[key]
        entry = copy.deepcopy(entry)
        truth[f"addendum:{key}"] = (f"addendum:{new_key}",)
        for label in entry["examples"]:
            truth[f"addendum:{key}/{label}"] = (f"addendum:{new_key}/{label}",)
        if key == "43":
            entry["examples"]["5"] = NEW_EXAMPLE_43
            new_units.add(f"addendum:{new_key}/5")
        addendum[new_key] = entry
    data["addendum"] = addendum
    data["edition"] = str(int(data["edition"]) + 4)
    return Synthetic(Edition.model_validate(data), truth, new_units)


# --------------------------------------------------------------------------------------------
# an English edition written back as a plain-text Longform

def _paragraphs(blocks) -> list[str]:
    """Source paragraphs of blocks: a joined block continues the paragraph before it, as the importer
    split it; a list item keeps its marker."""
    out: list[str] = []
    for block in blocks:
        text = f"{block.marker} {block.text}" if block.marker else block.text
        if block.joined and out:
            out[-1] = f"{out[-1]} {text}"
        else:
            out.append(text)
    return out


def _labelled(marker: str, blocks) -> list[str]:
    paragraphs = _paragraphs(blocks) or [""]
    return [f"{marker} {paragraphs[0]}".strip(), *paragraphs[1:]]


def longform_text(edition: Edition, title: str | None = None) -> str:
    """The English edition as the Longform's plain text (`sources/000_*.txt`'s layout, English only):
    the document's name, the preamble, sections with their rules, "Recommended Procedures", the
    procedures, "Illustration Addendum" and its entries, one paragraph a line, a blank line between."""
    lines = [title or f"{edition.edition} Poker TDA Rules Longform"]
    lines += _paragraphs(edition.preamble)
    # the Longform prints rules in number order, each section's name before its first rule
    opened: set[str] = set()
    for rule in edition.rules.values():
        section = edition.section_of(rule.id)
        if section is not None and section.id not in opened:
            opened.add(section.id)
            lines.append(section.title.text)
        lines += _rule(f"{rule.id}: ", rule)
    lines.append("Recommended Procedures")
    lines += _paragraphs(edition.procedures_preamble)
    for rule in edition.procedures.values():
        lines += _rule(f"{rule.id}: ", rule)
    lines.append("Illustration Addendum")
    lines += _paragraphs(edition.addendum_preamble)
    for entry in edition.addendum.values():
        lines.append(f"Rule {entry.id}: {entry.title.text if entry.title else ''}".rstrip())
        lines += _paragraphs(entry.blocks)
        for label, example in entry.examples.items():
            lines += _labelled(example.marker or f"{label}:", example.blocks)
    return "\n\n".join(lines) + "\n"


def _rule(heading: str, rule) -> list[str]:
    lines = [heading + rule.title.text, *_paragraphs(rule.blocks)]
    for letter, part in rule.parts.items():
        lines += _labelled(part.marker or f"{letter}:", part.blocks)
    return lines + _paragraphs(rule.after)


def renumber_references(synthetic: Synthetic) -> Synthetic:
    """The synthetic edition with its English cross-references renumbered, as the TDA does in a new
    edition: "Rule 13-A" names what 13-A became. A reference to a dropped rule, or a range, stays as
    written. The blocks it touches change their English, which is what a new edition does too."""
    import re

    from tdarules.crossrefs import find_refs

    def renumbered(text: str) -> str:
        pieces, last = [], 0
        for ref in find_refs(text, "en"):
            if ref.kind != "rule" or ref.rule is None:
                continue
            new = synthetic.truth.get(f"{ref.rule}-{ref.part}" if ref.part else ref.rule)
            if not new or new[0] == (f"{ref.rule}-{ref.part}" if ref.part else ref.rule):
                continue
            number = re.compile(rf"(?<![0-9]){ref.rule}(?:[-‐‑–]{ref.part})?(?![0-9])" if ref.part
                                else rf"(?<![0-9]){ref.rule}(?![0-9])")
            pieces += [text[last:ref.start], number.sub(new[0], ref.text, count=1)]
            last = ref.end
        return "".join(pieces) + text[last:]

    def walk(node):
        if isinstance(node, dict):
            return {k: (renumbered(v) if k == "text" and "kind" in node else walk(v)) for k, v in node.items()}
        if isinstance(node, (list, tuple)):
            return [walk(v) for v in node]
        return node

    data = walk(synthetic.edition.model_dump(mode="python"))
    return Synthetic(Edition.model_validate(data), synthetic.truth, synthetic.new_units)


def edit_mapping(path: Path, changes: dict[str, dict]) -> None:
    """What a person does in an editor: change entries of a mapping file, found by their old id."""
    yaml = YAML()
    document = yaml.load(path.read_text(encoding="utf-8"))
    for unit in document["units"]:
        if unit["old"] in changes:
            unit.update(changes[unit["old"]])
    with path.open("w", encoding="utf-8") as out:
        yaml.dump(document, out)


def with_amount_rules(spec_text: str, rules: dict[str, str]) -> str:
    """spec.yaml's text with some of `amounts.rules` (the rules a story's chip amounts lead to) naming
    other rules: the synthetic edition leaves 41 to 61 where they are, so a test of their remapping
    points them at rules it moves."""
    for name, rule in rules.items():
        spec_text, count = re.subn(rf'(?<![\w-]){name}: "[^"]*"', f'{name}: "{rule}"', spec_text, count=1)
        assert count == 1, f"spec.yaml: no amounts rule {name!r}"
    return spec_text
