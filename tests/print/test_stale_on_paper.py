"""A translation carried from an older edition whose English has since changed says so on paper too, in
the reader's language: under each stale paragraph and under a stale rule title (a printed sheet is read
at the table, where nothing links back to the site's marks)."""
from __future__ import annotations

import dataclasses

import pytest

from tdarules.printing.documents import Document, document_html


@pytest.fixture(scope="module")
def stale_rulebook(rulebook):
    """The rulebook with Russian rule 43's title and first paragraph of 43-A carried stale from 2024."""
    ru = rulebook.edition("ru")
    rule = ru.rules["43"]
    part = rule.parts["A"]
    first = part.blocks[0].model_copy(update={"stale_from": "2024"})
    rule = rule.model_copy(update={"title": rule.title.model_copy(update={"stale_from": "2024"}),
                                   "parts": {**rule.parts, "A": part.model_copy(update={"blocks": (first, *part.blocks[1:])})}})
    return dataclasses.replace(rulebook, editions={**rulebook.editions,
                                                   ("2024", "ru"): ru.model_copy(update={"rules": {**ru.rules, "43": rule}})})


@pytest.mark.parametrize("languages", [("ru",), ("en", "ru")])
def test_a_stale_title_and_paragraph_say_so_on_paper(stale_rulebook, strings, languages):
    html = document_html(Document("test", languages, "selection", (("43", None),)), stale_rulebook, strings, "/")
    said = strings.get("stale", "ru", year="2024")
    heading_end = html.index("</h2>", html.index('class="rule-title"'))
    assert said in html[heading_end:html.index('class="row', heading_end)], "not said under the heading"
    assert html.count(said) == 2                       # the title, and 43-A's first paragraph
    english = strings.get("stale", "en", year="2024")
    assert english not in html                          # said in the text's language only


def test_nothing_is_said_where_nothing_is_stale(rulebook, strings):
    html = document_html(Document("test", ("en", "ru"), "selection", (("43", None),)), rulebook, strings, "/")
    assert strings.get("stale", "ru", year="2024") not in html
