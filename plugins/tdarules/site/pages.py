"""Model objects → page Markdown (with HTML for the rule text). No MkDocs import here on purpose:
the generator must outlive MkDocs (Material's end of life is announced for 2027-05-05).

Each page type is a template under `templates/pages/` and a view function here that picks the model
objects it shows; the markup is in the templates (autoescaped), the rule text's links in `markup.py`.
`all_pages` is the page list: a new page type is one more line there.
"""
from __future__ import annotations

import re


from ..loader import Rulebook
from ..model import ALL_LANGUAGES, AddendumEntry, Edition, Part, Rule
from ..strings import Strings
from .. import urls
from .calculators import calculator_views, calculators_for_rule, calculators_page, engine_page
from . import glossary
from .markup import latin_marked
from .context import Context
from .templating import macros, render
from ..printing.builder import builder_page


def rule_page(rule: Rule, ctx: Context) -> str:
    """Markdown of one rule or procedure page: front matter, heading, then the text as HTML."""
    order = reading_order(ctx.edition)
    index = order.index(rule.id)
    title = f"{ctx.rule_label(rule)}: {rule.title.text}"
    addendum = [entry for entry in ctx.edition.addendum.values() if entry.rule_id == rule.id]
    return render(
        "pages/rule.md", ctx=ctx, title=title, meta={"rule": rule.id}, rule=rule,
        section=ctx.edition.section_of(rule.id),
        formerly=formerly(rule, ctx),
        companion=default_companion(rule, ctx),
        companion_labels={"label": ctx.s("companion"), "none": ctx.s("companion_none"),
                          "loading": ctx.s("companion_loading"), "failed": ctx.s("companion_failed")},
        addendum=addendum, english_examples=english_examples(ctx, addendum),
        calculators=calculator_views(calculators_for_rule(rule.id, ctx.strings), ctx),
        prev=ctx.edition.rule(order[index - 1]) if index > 0 else None,
        next=ctx.edition.rule(order[index + 1]) if index + 1 < len(order) else None,
    )


def english_examples(ctx: Context, entries=None) -> dict[str, dict[str, str]]:
    """{entry id: {label: English example HTML}} for the examples this language's source has no text
    for (of `entries`, or of the whole addendum): shown in their place (marked lang="en"), so an
    example never opens to an empty box."""
    if ctx.language == "en":
        return {}
    english = ctx.english
    text = macros("macros/text.html", ctx=english)
    out: dict[str, dict[str, str]] = {}
    for entry in ctx.edition.addendum.values() if entries is None else entries:
        en_entry = english.edition.addendum.get(entry.id)
        for label, example in entry.examples.items():
            en_example = en_entry.examples.get(label) if en_entry else None
            if not example.blocks and en_example and en_example.blocks:
                out.setdefault(entry.id, {})[label] = text.blocks(en_example.blocks, entry.rule_id, None)
    return out


def default_companion(rule: Rule, ctx: Context) -> dict[str, str] | None:
    """The English beside a zh/ru rule (the companion column's default), rendered into the page:
    no request and no layout shift when it arrives. {"": text before the parts, letter: part}.
    Another choice of companion is fetched by rules.js (/data/2024/<lang>/rules/<id>.json)."""
    if ctx.language == "en":
        return None
    english = ctx.english
    en_rule = english.edition.rule(rule.id)
    if en_rule is None:
        return None
    text = macros("macros/text.html", ctx=english)
    out = {letter: text.blocks(part.blocks, rule.id, None) for letter, part in en_rule.parts.items() if part.blocks}
    if en_rule.blocks:
        out[""] = text.blocks(en_rule.blocks, rule.id, None)
    return out


def formerly(rule: Rule, ctx: Context) -> list[tuple[str, tuple[str, ...], bool]]:
    """[("2017", ("46",), True)]: the rule's history, newest first: its numbers in each older edition that
    had it (through the rulebook's successions), each leading to that edition's page, at its redline when
    the older source has the text to compare. Floor staff still cite the old numbers; a rule whose number
    stayed links to its older wording the same way."""
    out = []
    for year, ids in ctx.rulebook.history(rule.id):
        older = ctx.rulebook.edition("en", year).rule(ids[0])
        out.append((year, ids, older.has_text))
    return out


def reading_order(edition: Edition) -> list[str]:
    return [*edition.rules, *edition.procedures]


def home_page(ctx: Context) -> str:
    edition = ctx.edition
    from ..printing.links import downloads_view
    # the number box's bounds, from the edition: a new edition may have more rules
    last_rule = max(int(rule_id) for rule_id in edition.rules)
    last_procedure = max(int(rule_id.removeprefix("RP-")) for rule_id in edition.procedures)
    return render("pages/home.md", ctx=ctx, title=edition.title.text, meta={}, edition=edition,
                  last_rule=last_rule, last_procedure=last_procedure,
                  part_index=part_index(edition), downloads=downloads_view(ctx),
                  section_rules={s.id: [edition.rule(r) for r in s.rules] for s in edition.sections})


def part_index(edition: Edition) -> dict[str, list[str]]:
    """For the number box: every rule id and its part letters, so it can tell 43-Z is not a part."""
    return {rule.id: list(rule.parts) for rule in edition.all_rules()}


