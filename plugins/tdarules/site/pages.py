"""Model objects → page Markdown (with HTML for the rule text). No MkDocs import here on purpose:
the generator must outlive MkDocs (Material's end of life is announced for 2027-05-05).

Every string from the data goes through `html.escape`; links come only from parsed cross-references
and glossary matches, never from text.
"""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field

from .. import urls
from ..crossrefs import find_refs
from ..defects import iter_defects
from ..chinese import simplified
from ..loader import Rulebook
from ..model import ALL_LANGUAGES, AddendumEntry, Edition, Part, Rule, Text
from ..strings import Strings

YEAR = "2024"
# Material's "link" icon inline: emoji glyphs are missing from many phones' and servers' fonts.
LINK_ICON = ('<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" '
             'd="M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7a5 5 0 0 0 0 10h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1M8 13h8v-2H8'
             'v2m9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4a5 5 0 0 0 0-10"/></svg>')


@dataclass
class Context:
    """What rendering one language needs: its edition, the English edition, strings and indexes."""
    rulebook: Rulebook
    language: str
    strings: Strings
    downloads: list = field(default_factory=list)             # PDFs for the home page (printing.pdf.Generated)
    edition: Edition = field(init=False)
    referenced_by: dict[str, list[tuple[str, str | None]]] = field(init=False)
    terms: list[tuple[str, str, str]] = field(init=False)     # (variant, term id, tooltip), longest first

    def __post_init__(self):
        self.edition = self.rulebook.edition(self.language)
        self.referenced_by = referenced_by(self.rulebook.edition("en"))
        self.terms = glossary_matchers(self.rulebook, self.language)

    def s(self, key: str, **params) -> str:
        return self.strings.get(key, self.language, **params)


def referenced_by(edition: Edition) -> dict[str, list[tuple[str, str | None]]]:
    """rule id → [(citing rule id, citing part)], from the English text (the governing one)."""
    index: dict[str, list[tuple[str, str | None]]] = {}
    for rule in edition.all_rules():
        for part_id, block in rule.all_blocks():
            for ref in find_refs(block.text, "en"):
                for target in ref.rules:                 # a range cites every rule in it
                    if target != rule.id and (rule.id, part_id) not in index.setdefault(target, []):
                        index[target].append((rule.id, part_id))
    return index


def glossary_matchers(rulebook: Rulebook, language: str) -> list[tuple[str, str, str]]:
    field_name = {"en": "en", "zh-Hant": "zh_hant", "zh-Hans": "zh_hant", "ru": "ru"}[language]
    out = []
    for term in rulebook.glossary:
        tooltip = " · ".join(dict.fromkeys([term.en[0], term.zh_hant[0], simplified(term.zh_hant[0]), term.ru[0]]))
        for variant in getattr(term, field_name):
            shown = simplified(variant) if language == "zh-Hans" else variant
            if len(shown) >= 2:
                out.append((shown, term.id, tooltip))
    return sorted(out, key=lambda item: -len(item[0]))


# ---------------------------------------------------------------- inline text

def render_text(text: str, ctx: Context, rule_id: str | None, used_terms: set[str] | None = None) -> str:
    """Escaped text with cross-references as links and the first mention of each glossary term explained."""
    out: list[str] = []
    position = 0
    for ref in find_refs(text, ctx.language):
        out.append(_with_terms(text[position:ref.start], ctx, used_terms))
        href = ref_href(ref, ctx.language, rule_id, ctx.edition)
        label = html.escape(text[ref.start:ref.end])
        out.append(f'<a class="tda-ref" href="{html.escape(href)}">{label}</a>' if href else
                   f'<span class="tda-ref-broken">{label}</span>')
        position = ref.end
    out.append(_with_terms(text[position:], ctx, used_terms))
    return "".join(out)


