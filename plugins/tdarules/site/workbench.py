"""The translators' workbench pages: view functions from the model to template context.

  /<lang>/qa/                    translation QA findings of this language (absorbs the old source-notes page)
  /<lang>/compare/               rules with open findings, filterable by kind and language
  /<lang>/compare/<rule>/        every language aligned unit by unit, gaps explicit, provenance and findings
  /<lang>/editions/              every edition, each pair compared; what an added edition waits for
  /<lang>/editions/<old>-<new>/  each rule of the older edition, its number in the later one and status
  /<lang>/<year>/rules/<n>/      an older edition's text, marked so, with the redline to the next (#redline)

No MkDocs import; markup lives in templates/workbench/*.j2 (autoescaped), data arrives as plain values.
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import get_args

from markupsafe import Markup

from .. import urls
from ..defects import iter_defects
from ..editions import Status, changes, next_edition, pairs, rule_redline
from ..loader import MAPPING, Rulebook
from ..model import ALL_LANGUAGES, CURRENT_EDITION, DERIVED_LANGUAGES, OLDER_EDITIONS, PUBLISHED_EDITIONS
from ..qa.findings import KINDS, Finding
from ..qa.report import findings_for, qa_strings
from ..strings import Strings
from ..units import Unit, align, rule_units
from .markup import filled, in_language, markdown_heading, named_in_sentence
from .templating import render

COMPARE_LANGUAGES = ALL_LANGUAGES


@dataclass
class Workbench:
    """What every workbench page of every language needs, computed once per build."""
    rulebook: Rulebook
    strings: Strings                       # the site's strings (rulebook/ui/site.yaml)
    qa: Strings = field(init=False)        # the workbench's strings (rulebook/ui/qa.yaml)

    def __post_init__(self):
        self.qa = qa_strings(self.rulebook)
        self._changes: dict[tuple[str, str], list] = {}

    @cached_property
    def findings(self) -> dict[str, list[Finding]]:
        return {language: findings_for(self.rulebook, language) for language in ALL_LANGUAGES}

    @cached_property
    def grouped(self) -> dict[str, list[Finding]]:
        """One finding per cause (qa/grouping.py): what the QA page lists."""
        return {language: findings_for(self.rulebook, language, grouped=True) for language in ALL_LANGUAGES}

    @cached_property
    def by_unit(self) -> dict[tuple[str, str], list[Finding]]:
        """(language, unit or container id) → its findings."""
        out: dict[tuple[str, str], list[Finding]] = {}
        for language, found in self.findings.items():
            for finding in found:
                out.setdefault((language, finding.unit), []).append(finding)
        return out

    def changes(self, old: str, new: str) -> list:
        """Every rule of edition `old` and what it became in `new`, computed once per pair."""
        if (old, new) not in self._changes:
            self._changes[(old, new)] = changes(self.rulebook, old, new)
        return self._changes[(old, new)]

    @cached_property
    def pending(self) -> list[dict]:
        """The report of each added, unpublished edition, made once for every language's page."""
        return [pending_report(self.rulebook, year) for year in pending_editions(self.rulebook)]

    @cached_property
    def examples(self) -> dict[str, tuple[str, str]]:
        """Example anchor ('example-46-Situation-1') → (addendum id, the example's own label), read from the
        English edition, which has every example: anchors join both with hyphens and cannot be split back."""
        return {urls.example_anchor(entry.id, label): (entry.id, label)
                for entry in self.rulebook.edition("en").addendum.values() for label in entry.examples}


