"""The pages work under the Content-Security-Policy `rulebook serve` sends (no inline script
without its hash, nothing from another host): Material's scripts, the number box, the calculators,
search through the API and through Pagefind's WebAssembly, with no violation reported."""
from __future__ import annotations

from pathlib import Path

import pytest

from tdarules.search.server import create_app
from search_box import search

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]

RECORD = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  e => window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + e.sourceFile + ':' + e.lineNumber));"""


@pytest.fixture(scope="module")
def secured(start_server):
    return start_server(create_app(ROOT / "site", ROOT / "build" / "search-index"))


@pytest.fixture
def watched(page):
    page.add_init_script(RECORD)
    messages = []
    page.on("console", lambda m: "Content Security Policy" in m.text and messages.append(m.text))
    yield page, messages


# None excused: Material's language selector fetches sitemap.xml beside each hreflang alternate, and a
# build without a public address keeps those relative, so the tests' own port is asked, not the build's.
def violations(page, messages):
    return page.evaluate("window.__csp") + messages


@pytest.mark.parametrize("path", ["/en/", "/zh-Hant/rules/43/", "/ru/calculators/", "/en/glossary/"])
def test_pages_run_without_violations(watched, secured, path):
    page, messages = watched
    response = page.goto(f"{secured}{path}")
    assert "script-src 'self' 'wasm-unsafe-eval' 'sha256-" in response.headers["content-security-policy"]
    page.wait_for_load_state("networkidle")
    # Material's inline palette script ran (it sets the colour scheme on <body>)
    assert page.locator("body").get_attribute("data-md-color-scheme") in ("default", "slate")
    assert violations(page, messages) == []


def test_calculator_and_number_box_work_under_the_policy(watched, secured):
    page, messages = watched
    page.goto(f"{secured}/en/")
    page.locator("#tda-goto-input").fill("43b")
    page.locator("#tda-goto-input").press("Enter")
    page.wait_for_url(f"{secured}/en/rules/43/#43-B")
    assert violations(page, messages) == []


def test_search_api_and_pagefind_under_the_policy(watched, secured):
    page, messages = watched
    page.goto(f"{secured}/en/")
    search(page, "min raise")
    assert page.locator(".tda-search__backend").count() == 0         # the API answered
    page.route("**/api/search**", lambda route: route.abort("connectionrefused"))
    page.goto(f"{secured}/ru/")
    page.locator("input.tda-search__input").fill("стринг-бет")
    page.locator(".tda-search__backend").wait_for()                  # Pagefind (WebAssembly) answered
    assert page.locator(".tda-search__results li a").count() > 0
    assert violations(page, messages) == []
