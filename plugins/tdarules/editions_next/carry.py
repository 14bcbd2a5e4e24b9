"""Carry a translation of the current edition into the new one.

The new translation has the new English's structure (its rules, parts, addendum entries and
examples under their new numbers), filled from the old translation through the English alignment:

* a unit whose English is unchanged (word for word, wherever it moved) keeps its translation as is;
* a unit whose English changed keeps the old translation, each text marked `stale_from: <old year>`
  (the English it translates is the old year's), so the site and QA can show it waits for a translator;
* a unit nobody became (new in this edition) has no translation: an empty part or example with a
  `missing-text` defect, a rule title standing in from the English with a `missing-title` defect.

Units here are the aligner's (`importers.align`): a rule's own text (title, text before and after its
parts: "43"), its parts ("43-B"), addendum entries ("addendum:43": title and introduction) and
examples ("addendum:43/4-A"); plus the front matter ("preamble", "section:<id>").

Works on the YAML form (plain dicts), so what is carried is written back as compactly as it was read.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ..importers.align import ADDENDUM, Alignment
from ..model import Edition

NEW_NOTE = "new in the {year} edition: not translated yet"
NEW_TITLE_NOTE = NEW_NOTE + "; the English title stands in"


@dataclass
class Carried:
    data: dict                                             # the new translation, YAML form
    carried: list[str] = field(default_factory=list)       # units whose English is unchanged
    stale: list[str] = field(default_factory=list)         # units carried, marked stale
    untranslated: list[str] = field(default_factory=list)  # units new in this edition


def sources_of(alignment: Alignment) -> dict[str, list[str]]:
    """New unit id → the old unit ids that became it (empty: new)."""
    out: dict[str, list[str]] = {}
    for match in alignment.matches:
        for new_id in match.new:
            out.setdefault(new_id, [])
            if match.old is not None:
                out[new_id].append(match.old)
    return out


def stale(node, year: str):
    """A text (title or block, any YAML form) marked as translating the `year` English. A text already
    stale keeps its older year: it translates that English."""
    if isinstance(node, str):
        return {"text": node, "stale_from": year}
    if isinstance(node, dict):
        return {**node, "stale_from": node.get("stale_from", year)}
    return node


def _texts(blocks) -> tuple[str, ...]:
    return tuple(b.text for b in blocks)


def _own(rule) -> tuple:
    """What a rule says outside its parts: the part of the rule unit a translation holds beside them."""
    return rule.title.text, _texts(rule.blocks), _texts(rule.after)


def _entry_own(entry) -> tuple:
    return (entry.title.text if entry.title else None), _texts(entry.blocks)


def _example_own(example) -> tuple:
    return (example.title.text if example.title else None), _texts(example.blocks)


def _part_blocks(part) -> list:
    return list(part) if isinstance(part, list) else list((part or {}).get("blocks") or [])


def _field(rule_id: str) -> str:
    return "procedures" if rule_id.startswith("RP-") else "rules"


def _split_part(unit_id: str) -> tuple[str, str]:
    rule_id, _, letter = unit_id.rpartition("-")
    return rule_id, letter


def _split_example(unit_id: str) -> tuple[str, str]:
    entry, _, label = unit_id.removeprefix(ADDENDUM).partition("/")
    return entry, label


def carry_translation(old: dict, old_en: Edition, new_en: Edition, alignment: Alignment, year: str) -> Carried:
    """The new edition of `old` (one translation, YAML form) following `new_en`."""
    old_year = old_en.edition
    came_from = sources_of(alignment)
    out = Carried({})
    missing = [{"kind": "missing-text", "note": NEW_NOTE.format(year=year)}]

    def note(unit: str, same: bool) -> None:
        (out.carried if same else out.stale).append(unit)

    data: dict = {"edition": year, "version": new_en.version or old.get("version", ""),
                  "language": old["language"], "source": old["source"]}
    if "title" in old:
        title = old["title"]
        data["title"] = ({**title, "text": title["text"].replace(old_year, year)}
                         if isinstance(title, dict) and title.get("by") == "ours" else title)
    for key in ("headings", "notice"):
        if old.get(key):
            data[key] = copy.deepcopy(old[key])
    for key in ("preamble", "procedures_preamble", "addendum_preamble"):
        blocks = copy.deepcopy(old.get(key) or [])
        if not blocks:
            continue
        same = _texts(getattr(old_en, key)) == _texts(getattr(new_en, key))
        data[key] = blocks if same else [stale(b, old_year) for b in blocks]
        note(key.replace("_", "-"), same)
    old_sections = {s.get("id"): s for s in old.get("sections") or []}
    en_sections = {s.id: s for s in old_en.sections}
    data["sections"] = []
    for section in new_en.sections:
        mine = old_sections.get(section.id)
        if mine is None:
            title = {"text": section.title.text, "by": "ours",
                     "defects": [{"kind": "missing-title", "note": NEW_TITLE_NOTE.format(year=year)}]}
            out.untranslated.append(f"section:{section.id}")
        else:
            same = en_sections[section.id].title.text == section.title.text
            title = copy.deepcopy(mine["title"]) if same else stale(copy.deepcopy(mine["title"]), old_year)
            note(f"section:{section.id}", same)
        data["sections"].append({"id": section.id, "title": title, "rules": list(section.rules)})

    data["rules"], data["procedures"] = {}, {}
    for rule in new_en.all_rules():
        data[_field(rule.id)][rule.id] = _rule(rule, old, old_en, came_from, year, out, missing)
    data["addendum"] = {}
    for entry_id, entry in new_en.addendum.items():
        data["addendum"][entry_id] = _entry(entry, old, old_en, came_from, year, out, missing)
    out.data = {k: v for k, v in data.items() if v not in ({}, [], None)}
    return out


def _rule(rule, old: dict, old_en: Edition, came_from, year: str, out: Carried, missing: list) -> dict:
    old_year = old_en.edition
    sources = [s for s in came_from.get(rule.id, []) if old_en.rule(s) is not None]
    mine = next((old[_field(s)].get(s) for s in sources if old.get(_field(s), {}).get(s)), None)
    result: dict = {}
    if mine is None:
        result["title"] = {"text": rule.title.text, "by": "ours",
                           "defects": [{"kind": "missing-title", "note": NEW_TITLE_NOTE.format(year=year)}]}
        if rule.blocks or not rule.parts:
            result["blocks"] = [{"p": "—", "by": "ours", "defects": copy.deepcopy(missing)}]
        out.untranslated.append(rule.id)
    else:
        same = len(sources) == 1 and _own(old_en.rule(sources[0])) == _own(rule)
        for key in ("title", "blocks", "after"):
            if key not in mine:
                continue
            value = copy.deepcopy(mine[key])
            if not same:
                value = [stale(b, old_year) for b in value] if isinstance(value, list) else stale(value, old_year)
            result[key] = value
        note_unit(out, rule.id, same)
    parts = {}
    for letter in rule.parts:
        parts[letter] = _part(f"{rule.id}-{letter}", rule.parts[letter], old, old_en, came_from, year, out, missing)
    if parts:
        result["parts"] = parts
    return result


def note_unit(out: Carried, unit: str, same: bool) -> None:
    (out.carried if same else out.stale).append(unit)


def _part(unit: str, part, old: dict, old_en: Edition, came_from, year: str, out: Carried, missing: list):
    old_year = old_en.edition
    found = []
    for source in came_from.get(unit, []):
        rule_id, letter = _split_part(source)
        english = old_en.rule(rule_id)
        mine = (old.get(_field(rule_id), {}).get(rule_id) or {}).get("parts", {}).get(letter)
        if english is not None and letter in english.parts and mine is not None:
            found.append((source, english.parts[letter], mine))
    if not found:
        out.untranslated.append(unit)
        return {"blocks": [], "defects": copy.deepcopy(missing)}
    same = len(found) == 1 and _texts(found[0][1].blocks) == _texts(part.blocks)
    blocks = [copy.deepcopy(b) for _, _, mine in found for b in _part_blocks(mine)]
    if not same:
        blocks = [stale(b, old_year) for b in blocks]
    note_unit(out, unit, same)
    first = found[0][2]
    if isinstance(first, list):
        return blocks
    result = {k: copy.deepcopy(v) for k, v in first.items() if k != "blocks"}
    # the source's label names the old letter: a part that changed letter keeps no label of the old one
    marker = result.get("marker")
    if marker and _letter_of(marker) != _split_part(unit)[1]:
        result.pop("marker")
    result["blocks"] = blocks
    return result


FULLWIDTH = str.maketrans("ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _letter_of(marker: str) -> str:
    return marker[:1].translate(FULLWIDTH)


def _entry(entry, old: dict, old_en: Edition, came_from, year: str, out: Carried, missing: list) -> dict:
    old_year = old_en.edition
    unit = f"{ADDENDUM}{entry.id}"
    sources = [s.removeprefix(ADDENDUM) for s in came_from.get(unit, [])]
    mine = next((old.get("addendum", {}).get(s) for s in sources if old.get("addendum", {}).get(s)), None)
    result: dict = {}
    if mine is None:
        if entry.title:
            result["title"] = {"text": entry.title.text, "by": "ours",
                               "defects": [{"kind": "missing-title", "note": NEW_TITLE_NOTE.format(year=year)}]}
        out.untranslated.append(unit)
    else:
        same = len(sources) == 1 and _entry_own(old_en.addendum[sources[0]]) == _entry_own(entry)
        for key in ("title", "blocks"):
            if key in mine:
                value = copy.deepcopy(mine[key])
                if not same:
                    value = [stale(b, old_year) for b in value] if isinstance(value, list) else stale(value, old_year)
                result[key] = value
        note_unit(out, unit, same)
    examples = {}
    for label, example in entry.examples.items():
        example_unit = f"{unit}/{label}"
        found = []
        for source in came_from.get(example_unit, []):
            entry_id, old_label = _split_example(source)
            english = old_en.addendum.get(entry_id)
            theirs = (old.get("addendum", {}).get(entry_id) or {}).get("examples", {}).get(old_label)
            if english is not None and old_label in english.examples and theirs is not None:
                found.append((english.examples[old_label], theirs))
        if not found:
            examples[label] = {"blocks": [], "defects": copy.deepcopy(missing)}
            out.untranslated.append(example_unit)
            continue
        same = len(found) == 1 and _example_own(found[0][0]) == _example_own(example)
        first = found[0][1]
        value = copy.deepcopy(first) if isinstance(first, dict) else {"blocks": copy.deepcopy(first)}
        value["blocks"] = [copy.deepcopy(b) for _, theirs in found for b in _part_blocks(theirs)]
        if not same:
            value["blocks"] = [stale(b, old_year) for b in value["blocks"]]
            if value.get("title"):
                value["title"] = stale(value["title"], old_year)
        note_unit(out, example_unit, same)
        examples[label] = value
    if examples:
        result["examples"] = examples
    return result