def ref_href(ref, language: str, rule_id: str | None, edition: Edition) -> str | None:
    if ref.kind == "addendum":
        target = ref.rule or rule_id
        entry = next((a for a in edition.addendum.values() if a.rule_id == target), None)
        return urls.addendum_url(language, entry.id) if entry else None
    if not ref.rule or edition.rule(ref.rule) is None:
        return None
    rule = edition.rule(ref.rule)
    part = ref.part if ref.part and ref.part in rule.parts else None
    return urls.rule_url(language, ref.rule, part)


def _with_terms(text: str, ctx: Context, used: set[str] | None) -> str:
    if used is None or not text:
        return html.escape(text)
    lowered = text.lower()
    spans: list[tuple[int, int, str, str]] = []
    for variant, term_id, tooltip in ctx.terms:
        if term_id in used:
            continue
        start = lowered.find(variant.lower())
        if start < 0 or any(s < start + len(variant) and start < e for s, e, _, _ in spans):
            continue
        if ctx.language in ("en", "ru") and not _word_bounded(text, start, start + len(variant)):
            continue
        used.add(term_id)
        spans.append((start, start + len(variant), term_id, tooltip))
    out, position = [], 0
    for start, end, term_id, tooltip in sorted(spans):
        out.append(html.escape(text[position:start]))
        out.append(f'<a class="tda-term" href="{urls.glossary_url(ctx.language, term_id)}" '
                   f'title="{html.escape(tooltip)}">{html.escape(text[start:end])}</a>')
        position = end
    out.append(html.escape(text[position:]))
    return "".join(out)


def _word_bounded(text: str, start: int, end: int) -> bool:
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() or after.isalnum())


def ours_mark(unit: Text, ctx: Context, *, title: bool = True) -> str:
    if unit.by != "ours":
        return ""
    label = html.escape(ctx.s("ours_title" if title else "ours_text"))
    return f'<span class="tda-ours" title="{label}" aria-label="{label}">✎</span>'


def provenance_marks(unit: Text, ctx: Context, *, title: bool = False) -> str:
    """Visible marks for text written by us and for recorded source defects."""
    return ours_mark(unit, ctx, title=title) + "".join(defect_mark(d, ctx) for d in unit.defects)


def defect_mark(defect, ctx: Context) -> str:
    kind = ctx.s(f"defect_kinds.{defect.kind}")
    label = f"{ctx.s('defect')}: {kind}" + (f" — {defect.note}" if defect.note else "")
    return (f'<span class="tda-defect" data-kind="{defect.kind}" tabindex="0" title="{html.escape(label)}" '
            f'aria-label="{html.escape(label)}">⚠</span>')


def render_blocks(blocks, ctx: Context, rule_id: str | None, used: set[str] | None) -> str:
    """Paragraphs, notes and numbered lists; consecutive items form one list."""
    out: list[str] = []
    items: list[str] = []

    def flush():
        if items:
            out.append('<ol class="tda-list">' + "".join(items) + "</ol>")
            items.clear()

    for block in blocks:
        body = render_text(block.text, ctx, rule_id, used) + provenance_marks(block, ctx)
        if block.kind == "item":
            items.append(f'<li><span class="tda-marker">{html.escape(block.marker or "")}</span> {body}</li>')
            continue
        flush()
        css = "tda-note" if block.kind == "note" else "tda-p"
        out.append(f'<p class="{css}">{body}</p>')
    flush()
    return "".join(out)


# ---------------------------------------------------------------- pages

def rule_label(rule: Rule, ctx: Context) -> str:
    return rule.id if rule.kind == "procedure" else f"{ctx.s('rule')} {rule.id}"


def citation(rule_id: str, ctx: Context, part: str | None = None) -> str:
    target = f"{rule_id}-{part}" if part else rule_id
    key = "citation_rp" if rule_id.startswith("RP-") else "citation"
    return ctx.s(key, edition=YEAR, target=target)


def missing_part_html(ctx: Context) -> str:
    return f'<p class="tda-missing">{html.escape(ctx.s("missing_part"))}</p>'