def addendum_page(ctx: Context) -> str:
    heading = ctx.edition.headings.get("addendum_preamble")
    return render("pages/addendum.md", ctx=ctx, title=heading.text if heading else ctx.s("addendum"), meta={},
                  edition=ctx.edition, heading=heading, english_examples=english_examples(ctx))


_CYRILLIC = re.compile("[\u0400-\u04FF]")


def glossary_page(ctx: Context) -> str:
    chinese = "zh-Hans" if ctx.language == "zh-Hans" else "zh-Hant"
    languages = [ctx.language] + [lang for lang in ("en", chinese, "ru") if lang != ctx.language]
    terms = []
    headwords = {term.id: glossary.headword(term, ctx.language) for term in ctx.rulebook.glossary}
    for term in sorted(ctx.rulebook.glossary, key=lambda t: headwords[t.id].lower()):
        # Abbreviations go with the language they are written in ("SA" English, "СД" Russian): lang is right.
        cyrillic = [a for a in term.abbreviations if _CYRILLIC.search(a)]
        latin = [a for a in term.abbreviations if not _CYRILLIC.search(a)]
        terms.append({"id": term.id, "rules": term.rules, "headword": latin_marked(headwords[term.id], ctx.language),
                      "rendered": {lang: [latin_marked(v, lang) for v in glossary.renderings(term, lang)] for lang in languages},
                      "abbreviations": {"en": latin, "ru": cyrillic},
                      "quote": glossary.defining_sentence(term, ctx.edition, ctx.language)})
    return render("pages/glossary.md", ctx=ctx, title=ctx.s("glossary"), meta={}, languages=languages, terms=terms)


# ---------------------------------------------------------------- JSON export

def edition_json(ctx: Context) -> dict:
    """The edition as data for other apps and the offline cache: same ids and URLs as the pages,
    plain text plus the rendered HTML (links included) so a client need not re-parse references."""
    edition = ctx.edition
    text = macros("macros/text.html", ctx=ctx)
    rule_macros = macros("macros/rule.html", ctx=ctx)
    english = english_examples(ctx)

    def blocks(items, rule_id):
        return [{"kind": b.kind, "text": b.text, "marker": b.marker, "by": b.by,
                 "defects": [d.model_dump() for d in b.defects]} for b in items], str(text.blocks(items, rule_id, None))

    def rule_data(rule: Rule):
        text_blocks, text_html = blocks(rule.blocks, rule.id)
        return {"id": rule.id, "title": rule.title.text, "title_by": rule.title.by, "url": urls.rule_url(ctx.language, rule.id),
                "edition_url": urls.edition_rule_url(ctx.language, rule.id),        # what a printed sheet names
                "blocks": text_blocks, "html": text_html,
                "parts": {letter: part_data(rule, letter, part) for letter, part in rule.parts.items()}}

    def part_data(rule: Rule, letter: str, part: Part):
        text_blocks, text_html = blocks(part.blocks, rule.id)
        return {"anchor": urls.part_anchor(rule.id, letter), "url": urls.rule_url(ctx.language, rule.id, letter),
                "blocks": text_blocks, "defects": [d.model_dump() for d in part.defects],
                "html": text_html or str(text.missing_part())}

    def addendum_data(entry: AddendumEntry):
        return {"id": entry.id, "url": urls.addendum_url(ctx.language, entry.id),
                "html": str(rule_macros.addendum(entry, open_examples=True, english=english.get(entry.id))),
                "examples": {label: {"anchor": urls.example_anchor(entry.id, label),
                                     "blocks": blocks(ex.blocks, entry.rule_id)[0]}
                             for label, ex in entry.examples.items()}}

    return {
        "edition": edition.edition, "version": edition.version, "language": ctx.language,
        "converted_from": edition.converted_from, "source": edition.source,
        "sections": [{"id": s.id, "title": s.title.text, "rules": list(s.rules)} for s in edition.sections],
        "rules": {r.id: rule_data(r) for r in edition.rules.values()},
        "procedures": {r.id: rule_data(r) for r in edition.procedures.values()},
        "addendum": {a.id: addendum_data(a) for a in edition.addendum.values()},
    }


# ---------------------------------------------------------------- the page list

# file name pattern (per language) → view. A new page type: a template, a view function, a line here.
LANGUAGE_PAGES = [
    ("index.{language}.md", home_page),
    ("addendum.{language}.md", addendum_page),
    ("glossary.{language}.md", glossary_page),
    ("calculators.{language}.md", calculators_page),
    ("calculators/engine.{language}.md", engine_page),
    ("print.{language}.md", builder_page),
]


def all_pages(rulebook: Rulebook, strings: Strings, downloads=()) -> dict[str, str]:
    """Relative path under the generated folder → Markdown, for every language."""
    pages: dict[str, str] = {}
    for language in ALL_LANGUAGES:
        ctx = Context(rulebook, language, strings, list(downloads))
        for name, view in LANGUAGE_PAGES:
            pages[name.format(language=language)] = view(ctx)
        for rule in ctx.edition.all_rules():
            pages[urls.page_file(rule.id, language)] = rule_page(rule, ctx)
    from .workbench import workbench_pages          # QA (absorbs source notes), compare, editions
    pages.update(workbench_pages(rulebook, strings))
    return pages