class Page:
    """Strings and helpers of one language, handed to templates as `t`. A page about two editions
    names them in its strings ({old_year}, {new_year}): `years` fills them in every string it asks."""

    def __init__(self, wb: Workbench, language: str, years: tuple[str, str] | None = None):
        self.wb, self.language = wb, language
        self.years = {"old_year": years[0], "new_year": years[1]} if years else {}

    def s(self, key: str, **params) -> str:
        return self.wb.strings.get(key, self.language, **self.years, **params)

    def q(self, key: str, **params) -> str:
        return self.wb.qa.get(key, self.language, **self.years, **params)

    def template(self, key: str) -> str:
        """The workbench string `key` in this page's language, its {params} not yet filled."""
        return self.wb.qa.pick(self.wb.qa.entry(key), self.language)

    # Params of a finding that quote a text rather than say something in the page's language: the English
    # (a glossary term, an English title) and the translation's own words for it, each marked with the
    # language it is in (a ru page quotes the Chinese renderings of a term in the compare view).
    ENGLISH_PARAMS = {"terminology": ("term",), "crossrefs": ("title",)}
    TRANSLATION_PARAMS = {"terminology": ("used", "usual")}

    def quoted(self, finding: Finding) -> dict:
        """The finding's params, those that quote text wrapped in an element naming its language."""
        kind = finding.code.split(".")[0]
        languages = {**{name: "en" for name in self.ENGLISH_PARAMS.get(kind, ())},
                     **{name: finding.language for name in self.TRANSLATION_PARAMS.get(kind, ())}}
        return {name: in_language(value, languages[name]) if name in languages else value
                for name, value in finding.params.items()}

    def message(self, finding: Finding) -> Markup:
        """The finding in words, escaped, with the text it quotes marked with its language."""
        template = self.template(f"qa_messages.{finding.code}")
        return filled(template, **self.quoted(finding))

    def acknowledged(self, finding: Finding) -> Markup:
        """Who accepted a finding and why, as the review file records it: its notes are written in English,
        the working language of the review files, like the notes on source defects."""
        ack = finding.acknowledged
        template = self.template("qa_acknowledged")
        return filled(template, reviewer=in_language(ack["reviewer"], "en"), date=ack["date"],
                      reason=in_language(ack["reason"], "en"))

    def defect_place(self, item) -> str:
        """Where a recorded source defect (defects.Located) is, named like a unit: an example ('46 Situation 1'),
        an addendum entry, a rule or part, or a place outside the rules ('section:general-concepts',
        'heading:preamble', 'addendum_preamble', 'notice')."""
        if item.example:
            addendum_id, _, label = item.example.partition(" ")
            return self.unit_label(urls.example_anchor(addendum_id, label) if label else f"addendum-{addendum_id}")
        if item.rule:
            return self.unit_label(f"{item.rule}-{item.part}" if item.part else item.rule)
        kind, _, name = item.where.partition(":")
        if kind == "notice":
            return self.s("source_own_text")
        if kind in ("section", "heading") and name:
            return self.unit_label(f"heading-{name}" if kind == "heading" else f"section-{name}:title")
        return self.unit_label(item.where.replace("_", "-"))

    def unit_label(self, unit_id: str, rule_id: str | None = None) -> str:
        """Where a unit is, named in the page's language ('example-47-1:2' → 'Пример 47-1', '43-B:1' →
        'Правило 43-B', '16:title' → 'Правило 16 · заголовок'); within `rule_id`'s own page a part is its
        letter and the rule's own text has no name (''). The id itself stays the anchor and the code."""
        if not unit_id:
            return ""
        head, _, tail = unit_id.rpartition(":")
        if not head:
            head, tail = unit_id, ""
        head = head.removesuffix(":after")
        place = self._place(head, rule_id)
        if tail == "title" or head.startswith("heading-"):
            kind = self.q("compare_kind_title")
            return f"{place} · {kind}" if place else kind
        return place

    def _place(self, head: str, rule_id: str | None) -> str:
        edition = self.wb.rulebook.edition(self.language)
        if head in self.wb.examples:
            addendum_id, label = self.wb.examples[head]
            if label.startswith("Situation "):
                return f"{addendum_id} · {self.s('situation', label=label.removeprefix('Situation '))}"
            return self.s("example", label=f"{addendum_id}-{label}")
        for field_name in ("preamble", "procedures_preamble", "addendum_preamble"):
            if head in (field_name.replace("_", "-"), f"heading-{field_name}"):
                heading = edition.headings.get(field_name) or self.wb.rulebook.edition("en").headings[field_name]
                return heading.text
        if head.startswith("section-"):
            section = next((s for s in edition.sections if s.id == head.removeprefix("section-")), None)
            return f"{self.s('section')}: {section.title.text}" if section else self.s("section")
        if head.startswith("addendum-"):
            return self.s("examples_for", target=head.removeprefix("addendum-"))
        if rule_id and head == rule_id:
            return ""
        if rule_id and head.startswith(f"{rule_id}-"):
            return head.removeprefix(f"{rule_id}-")
        return head if head.startswith("RP-") else f"{self.s('rule')} {head}"

    def language_name(self, language: str) -> str:
        return self.wb.strings.get("language_name", language)

    def q_naming(self, key: str, language: str) -> Markup:
        """The string `key` with `{source}` as the language's own name, marked with its lang ("繁體中文"
        inside an English or Russian sentence), so screen readers and fonts take it as that language."""
        return named_in_sentence(self.q(key, source="\x00"), "\x00", in_language(self.language_name(language), language))

    def rule_url(self, rule_id: str, part: str | None = None) -> str:
        edition = self.wb.rulebook.edition(self.language)
        rule = edition.rule(rule_id)
        return urls.rule_url(self.language, rule_id, part if rule and part in rule.parts else None)

    def compare_url(self, rule_id: str, unit: str | None = None) -> str:
        return urls.compare_url(self.language, rule_id, unit)

    def anchor(self, unit_id: str) -> str:
        return urls.unit_anchor(unit_id)

    def unit_url(self, finding: Finding) -> str | None:
        return urls.unit_url(self.language, finding.unit, finding.rule) if finding.unit else None

    def fix(self, finding: Finding) -> list[tuple[str, bool]]:
        """What to do about a finding, in this page's language (qa_fix.<code> in rulebook/ui/qa.yaml)."""
        return self.coded(f"qa_fix.{finding.code}", command="rulebook qa --record-fingerprints",
                          **self.quoted(finding))

    def coded(self, string_key: str, /, **params) -> list[tuple[Markup | str, bool]]:
        """A workbench string cut into (words, False) and (code, True): commands, file names and YAML keys
        stay code (and Latin) inside a sentence of any language. Params of other names fill in as words
        (escaped markup: a param may be markup of its own, a quotation marked with its language)."""
        codes = {name: value for name, value in params.items() if name in ("command", "file", "field")}
        words = {name: value for name, value in params.items() if name not in codes}
        template = self.template(string_key)
        text = filled(template, **words, **{name: "{%s}" % name for name in codes})
        out: list[tuple[Markup | str, bool]] = []
        at = 0
        for match in re.finditer(r"\{(command|file|field)\}", text):
            if match.group(1) in codes:
                out += [(text[at:match.start()], False), (codes[match.group(1)], True)]
                at = match.end()
        return out + [(text[at:], False)]

    @staticmethod
    def excerpt(text: str, needle: str, width: int = 60) -> str:
        """The words around `needle` in `text`, cut at word boundaries where the text has spaces, with an
        ellipsis where something is left out; the whole text when it is short or lacks `needle`."""
        at = text.find(needle) if needle else -1
        if at < 0 or len(text) <= 2 * width + len(needle):
            return text
        start, end = max(0, at - width), min(len(text), at + len(needle) + width)
        if start and " " in text[start:at]:
            start = text.index(" ", start) + 1
        if end < len(text) and " " in text[at + len(needle):end]:
            end = text.rindex(" ", at + len(needle), end)
        return ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")

    def review_file(self) -> str:
        return f"rulebook/review/{self.language}.yaml"

    def acknowledgement(self, finding: Finding) -> str:
        """The entry that acknowledges `finding`, as it goes under `acknowledgements:` in the review file;
        reason, reviewer and date are left for the reviewer (the loader refuses them empty)."""
        return (f"  - finding: {yaml_scalar(finding.id)}\n    reason: ''\n    reviewer: ''\n"
                f"    date: 'YYYY-MM-DD'\n")


