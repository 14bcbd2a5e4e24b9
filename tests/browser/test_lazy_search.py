"""The search box's heavy parts load only when search is used, and search still works.

The query understanding of the static fallback (fallback.js, query.js, understanding.js and the modules
it joins, ranking.js, known.js) and the results page's module are imported with dynamic import() under
their content-hashed names; a page view that never searches offline does not download them. Checked
in Debian's chromium through the real server (`create_app`: API + site under its CSP): nothing extra on
load, nothing extra when the API answers, the fallback's modules when the API is down, and not one
request off 127.0.0.1 (the `page` fixture fails on teardown otherwise)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tdarules.search.server import create_app
from tdarules.web.hashed_assets import HASHED_NAME

from polling import wait_until          # the server's CSP refuses wait_for_function's eval
from search_box import search

ROOT = Path(__file__).resolve().parents[2]
SITE_DIR = ROOT / "site"
INDEX_DIR = ROOT / "build" / "search-index"
LAZY = ("fallback", "query", "understanding", "situations", "learned", "typos", "ranking", "suggest", "known",
        "results")

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def api_site(start_server):
    from tdarules.search.query import engine
    engine(INDEX_DIR).warm()
    return start_server(create_app(SITE_DIR, INDEX_DIR))


def lazy_modules(urls: list[str]) -> set[str]:
    """Which of the lazily imported search modules these requests fetched (by hashed name)."""
    found = set()
    for url in urls:
        m = re.search(r"/assets/search/([a-z]+)\.[0-9a-f]{8}\.js$", url)
        if m and m[1] in LAZY:
            found.add(m[1])
    return found


def test_the_page_loads_none_of_the_search_modules_until_search_is_used(page, api_site, request_log):
    page.goto(f"{api_site}/en/rules/43/")
    page.wait_for_load_state("networkidle")
    assert lazy_modules(request_log.urls) == set(), request_log.urls
    # the number box (number.js, loaded by rules.js) still works without them
    assert any(re.search(r"/assets/search/number\.[0-9a-f]{8}\.js$", u) for u in request_log.urls)
    hits = search(page, "string bet")                       # the API answers: still nothing lazy
    assert page.locator(".tda-search__backend").count() == 0
    assert any("/rules/56/" in (a.get_attribute("href") or "") for a in hits.all()), [a.get_attribute("href") for a in hits.all()]
    assert lazy_modules(request_log.urls) == set()


def test_with_the_api_down_the_fallback_is_imported_and_answers(page, api_site, request_log):
    page.route("**/api/search**", lambda route: route.abort("connectionrefused"))
    page.goto(f"{api_site}/ru/")
    page.wait_for_load_state("networkidle")
    assert lazy_modules(request_log.urls) == set()
    hits = search(page, "стринг-бет")
    page.locator(".tda-search__backend").wait_for()          # the offline index answered
    hrefs = [a.get_attribute("href") for a in hits.all()]
    assert any(h.startswith("/ru/rules/56/") for h in hrefs), hrefs
    assert lazy_modules(request_log.urls) == {"fallback", "query", "understanding", "situations", "learned", "typos",
                                               "ranking", "suggest", "known"}
    # the modules came under their content-hashed names (immutable), never the plain ones
    assert not any(re.search(rf"/assets/search/(?:{'|'.join(LAZY)})\.js$", u) for u in request_log.urls)
    # a rule number typed into the fallback: query.js's jump, first
    page.locator("input.tda-search__input").fill("правило 43")
    wait_until(page, "document.querySelector('.tda-search__results li a')?.getAttribute('href')"
               ".startsWith('/ru/rules/43/')", message="the rule jump never came first")


def test_the_results_page_imports_its_module(page, api_site, request_log):
    page.goto(f"{api_site}/en/search/?q=string+bet")
    page.locator(".tda-results__group").first.wait_for()
    assert "results" in lazy_modules(request_log.urls)
    assert page.url.endswith("/en/search/?q=string+bet")     # resultsUrl passed in by search.js


def test_offline_lists_name_every_lazily_imported_module():
    """The worker's per-language lists hold the hashed modules that dynamic import() asks for."""
    import json
    searchers = [p for p in (SITE_DIR / "assets/search").glob("search.*.js") if HASHED_NAME.search(p.name)]
    assert len(searchers) == 1
    imported = re.findall(r'import\("\./([a-z]+\.[0-9a-f]{8}\.js)"\)', searchers[0].read_text(encoding="utf-8"))
    assert {name.split(".")[0] for name in imported} == {"fallback", "results"}
    fallback = (SITE_DIR / "assets/search" / next(n for n in imported if n.startswith("fallback."))).read_text(encoding="utf-8")
    imported += re.findall(r'from\s*"\./([a-z]+\.[0-9a-f]{8}\.js)"', fallback)           # minified: no space
    assert {name.split(".")[0] for name in imported} >= {"fallback", "results", "query", "understanding", "ranking"}
    for lang in ("en", "zh-Hant", "zh-Hans", "ru"):
        listed = {f["url"] for f in json.loads((SITE_DIR / "offline" / f"{lang}.json").read_text())["files"]}
        for name in imported:
            assert f"/assets/search/{name}" in listed, (lang, name)
