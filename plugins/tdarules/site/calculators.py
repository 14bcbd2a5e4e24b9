"""Calculators on the site: the placeholders on rule pages, the Calculators page, and the
per-language JSON the browser UI (docs/assets/calculators/ui.js) loads from /data/ui/calculators.<lang>.json.

Pure functions, no MkDocs import. The engine itself is plain ES modules under
docs/assets/calculators/engine/; its strings (rulebook/ui/calculators.yaml) come in through `Strings`
under the key 'calculators' (see generate.load_strings), like every other interface string.
The markup is in templates/pages/calculators.md and templates/macros/calculators.html.
"""
from __future__ import annotations

import re
from pathlib import Path

from markupsafe import Markup

from .. import urls
from ..model import Block
from ..strings import Strings
from .context import Context
from .markup import markdown_document
from .templating import macros, render

STRINGS = "calculators"          # the namespace of rulebook/ui/calculators.yaml in Strings
ENGINE_DOC = Path("docs") / "assets" / "calculators" / "ENGINE.md"
ENGINE_MODULE = "/assets/calculators/engine/index.js"
PAGE_SLUG = "calculators"

# Rules the engine may cite besides those whose pages show a calculator (kept in step with the
# engine by tests/calculators/test_ui_strings.py).
EXTRA_CITED_RULES = ("1", "35", "48", "52", "53", "55")


def calculator_rules(strings: Strings) -> dict[str, list[str]]:
    """calculator id → the rules on whose pages it is placed, in the order of calculators.yaml."""
    return {cid: list(spec.get("rules", [])) for cid, spec in strings.entry(f"{STRINGS}.calculators").items()}


def calculator_ids(strings: Strings) -> list[str]:
    return list(calculator_rules(strings))


def calculators_for_rule(rule_id: str, strings: Strings) -> list[str]:
    return [cid for cid, rules in calculator_rules(strings).items() if rule_id in rules]


# ---------------------------------------------------------------- pages

def calculator_view(calc_id: str, ctx: Context) -> dict:
    """What the templates show of one calculator: id, title in the page language, rules, rule links."""
    rules = calculator_rules(ctx.strings)[calc_id]
    links = []
    for rule_id in rules:
        rule = ctx.edition.rule(rule_id)
        links.append({"url": urls.rule_url(ctx.language, rule_id) if rule else None,
                      "label": ctx.rule_label(rule) if rule else rule_id})
    return {"id": calc_id, "title": ctx.s(f"{STRINGS}.calculators.{calc_id}.title"), "rules": rules,
            "rule_links": links}


def calculator_views(ids: list[str], ctx: Context) -> list[dict]:
    return [calculator_view(cid, ctx) for cid in ids]


def calculator_widget(calc_id: str, ctx: Context, *, heading: str = "h2") -> Markup:
    """The placeholder ui.js fills in: a titled section with a loading line and a <noscript> note."""
    return macros("macros/calculators.html", ctx=ctx).widget(calculator_view(calc_id, ctx), heading)


def rule_widgets(rule_id: str, ctx: Context) -> Markup:
    """Every calculator that applies this rule, for the end of the rule page ('' if none)."""
    views = calculator_views(calculators_for_rule(rule_id, ctx.strings), ctx)
    return macros("macros/calculators.html", ctx=ctx).rule_widgets(views)


def calculators_page(ctx: Context) -> str:
    """Markdown of /<lang>/calculators/: an index of every calculator, one open at a time, and a
    pointer to the engine reference (on a page of its own: inline, it made this one ~22,000 px tall)."""
    return render("pages/calculators.md", ctx=ctx, title=ctx.s(f"{STRINGS}.ui.page_title"), meta={},
                  calculators=calculator_views(calculator_ids(ctx.strings), ctx),
                  engine_url=urls.engine_url(ctx.language))


def engine_page(ctx: Context) -> str:
    """Markdown of /<lang>/calculators/engine/: the engine reference (English) under an intro."""
    return render("pages/calculators_engine.md", ctx=ctx, title=ctx.s(f"{STRINGS}.ui.engine_title"), meta={},
                  calculators_url=urls.calculators_url(ctx.language),
                  engine_reference=markdown_document(promote_headings(engine_reference(ctx.rulebook.root))))


def promote_headings(markdown: str) -> str:
    """On its own page the reference's ### sections sit right under the page's h1: make them h2
    (the anchors, made from the heading text, stay the same)."""
    return re.sub(r"^#(#{2,}) ", r"\1 ", markdown, flags=re.MULTILINE)


def engine_reference(root: Path) -> str:
    """ENGINE.md without its own top heading, headings pushed one level down under ours."""
    path = root / ENGINE_DOC
    if not path.exists():
        return f"Module: `{ENGINE_MODULE}`"
    lines = path.read_text(encoding="utf-8").strip().splitlines()
    if lines and lines[0].startswith("## "):
        lines = lines[1:]
    return "\n".join(lines).strip()


# ---------------------------------------------------------------- JSON for the UI

def _plain(blocks: tuple[Block, ...] | list[Block]) -> str:
    return "\n".join(f"{b.marker} {b.text}" if b.marker else b.text for b in blocks)


def cited_rule_ids(strings: Strings) -> list[str]:
    out: dict[str, None] = {}
    for rules in calculator_rules(strings).values():
        out.update(dict.fromkeys(rules))
    out.update(dict.fromkeys(EXTRA_CITED_RULES))
    return list(out)


def citation_targets(ctx: Context) -> dict[str, dict]:
    """{'43-A': {url, label, title, text}} for every rule (and each of its parts) a calculator may cite;
    text is the plain text of that rule or part in the page language."""
    out: dict[str, dict] = {}
    for rule_id in cited_rule_ids(ctx.strings):
        rule = ctx.edition.rule(rule_id)
        if rule is None:
            continue
        label = ctx.rule_label(rule)
        whole = [_plain(rule.blocks)] if rule.blocks else []
        whole += [f"{letter}: {_plain(part.blocks)}" for letter, part in rule.parts.items() if part.blocks]
        whole += [_plain(rule.after)] if rule.after else []
        out[rule_id] = {"url": urls.rule_url(ctx.language, rule_id), "label": label,
                        "title": rule.title.text, "text": "\n".join(t for t in whole if t)}
        for letter, part in rule.parts.items():
            out[f"{rule_id}-{letter}"] = {"url": urls.rule_url(ctx.language, rule_id, letter),
                                          "label": f"{label}-{letter}", "title": rule.title.text,
                                          "text": _plain(part.blocks) or ctx.s("missing_part"),
                                          "missing": not part.blocks}   # e.g. ru 46-C: not in the translation
    return out


def strings_json(ctx: Context) -> dict:
    """Everything ui.js needs in one language: calculator titles, field labels and help, option,
    result, error and step texts, and the rule parts it may cite with their URL and plain text."""
    language = ctx.language
    table = ctx.strings.entry(STRINGS)
    return {
        "language": language,
        "engine": ENGINE_MODULE,
        "page": f"/{language}/{PAGE_SLUG}/",
        "calculators": {cid: {"title": ctx.s(f"{STRINGS}.calculators.{cid}.title"), "rules": list(spec.get("rules", [])),
                              "fields": ctx.strings.localized(f"{STRINGS}.calculators.{cid}.fields", language)
                              if "fields" in spec else {}}
                        for cid, spec in table["calculators"].items()},
        **{section: ctx.strings.localized(f"{STRINGS}.{section}", language) if section in table else {}
           for section in ("ui", "subfields", "options", "results", "values", "errors", "steps")},
        "citations": citation_targets(ctx),
    }