def yaml_scalar(value: str) -> str:
    """`value` as a YAML scalar: plain where YAML reads it back unchanged, else double-quoted."""
    if re.fullmatch(r"[\w\-+=.:/?\u0080-\uffff][^#\n\"']*", value) and ": " not in value \
            and not value.endswith(":") and value == value.strip():
        return value
    return json.dumps(value, ensure_ascii=False)


def _front(title: str) -> dict:
    return {"title": title}


# --------------------------------------------------------------------------------------- QA page

def qa_page(wb: Workbench, language: str) -> str:
    t = Page(wb, language)
    own = wb.grouped[language] if language not in ("en", *DERIVED_LANGUAGES) else []
    english = wb.grouped["en"]
    groups: dict[str, list[Finding]] = {}
    for finding in own:
        # findings of no one rule (front matter, section titles, a term across rules) come first, together
        groups.setdefault(finding.rule or "", []).append(finding)
    if "" in groups:
        groups = {"": groups.pop(""), **groups}
    totals = {lang: {kind: sum(1 for f in wb.grouped[lang] if f.kind == kind and not f.acknowledged) for kind in KINDS}
              for lang in ALL_LANGUAGES if lang != "en"}
    edition = wb.rulebook.edition(language)
    recorded = []
    for item in iter_defects(edition):
        href = None
        if item.rule:
            rule = edition.rule(item.rule)
            href = (urls.addendum_url(language, item.example.split(" ")[0]) if item.example
                    else urls.rule_url(language, item.rule, item.part if rule and item.part in rule.parts else None))
        recorded.append({"place": t.defect_place(item),
                         "href": href, "kind": item.defect.kind, "note": item.defect.note, "excerpt": item.excerpt})
    open_count = sum(1 for f in own if not f.acknowledged)
    return render("workbench/qa.md.j2", t=t, **_front(t.q("qa_title")), language=language,
                  groups=groups, english=english, totals=totals, kinds=KINDS, recorded=recorded,
                  open_count=open_count, acknowledged=len(own) - open_count, derived=DERIVED_LANGUAGES,
                  titles={r.id: r.title.text for r in edition.all_rules()},
                  source_texts=source_own_texts(wb.rulebook, language))


