"""Calculators on the site (issue 5): the placeholders on rule pages, the Calculators page, and the
per-language JSON the browser UI (docs/assets/calculators/ui.js) loads from /data/ui/calculators.<lang>.json.

Pure functions, no MkDocs import. The engine itself is plain ES modules under
docs/assets/calculators/engine/; its strings live in rulebook/ui/calculators.yaml.
"""
from __future__ import annotations

import html
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .. import urls
from ..model import Block
from ..strings import Strings
from ..yamlio import read_yaml, to_plain

if TYPE_CHECKING:
    from .pages import Context

ROOT = Path(__file__).resolve().parents[3]
STRINGS_FILE = Path("rulebook") / "ui" / "calculators.yaml"
ENGINE_DOC = Path("docs") / "assets" / "calculators" / "ENGINE.md"
ENGINE_MODULE = "/assets/calculators/engine/index.js"
PAGE_SLUG = "calculators"

# Rules the engine may cite besides those whose pages show a calculator (kept in step with the
# engine by tests/calculators/test_ui_strings.py).
EXTRA_CITED_RULES = ("1", "35", "52", "53")


@lru_cache(maxsize=4)
def _load(path: str) -> dict:
    return to_plain(read_yaml(Path(path)))


def calculator_strings(root: Path | None = None) -> dict:
    return _load(str((root or ROOT) / STRINGS_FILE))


def _rules_map(data: dict) -> dict[str, list[str]]:
    return {cid: list(spec.get("rules", [])) for cid, spec in data["calculators"].items()}


CALCULATOR_RULES: dict[str, list[str]] = _rules_map(calculator_strings())


pick = Strings.pick     # one language of a {en, zh-Hant, zh-Hans?, ru} entry


def _strings(ctx: "Context") -> dict:
    return calculator_strings(ctx.rulebook.root)


def _ui(ctx: "Context", key: str, **params) -> str:
    text = pick(_strings(ctx)["ui"][key], ctx.language)
    return text.format(**params) if params else text


def calculator_ids(ctx: "Context | None" = None) -> list[str]:
    data = _strings(ctx) if ctx else calculator_strings()
    return list(data["calculators"])


def calculators_for_rule(rule_id: str, ctx: "Context") -> list[str]:
    return [cid for cid, rules in _rules_map(_strings(ctx)).items() if rule_id in rules]


# ---------------------------------------------------------------- HTML

def calculator_widget(calc_id: str, ctx: "Context", *, heading: str = "h2") -> str:
    """The placeholder ui.js fills in: a titled section with a loading line and a <noscript> note."""
    spec = _strings(ctx)["calculators"][calc_id]
    title = html.escape(pick(spec["title"], ctx.language))
    rules = _rules_map(_strings(ctx))[calc_id]
    cid = html.escape(calc_id)
    return (f'<section class="tda-calc" data-calc="{cid}" id="calc-{cid}" data-lang="{html.escape(ctx.language)}" '
            f'data-rules="{html.escape(" ".join(rules))}" aria-labelledby="calc-{cid}-title">'
            f'<{heading} class="tda-calc-title" id="calc-{cid}-title">{title}</{heading}>'
            f'<div class="tda-calc-body" aria-live="polite"><p class="tda-calc-loading">{html.escape(_ui(ctx, "loading"))}</p></div>'
            f'<noscript><p class="tda-calc-noscript">{html.escape(_ui(ctx, "noscript"))}</p></noscript>'
            f'</section>')


def rule_widgets(rule_id: str, ctx: "Context") -> str:
    """Every calculator that applies this rule, for the end of the rule page ('' if none)."""
    ids = calculators_for_rule(rule_id, ctx)
    if not ids:
        return ""
    link = (f'<p class="tda-calc-more"><a href="/{ctx.language}/{PAGE_SLUG}/">'
            f'{html.escape(_ui(ctx, "page_title"))}</a></p>')
    return '<div class="tda-calcs">' + "".join(calculator_widget(cid, ctx) for cid in ids) + link + "</div>"


