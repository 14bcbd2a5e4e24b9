"""The glossary page: each term in its dictionary form in the page's language, with the rule sentence
that defines or first uses it quoted word for word and linked to where it stands."""
from __future__ import annotations

import re

import lxml.html
import pytest

from tdarules.site.context import Context
from tdarules.site.pages import glossary_page

LANGUAGES = ("en", "zh-Hant", "zh-Hans", "ru")


def rows(rulebook, strings, language):
    page = glossary_page(Context(rulebook, language, strings))
    tree = lxml.html.fromstring(page[page.index("<div class=\"tda-glossary\">"):])
    return {tr.get("id"): tr for tr in tree.iter("tr") if tr.get("id")}


def test_russian_headwords_are_dictionary_forms_not_the_inflections_the_texts_use(rulebook, strings):
    found = {key: tr.findtext(".//b") for key, tr in rows(rulebook, strings, "ru").items()}
    assert found["term-alternate"] == "резервист"          # the text has only "резервистам"
    assert found["term-balancing-tables"] == "балансировка"  # "балансировке"
    assert found["term-no-limit"] == "безлимит"              # "безлимите"
    assert found["term-call"] == "колл"                      # no headword set: the first rendering


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_quote_is_a_sentence_of_the_rule_it_links_to_in_the_pages_language(rulebook, strings, language):
    edition = Context(rulebook, language, strings).edition
    quoted = 0
    for key, tr in rows(rulebook, strings, language).items():
        first = tr.find("td")
        assert first.get("lang") == language, key                  # the page's own language first
        quote = first.find(".//blockquote")
        if quote is None:
            continue
        quoted += 1
        text = quote.findtext("p")
        href = quote.find("a").get("href")
        match = re.fullmatch(rf"/{language}/(rules|rp)/(\d+)/(?:#((?:RP-)?\d+)-([A-Z]))?", href)
        assert match, href
        rule_id = ("RP-" if match[1] == "rp" else "") + match[2]
        rule = edition.rule(rule_id)
        blocks = [block.text for part, block in rule.all_blocks() if part == match[4]]
        assert any(text in block for block in blocks), (key, text, href)
    assert quoted >= len(rulebook.glossary) - 3, quoted          # nearly every term is quoted


def test_the_quote_holds_the_term(rulebook, strings):
    tr = rows(rulebook, strings, "en")["term-string-bet"]
    assert tr.findtext(".//b") == "string bet"
    assert re.search(r"string bet", tr.find(".//blockquote").findtext("p"), re.I)