def source_own_texts(rulebook: Rulebook, language: str) -> list[tuple[str, str]]:
    """(language, text) of each notice of the source file this language's text comes from: the longform
    file's title line for English and Chinese, the Russian page's note to its readers. Quoted as published
    on this page only: they are the file's words, not TDA text and not the site's."""
    source = rulebook.edition(language).source
    stored = [(lang, rulebook.edition(lang)) for lang in ALL_LANGUAGES if lang not in DERIVED_LANGUAGES]
    return [(lang, block.text) for lang, edition in stored if edition.source == source for block in edition.notice]


# ---------------------------------------------------------------------------------- compare view

@dataclass
class Cell:
    language: str
    unit: Unit | None
    gap: str | None = None          # why the cell is empty: "missing", "split", "extra"
    provenance: str = "source"      # source | ours | translator | converted
    findings: list = field(default_factory=list)
    part_marker: str | None = None  # the source's own label of the part, on its first unit ("E：" for RP-8-F)
    part_defects: tuple = ()


@dataclass
class Row:
    id: str
    kind: str                       # title, p, note, item
    label: str                      # "A", "Example 4-A", ""
    container: str
    cells: list[Cell]
    first_of_container: bool = False
    container_findings: list = field(default_factory=list)


def _label(unit_id: str, rule_id: str) -> str:
    head, _, tail = unit_id.rpartition(":")
    if tail == "title":
        head = head or unit_id
    return head.removeprefix(rule_id).lstrip("-") if head.startswith(rule_id) else head


def compare_rows(wb: Workbench, rule_id: str) -> list[Row]:
    """Rows in English order; a unit one translation has and the English lacks gets its own row, so
    nothing shifts. Cells say why they are empty."""
    units = {lang: list(rule_units(wb.rulebook.edition(lang), rule_id)) for lang in COMPARE_LANGUAGES}
    order: list[str] = [u.id for u in units["en"]]
    for lang in COMPARE_LANGUAGES[1:]:
        for row in align(units["en"], units[lang]):
            if row.en is None and row.id not in order:
                # after the last row of the same container, or after the unit that precedes it
                index = max((i for i, rid in enumerate(order) if rid.rpartition(":")[0] == row.other.container), default=None)
                if index is None:
                    previous = next((u.id for u, n in zip(units[lang], units[lang][1:]) if n.id == row.id), None)
                    index = order.index(previous) if previous in order else len(order) - 1
                order.insert(index + 1, row.id)
    by_id = {lang: {u.id: u for u in units[lang]} for lang in COMPARE_LANGUAGES}
    container_sizes = {lang: {} for lang in COMPARE_LANGUAGES}
    for lang in COMPARE_LANGUAGES:
        for unit in units[lang]:
            container_sizes[lang][unit.container] = container_sizes[lang].get(unit.container, 0) + 1
    rows: list[Row] = []
    seen_containers: set[str] = set()
    for unit_id in order:
        sample = next(by_id[lang][unit_id] for lang in COMPARE_LANGUAGES if unit_id in by_id[lang])
        container = sample.container
        cells = []
        for lang in COMPARE_LANGUAGES:
            unit = by_id[lang].get(unit_id)
            gap = None
            if unit is None:
                if lang == "en":
                    gap = "extra"
                elif container_sizes[lang].get(container):
                    gap = "split"
                else:
                    gap = "missing"
            provenance = "converted" if lang == "zh-Hans" and unit is not None and unit.text.by == "source" else (
                unit.text.by if unit is not None else "source")
            cell = Cell(lang, unit, gap, provenance, wb.by_unit.get((lang, unit_id), []))
            part = _part(wb, lang, rule_id, sample.part if sample.place == "text" else None)
            if part is not None and container not in seen_containers:
                cell.part_marker, cell.part_defects = part.marker, part.defects
            cells.append(cell)
        first = container not in seen_containers
        seen_containers.add(container)
        container_findings = []
        if first:
            for lang in COMPARE_LANGUAGES:
                if container != unit_id:
                    container_findings += wb.by_unit.get((lang, container), [])
        rows.append(Row(unit_id, sample.kind, _label(unit_id, rule_id), container, cells, first, container_findings))
    return rows


