"""Remap what the project keys by rule number to a new edition's numbers.

Every reference to a rule, part, addendum entry or example (`43`, `43-B`, `addendum-43`,
`example-43-4-A`) goes through the English alignment (`rulebook/<year>/mapping.yaml`):

* one target: the reference takes the new number (flagged when the aligner was unsure of the match);
* split: the reference goes to the piece whose text shares most words with what refers to it (a
  phrase, a question, a quote), or to every piece when none stands out, and is flagged;
* dropped: the reference is removed, and flagged; an entry left with no rule at all is left out of
  the new file, and flagged. Nothing split or dropped is ever kept silently.

Each function reads the current file (keeping its comments) and returns the new file's text beside
the flags a person reviews, `file:line: where: message`, the line being the old file's.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from .. import urls
from ..importers.align import ADDENDUM, Alignment, units_of, words
from ..model import Edition
from ..yamlio import MAX_DEPTH, dump_yaml, line_of, read_yaml_round_trip


@dataclass(frozen=True)
class Flag:
    file: str
    line: int
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.where}: {self.message}"


@dataclass(frozen=True)
class Edit:
    """One piece of a file's text replaced where it stands: `old` at `column` of `line` (1-based line,
    0-based column, in characters) becomes `new`."""
    line: int
    column: int
    old: str
    new: str


@dataclass
class Remapped:
    """One file remapped: where the new file goes, its text, and what a person must read."""
    source: str                    # the file read, relative to the project root
    target: str                    # the file to write, relative to the project root
    document: object               # the source's YAML, its references remapped in place
    header: str
    references: int = 0            # references read
    renumbered: int = 0            # references whose id changed
    flags: list[Flag] = field(default_factory=list)
    recheck: list[str] = field(default_factory=list)   # calculators citing a sentence that changed
    edits: list[Edit] = field(default_factory=list)    # made in `original` where they stand
    original: str = ""             # the source's text, when `edits` are made in it

    @property
    def text(self) -> str:
        """The new file, written out only when asked for: a report reads the flags and counts alone. A
        file remapped by `edits` keeps every other byte (a dump would requote its regular expressions
        and reflow its one-line questions)."""
        if not self.original:
            return dump_yaml(self.document, self.header)
        lines = self.original.splitlines(keepends=True)
        for edit in sorted(self.edits, key=lambda e: (e.line, e.column), reverse=True):
            line = lines[edit.line - 1]
            if line[edit.column:edit.column + len(edit.old)] != edit.old:
                raise ValueError(f"{self.source}:{edit.line}: {edit.old!r} is not at column {edit.column}")
            lines[edit.line - 1] = line[:edit.column] + edit.new + line[edit.column + len(edit.old):]
        return self.header + "".join(lines)


@dataclass(frozen=True)
class Target:
    old: str                       # align id: "43", "43-B", "addendum:43", "addendum:43/4-A"
    new: tuple[str, ...]
    kind: str
    uncertain: bool
    changed: bool                  # the unit's English text differs
    units: tuple[str, ...] = ()    # `new` as align ids


class Targets:
    """The alignment as answers to 'what is this reference now?'."""

    def __init__(self, alignment: Alignment, old_en: Edition, new_en: Edition, year: str,
                 texts: dict[str, Edition] | None = None):
        self.year = year
        self.old_year = old_en.edition
        self.matches = {m.old: m for m in alignment.matches if m.old is not None}
        self.old_units = {uid: u for level in units_of(old_en).values() for uid, u in level.items()}
        self.new_units = {uid: u for level in units_of(new_en).values() for uid, u in level.items()}
        self.old_examples = {urls.example_anchor(e.id, label): f"{ADDENDUM}{e.id}/{label}"
                             for e in old_en.addendum.values() for label in e.examples}
        self.editions = {"en": new_en, **(texts or {})}     # the new edition per language, for splits

    # -- references ---------------------------------------------------------------------------------

    def unit_of(self, reference: str) -> str | None:
        """A rule or part id ("43", "RP-8-F") or a page anchor ("addendum-43", "example-43-4-A") → align id."""
        if reference.startswith("example-"):
            return self.old_examples.get(reference)
        if reference.startswith("addendum-"):
            unit = f"{ADDENDUM}{reference.removeprefix('addendum-')}"
            return unit if unit in self.old_units else None
        return reference if reference in self.old_units else None

    @staticmethod
    def reference_of(unit: str, like: str) -> str:
        """An align id written the way `like` (the old reference) was written."""
        if not unit.startswith(ADDENDUM):
            return unit
        entry, _, label = unit.removeprefix(ADDENDUM).partition("/")
        if label:
            return urls.example_anchor(entry, label)
        return urls.addendum_anchor(entry) if like.startswith("addendum-") else entry

    def target(self, reference: str) -> Target | None:
        unit = self.unit_of(reference)
        match = self.matches.get(unit) if unit else None
        if match is None:
            return None
        changed = any(self.new_units[n].text != self.old_units[unit].text for n in match.new)
        return Target(unit, tuple(self.reference_of(n, reference) for n in match.new), match.kind,
                      match.uncertain, changed, match.new)

    # -- texts --------------------------------------------------------------------------------------

    def blocks(self, reference: str, language: str = "en") -> list[str]:
        """The new edition's block texts of a rule or part (for quotes and for choosing a split's piece)."""
        edition = self.editions.get(language) or self.editions["en"]
        rule = edition.rule(reference)
        if rule is not None:
            return [rule.title.text] + [b.text for _, b in rule.all_blocks()]
        rule_id, _, letter = reference.rpartition("-")
        rule = edition.rule(rule_id)
        if rule is not None and letter in rule.parts:
            return [b.text for b in rule.parts[letter].blocks]
        return [u.text for uid, u in self.new_units.items() if self.reference_of(uid, reference) == reference]

    def closest(self, candidates: tuple[str, ...], text: str, language: str = "en") -> tuple[str, ...]:
        """The piece of a split whose text shares most of `text`'s words, or all pieces when none leads."""
        asked = set(words(text))
        if not asked:
            return candidates
        scores = sorted(((len(asked & set(words(" ".join(self.blocks(c, language))))), c) for c in candidates),
                        reverse=True)
        if scores[0][0] > 0 and (len(scores) == 1 or scores[0][0] > scores[1][0]):
            return (scores[0][1],)
        return candidates