def part_html(rule: Rule, letter: str, part: Part, ctx: Context, used: set[str]) -> str:
    anchor = urls.part_anchor(rule.id, letter)
    body = render_blocks(part.blocks, ctx, rule.id, used)
    if not part.blocks:
        body = missing_part_html(ctx)
    marks = "".join(defect_mark(d, ctx) for d in part.defects)
    copy = html.escape(ctx.s("copy_link", target=anchor))
    cite = html.escape(citation(rule.id, ctx, letter))
    return (f'<section class="tda-part" id="{anchor}" data-part="{letter}">'
            f'<div class="tda-part-head"><a class="tda-part-label" href="#{anchor}">{letter}</a>{marks}'
            f'<button type="button" class="tda-copy" data-copy="link" data-anchor="{anchor}" aria-label="{copy}" title="{copy}">{LINK_ICON}</button>'
            f'<button type="button" class="tda-copy" data-copy="citation" data-citation="{cite}" '
            f'aria-label="{html.escape(ctx.s("copy_citation"))}: {cite}" title="{html.escape(ctx.s("copy_citation"))}">❝</button></div>'
            f'<div class="tda-part-text">{body}</div></section>')


def example_label(label: str, ctx: Context) -> str:
    if label.startswith("Situation "):
        return ctx.s("situation", label=label.removeprefix("Situation "))
    return ctx.s("example", label=label)


def addendum_html(entry: AddendumEntry, ctx: Context, *, open_examples: bool) -> str:
    used: set[str] = set()
    title = ""
    if entry.title:
        title = html.escape(entry.title.text) + provenance_marks(entry.title, ctx, title=True)
    out = [f'<section class="tda-addendum" id="{urls.addendum_anchor(entry.id)}" data-addendum="{entry.id}">',
           f'<h2>{html.escape(ctx.s("addendum"))}: {html.escape(entry.id)} <small>{title}</small></h2>',
           render_blocks(entry.blocks, ctx, entry.rule_id, used)]
    for label, example in entry.examples.items():
        anchor = urls.example_anchor(entry.id, label)
        marks = "".join(defect_mark(d, ctx) for d in example.defects)
        out.append(f'<details class="tda-example" id="{anchor}"{" open" if open_examples else ""}>'
                   f'<summary>{html.escape(example_label(label, ctx))}{marks}</summary>'
                   f'{render_blocks(example.blocks, ctx, entry.rule_id, used)}</details>')
    out.append("</section>")
    return "".join(out)


def rule_page(rule: Rule, ctx: Context) -> str:
    """Markdown of one rule or procedure page: front matter, heading, then the text as HTML."""
    used: set[str] = set()
    edition = ctx.edition
    section = edition.section_of(rule.id)
    head = f"{rule_label(rule, ctx)}: {rule.title.text}"
    body = [
        front_matter(head, ctx, rule=rule.id),
        f"# {md_escape(head)}\n",
        f'<div class="tda-rule" data-rule="{rule.id}" data-lang="{ctx.language}" markdown="0">',
        notices(ctx),
        f'<div class="tda-rule-meta">{provenance_marks(rule.title, ctx, title=True)}'
        + (f'<span class="tda-section">{html.escape(ctx.s("section"))}: '
           f'<a href="/{ctx.language}/#section-{section.id}">{html.escape(section.title.text)}</a>'
           f'{provenance_marks(section.title, ctx, title=True)}</span>' if section else "")
        + formerly(rule, ctx)
        + f'<button type="button" class="tda-copy" data-copy="citation" data-citation="{html.escape(citation(rule.id, ctx))}">'
          f'❝ {html.escape(ctx.s("copy_citation"))}</button></div>',
        '<div class="tda-companion-bar" hidden></div>',
        '<script type="application/json" id="tda-companion-labels">'
        + json.dumps({"label": ctx.s("companion"), "none": ctx.s("companion_none"),
                      "loading": ctx.s("companion_loading"), "failed": ctx.s("companion_failed")},
                     ensure_ascii=False).replace("</", "<\\/") + "</script>",
        f'<section class="tda-part tda-body" id="{rule.id}-text" data-part="">{render_blocks(rule.blocks, ctx, rule.id, used)}</section>'
        if rule.blocks else "",
    ]
    body += [part_html(rule, letter, part, ctx, used) for letter, part in rule.parts.items()]
    if rule.after:
        body.append(f'<section class="tda-part" data-part="after">{render_blocks(rule.after, ctx, rule.id, used)}</section>')
    for entry in edition.addendum.values():
        if entry.rule_id == rule.id:
            body.append(addendum_html(entry, ctx, open_examples=False))
    from .calculators import rule_widgets
    body.append(rule_widgets(rule.id, ctx))
    body.append(references_html(rule, ctx))
    body.append(prev_next(rule, ctx))
    body.append("</div>\n")
    return "\n".join(b for b in body if b)


