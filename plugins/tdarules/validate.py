"""`rulebook validate`: checks across files that the typed model alone cannot make.

The loader already rejects what a single file gets wrong in form (YAML syntax, duplicate keys, wrong
types, unknown fields). This module checks the rulebook as a whole:

* every rule 1–71 and procedure RP-1–RP-22 is present in every 2024 language, with the parts the
  English has; a part without text must say so with a `missing-text` defect;
* the addendum has the same entries and examples in every language, unless a defect records why not;
* identifiers are well formed and unique; sections are known and hold every rule exactly once;
* addendum entries point at real rules and parts;
* cross-references resolve (unless the block records a `wrong-crossref` defect);
* the glossary is complete; the renumbering points at real 2017 and 2024 rules.

Every problem is a `Problem(file, line, where, message)`, printed `file:line: rule-id: message`.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from .crossrefs import addendum_refs, all_refs
from .loader import Rulebook
from .model import ADDENDUM_ID, CURRENT_EDITION, LANGUAGES, RULE_ID, Block, Edition
from .yamlio import Problem

# What the current edition must hold in every language: the rules and procedures its English publishes.
CURRENT_RULES = tuple(str(n) for n in range(1, 72))
CURRENT_PROCEDURES = tuple(f"RP-{n}" for n in range(1, 23))
# The sections of the TDA rules (the current names; 2017 used the same ones, "Bets & Raises" slugged alike).
KNOWN_SECTIONS = (
    "general-concepts", "seating-breaking-and-balancing-tables", "pots-showdown", "general-procedures",
    "player-present-eligible-for-hand", "button-blinds", "dealing-rules", "play-bets-and-raises",
    "play-other", "etiquette-and-penalties",
)
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
EXAMPLE_LABEL = re.compile(r"^(?:[1-9][0-9]?(?:-[A-Z])?|Situation [1-9][0-9]?)$")
REFERENCE_LANGUAGE = "en"
# Defects that explain why a translation lacks (or has more) text than the English.
EXPLAINS_DIFFERENCE = {"missing-text", "extra-text", "truncated", "format"}


def validate(rulebook: Rulebook) -> list[Problem]:
    """Every problem found, sorted by file and line."""
    problems: list[Problem] = []
    for (year, language), edition in sorted(rulebook.editions.items()):
        if language not in LANGUAGES:
            continue                                  # derived views (zh-Hans) are checked through their source
        reference = rulebook.editions.get((year, REFERENCE_LANGUAGE))   # a translation follows its own year's English
        checker = _EditionChecker(rulebook, edition, year, language, problems)
        checker.identifiers()
        checker.sections()
        checker.parts_have_text()
        checker.addendum_targets()
        checker.crossrefs()
        if year == CURRENT_EDITION:
            checker.complete()
        if reference is not None and language != REFERENCE_LANGUAGE:
            checker.same_structure_as(reference)
    problems.extend(_glossary(rulebook))
    problems.extend(_renumbering(rulebook))
    return sorted(set(problems), key=lambda p: (p.file, p.line, p.where, p.message))


class _EditionChecker:
    def __init__(self, rulebook: Rulebook, edition: Edition, year: str, language: str, problems: list[Problem]):
        self.rulebook = rulebook
        self.edition = edition
        self.year = year
        self.language = language
        self.file = rulebook.file_of(year, language)
        self.problems = problems

    # -- helpers ---------------------------------------------------------------------------------

    def report(self, where: str, message: str, *path) -> None:
        self.problems.append(Problem(self.file, self.rulebook.line(self.file, *path), where, message))

    def rule_path(self, rule_id: str) -> tuple:
        return ("procedures" if rule_id.startswith("RP-") else "rules", rule_id)

    # -- checks ----------------------------------------------------------------------------------

    def identifiers(self) -> None:
        for field, procedure in (("rules", False), ("procedures", True)):
            for rule_id in getattr(self.edition, field):
                if not RULE_ID.match(rule_id) or rule_id.startswith("RP-") != procedure:
                    kind = "procedure" if procedure else "rule"
                    self.report(rule_id, f"'{rule_id}' is not a well-formed {kind} id "
                                         f"({'RP-1…RP-22' if procedure else '1…71'})", field, rule_id)
        for entry_id, entry in self.edition.addendum.items():
            if not ADDENDUM_ID.match(entry_id):
                self.report(entry_id, f"addendum id '{entry_id}' is not a rule or rule-part id (43, 11-D)",
                            "addendum", entry_id)
            for label in entry.examples:
                if not EXAMPLE_LABEL.match(label):
                    self.report(entry_id, f"example label '{label}' is not well formed (1, 1-A, Situation 3)",
                                "addendum", entry_id, "examples", label)
        counts = Counter(s.id for s in self.edition.sections)
        for index, section in enumerate(self.edition.sections):
            if not SLUG.match(section.id):
                self.report(f"section:{section.id}", f"section id '{section.id}' is not a lower-case slug",
                            "sections", index, "id")
            if counts[section.id] > 1:
                self.report(f"section:{section.id}", f"section id '{section.id}' appears {counts[section.id]} times",
                            "sections", index, "id")

    def sections(self) -> None:
        seen: dict[str, list[str]] = {}
        for index, section in enumerate(self.edition.sections):
            if section.id not in KNOWN_SECTIONS:
                self.report(f"section:{section.id}", f"unknown section '{section.id}' (known: {', '.join(KNOWN_SECTIONS)})",
                            "sections", index, "id")
            for position, rule_id in enumerate(section.rules):
                seen.setdefault(rule_id, []).append(section.id)
                if rule_id not in self.edition.rules:
                    self.report(rule_id, f"section '{section.id}' lists rule {rule_id}, which does not exist",
                                "sections", index, "rules", position)
        for rule_id in self.edition.rules:
            where = seen.get(rule_id, [])
            if not where:
                self.report(rule_id, "rule is in no section", "rules", rule_id)
            elif len(where) > 1:
                self.report(rule_id, f"rule is in {len(where)} sections: {', '.join(where)}", "rules", rule_id)

    def parts_have_text(self) -> None:
        for rule in self.edition.all_rules():
            for part_id, part in rule.parts.items():
                if not part.blocks and not _has_defect(part.defects, {"missing-text"}):
                    self.report(rule.id, f"part {part_id} has no text and no missing-text defect",
                                *self.rule_path(rule.id), "parts", part_id)

    def complete(self) -> None:
        for expected, field in ((CURRENT_RULES, "rules"), (CURRENT_PROCEDURES, "procedures")):
            present = getattr(self.edition, field)
            for rule_id in expected:
                if rule_id not in present:
                    self.report(rule_id, f"{'procedure' if field == 'procedures' else 'rule'} {rule_id} is missing "
                                         f"from {self.language}", field)
            for rule_id in present:
                if rule_id not in expected and RULE_ID.match(rule_id):
                    self.report(rule_id, f"{rule_id} is not a {self.year} "
                                         f"{'procedure' if field == 'procedures' else 'rule'}", field, rule_id)

    def same_structure_as(self, reference: Edition) -> None:
        """Parts and addendum examples as the English has them, or a defect saying why not."""
        for rule in reference.all_rules():
            mine = self.edition.rule(rule.id)
            if mine is None:
                continue                                  # reported by complete()
            for part_id in rule.parts:
                if part_id not in mine.parts:
                    self.report(rule.id, f"part {part_id} is missing ({REFERENCE_LANGUAGE} has it)",
                                *self.rule_path(rule.id), "parts")
            for part_id, part in mine.parts.items():
                if part_id not in rule.parts and not _part_explained(part):
                    self.report(rule.id, f"part {part_id} is not in {REFERENCE_LANGUAGE} and no defect explains it",
                                *self.rule_path(rule.id), "parts", part_id)
        for entry_id, entry in reference.addendum.items():
            mine = self.edition.addendum.get(entry_id)
            if mine is None:
                self.report(entry_id, f"addendum entry {entry_id} is missing ({REFERENCE_LANGUAGE} has it)", "addendum")
                continue
            entry_explained = _entry_has_defect(mine, {"missing-text"})
            for label in entry.examples:
                if label not in mine.examples and not entry_explained:
                    self.report(entry_id, f"example {label} is missing ({REFERENCE_LANGUAGE} has it) "
                                          "and no missing-text defect records it", "addendum", entry_id, "examples")
            for label, example in mine.examples.items():
                if label not in entry.examples and not _has_defect(example.defects, EXPLAINS_DIFFERENCE) \
                        and not any(_has_defect(b.defects, EXPLAINS_DIFFERENCE) for b in example.blocks):
                    self.report(entry_id, f"example {label} is not in {REFERENCE_LANGUAGE} and no defect explains it",
                                "addendum", entry_id, "examples", label)
        for entry_id in self.edition.addendum:
            if entry_id not in reference.addendum:
                self.report(entry_id, f"addendum entry {entry_id} is not in {REFERENCE_LANGUAGE}", "addendum", entry_id)

    def addendum_targets(self) -> None:
        for entry_id, entry in self.edition.addendum.items():
            rule = self.edition.rules.get(entry.rule_id)
            if rule is None:
                if not (self.edition.partial and entry.rule_id not in self.edition.rules):
                    self.report(entry_id, f"addendum entry points at rule {entry.rule_id}, which does not exist",
                                "addendum", entry_id)
                continue
            if entry.part_id is not None and entry.part_id not in rule.parts:
                self.report(entry_id, f"addendum entry points at part {entry.part_id} of rule {entry.rule_id}, "
                                      "which has no such part", "addendum", entry_id)

    def crossrefs(self) -> None:
        for rule_id, part_id, block, ref, target in all_refs(self.edition):
            if target is None and not self._excused(ref, block):
                path = (*self.rule_path(rule_id), *(("parts", part_id) if part_id else ()))
                self.report(rule_id, f"cross-reference '{ref.text}'{_where(part_id)} does not resolve"
                                     f"{_why(self.edition, ref, rule_id)}", *path)
        for entry_id, label, block, ref, target in addendum_refs(self.edition):
            if target is None and not self._excused(ref, block):
                path = ("addendum", entry_id, *(("examples", label) if label else ()))
                where = f" (example {label})" if label else ""
                self.report(entry_id, f"cross-reference '{ref.text}'{where} does not resolve"
                                      f"{_why(self.edition, ref, entry_id.split('-')[0])}", *path)

    def _excused(self, ref, block: Block) -> bool:
        if _has_defect(block.defects, {"wrong-crossref"}):
            return True
        # a stale translation carried into a newer edition still numbers rules as its own year did;
        # `rulebook edition report` lists it for the translator
        if block.stale_from is not None:
            return True
        # a partial edition (2017) cannot resolve references to the rules (or addendum) its source lacks
        if not self.edition.partial:
            return False
        if ref.kind == "addendum":
            return not self.edition.addendum
        return any(self.edition.rule(r) is None for r in ref.rules)


def _where(part_id: str | None) -> str:
    return f" in part {part_id}" if part_id else ""


def _why(edition: Edition, ref, context_rule: str) -> str:
    if ref.kind == "addendum":
        return f": no addendum entry for rule {ref.rule or context_rule}"
    missing = [r for r in ref.rules if edition.rule(r) is None]
    if missing:
        return f": no rule {', '.join(missing)}"
    if ref.part:
        return f": rule {ref.rule} has no part {ref.part}"
    return ""


def _has_defect(defects: Iterable, kinds: set[str]) -> bool:
    return any(d.kind in kinds for d in defects)


def _part_explained(part) -> bool:
    return _has_defect(part.defects, EXPLAINS_DIFFERENCE) or any(
        _has_defect(b.defects, EXPLAINS_DIFFERENCE) for b in part.blocks)


def _entry_has_defect(entry, kinds: set[str]) -> bool:
    texts = [entry.title] if entry.title else []
    texts += list(entry.blocks)
    for example in entry.examples.values():
        if _has_defect(example.defects, kinds):
            return True
        texts += list(example.blocks)
    return any(_has_defect(t.defects, kinds) for t in texts)


# ------------------------------------------------------------------------------------------------

GLOSSARY = "rulebook/glossary.yaml"
RENUMBERING = "rulebook/renumbering.yaml"


def _glossary(rulebook: Rulebook) -> list[Problem]:
    problems = []
    reference = rulebook.editions.get((CURRENT_EDITION, REFERENCE_LANGUAGE))
    counts = Counter(t.id for t in rulebook.glossary)
    for index, term in enumerate(rulebook.glossary):
        where = f"glossary:{term.id}"

        def report(message: str, *path):
            problems.append(Problem(GLOSSARY, rulebook.line(GLOSSARY, "terms", index, *path), where, message))

        if not SLUG.match(term.id):
            report(f"term id '{term.id}' is not a lower-case slug", "id")
        if counts[term.id] > 1:
            report(f"term id '{term.id}' appears {counts[term.id]} times", "id")
        for language, field in (("en", "en"), ("zh-Hant", "zh_hant"), ("ru", "ru")):
            values = getattr(term, field)
            if not values or not all(v.strip() for v in values):
                report(f"no {language} rendering", language)
        if reference is not None:
            for position, rule_id in enumerate(term.rules):
                if reference.rule(rule_id) is None:
                    report(f"lists rule {rule_id}, which does not exist", "rules", position)
    return problems


def _renumbering(rulebook: Rulebook) -> list[Problem]:
    problems = []
    # the two editions the file pairs, as it names them (from: '2017', to: '2024')
    read = rulebook.documents.get(RENUMBERING)
    document = read.data if read is not None else {}
    old_year, new_year = str(document.get("from", "")), str(document.get("to", CURRENT_EDITION))
    old = rulebook.editions.get((old_year, "en"))
    new = rulebook.editions.get((new_year, "en"))
    counts = Counter(e.old for e in rulebook.renumbering)
    for index, entry in enumerate(rulebook.renumbering):
        where = f"renumbering:{entry.old}"

        def report(message: str, key: str):
            problems.append(Problem(RENUMBERING, rulebook.line(RENUMBERING, "entries", index, key), where, message))

        if counts[entry.old] > 1:
            report(f"{old_year} rule {entry.old} is renumbered {counts[entry.old]} times", "old")
        if old is not None and old.rule(entry.old) is None:
            report(f"{old_year} rule {entry.old} does not exist in rulebook/{old_year}/en.yaml", "old")
        if entry.new is not None and new is not None and new.rule(entry.new) is None:
            report(f"{new_year} rule {entry.new} does not exist", "new")
    return problems