def _part(wb: Workbench, language: str, rule_id: str, letter: str | None):
    rule = wb.rulebook.edition(language).rule(rule_id)
    return rule.parts.get(letter) if rule is not None and letter else None


def compare_page(wb: Workbench, language: str, rule_id: str) -> str:
    t = Page(wb, language)
    rule = wb.rulebook.edition(language).rule(rule_id)
    label = rule.id if rule.kind == "procedure" else f"{t.s('rule')} {rule.id}"
    title = f"{t.q('compare_title')}: {label}"
    order = [r.id for r in wb.rulebook.edition("en").all_rules()]
    index = order.index(rule_id)
    return render("workbench/compare.md.j2", t=t, **_front(title), language=language,
                  rule=rule, rows=compare_rows(wb, rule_id), languages=COMPARE_LANGUAGES,
                  previous=order[index - 1] if index else None,
                  next=order[index + 1] if index + 1 < len(order) else None)


def compare_index_page(wb: Workbench, language: str) -> str:
    t = Page(wb, language)
    edition = wb.rulebook.edition(language)
    items = []
    for rule in edition.all_rules():
        counts = {}
        for lang in ("zh-Hant", "zh-Hans", "ru"):
            for finding in wb.findings[lang] + (wb.findings["en"] if lang == "zh-Hant" else []):
                if finding.rule == rule.id and not finding.acknowledged:
                    counts.setdefault(finding.language, {}).setdefault(finding.kind, 0)
                    counts[finding.language][finding.kind] += 1
        items.append({"rule": rule, "counts": counts,
                      "total": sum(n for kinds in counts.values() for n in kinds.values())})
    return render("workbench/compare_index.md.j2", t=t, **_front(t.q("compare_title")), language=language,
                  items=items, kinds=KINDS, languages=("en", "zh-Hant", "zh-Hans", "ru"))


# -------------------------------------------------------------------------------------- editions

def edition_rule_link(language: str, rule_id: str, year: str) -> str:
    """Where a rule of edition `year` is read: the current edition's page, or an older edition's own."""
    return urls.rule_url(language, rule_id) if year == CURRENT_EDITION else urls.older_rule_url(language, rule_id, year)


def edition_text(wb: Workbench, language: str, year: str):
    """(edition, its language): edition `year` in the page's language when it is stored, else in English
    (the 2017 edition is kept in English only)."""
    edition = wb.rulebook.editions.get((year, language))
    return (edition, language) if edition is not None else (wb.rulebook.edition("en", year), "en")


def editions_page(wb: Workbench, language: str, old_year: str, new_year: str) -> str:
    """Every rule of edition `old_year`, its number in `new_year` and what changed."""
    t = Page(wb, language, (old_year, new_year))
    found = wb.changes(old_year, new_year)
    new_edition, new_language = edition_text(wb, language, new_year)
    old_edition, old_language = edition_text(wb, language, old_year)
    covered = {n for c in found for n in c.new}
    uncovered = [r for r in wb.rulebook.edition("en", new_year).all_rules() if r.id not in covered]
    return render("workbench/editions.md.j2", t=t, **_front(t.q("editions_title")), language=language,
                  changes=found, edition=new_edition, new_language=new_language, uncovered=uncovered,
                  old_edition=old_edition, old_language=old_language,
                  partial=any(c.status == "not-in-source" for c in found), old_year=old_year, new_year=new_year,
                  new_url=lambda rid: edition_rule_link(language, rid, new_year),
                  old_url=lambda rid, redline=False: urls.older_rule_url(language, rid, old_year, redline))


