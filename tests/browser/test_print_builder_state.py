"""The rule-sheet builder in a real browser: Enter in the selection redraws the sheet in place and keeps
every setting; the address holds them all, so a reload or a shared link shows the same sheet; the page
logs no CSP violation (it has no inline handler). Served as `rulebook serve` serves it, with its
Content-Security-Policy: the plain static server sends none, and an inline handler would run there."""
from __future__ import annotations

from pathlib import Path

import pytest

from tdarules.model import CURRENT_EDITION
from tdarules.search.server import create_app

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def secured(start_server):
    return start_server(create_app(ROOT / "site", ROOT / "build" / "search-index"))


def violations(page) -> list[str]:
    found: list[str] = []
    page.add_init_script("document.addEventListener('securitypolicyviolation', "
                         "e => console.error('Content Security Policy: ' + e.violatedDirective))")
    page.on("console", lambda m: found.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: found.append(str(e)))
    return found


def wait_for_sheet(page, selection):
    page.wait_for_function("value => document.querySelector('#tda-sheet').dataset.selection === value", arg=selection)


def test_enter_keeps_language_and_layout_and_the_address_holds_them(page, secured):
    base_url = secured
    logged = violations(page)
    page.goto(f"{base_url}/en/print/")
    page.locator("#tda-sheet[data-ready]").wait_for(state="attached")
    page.select_option("#tda-pb-second", "ru")
    page.check("input[name=layout][value=compact]")
    page.uncheck("#tda-pb-examples")
    page.select_option("#tda-pb-paper", "letter")
    page.fill("#tda-pb-selection", "40-47, RP-8")
    wait_for_sheet(page, "40-47, RP-8")
    page.evaluate("window.tdaSamePage = true")
    page.locator("#tda-pb-selection").press("Enter")
    wait_for_sheet(page, "40-47, RP-8")
    assert page.evaluate("window.tdaSamePage === true"), "Enter reloaded the page"
    # the address also names the edition the numbers are in: the link keeps its meaning later
    assert page.url.endswith(f"/en/print/?rules=40-47%2C+RP-8&with=ru&compact=1&examples=0&paper=letter&edition={CURRENT_EDITION}")
    assert page.locator("#tda-pb-second").input_value() == "ru"
    assert page.locator("input[name=layout][value=compact]").is_checked()
    assert page.locator("#tda-sheet article.tda-sheet-rule").count() == 9
    page.reload()                                       # the address alone brings it all back
    page.locator("#tda-sheet[data-ready]").wait_for(state="attached")
    wait_for_sheet(page, "40-47, RP-8")
    assert page.locator("#tda-pb-second").input_value() == "ru"
    assert page.locator("input[name=layout][value=compact]").is_checked()
    assert not page.locator("#tda-pb-examples").is_checked()
    assert page.locator("#tda-pb-paper").input_value() == "letter"
    assert page.locator("#tda-sheet").evaluate("n => n.classList.contains('tda-sheet-bilingual')")
    assert logged == []


def test_a_shared_link_reproduces_the_sheet(page, secured):
    base_url = secured
    logged = violations(page)
    page.goto(f"{base_url}/ru/print/?rules=43&with=zh-Hant&compact=1")
    page.locator("#tda-sheet[data-ready]").wait_for(state="attached")
    wait_for_sheet(page, "43")
    assert page.locator("#tda-pb-second").input_value() == "zh-Hant"
    assert page.locator("#tda-sheet").evaluate("n => n.classList.contains('tda-sheet-compact')")
    assert page.locator("#tda-sheet article[data-rule='43'] .tda-sheet-col[lang='zh-Hant']").count() > 0
    assert logged == []