def formerly(rule: Rule, ctx: Context) -> str:
    """'2017: Rule 46' for floor staff who still cite the old numbers (from the renumbering data)."""
    old = [entry.old for entry in ctx.rulebook.renumbering if entry.new == rule.id and entry.old != rule.id]
    if not old:
        return ""
    return f'<span class="tda-formerly">{html.escape(ctx.s("formerly", rules=", ".join(old)))}</span>'


def references_html(rule: Rule, ctx: Context) -> str:
    citing = ctx.referenced_by.get(rule.id, [])
    out = [f'<section class="tda-referenced-by"><h2 id="referenced-by">{html.escape(ctx.s("referenced_by"))}</h2>']
    if not citing:
        out.append(f'<p>{html.escape(ctx.s("no_references"))}</p>')
    else:
        links = []
        for rule_id, part in citing:
            target = ctx.edition.rule(rule_id)
            name = f"{rule_id}-{part}" if part else rule_id
            title = html.escape(target.title.text) if target else ""
            links.append(f'<li><a href="{urls.rule_url(ctx.language, rule_id, part)}">{html.escape(name)}</a> {title}</li>')
        out.append('<ul class="tda-ref-list">' + "".join(links) + "</ul>")
    out.append("</section>")
    return "".join(out)


def reading_order(edition: Edition) -> list[str]:
    return [*edition.rules, *edition.procedures]


def prev_next(rule: Rule, ctx: Context) -> str:
    order = reading_order(ctx.edition)
    index = order.index(rule.id)
    links = []
    if index > 0:
        prev = ctx.edition.rule(order[index - 1])
        links.append(f'<a class="tda-prev" rel="prev" href="{urls.rule_url(ctx.language, prev.id)}">← {html.escape(ctx.s("previous"))}: {html.escape(rule_label(prev, ctx))}</a>')
    if index + 1 < len(order):
        nxt = ctx.edition.rule(order[index + 1])
        links.append(f'<a class="tda-next" rel="next" href="{urls.rule_url(ctx.language, nxt.id)}">{html.escape(ctx.s("next"))}: {html.escape(rule_label(nxt, ctx))} →</a>')
    return '<nav class="tda-prev-next">' + "".join(links) + "</nav>"


def notices(ctx: Context) -> str:
    out = []
    if ctx.language != "en":
        out.append(f'<p class="tda-governs">{html.escape(ctx.s("english_governs"))}</p>')
    if ctx.edition.converted_from:
        out.append(f'<p class="tda-converted">{html.escape(ctx.s("converted"))}</p>')
    return "".join(out)


def front_matter(title: str, ctx: Context, **extra) -> str:
    data = {"title": title, **{k: v for k, v in extra.items() if v is not None}}
    return "---\n" + "".join(f"{k}: {json.dumps(v, ensure_ascii=False)}\n" for k, v in data.items()) + "---\n"