def _quoted(value: str):
    return DoubleQuotedScalarString(value)


def remap_list(values, targets: Targets, context: str, language: str = "en"):
    """(new references, [(position, message)], renumbered count) for one list of references."""
    out: list[str] = []
    notes: list[tuple[int, str]] = []
    renumbered = 0
    for position, value in enumerate(values):
        value = str(value)
        target = targets.target(value)
        if target is None:
            notes.append((position, f"{value!r} is not a unit of the {targets.old_year} edition; kept as written"))
            out.append(value)
            continue
        if not target.new:
            notes.append((position, f"{value} was dropped in {targets.year}: removed"))
            renumbered += 1
            continue
        new = target.new
        if len(new) > 1:
            chosen = targets.closest(new, context, language)
            where = f"placed on {chosen[0]} (most words in common)" if len(chosen) == 1 else "kept on every piece"
            notes.append((position, f"{value} was split into {', '.join(new)}: {where}"))
            new = chosen
        elif target.uncertain:
            notes.append((position, f"{value} → {new[0]}: the aligner is unsure of this match ({target.kind})"))
        if new != (value,):
            renumbered += 1
        out.extend(new)
    return list(dict.fromkeys(out)), notes, renumbered


def _header(source: str, year: str) -> str:
    return (f"# The {year} edition's copy of {source}: rule references remapped by `rulebook edition add`\n"
            f"# through rulebook/{year}/mapping.yaml. What to review: `rulebook edition report --year {year}`.\n")


def _replace_list(node, values: list[str]) -> None:
    """Replace a YAML list's items in place, so its flow or block style stays."""
    node[:] = [_quoted(v) for v in values]


def _remap_items(result: Remapped, name: str, items, key: str, targets: Targets, year: str, describe,
                 language_of, drop_empty: bool, by_number, line_at):
    """The shared reading of both writers below: for each item of the list `name` with a `key:` list,
    yields (index, new references), or (index, None) when no reference is left and the item goes;
    counts and flags go to `result`. `line_at(index, position)` is the line of an item (position
    None) or of one of its references."""
    source, target_file = result.source, result.target
    for index, item in enumerate(items):
        values = item.get(key) if isinstance(item, dict) else None
        if not values:
            continue
        where = f"{name}:{index}"
        if by_number(item):
            for position, value in enumerate(values):
                if str(value) not in targets.new_units:
                    result.flags.append(Flag(source, line_at(index, position), where,
                                             f"{value}: named by number, and {year} has no such rule or part"))
            continue
        new, notes, renumbered = remap_list(values, targets, describe(item), language_of(item))
        result.references += len(values)
        result.renumbered += renumbered
        for position, message in notes:
            result.flags.append(Flag(source, line_at(index, position), where, message))
        if not new and drop_empty:
            result.flags.append(Flag(source, line_at(index, None), where,
                                     f"no {key} left in {year}: left out of {target_file}"))
            yield index, None
            continue
        yield index, new


