"""Russian and Chinese pages in their own language where the site speaks: cross-reference links, the home
page, the PDF cover, the workbench's notes and labels. Pages and the cover's HTML are rendered from memory,
without a build; the built site as a whole is scanned by test_no_english_ui.py."""
from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import lxml.html
import pytest

from tdarules.loader import load_rulebook
from tdarules.site.context import Context
from tdarules.site.generate import load_strings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def rulebook():
    return load_rulebook(ROOT)


@pytest.fixture(scope="module")
def strings():
    return load_strings(ROOT / "rulebook")


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def own_language(html: str) -> str:
    """The page without what it shows marked lang="en" (the English column, English examples)."""
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    for element in root.xpath('.//*[@lang="en"]'):
        element.drop_tree()
    return lxml.html.tostring(root, encoding="unicode")


def links(html: str) -> list[tuple[str, str]]:
    html = own_language(html)
    return [(m[1], words(m[2])) for m in re.finditer(r'<a class="tda-ref" href="([^"]+)">(.*?)</a>', html, re.S)]


def test_a_russian_reference_written_in_english_links_in_russian(rulebook, strings):
    from tdarules.site.pages import rule_page
    ctx = Context(rulebook, "ru", strings)
    edition = rulebook.edition("ru")
    ten, eleven, thirty_nine = (rule_page(edition.rule(n), ctx) for n in ("10", "11", "39"))
    assert ("/ru/rules/10/#addendum-10", "Приложение с примерами") in links(ten)
    assert "(см. Приложение с примерами)" in unescape(re.sub(r"<[^>]+>", "", ten))
    assert ("/ru/rules/11/#addendum-11-D", "Приложение с примерами") in links(eleven)
    assert ("/ru/rp/5/", "Рекомендованная процедура 5") in links(thirty_nine)
    for page in (ten, eleven, thirty_nine):
        assert not [label for _, label in links(page) if re.search(r"Addendum|Recommended", label)]
    # the source keeps its words: the YAML and the data export are untouched
    assert "(см. Illustration Addendum)" in edition.rule("10").parts["B"].blocks[0].text
    # English pages and references already in the page's language are as written
    english = rule_page(rulebook.edition("en").rule("10"), Context(rulebook, "en", strings))
    assert any(label == "Illustration Addendum" for _, label in links(english))
    assert any(re.fullmatch(r"правил\w* \d+(-[A-Z])?", label) for _, label in links(rule_page(edition.rule("45"), ctx)))
