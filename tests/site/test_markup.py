"""Hostile text through the page generator: markup.py (the one module that builds markup in Python) and
the templates must hand every character of the data to the reader as text. Script tags, quotes, Jinja
syntax and Markdown syntax in a rule must come out as those characters, on the final HTML page as built
by Python-Markdown with the site's own extensions; cross-references and glossary terms still link."""
from __future__ import annotations

import ast
import dataclasses
import json
import re
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
from mkdocs.config import load_config

from tdarules.loader import load_rulebook
from tdarules.model import Block
from tdarules.site.context import Context
from tdarules.site.generate import load_strings
from tdarules.site.markup import linked_text, markdown_heading, script_json
from tdarules.site.pages import edition_json, rule_page

ROOT = Path(__file__).resolve().parents[2]
SITE_CODE = ROOT / "plugins" / "tdarules" / "site"

HOSTILE = ('See Rule 45-B. <script>alert("x")</script> & \'single\' "double" {{ 7*7 }} {% if x %}y{% endif %} '
           '*a* **b** _c_ [x](y) <div markdown="1">*d*</div> `e` &amp; &lt; # not a heading \\*f\\* a raise')
HOSTILE_TITLE = 'Title *a* [x](y) <b>bold</b> {{ 7*7 }} "q" & \'s\' \\*z\\* # {: onclick="alert(1)" }'


class Tree(HTMLParser):
    """Elements (tag, attrs) and the text of the element with id `focus` (as a browser's textContent)."""

    def __init__(self, focus: str | None = None):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.focus, self.depth, self.text = focus, 0, []
        self.heading: list[str] = []
        self.in_h1 = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs))
        if self.depth or (self.focus and attrs.get("id") == self.focus):
            self.depth += 1
        self.in_h1 = self.in_h1 or tag == "h1"

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1
        if tag == "h1":
            self.in_h1 = False

    def handle_data(self, data):
        if self.depth:
            self.text.append(data)
        if self.in_h1:
            self.heading.append(data)


@pytest.fixture(scope="module")
def hostile_ctx() -> Context:
    """The English edition with rule 43's title and part A replaced by hostile text."""
    rulebook = load_rulebook(ROOT)
    edition = rulebook.edition("en")
    rule = edition.rule("43")
    part = rule.parts["A"].model_copy(update={"blocks": (Block(kind="p", text=HOSTILE),
                                                         Block(kind="note", text=HOSTILE, by="ours"))})
    rule = rule.model_copy(update={"title": rule.title.model_copy(update={"text": HOSTILE_TITLE}),
                                   "parts": {**rule.parts, "A": part}})
    edition = edition.model_copy(update={"rules": {**edition.rules, "43": rule}})
    rulebook = dataclasses.replace(rulebook, editions={**rulebook.editions, ("2024", "en"): edition})
    return Context(rulebook, "en", load_strings(ROOT / "rulebook"))


@pytest.fixture(scope="module")
def built_page(hostile_ctx) -> str:
    """Rule 43's page as MkDocs turns it into HTML: the site's Markdown extensions from mkdocs.yml."""
    source = rule_page(hostile_ctx.edition.rule("43"), hostile_ctx)
    body = source.split("---\n", 2)[2]                    # front matter is MkDocs' business
    config = load_config(str(ROOT / "mkdocs.yml"))
    return markdown.markdown(body, extensions=config["markdown_extensions"], extension_configs=config["mdx_configs"])


def test_linked_text_escapes_every_piece_and_keeps_the_links(hostile_ctx):
    ctx = hostile_ctx
    out = linked_text(HOSTILE, language="en", edition=ctx.edition, terms=ctx.terms, rule_id="43", used_terms=set())
    assert "<script" not in out and "<div" not in out and '"double"' not in out and "'single'" not in out
    assert '<a class="tda-ref" href="/en/rules/45/#45-B">Rule 45-B</a>' in out
    assert re.search(r'<a class="tda-term" href="/en/glossary/#term-raise" title="[^"<>]*">raise</a>', out)
    assert "&amp;amp;" in out and "{{ 7*7 }}" in out          # an entity in the text stays text
    assert unescape(re.sub(r"<[^>]+>", "", out)) == HOSTILE      # nothing lost, nothing added


def test_terms_are_explained_once_per_page(hostile_ctx):
    used: set[str] = set()
    first = linked_text("a raise and a raise", language="en", edition=hostile_ctx.edition, terms=hostile_ctx.terms,
                        rule_id=None, used_terms=used)
    again = linked_text("another raise", language="en", edition=hostile_ctx.edition, terms=hostile_ctx.terms,
                        rule_id=None, used_terms=used)
    assert first.count("tda-term") == 1 and "tda-term" not in again and "raise" in used


def test_hostile_rule_text_reaches_the_built_page_as_text(built_page):
    tree = Tree(focus="43-A")
    tree.feed(built_page)
    scripts = [attrs for tag, attrs in tree.elements if tag == "script"]
    assert scripts and all(attrs.get("type") == "application/json" for attrs in scripts)
    inside = tree.elements[[a.get("id") for _, a in tree.elements].index("43-A"):]
    inside = inside[:next(i for i, (tag, a) in enumerate(inside) if a.get("id") == "43-B")]
    tags = {tag for tag, _ in inside}
    assert not tags & {"em", "strong", "code", "b", "h1", "script"}, tags
    assert all(a.get("class") for tag, a in inside if tag == "div")     # only the part's own divs
    assert not any(a.get("href") == "y" for _, a in tree.elements)
    assert not any("markdown" in a for _, a in inside)
    text = "".join(tree.text)
    assert text.count(HOSTILE) == 2, text                       # the paragraph and the note, verbatim
    assert ('href', '/en/rules/45/#45-B') in [item for _, a in inside for item in a.items()]


def test_hostile_title_in_the_heading_is_text(built_page, hostile_ctx):
    tree = Tree()
    tree.feed(built_page)
    heading = "".join(tree.heading).replace("¶", "").strip()   # toc's permalink sign
    assert heading == f"Rule 43: {HOSTILE_TITLE}"
    assert not any(tag == "b" or "onclick" in attrs for tag, attrs in tree.elements)
    assert markdown_heading('<b>"x"</b>') == '&lt;b&gt;"x"&lt;/b&gt;'


def test_script_json_cannot_close_its_element():
    value = {"label": '</script><script>alert(1)</script>', "x": "<!-- &"}
    out = script_json(value, ensure_ascii=False)
    assert "</" not in out and json.loads(out) == value


def test_exports_carry_escaped_text(hostile_ctx):
    data = edition_json(hostile_ctx)
    part = data["rules"]["43"]["parts"]["A"]
    assert part["blocks"][0]["text"] == HOSTILE
    assert "<script" not in part["html"] and "&lt;script&gt;" in part["html"]
    assert unescape(re.sub(r"<[^>]+>", "", part["html"])).count(HOSTILE) == 2


def test_no_page_code_escapes_or_builds_markup_by_hand():
    """Only markup.py turns strings into markup; everything else goes through the templates."""
    offenders = []
    for path in sorted(SITE_CODE.glob("*.py")):
        if path.name == "markup.py":
            continue
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Attribute) and node.attr == "escape" and getattr(node.value, "id", "") == "html":
                offenders.append(f"{path.name}:{node.lineno}: html.escape")
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("Markup", "escape"):
                offenders.append(f"{path.name}:{node.lineno}: {node.func.id}()")
    assert not offenders, offenders
