"""In a real browser: the site's search box against the real API server, and the same box
falling back to the static Pagefind index when the API cannot be reached."""
from __future__ import annotations

import re

import pytest

from search_box import search

pytestmark = pytest.mark.browser


def test_simplified_query_on_the_traditional_site_lands_on_the_part(page, api_site):
    api_calls = []
    page.on("request", lambda r: "/api/search" in r.url and api_calls.append(r.url))
    page.goto(f"{api_site}/zh-Hant/")
    results = search(page, "最低加注")                      # Simplified; the page's text is Traditional 最低加注/加註
    assert api_calls, "the box should ask the API first"
    assert page.locator(".tda-search__backend").count() == 0   # not the offline fallback
    hrefs = [a.get_attribute("href") for a in results.all()[:3]]
    assert any(h.startswith("/zh-Hant/rules/43/#43-") for h in hrefs), hrefs
    target = next(a for a in results.all() if a.get_attribute("href").startswith("/zh-Hant/rules/43/#43-"))
    target.click()
    page.wait_for_url(re.compile(r"/zh-Hant/rules/43/#43-[A-Z]$"))
    assert page.locator("h1").inner_text().startswith("規則 43")


def test_rule_number_query_jumps_first(page, api_site):
    page.goto(f"{api_site}/ru/")
    results = search(page, "правило 43")
    assert results.first.get_attribute("href").startswith("/ru/rules/43/")


def test_search_still_works_with_the_api_cut(page, api_site):
    page.route("**/api/search**", lambda route: route.abort("connectionrefused"))
    page.goto(f"{api_site}/ru/")
    results = search(page, "стринг-бет")
    page.locator(".tda-search__backend").wait_for()        # says the offline index answered
    hrefs = [a.get_attribute("href") for a in results.all()]
    assert any(h.startswith("/ru/rules/56/") for h in hrefs), hrefs
    first = hrefs[0]
    assert first.startswith("/ru/") and first.rstrip("/") != "/ru", first
    results.first.click()
    # the page the first hit names, not the /ru/ page the search started on
    page.wait_for_url(re.compile(re.escape(api_site + first.split("#")[0]) + r"(?:#.*)?$"))


def test_fallback_on_plain_static_files_in_chinese(page, base_url):
    # base_url serves site/ as plain files: no /api/search at all (404), as on a static host.
    page.goto(f"{base_url}/zh-Hans/")
    results = search(page, "全下")
    page.locator(".tda-search__backend").wait_for()
    assert all(a.get_attribute("href").startswith("/zh-Hans/") for a in results.all())


# --- the results page, non-sticky fallback, typos ----------------------------------------------

def test_enter_opens_the_results_page_grouped_by_rule(page, api_site):
    page.goto(f"{api_site}/en/")
    box = page.locator("input.tda-search__input")
    box.fill("the dealer mucked my cards by mistake")
    box.press("Enter")
    page.wait_for_url(re.compile(r"/en/search/\?q=the\+dealer\+mucked"))
    groups = page.locator(".tda-results__group")
    groups.first.wait_for()
    first = groups.first.locator("h2 a").get_attribute("href")
    assert first.startswith(("/en/rules/65/", "/en/rules/13/")), first
    assert page.locator(".tda-results mark").count() > 0          # matched words highlighted
    # the URL is shareable: opening it afresh shows the same first group
    again = page.context.new_page()
    again.goto(page.url)
    again.locator(".tda-results__group").first.wait_for()
    assert again.locator(".tda-results__group h2 a").first.get_attribute("href") == first
    again.close()
    # arrow keys move through the results, Enter opens the one chosen
    page.locator(".tda-results__form input").focus()
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("document.activeElement.getAttribute('href')")
    assert focused == first
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/en/rules/(65|13)/"))


def test_results_page_from_the_static_fallback_with_a_typo(page, base_url):
    # plain static files: no API; a wrong character of the same sound is put right offline too
    page.goto(f"{base_url}/zh-Hans/search/?q=" + "最低加住")
    page.locator(".tda-results__group").first.wait_for()
    status = page.locator(".tda-results__status").inner_text()
    assert "离线" in status and "最低加注" in status, status
    hrefs = [a.get_attribute("href") for a in page.locator(".tda-results__group h2 a").all()[:3]]
    assert any(h.startswith("/zh-Hans/rules/43/") for h in hrefs), hrefs