def remap_rule_lists(root: Path, source: str, target_file: str, targets: Targets, year: str,
                     collection: str | tuple[str, ...], key: str, describe, language_of=lambda item: "en",
                     drop_empty: bool = True, by_number=lambda item: False, read=read_yaml_round_trip) -> Remapped | None:
    """Remap `key:` lists inside the items of one or more top-level lists (`collection`), through a
    round trip that keeps comments. An item for which `by_number` is true names its rule by number in
    its text ("rule 43"): in the new edition that number means the new edition's rule, so its list is
    kept, and flagged where that rule is gone."""
    path = root / source
    if not path.is_file():
        return None
    document = read(path, source)
    result = Remapped(source, target_file, document, _header(source, year))
    for name in (collection,) if isinstance(collection, str) else collection:
        items = document.get(name) or []

        def line_at(index: int, position: int | None, name=name) -> int:
            return line_of(document, (name, index) if position is None else (name, index, key, position))

        emptied = []
        for index, new in _remap_items(result, name, items, key, targets, year, describe, language_of,
                                       drop_empty, by_number, line_at):
            if new is None:
                emptied.append(index)
            else:
                _replace_list(items[index][key], new)
        for index in reversed(emptied):
            del items[index]
    return result


@dataclass(frozen=True)
class OneLineItem:
    """Where an item of a one-line list file stands: its line (0-based), and the span of its `key:`
    flow list in the text (start, end), None when it has none. A flow map on one line holds its
    references on that line too."""
    line: int
    listed: tuple[int, int] | None


@lru_cache(maxsize=256)
def _one_line_lists(text: str, name: str, key: str) -> tuple[tuple, tuple[OneLineItem, ...]] | None:
    """(the plain items of the top-level list `name`, where each stands) when every item is a flow map
    on a line of its own and every `key:` in them a flow list, as the question files are written; None
    for anything else, which the round trip then reads (and names the defect of, if any).

    libyaml reads a question file in milliseconds, where ruamel's round trip takes a second; its
    nodes know where each list stands, so only the lists that change are rewritten. It refuses nesting
    past its own limit; a duplicate key or nesting past MAX_DEPTH is left to the round trip to name.
    Kept by content: a report and the build's maintainers' page read the same ~80 question files
    again in one process, and reading them is most of a report's time. Callers only read the items."""
    if not hasattr(yaml, "CSafeLoader"):           # PyYAML built without libyaml: the round trip
        return None
    try:
        loader = yaml.CSafeLoader(text)
        try:
            root = loader.get_single_node()
            data = loader.construct_document(root) if root is not None else None
        finally:
            loader.dispose()
    except (yaml.YAMLError, ValueError, TypeError, RecursionError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get(name), list) or not _plain_enough(root):
        return None
    sequence = next((v for k, v in root.value if k.value == name), None)
    if not isinstance(sequence, yaml.SequenceNode):
        return None
    lines = text.splitlines(keepends=True)
    where = []
    for node in sequence.value:
        start, end = node.start_mark, node.end_mark
        if not (isinstance(node, yaml.MappingNode) and node.flow_style and start.line == end.line
                and lines[start.line][:start.column].strip() == "-" and not lines[start.line][end.column:].strip()):
            return None
        listed = next((v for k, v in node.value if k.value == key), None)
        if listed is not None and not (isinstance(listed, yaml.SequenceNode) and listed.flow_style):
            return None
        where.append(OneLineItem(start.line, None if listed is None else (listed.start_mark.index, listed.end_mark.index)))
    return tuple(data[name]), tuple(where)


