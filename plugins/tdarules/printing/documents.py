"""The PDF documents: which exist, and each one's HTML (title page, contents, sections, rules) from the
typed model, through the page templates (`templates/pdf/`).

A document is one language or two side by side (rows of parts, English left). Links inside the text
point into the document itself (`#p-43-B`), so cross-references are clickable in the PDF; what the
document leaves out (the handout has no addendum) links to the public site instead.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from markupsafe import Markup

from .. import urls
from ..loader import Rulebook
from ..model import CURRENT_EDITION, Edition, Rule
from ..strings import Strings
from ..site.context import Context
from ..site.templating import macros, render
from ..site_url import printed_base

DATE_PLACEHOLDER = "\x00generated-date\x00"     # replaced after hashing: the date alone never re-renders a PDF


@dataclass(frozen=True)
class Document:
    id: str                        # file name without .pdf
    languages: tuple[str, ...]     # first one governs the layout, the title and <html lang>
    kind: str                      # "full" | "handout" | "selection"
    selection: tuple[tuple[str, tuple[str, ...] | None], ...] = ()   # (rule id, parts or None) when "selection"

    @property
    def filename(self) -> str:
        return f"{self.id}.pdf"


# The file names carry the edition (/pdf/tda-2024-en.pdf): a book of a later edition is another file.
_BOOK = f"tda-{CURRENT_EDITION}"
DOCUMENTS: tuple[Document, ...] = (
    Document(f"{_BOOK}-en", ("en",), "full"),
    Document(f"{_BOOK}-zh-Hant", ("zh-Hant",), "full"),
    Document(f"{_BOOK}-zh-Hans", ("zh-Hans",), "full"),
    Document(f"{_BOOK}-ru", ("ru",), "full"),
    Document(f"{_BOOK}-en-zh-Hant", ("en", "zh-Hant"), "full"),
    Document(f"{_BOOK}-en-ru", ("en", "ru"), "full"),
    Document(f"{_BOOK}-handout-en", ("en",), "handout"),
    Document(f"{_BOOK}-handout-zh-Hant", ("zh-Hant",), "handout"),
    Document(f"{_BOOK}-handout-zh-Hans", ("zh-Hans",), "handout"),
    Document(f"{_BOOK}-handout-ru", ("ru",), "handout"),
)


def documents_for(language: str | None = None) -> list[Document]:
    """Every document, or those that contain this language (what its home page and `--lang` mean)."""
    return [d for d in DOCUMENTS if language is None or language in d.languages]


# ---------------------------------------------------------------- links inside the document

_SITE_HREF = re.compile(r'href="/(?P<lang>[A-Za-z-]+)/(?P<kind>rules|rp)/(?P<num>\d+)/(?:#(?P<anchor>[^"]*))?"')


def rule_anchor(rule_id: str) -> str:
    return f"r-{rule_id}"


def part_anchor(rule_id: str, part: str) -> str:
    return f"p-{rule_id}-{part}"


def addendum_anchor(entry_id: str) -> str:
    return f"a-{entry_id}"


def internal_links(html_text: str, *, has_addendum: bool, site_url: str) -> str:
    """Site links → anchors in this document; addendum links to the site when the document has none."""
    def replace(match: re.Match) -> str:
        rule_id = ("RP-" if match["kind"] == "rp" else "") + match["num"]
        anchor = match["anchor"]
        if anchor and anchor.startswith("addendum-"):
            if has_addendum:
                return f'href="#{addendum_anchor(anchor.removeprefix("addendum-"))}"'
            return f'href="{site_url}{match.group(0)[7:-1]}"'
        if anchor and anchor.startswith(rule_id + "-"):
            return f'href="#{part_anchor(rule_id, anchor.removeprefix(rule_id + "-"))}"'
        return f'href="#{rule_anchor(rule_id)}"'
    return _SITE_HREF.sub(replace, html_text)


# ---------------------------------------------------------------- the view

@dataclass
class Column:
    """One language's piece of a row (a part, the text before the parts, an example)."""
    language: str
    html: Markup


def _cjk_script(languages) -> str | None:
    """Which Noto CJK face the book falls back to: its own Chinese script, or none without Chinese."""
    if "zh-Hans" in languages:
        return "SC"
    return "TC" if "zh-Hant" in languages else None