def test_one_api_failure_is_not_sticky(page, api_site):
    api_calls = []
    page.on("request", lambda r: "/api/search" in r.url and api_calls.append(r.url))
    page.route("**/api/search**", lambda route: route.abort("connectionrefused"))
    page.goto(f"{api_site}/en/")
    search(page, "misdael")                                     # Damerau: two letters swapped
    page.locator(".tda-search__backend").wait_for()
    hrefs = [a.get_attribute("href") for a in page.locator(".tda-search__results li a").all()[:3]]
    assert any(h.startswith("/en/rules/35/") for h in hrefs), hrefs
    page.unroute("**/api/search**")
    page.wait_for_timeout(2200)                                 # the first back-off is 2 s
    before = len(api_calls)
    box = page.locator("input.tda-search__input")
    box.fill("5-second clock")
    # polled from Python: the served CSP (no 'unsafe-eval') refuses Playwright's string predicates
    for _ in range(100):
        if page.locator(".tda-search__results a").count() and not page.locator(".tda-search__backend").count():
            break
        page.wait_for_timeout(100)
    assert len(api_calls) > before
    assert page.locator(".tda-search__results li a").first.get_attribute("href").startswith("/en/rules/29/")


# --- the part a question is about ----------------------------------------------------------------

# (language, a floor question about one part, that part's anchor): the rule's other parts and its
# examples hold the same words; the question's own lead to the part
PART_QUESTIONS = [
    ("ru", "в пот-лимите игрок объявил банк, дилер неправильно посчитал сумму", "/ru/rules/52/#52-B"),
    ("zh-Hant", "他沒說話只推出比跟注少的籌碼，要補足嗎？", "/zh-Hant/rules/51/#51-B"),
]


@pytest.mark.parametrize(("lang", "q", "anchor"), PART_QUESTIONS, ids=[lang for lang, _, _ in PART_QUESTIONS])
@pytest.mark.parametrize("backend", ["api", "offline"])
def test_a_question_about_one_part_opens_that_part(page, api_site, backend, lang, q, anchor):
    if backend == "offline":
        page.route("**/api/search**", lambda route: route.abort("connectionrefused"))
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(f"{api_site}/{lang}/")
    results = search(page, q)
    if backend == "offline":
        page.locator(".tda-search__backend").wait_for()
    hrefs = [a.get_attribute("href") for a in results.all()]
    rule_url = anchor.split("#")[0]
    assert next(h for h in hrefs if h.startswith(rule_url)) == anchor, hrefs
    results.nth(hrefs.index(anchor)).click()
    page.wait_for_url(re.compile(re.escape(api_site + anchor) + "$"))
    part = page.locator(f"[id='{anchor.split('#')[1]}']")
    part.wait_for()
    assert part.is_visible() and 0 <= part.bounding_box()["y"] < page.viewport_size["height"]
    # offline, the refused API request is the one error: the outage this test makes
    assert not [e for e in errors if backend == "api" or "ERR_CONNECTION_REFUSED" not in e], errors


# Typed without a Chinese keyboard, in toneless pinyin: side pots (rule 21), a phone ringing (rule 5)
PINYIN_QUESTIONS = [("zh-Hans", "bianchi zenme fen", "/zh-Hans/rules/21/"),
                    ("zh-Hant", "wanjia shouji xiang le", "/zh-Hant/rules/5/")]


@pytest.mark.parametrize(("lang", "q", "rule_url"), PINYIN_QUESTIONS, ids=[lang for lang, _, _ in PINYIN_QUESTIONS])
@pytest.mark.parametrize("backend", ["api", "offline"])
def test_a_question_typed_in_pinyin_finds_its_rule(page, api_site, backend, lang, q, rule_url):
    if backend == "offline":
        page.route("**/api/search**", lambda route: route.abort("connectionrefused"))
    page.goto(f"{api_site}/{lang}/")
    results = search(page, q)
    if backend == "offline":
        page.locator(".tda-search__backend").wait_for()
    assert results.first.get_attribute("href").startswith(rule_url), [a.get_attribute("href") for a in results.all()]