def _plain_enough(root) -> bool:
    """No mapping with a key twice, nothing nested past MAX_DEPTH and no alias (a node met twice): what
    read_yaml refuses or bounds (aliases of aliases expand to billions of values)."""
    stack, seen = [(root, 1)], set()
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH or id(node) in seen:
            return False
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys = [k.value for k, _ in node.value]
            if len(keys) != len(set(keys)):
                return False
            stack.extend((v, depth + 1) for _, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((v, depth + 1) for v in node.value)
    return True


def remap_one_line_lists(root: Path, source: str, target_file: str, targets: Targets, year: str, name: str,
                         key: str, describe, language_of, by_number) -> Remapped | None:
    """remap_rule_lists for a file of one-line flow maps, edited where each list stands: every other
    byte of the file stays. None when the file is not written that way."""
    text = (root / source).read_text(encoding="utf-8")
    found = _one_line_lists(text, name, key)
    if found is None:
        return None
    items, where = found
    result = Remapped(source, target_file, None, _header(source, year), original=text)
    lines = text.splitlines(keepends=True)
    for index, new in _remap_items(result, name, items, key, targets, year, describe, language_of,
                                   True, by_number, lambda index, position: where[index].line + 1):
        line = where[index].line
        if new is None:                                           # the item's whole line goes
            result.edits.append(Edit(line + 1, 0, lines[line], ""))
            continue
        if new == [str(v) for v in items[index][key]]:
            continue
        start, end = where[index].listed
        result.edits.append(Edit(line + 1, start - text.rfind("\n", 0, start) - 1, text[start:end],
                                 "[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in new) + "]"))
    if sum(not edit.new for edit in result.edits) == len(where):
        return None                       # no question left: the round trip writes the empty list
    return result


def _phrases(item) -> str:
    return " ".join(str(v) for lang in ("en",) for v in (item.get(lang) or []))


def remap_situations(root: Path, targets: Targets, year: str, read=read_yaml_round_trip) -> Remapped | None:
    return remap_rule_lists(root, "rulebook/situations.yaml", f"rulebook/{year}/remapped/situations.yaml",
                            targets, year, ("situations", "concepts"), "rules", _phrases, read=read)


def remap_glossary(root: Path, targets: Targets, year: str, read=read_yaml_round_trip) -> Remapped | None:
    return remap_rule_lists(root, "rulebook/glossary.yaml", f"rulebook/{year}/remapped/glossary.yaml",
                            targets, year, "terms", "rules", _phrases, drop_empty=False, read=read)


# Labelled questions: what search learns from, and the held-out batches and test inputs it is measured
# on (their labels follow the rules; their texts are untouched, so held out stays held out).
QUESTION_FOLDERS = ("rulebook/training", "tests/search")


def names_its_rule(item) -> bool:
    """A question that names its answer by number ("rule 43", "RP 5", "правило 48"), not one that asks
    about amounts ("blinds 200-400, is it 500 or 5000")."""
    said = set(re.findall(r"[0-9]+", str(item.get("q", ""))))
    wanted = [re.search(r"[0-9]+", str(value)) for value in item.get("expect") or ()]
    return item.get("kind") == "number" and all(number and number[0] in said for number in wanted)


def _question(item) -> str:
    return str(item.get("q", ""))


def _language(item) -> str:
    return str(item.get("lang", "en"))


def remap_questions(root: Path, targets: Targets, year: str, read=read_yaml_round_trip) -> list[Remapped]:
    out = []
    for folder in QUESTION_FOLDERS:
        for path in sorted((root / folder).glob("*.yaml")):
            source, target = f"{folder}/{path.name}", f"rulebook/{year}/remapped/{folder.split('/')[-1]}/{path.name}"
            remapped = remap_one_line_lists(root, source, target, targets, year, "queries", "expect", _question,
                                            _language, names_its_rule)
            if remapped is None:
                remapped = remap_rule_lists(root, source, target, targets, year, "queries", "expect", _question,
                                            language_of=_language, by_number=names_its_rule, read=read)
            if remapped is not None:
                out.append(remapped)
    return out


# ------------------------------------------------------------------------------------------------
# translation QA: acknowledgements and fingerprints, keyed by unit ("35-A:1", "example-46-Situation-3")

def _container_targets(unit_id: str, targets: Targets) -> Target | None:
    return targets.target(unit_id.split(":")[0])


def remap_review(root: Path, targets: Targets, year: str, read=read_yaml_round_trip) -> list[Remapped]:
    out = []
    for path in sorted((root / "rulebook" / "review").glob("*.yaml")):
        source = f"rulebook/review/{path.name}"
        document = read(path, source)
        result = Remapped(source, f"rulebook/{year}/remapped/review/{path.name}", document, _header(source, year))
        acknowledgements = document.get("acknowledgements") or []
        gone = []
        for index, ack in enumerate(acknowledgements):
            finding = str(ack.get("finding", ""))
            check, _, rest = finding.partition(":")
            container, sep, tail = rest.partition(":")
            target = targets.target(container)
            if target is None:
                continue                                   # not about a rule (sections, preamble)
            result.references += 1
            where, line = f"acknowledgements:{index}", line_of(document, ("acknowledgements", index, "finding"))
            if not target.new:
                gone.append(index)
                result.flags.append(Flag(source, line, where, f"{finding}: {container} was dropped in {year}: removed"))
                continue
            if target.new != (container,):
                result.renumbered += 1
            ack["finding"] = f"{check}:{target.new[0]}{sep}{tail}"
            if len(target.new) > 1:
                result.flags.append(Flag(source, line, where, f"{finding}: {container} was split into "
                                         f"{', '.join(target.new)}: kept on {target.new[0]}; re-check"))
            elif target.changed:
                result.flags.append(Flag(source, line, where, f"{finding}: the English of {container} changed "
                                         f"(now {target.new[0]}): re-check the finding"))
        for index in reversed(gone):
            del acknowledgements[index]
        fingerprints = document.get("fingerprints")
        if fingerprints:
            # a unit keeps the fingerprint of the English it was translated from: where that English
            # changed, QA then reports the unit stale, as it should
            new = CommentedMap()
            for unit_id, value in fingerprints.items():
                container, sep, tail = str(unit_id).partition(":")
                target = targets.target(container)
                if target is None:
                    new[unit_id] = value
                    continue
                result.references += 1
                for piece in target.new:
                    new.setdefault(f"{piece}{sep}{tail}", value)
                if target.new != (container,):
                    result.renumbered += 1
            document["fingerprints"] = new
        out.append(result)
    return out


# ------------------------------------------------------------------------------------------------
# the calculators' rule review: quotes re-checked against the new text

RULE_REVIEW = "tests/calculators/RULE-REVIEW.yaml"


def remap_rule_review(root: Path, targets: Targets, year: str, read=read_yaml_round_trip) -> Remapped | None:
    path = root / RULE_REVIEW
    if not path.is_file():
        return None
    source = RULE_REVIEW
    document = read(path, source)
    result = Remapped(source, f"rulebook/{year}/remapped/calculators/RULE-REVIEW.yaml", document, _header(source, year))

    def flag(where: str, line_path: tuple, message: str) -> None:
        result.flags.append(Flag(source, line_of(document, line_path), where, message))

    rules = document.get("rules") or {}
    new_rules = CommentedMap()
    for key, quotes in rules.items():
        target = targets.target(str(key))
        result.references += 1
        if target is None or not target.new:
            why = "was dropped" if target is not None else f"is not a unit of the {targets.old_year} edition"
            flag(f"rules:{key}", ("rules", key), f"{key} {why} in {year}: its {len(quotes)} quote(s) left out")
            continue
        if target.new != (str(key),):
            result.renumbered += 1
        for index, quote in enumerate(quotes):
            q = str(quote.get("q", ""))
            holders = [n for n in target.new if any(q in block for block in targets.blocks(n))]
            place = holders[0] if holders else target.new[0]
            if not holders:
                flag(f"rules:{key}", ("rules", key, index, "q"),
                     f"the sentence changed: not in the {year} text of {place}: {q[:80]!r}")
            elif len(target.new) > 1:
                flag(f"rules:{key}", ("rules", key, index, "q"), f"{key} was split: the quote is in {place}")
            new_rules.setdefault(_quoted(place), []).append(quote)
    document["rules"] = new_rules
    changed = {f.where.removeprefix("rules:") for f in result.flags if "sentence changed" in f.message}
    for name, refs in (document.get("calculators") or {}).items():
        cited = {str(r) for r in refs}
        if any(key in cited or key.rpartition("-")[0] in cited for key in changed):
            result.recheck.append(str(name))

    for name, refs in (document.get("calculators") or {}).items():
        new, notes, renumbered = remap_list(refs, targets, "")
        result.references += len(refs)
        result.renumbered += renumbered
        for position, message in notes:
            flag(f"calculators:{name}", ("calculators", name, position), message)
        _replace_list(refs, new)

    addendum = document.get("addendum") or {}
    new_addendum = CommentedMap()
    for entry_id, examples in addendum.items():
        for label, value in examples.items():
            anchor = urls.example_anchor(str(entry_id), str(label))
            target = targets.target(anchor)
            result.references += 1
            if target is None or not target.new:
                flag(f"addendum:{entry_id}", ("addendum", entry_id, label),
                     f"example {entry_id}/{label} was dropped in {year}: left out")
                continue
            new_unit = target.units[0]
            new_entry, _, new_label = new_unit.removeprefix(ADDENDUM).partition("/")
            if (new_entry, new_label) != (str(entry_id), str(label)):
                result.renumbered += 1
            if target.changed:
                flag(f"addendum:{entry_id}", ("addendum", entry_id, label),
                     f"example {entry_id}/{label} (now {new_entry}/{new_label}) changed: re-check")
            new_addendum.setdefault(_quoted(new_entry), CommentedMap())[_quoted(new_label)] = value
    if addendum:
        document["addendum"] = new_addendum

    for index, finding in enumerate(document.get("findings") or []):
        rule = str(finding.get("rule", ""))
        target = targets.target(rule)
        if target is None:
            continue
        result.references += 1
        if not target.new or len(target.new) > 1:
            flag(f"findings:{finding.get('id', index)}", ("findings", index, "rule"),
                 f"{rule} was {'dropped' if not target.new else 'split into ' + ', '.join(target.new)}: kept as written")
            continue
        if target.new[0] != rule:
            result.renumbered += 1
            finding["rule"] = target.new[0]
    return result


# The rules search sends a story's chip amounts to (spec.yaml `amounts.rules`: name → one rule or part):
# each name keeps one reference, so a split rule's is placed on the piece its name shares most words
# with, and flagged; a dropped one is kept as written and flagged, for a person to choose its rule.
SEARCH_SPEC = "plugins/tdarules/search/spec.yaml"


def remap_search_spec(root: Path, targets: Targets, year: str, read=read_yaml_round_trip) -> Remapped | None:
    path = root / SEARCH_SPEC
    if not path.is_file():
        return None
    document = read(path, SEARCH_SPEC)
    result = Remapped(SEARCH_SPEC, f"rulebook/{year}/remapped/search-spec.yaml", document, "",
                      original=path.read_text(encoding="utf-8"))
    rules = (document.get("amounts") or {}).get("rules") or {}
    for name, value in rules.items():
        where, line = f"amounts.rules.{name}", line_of(document, ("amounts", "rules", name))
        value = str(value)
        target = targets.target(value)
        result.references += 1
        if target is None or not target.new:
            why = "was dropped" if target is not None else f"is not a unit of the {targets.old_year} edition"
            result.flags.append(Flag(SEARCH_SPEC, line, where, f"{value} {why} in {year}: kept as written, name its rule"))
            continue
        new = targets.closest(target.new, name.replace("_", " ")) if len(target.new) > 1 else target.new
        if len(target.new) > 1:
            result.flags.append(Flag(SEARCH_SPEC, line, where, f"{value} was split into {', '.join(target.new)}: "
                                                               f"placed on {new[0]}, check it"))
        elif target.uncertain:
            result.flags.append(Flag(SEARCH_SPEC, line, where,
                                     f"{value} → {new[0]}: the aligner is unsure of this match ({target.kind})"))
        if new[0] == value:
            continue
        written = re.search(rf"(?<![\w-]){re.escape(str(name))}:\s*(?P<q>[\"']?){re.escape(value)}(?P=q)",
                            result.original.splitlines()[line - 1])
        if written is None:
            result.flags.append(Flag(SEARCH_SPEC, line, where, f"{value} → {new[0]}: not written as "
                                                               f"`{name}: \"{value}\"` on its line; change it by hand"))
            continue
        result.renumbered += 1
        rules[name] = _quoted(new[0])
        result.edits.append(Edit(line, written.start(), written[0], written[0].replace(value, new[0])))
    return result


def kinds(alignment: Alignment) -> dict[str, Counter]:
    out: dict[str, Counter] = {}
    for match in alignment.matches:
        out.setdefault(match.level, Counter())[match.kind] += 1
    return out