def md_escape(text: str) -> str:
    return html.escape(re.sub(r"([\\`*_\[\]#<>])", r"\\\1", text), quote=False)


def home_page(ctx: Context) -> str:
    edition = ctx.edition
    out = [front_matter(edition.title.text, ctx), f"# {md_escape(edition.title.text)}\n",
           '<div class="tda-home" markdown="0">', notices(ctx),
           '<form class="tda-goto" role="search" data-valid-rules="1-71" data-valid-procedures="1-22">'
           f'<label for="tda-goto-input">{html.escape(ctx.s("goto_label"))}</label>'
           f'<input id="tda-goto-input" name="rule" inputmode="text" autocomplete="off" autocapitalize="characters" '
           f'placeholder="{html.escape(ctx.s("goto_placeholder"))}" '
           f'data-msg-invalid="{html.escape(ctx.s("goto_invalid", value="{value}"))}" '
           f'data-msg-no-part="{html.escape(ctx.s("goto_no_part", rule="{rule}", part="{part}"))}">'
           f'<button type="submit">{html.escape(ctx.s("goto_button"))}</button>'
           '<p class="tda-goto-error" role="alert" aria-live="polite"></p></form>',
           f'<script type="application/json" id="tda-parts">{json.dumps(part_index(edition))}</script>']
    for section in edition.sections:
        out.append(f'<h2 id="section-{section.id}">{html.escape(section.title.text)}{provenance_marks(section.title, ctx, title=True)}</h2>')
        out.append(rule_list([edition.rule(r) for r in section.rules], ctx))
    heading = edition.headings.get("procedures_preamble")
    out.append(f'<h2 id="section-procedures">{html.escape(heading.text if heading else ctx.s("procedures"))}'
               f'{provenance_marks(heading, ctx, title=True) if heading else ""}</h2>')
    out.append(render_blocks(edition.procedures_preamble, ctx, None, None))
    out.append(rule_list(list(edition.procedures.values()), ctx))
    from ..printing.links import downloads_html
    out.append(downloads_html(ctx))
    out.append(f'<h2 id="about">{html.escape(ctx.s("about_title"))}</h2>')
    out.append(f'<p>{html.escape(ctx.s("about_text"))}</p>')
    out.append(f'<p>{html.escape(ctx.s("use_text"))}</p>')
    out.append(f'<h3 id="sources">{html.escape(ctx.s("sources_title"))}</h3><p>{html.escape(ctx.s("sources_text"))}</p>')
    heading = edition.headings.get("preamble")
    if edition.preamble:
        out.append(f'<h3>{html.escape(heading.text) if heading else ""}{provenance_marks(heading, ctx, title=True) if heading else ""}</h3>')
        out.append(render_blocks(edition.preamble, ctx, None, None))
    for block in edition.notice:
        out.append(f'<p class="tda-source-notice">{html.escape(block.text)}</p>')
    out.append(f'<p><a href="/{ctx.language}/addendum/">{html.escape(ctx.s("addendum"))}</a> · '
               f'<a href="/{ctx.language}/glossary/">{html.escape(ctx.s("glossary"))}</a> · '
               f'<a href="/{ctx.language}/source-notes/">{html.escape(ctx.s("source_notes"))}</a> · '
               f'<a href="{urls.data_url(ctx.language)}">{html.escape(ctx.s("data_export"))}</a></p>')
    out.append("</div>\n")
    return "\n".join(out)


def part_index(edition: Edition) -> dict[str, list[str]]:
    """For the number box: every rule id and its part letters, so it can tell 43-Z is not a part."""
    return {rule.id: list(rule.parts) for rule in edition.all_rules()}