def _rule_link(rule_id: str, ctx: "Context") -> str:
    rule = ctx.edition.rule(rule_id)
    if rule is None:
        return html.escape(rule_id)
    from .pages import rule_label
    return f'<a href="{urls.rule_url(ctx.language, rule_id)}">{html.escape(rule_label(rule, ctx))}</a>'


def calculators_page(ctx: "Context") -> str:
    """Markdown of /<lang>/calculators/: every calculator, then the engine reference (English)."""
    from .pages import front_matter, md_escape, notices
    data = _strings(ctx)
    title = _ui(ctx, "page_title")
    out = [front_matter(title, ctx), f"# {md_escape(title)}\n",
           f'<div class="tda-calculators" data-lang="{ctx.language}" markdown="0">', notices(ctx),
           f'<p>{html.escape(_ui(ctx, "page_intro"))}</p>',
           f'<p class="tda-calc-ours"><span class="tda-ours">✎</span> {html.escape(_ui(ctx, "ours_note"))}</p>']
    items = []
    for cid, spec in data["calculators"].items():
        rules = ", ".join(_rule_link(r, ctx) for r in spec.get("rules", []))
        items.append(f'<li><a href="#calc-{html.escape(cid)}">{html.escape(pick(spec["title"], ctx.language))}</a>'
                     f' <small>({rules})</small></li>')
    out.append('<ul class="tda-calc-index">' + "".join(items) + "</ul>")
    out += [calculator_widget(cid, ctx) for cid in data["calculators"]]
    out.append("</div>\n")
    out.append(f'<h2 id="engine">{html.escape(_ui(ctx, "engine_title"))}</h2>\n')
    out.append(f'<p>{html.escape(_ui(ctx, "engine_intro"))}</p>\n')
    out.append(f'<div class="tda-engine-doc" lang="en" markdown="1">\n\n{engine_reference(ctx.rulebook.root)}\n\n</div>\n')
    return "\n".join(out)


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


def cited_rule_ids(ctx: "Context | None" = None) -> list[str]:
    data = _strings(ctx) if ctx else calculator_strings()
    out: dict[str, None] = {}
    for rules in _rules_map(data).values():
        out.update(dict.fromkeys(rules))
    out.update(dict.fromkeys(EXTRA_CITED_RULES))
    return list(out)


def citation_targets(ctx: "Context") -> dict[str, dict]:
    """{'43-A': {url, label, title, text}} for every rule (and each of its parts) a calculator may cite;
    text is the plain text of that rule or part in the page language."""
    from .pages import rule_label
    out: dict[str, dict] = {}
    for rule_id in cited_rule_ids(ctx):
        rule = ctx.edition.rule(rule_id)
        if rule is None:
            continue
        label = rule_label(rule, ctx)
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


def _tree(entry, language: str):
    """Pick one language throughout a nested table of {en: ..} leaves."""
    if isinstance(entry, dict) and ("en" in entry and isinstance(entry["en"], str)):
        return pick(entry, language)
    if isinstance(entry, dict):
        return {str(k): _tree(v, language) for k, v in entry.items()}
    if isinstance(entry, list):
        return [_tree(v, language) for v in entry]
    return entry


def strings_json(ctx: "Context") -> dict:
    """Everything ui.js needs in one language: calculator titles, field labels and help, option,
    result, error and step texts, and the rule parts it may cite with their URL and plain text."""
    data = _strings(ctx)
    language = ctx.language
    return {
        "language": language,
        "engine": ENGINE_MODULE,
        "page": f"/{language}/{PAGE_SLUG}/",
        "calculators": {cid: {"title": pick(spec["title"], language), "rules": list(spec.get("rules", [])),
                              "fields": _tree(spec.get("fields", {}), language)}
                        for cid, spec in data["calculators"].items()},
        **{section: _tree(data.get(section, {}), language)
           for section in ("ui", "subfields", "options", "results", "values", "errors", "steps")},
        "citations": citation_targets(ctx),
    }