def document_view(document: Document, rulebook: Rulebook, strings: Strings,
                  site_url: str) -> dict:
    """Everything the template shows, built from the model; no text is written here. Without a public
    `site_url` the addresses printed are site paths (site_url.printed_base)."""
    site_url = printed_base(site_url)
    contexts = [Context(rulebook, language, strings, verbatim_refs=True) for language in document.languages]
    text_macros = {ctx.language: macros("macros/text.html", ctx=ctx) for ctx in contexts}   # the site's own text
    main = contexts[0]
    editions: list[Edition] = [ctx.edition for ctx in contexts]
    full = document.kind in ("full", "selection")
    chosen = dict(document.selection) if document.kind == "selection" else None

    def wanted(rule_id: str) -> bool:
        return chosen is None or rule_id in chosen

    def text(blocks, ctx, rule_id) -> Markup:
        rendered = str(text_macros[ctx.language].blocks(blocks, rule_id, None))
        return Markup(internal_links(rendered, has_addendum=full, site_url=site_url))

    def marked(blocks, ctx, rule_id, defects=()) -> Markup:
        """The text and, as lines under it, the source defects the page marks with ⚠ (a shortened
        translation of 43-A): the page's marks explain themselves on hover, which paper cannot."""
        found = [*defects, *(d for block in blocks for d in block.defects)]
        return text(blocks, ctx, rule_id) + text_macros[ctx.language].defect_notes(found)

    def rows_of(rule_id: str) -> list[dict]:
        rules = [edition.rule(rule_id) for edition in editions]
        first = rules[0]
        rows = []
        if any(r and r.blocks for r in rules):
            rows.append({"anchor": None, "label": "", "columns": [
                Column(ctx.language, marked(r.blocks, ctx, rule_id) if r else Markup(""))
                for ctx, r in zip(contexts, rules)]})
        for letter in first.parts:
            columns = []
            for ctx, rule in zip(contexts, rules):
                part = rule.parts.get(letter) if rule else None
                body = marked(part.blocks, ctx, rule_id, part.defects) if part and part.blocks else \
                    Markup('<p class="missing">') + ctx.s("missing_part") + Markup("</p>")
                columns.append(Column(ctx.language, body))
            rows.append({"anchor": part_anchor(rule_id, letter), "label": letter, "columns": columns})
        if any(r and r.after for r in rules):
            rows.append({"anchor": None, "label": "", "columns": [
                Column(ctx.language, marked(r.after, ctx, rule_id) if r else Markup(""))
                for ctx, r in zip(contexts, rules)]})
        return rows

    def rule_view(rule: Rule) -> dict:
        titles = [(ctx.language, (edition.rule(rule.id) or rule).title.text) for ctx, edition in zip(contexts, editions)]
        label = main.rule_label(rule)
        # a title carried from an older edition whose English changed, said in words under the heading
        stale = [(ctx.language, ctx.s("stale", year=title.stale_from)) for ctx, edition in zip(contexts, editions)
                 if (title := (edition.rule(rule.id) or rule).title).stale_from]
        view = {"id": rule.id, "anchor": rule_anchor(rule.id), "label": label, "number": rule.id,
                "title": titles[0][1], "titles": titles, "stale": stale, "rows": rows_of(rule.id),
                "url": site_url + urls.edition_rule_url(main.language, rule.id).lstrip("/"), "examples": []}
        if full:
            for entry in main.edition.addendum.values():
                if entry.rule_id == rule.id:
                    view["examples"].append(addendum_view(entry.id))
        letters = chosen.get(rule.id) if chosen else None
        if letters:      # only these parts (and the text before the parts), only their examples
            view["rows"] = [row for row in view["rows"] if row["anchor"] is None or row["label"] in letters]
            view["examples"] = [e for e in view["examples"] if "-" not in e["id"] or e["id"].split("-", 1)[1] in letters]
        return view

    def example_text(example, ctx, rule_id) -> Markup:
        """The example's text; a source that has none says so (a bare label would look like a misprint)."""
        if example is None:
            return Markup("")
        if example.blocks:
            return marked(example.blocks, ctx, rule_id, example.defects)
        return Markup('<p class="missing">') + ctx.missing_example_note(example) + Markup("</p>")

    def addendum_view(entry_id: str) -> dict:
        entries = [edition.addendum.get(entry_id) for edition in editions]
        rows = []
        if any(e and e.blocks for e in entries):
            rows.append({"anchor": None, "label": "", "columns": [
                Column(ctx.language, text(e.blocks, ctx, e.rule_id) if e else Markup(""))
                for ctx, e in zip(contexts, entries)]})
        for label, _example in entries[0].examples.items():
            columns = []
            for ctx, entry in zip(contexts, entries):
                example = entry.examples.get(label) if entry else None
                columns.append(Column(ctx.language, example_text(example, ctx, entry.rule_id if entry else None)))
            name = main.example_label(label)
            rows.append({"anchor": "x-" + urls.example_anchor(entry_id, label), "label": name, "columns": columns})
        title = entries[0].title.text if entries[0].title else ""
        return {"id": entry_id, "anchor": addendum_anchor(entry_id), "title": title,
                "heading": f"{main.s('addendum')}: {entry_id}", "rows": rows}

    sections = []
    for section in main.edition.sections:
        titles = [(ctx.language, next((s.title.text for s in ed.sections if s.id == section.id), section.title.text))
                  for ctx, ed in zip(contexts, editions)]
        rules = [rule_view(main.edition.rules[r]) for r in section.rules if wanted(r)]
        if rules:
            sections.append({"id": section.id, "anchor": f"s-{section.id}",
                             "title": " · ".join(dict.fromkeys(t for _, t in titles)), "rules": rules})
    procedures = None
    if full and any(wanted(r) for r in main.edition.procedures):
        heading = main.edition.headings.get("procedures_preamble")
        procedures = {"anchor": "s-procedures",
                      "title": " · ".join(dict.fromkeys(
                          (ed.headings["procedures_preamble"].text if "procedures_preamble" in ed.headings else ctx.s("procedures"))
                          for ctx, ed in zip(contexts, editions))) if heading else main.s("procedures"),
                      "preamble": [Column(ctx.language, text(ed.procedures_preamble, ctx, None))
                                   for ctx, ed in zip(contexts, editions)] if chosen is None else [],
                      "rules": [rule_view(rule) for rule in main.edition.procedures.values() if wanted(rule.id)]}
    preamble = None
    if document.kind == "full" and main.edition.preamble:
        heading = main.edition.headings.get("preamble")
        preamble = {"anchor": "s-preamble", "title": heading.text if heading else "",
                    "columns": [Column(ctx.language, text(ed.preamble, ctx, None)) for ctx, ed in zip(contexts, editions)]}

    addendum_intro = None        # the addendum's own preface; its examples follow each rule
    if document.kind == "full" and main.edition.addendum_preamble:
        heading = main.edition.headings.get("addendum_preamble")
        addendum_intro = {"anchor": "s-addendum", "title": heading.text if heading else main.s("addendum"),
                          "columns": [Column(ctx.language, text(ed.addendum_preamble, ctx, None))
                                      for ctx, ed in zip(contexts, editions)]}

    ps = lambda key, language=main.language, **kw: strings.get(key, language, **kw)   # noqa: E731
    kind_title = {"full": "bilingual_title" if len(document.languages) > 1 else "full_title",
                  "handout": "handout_title", "selection": "selection_title"}[document.kind]
    notices = []
    for ctx in contexts:
        if ctx.language != "en":
            notices.append((ctx.language, ctx.s("english_governs")))
        if ctx.edition.converted_from:
            notices.append((ctx.language, ctx.s("converted")))
    if document.kind == "handout":
        notices.append((main.language, ps("handout_notice")))
    if chosen is not None:
        notices.append((main.language, ps("selection_notice", rules=", ".join(
            rule if not parts else ", ".join(f"{rule}-{p}" for p in parts) for rule, parts in document.selection))))
    title = " / ".join(dict.fromkeys(ed.title.text for ed in editions))
    return {
        "document": document, "lang": main.language, "languages": list(document.languages),
        "bilingual": len(document.languages) > 1, "kind": document.kind,
        "title": title, "subtitle": " / ".join(dict.fromkeys(ps(kind_title, ctx.language) for ctx in contexts)),
        "edition_line": ps("edition_line", edition=main.edition.edition, version=main.edition.version),
        "language_names": [strings.get("language_name", lang) for lang in document.languages],
        "labels": {key: ps(key) for key in ("contents", "language", "languages", "source", "online", "page")},
        "source": [(ctx.language, ctx.s("sources_text")) for ctx in contexts[:1]],
        "notices": notices,
        "generated": ps("generated", date=DATE_PLACEHOLDER),
        "home_url": site_url + main.language + "/",
        "preamble": preamble, "addendum_intro": addendum_intro, "sections": sections, "procedures": procedures,
        "css": Markup(render("pdf/book.css", cjk=_cjk_script(document.languages))),
    }


def document_html(document: Document, rulebook: Rulebook, strings: Strings,
                  site_url: str) -> str:
    """The document's HTML with DATE_PLACEHOLDER where the generation date goes."""
    return render("pdf/book.html", **document_view(document, rulebook, strings, site_url))