def rule_list(rules: list[Rule], ctx: Context) -> str:
    # Lists show only whether a title is ours; its defects are on the rule page, where they can be read.
    items = [f'<li><a href="{urls.rule_url(ctx.language, r.id)}"><span class="tda-num">{html.escape(r.id)}</span> '
             f'{html.escape(r.title.text)}</a>{ours_mark(r.title, ctx)}</li>' for r in rules]
    return '<ul class="tda-rule-list">' + "".join(items) + "</ul>"


def addendum_page(ctx: Context) -> str:
    edition = ctx.edition
    heading = edition.headings.get("addendum_preamble")
    title = heading.text if heading else ctx.s("addendum")
    out = [front_matter(title, ctx), f"# {md_escape(title)}\n", '<div class="tda-addendum-page" markdown="0">', notices(ctx)]
    if heading:
        out.append(provenance_marks(heading, ctx, title=True))
    out.append(render_blocks(edition.addendum_preamble, ctx, None, None))
    for entry in edition.addendum.values():
        rule = edition.rule(entry.rule_id)
        link = urls.rule_url(ctx.language, entry.rule_id, entry.part_id)
        out.append(f'<p class="tda-addendum-target"><a href="{link}">{html.escape(rule_label(rule, ctx))}'
                   f'{"-" + entry.part_id if entry.part_id else ""}: {html.escape(rule.title.text)}</a></p>')
        out.append(addendum_html(entry, ctx, open_examples=True).replace(
            f'id="{urls.addendum_anchor(entry.id)}"', f'id="page-{urls.addendum_anchor(entry.id)}"'))
    out.append("</div>\n")
    return "\n".join(out)


def glossary_page(ctx: Context) -> str:
    title = ctx.s("glossary")
    rows = []
    for term in sorted(ctx.rulebook.glossary, key=lambda t: t.en[0].lower()):
        zh = [simplified(v) for v in term.zh_hant] if ctx.language == "zh-Hans" else list(term.zh_hant)
        rules = ", ".join(f'<a href="{urls.rule_url(ctx.language, r)}">{html.escape(r)}</a>' for r in term.rules)
        abbreviations = f' <span class="tda-abbr">({html.escape(", ".join(term.abbreviations))})</span>' if term.abbreviations else ""
        rows.append(f'<tr id="term-{term.id}"><td lang="en">{html.escape(" / ".join(term.en))}{abbreviations}</td>'
                    f'<td lang="{"zh-Hans" if ctx.language == "zh-Hans" else "zh-Hant"}">{html.escape(" / ".join(zh))}</td>'
                    f'<td lang="ru">{html.escape(" / ".join(term.ru))}</td><td>{rules}</td></tr>')
    languages = ["en", "zh-Hans" if ctx.language == "zh-Hans" else "zh-Hant", "ru"]
    header = "".join(f"<th>{html.escape(ctx.strings.get('language_name', lang))}</th>" for lang in languages)
    return "\n".join([front_matter(title, ctx), f"# {md_escape(title)}\n", '<div class="tda-glossary" markdown="0">',
                      f'<p>{html.escape(ctx.s("glossary_intro"))} <span class="tda-ours">✎ {html.escape(ctx.s("ours_text"))}</span></p>',
                      f'<div class="tda-table-scroll"><table><thead><tr>{header}<th>{html.escape(ctx.s("defined_in"))}</th></tr></thead>',
                      "<tbody>" + "".join(rows) + "</tbody></table></div></div>\n"])


# ---------------------------------------------------------------- JSON export