def older_rule_page(wb: Workbench, language: str, year: str, rule_id: str) -> str:
    """A rule of an older edition, in the page's language when that edition has it, with its redline to
    its successor(s) in the next edition."""
    following = next_edition(year)
    t = Page(wb, language, (year, following))
    old, old_language = edition_text(wb, language, year)
    rule = old.rule(rule_id)
    change = next(c for c in wb.changes(year, following) if c.old == rule_id)
    english = wb.rulebook.edition("en", year).rule(rule_id)
    redlines = [(new_id, rule_redline(wb.rulebook, rule_id, new_id, year, following)) for new_id in change.new
                if english.has_text]
    following_edition, _ = edition_text(wb, language, following)
    title = t.q("older_rule_title", rule=rule_id, title=rule.title.text)
    # An edition kept in English only has its title quoted as English in the heading of every
    # language's page, marked so (the page title stays text, for <title> and the navigation).
    slot = "\ue000"
    heading = markdown_heading(t.q("older_rule_title", rule=rule_id, title=slot)).replace(
        slot, in_language(markdown_heading(rule.title.text), old_language))
    return render("workbench/older_rule.md.j2", t=t, **_front(title), heading=heading, language=language,
                  text_language=old_language, rule=rule, change=change, redlines=redlines,
                  new_titles={n: following_edition.rule(n).title.text for n in change.new},
                  new_url=lambda rid: edition_rule_link(language, rid, following),
                  editions_url=urls.editions_url(language, year, following))


STATUSES = get_args(Status)


def pending_editions(rulebook: Rulebook) -> list[str]:
    """Editions added by `rulebook edition add` and not yet published (newer than the current one)."""
    return sorted(year for year, language in rulebook.editions if language == "en" and year > CURRENT_EDITION
                  and (rulebook.root / "rulebook" / year / MAPPING).is_file())


def pending_report(rulebook: Rulebook, year: str) -> dict:
    """What an added edition leaves to a person, for the maintainers' part of the editions page: the
    report `rulebook edition report` prints, or the one-line error that stops it."""
    from ..editions_next import EditionError, edition_report   # the aligner and remapping: only when an edition waits
    try:
        report = edition_report(rulebook.root, year)
    except EditionError as error:
        return {"year": year, "error": str(error)}
    kinds = [(level, [(kind, n) for kind, n in counts.items() if n]) for level, counts in report.kinds.items()]
    return {"year": year, "error": "", "report": report, "kinds": kinds,
            "recheck": sorted({name for item in report.remapped for name in item.recheck})}


def editions_index_page(wb: Workbench, language: str) -> str:
    """Every published edition, every comparison, and for maintainers what an added edition waits for."""
    t = Page(wb, language)
    comparisons = []
    for old, new in pairs():
        counts = Counter(c.status for c in wb.changes(old, new))
        comparisons.append((old, new, [(status, counts[status]) for status in STATUSES if counts[status]]))

    def q_years(old: str, new: str, key: str) -> str:
        return Page(wb, language, (old, new)).q(key)

    return render("workbench/editions_index.md.j2", t=t, **_front(t.q("editions_index_title")), language=language,
                  published=PUBLISHED_EDITIONS, current=CURRENT_EDITION, comparisons=comparisons, q_years=q_years,
                  pair_url=lambda old, new: urls.editions_url(language, old, new),
                  pending=wb.pending)


# ---------------------------------------------------------------------------------- page registry

def workbench_pages(rulebook: Rulebook, strings: Strings) -> dict[str, str]:
    """Relative path under the generated folder → Markdown, every workbench page of every language."""
    wb = Workbench(rulebook, strings)
    pages: dict[str, str] = {}
    for language in ALL_LANGUAGES:
        pages[f"qa.{language}.md"] = qa_page(wb, language)
        pages[f"source-notes.{language}.md"] = render("workbench/moved.md.j2", title=Page(wb, language).q("qa_title"),
                                                      target=urls.qa_url(language) + "#recorded")
        pages[f"compare/index.{language}.md"] = compare_index_page(wb, language)
        for rule in rulebook.edition("en").all_rules():
            pages[f"compare/{urls.rule_path(rule.id).rstrip('/')}.{language}.md"] = compare_page(wb, language, rule.id)
        pages[f"editions/index.{language}.md"] = editions_index_page(wb, language)
        for old_year, new_year in pairs():
            pages[f"editions/{old_year}-{new_year}.{language}.md"] = editions_page(wb, language, old_year, new_year)
        for year in OLDER_EDITIONS:
            for rule in rulebook.edition("en", year).all_rules():
                pages[f"{year}/{urls.rule_path(rule.id).rstrip('/')}.{language}.md"] = \
                    older_rule_page(wb, language, year, rule.id)
    return pages
