"""In a real browser: "did you mean" in the search box and on the results page, and the
glossary entry first when the query is exactly the term, with the API (the served site, real CSP)
and with the static Pagefind fallback (plain files, no API)."""
from __future__ import annotations

import re

import pytest

from polling import wait_until


pytestmark = pytest.mark.browser


def hrefs(page, selector=".tda-search__results li a"):
    return [a.get_attribute("href") for a in page.locator(selector).all()]


def did_you_mean_in_the_box(page, base: str, lang: str, typed: str, proposal: str, offline: bool):
    page.goto(f"{base}/{lang}/")
    box = page.locator("input.tda-search__input")
    box.fill(typed)
    button = page.locator(".tda-search__results .tda-search__suggestion")
    button.wait_for(timeout=20000)
    assert button.inner_text() == proposal
    assert page.locator(".tda-search__results li a").count() == 0       # nothing matched what was typed
    button.click()
    page.locator(".tda-search__results li a").first.wait_for()
    assert box.input_value() == proposal                                 # the proposal ran in the box
    assert (page.locator(".tda-search__backend").count() > 0) == offline
    return hrefs(page)


def test_did_you_mean_in_the_box_with_the_api(page, api_site):
    found = did_you_mean_in_the_box(page, api_site, "en", "xtrng bte", "string bets", offline=False)
    assert found[0] == "/en/glossary/#term-string-bet", found        # now exactly the term: its entry first
    assert found[1].startswith("/en/rules/56/"), found


def test_did_you_mean_in_the_box_offline_in_russian(page, base_url):
    found = did_you_mean_in_the_box(page, base_url, "ru", "рэйзз", "рейз", offline=True)   # two slips
    assert found and all(h.startswith("/ru/") for h in found), found


@pytest.mark.parametrize("lang, typed, proposal", [
    ("zh-Hant", "chek", "過牌"),          # Pagefind alone shortens these to "c" / "b" (players in examples)
    ("ru", "bte", "ставка"),
])
def test_did_you_mean_offline_for_a_short_latin_typo(page, base_url, lang, typed, proposal):
    found = did_you_mean_in_the_box(page, base_url, lang, typed, proposal, offline=True)
    assert found and all(h.startswith(f"/{lang}/") for h in found), found


def test_did_you_mean_on_the_results_page_with_the_api(page, api_site):
    page.goto(f"{api_site}/zh-Hant/search/?q=stirng+bte")
    link = page.locator(".tda-results__status a.tda-results__suggestion")
    link.wait_for(timeout=20000)
    status = page.locator(".tda-results__status").inner_text()
    assert "沒有結果" in status and "您是不是要找" in status, status
    assert link.inner_text() == "分段下注"
    assert link.get_attribute("href") == "/zh-Hant/search/?q=%E5%88%86%E6%AE%B5%E4%B8%8B%E6%B3%A8"
    link.click()
    page.locator(".tda-results__group").first.wait_for()
    assert page.url.endswith("/zh-Hant/search/?q=%E5%88%86%E6%AE%B5%E4%B8%8B%E6%B3%A8")   # shareable
    assert page.locator(".tda-results__form input").input_value() == "分段下注"
    groups = hrefs(page, ".tda-results__group h2 a")
    assert groups[0] == "/zh-Hant/glossary/#term-string-bet", groups
    assert groups[1].startswith("/zh-Hant/rules/56/"), groups
    assert page.locator(".tda-results__suggestion").count() == 0


def test_did_you_mean_on_the_results_page_offline(page, base_url):
    page.goto(f"{base_url}/en/search/?q=mysdael")      # two slips from misdeal
    link = page.locator(".tda-results__status a.tda-results__suggestion")
    link.wait_for(timeout=20000)
    assert link.inner_text() == "misdeal"
    assert "offline" in page.locator(".tda-results__status").inner_text()
    link.click()
    page.locator(".tda-results__group").first.wait_for()
    assert re.search(r"/en/search/\?q=misdeal$", page.url), page.url
    groups = hrefs(page, ".tda-results__group h2 a")
    assert groups[0] == "/en/glossary/#term-misdeal", groups
    assert any(h.startswith("/en/rules/35/") for h in groups[1:4]), groups


def test_no_proposal_for_gibberish(page, api_site):
    page.goto(f"{api_site}/en/")
    page.locator("input.tda-search__input").fill("xqzvw")
    page.locator(".tda-search__results .tda-search__msg").wait_for()
    wait_until(page, "document.querySelector('.tda-search__msg').textContent.includes('No results')")
    assert page.locator(".tda-search__suggestion").count() == 0


@pytest.mark.parametrize("backend", ["api", "fallback"])
def test_glossary_entry_first_only_for_the_exact_term(page, api_site, base_url, backend):
    base = api_site if backend == "api" else base_url
    box = page.locator("input.tda-search__input")
    page.goto(f"{base}/zh-Hans/")
    for typed in ("分段下注", "Ｓｔｒｉｎｇ Ｂｅｔ"):            # the zh term; the English term in full width
        box.fill(typed)
        wait_until(page, "(() => { const a = document.querySelector('.tda-search__results li a');"
                         " return a && a.getAttribute('href').includes('glossary'); })()",
                   message=f"glossary first for {typed!r}")
        found = hrefs(page)
        assert found[0] == "/zh-Hans/glossary/#term-string-bet", (typed, found)
        assert any(h.startswith("/zh-Hans/rules/56/") for h in found[1:3]), (typed, found)
        assert (page.locator(".tda-search__backend").count() > 0) == (backend == "fallback")
        box.fill("")
    box.fill("什么是分段下注")                                      # a question about the term: the rule first
    wait_until(page, "(() => { const a = document.querySelector('.tda-search__results li a');"
                     " return a && a.getAttribute('href').includes('/rules/56/'); })()",
               message="the rule first for a question about the term")
    found = hrefs(page)
    term = "/zh-Hans/glossary/#term-string-bet"
    assert term not in found or found.index(term) > 0, found          # the term, if listed, after the rule