def edition_json(ctx: Context) -> dict:
    """The edition as data for other apps and the offline cache: same ids and URLs as the pages,
    plain text plus the rendered HTML (links included) so a client need not re-parse references."""
    edition = ctx.edition

    def blocks(items, rule_id):
        return [{"kind": b.kind, "text": b.text, "marker": b.marker, "by": b.by,
                 "defects": [d.model_dump() for d in b.defects]} for b in items], render_blocks(items, ctx, rule_id, None)

    def rule_data(rule: Rule):
        text, text_html = blocks(rule.blocks, rule.id)
        return {"id": rule.id, "title": rule.title.text, "title_by": rule.title.by, "url": urls.rule_url(ctx.language, rule.id),
                "blocks": text, "html": text_html,
                "parts": {letter: part_data(rule, letter, part) for letter, part in rule.parts.items()}}

    def part_data(rule: Rule, letter: str, part: Part):
        text, text_html = blocks(part.blocks, rule.id)
        return {"anchor": urls.part_anchor(rule.id, letter), "url": urls.rule_url(ctx.language, rule.id, letter),
                "blocks": text, "defects": [d.model_dump() for d in part.defects],
                "html": text_html or missing_part_html(ctx)}

    return {
        "edition": edition.edition, "version": edition.version, "language": ctx.language,
        "converted_from": edition.converted_from, "source": edition.source,
        "sections": [{"id": s.id, "title": s.title.text, "rules": list(s.rules)} for s in edition.sections],
        "rules": {r.id: rule_data(r) for r in edition.rules.values()},
        "procedures": {r.id: rule_data(r) for r in edition.procedures.values()},
        "addendum": {a.id: {"id": a.id, "url": urls.addendum_url(ctx.language, a.id),
                            "html": addendum_html(a, ctx, open_examples=True),
                            "examples": {label: {"anchor": urls.example_anchor(a.id, label),
                                                 "blocks": blocks(ex.blocks, a.rule_id)[0]}
                                         for label, ex in a.examples.items()}}
                     for a in edition.addendum.values()},
    }


def source_notes_page(ctx: Context) -> str:
    """Every recorded defect of this language's text, linked to where it sits: for translators."""
    title = ctx.s("source_notes")
    rows = []
    for item in iter_defects(ctx.edition):
        if item.rule:
            rule = ctx.edition.rule(item.rule)
            href = (urls.addendum_url(ctx.language, item.example.split(" ")[0]) if item.example
                    else urls.rule_url(ctx.language, item.rule, item.part if item.part in rule.parts else None))
            place = f'<a href="{href}">{html.escape(item.example or (f"{item.rule}-{item.part}" if item.part else item.rule))}</a>'
        else:
            place = html.escape(item.where)
        rows.append(f'<tr><td>{place}</td><td data-kind="{item.defect.kind}">{html.escape(ctx.s(f"defect_kinds.{item.defect.kind}"))}</td>'
                    f'<td>{html.escape(item.defect.note)}</td><td>{html.escape(item.excerpt)}</td></tr>')
    header = "".join(f"<th>{html.escape(ctx.s(k))}</th>" for k in ("where", "kind", "note", "excerpt"))
    return "\n".join([front_matter(title, ctx), f"# {md_escape(title)}\n", '<div class="tda-source-notes" markdown="0">',
                      f'<p>{html.escape(ctx.s("source_notes_intro", count=len(rows)))}</p>',
                      f'<div class="tda-table-scroll"><table><thead><tr>{header}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>',
                      "</div>\n"])


def all_pages(rulebook: Rulebook, strings: Strings, downloads=()) -> dict[str, str]:
    """Relative path under the generated folder → Markdown, for every language."""
    pages: dict[str, str] = {}
    for language in ALL_LANGUAGES:
        ctx = Context(rulebook, language, strings, list(downloads))
        pages[f"index.{language}.md"] = home_page(ctx)
        pages[f"addendum.{language}.md"] = addendum_page(ctx)
        pages[f"glossary.{language}.md"] = glossary_page(ctx)
        pages[f"source-notes.{language}.md"] = source_notes_page(ctx)
        from .calculators import calculators_page
        pages[f"calculators.{language}.md"] = calculators_page(ctx)
        from ..printing.builder import builder_page
        pages[f"print.{language}.md"] = builder_page(ctx, front_matter, md_escape)
        for rule in ctx.edition.all_rules():
            pages[urls.page_file(rule.id, language)] = rule_page(rule, ctx)
    return pages
