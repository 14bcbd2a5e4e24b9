"""Issue 4 in a real browser: the site's search box against the real API server, and the same box
falling back to the static Pagefind index when the API cannot be reached."""
from __future__ import annotations

import re

import pytest

from tdarules.search.server import create_app

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE_DIR = ROOT / "site"
INDEX_DIR = ROOT / "build" / "search-index"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def api_site(start_server):
    """The built site and /api/search from one uvicorn server, as `rulebook serve` runs it."""
    return start_server(create_app(SITE_DIR, INDEX_DIR))


def search(page, text: str):
    box = page.locator("input.tda-search__input")
    box.fill(text)
    results = page.locator(".tda-search__results li a")
    results.first.wait_for()
    return results


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
