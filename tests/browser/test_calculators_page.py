"""The Calculators page as an index, in chromium at 390×844: 13 calculators open at once make the page
~21,800 px tall, so each is a closed <details name="tda-calc"> (one open at a time), #calc-<id>
opens its calculator (also without JavaScript), the address follows the open one, Back leaves the
page, the engine reference has its own page per language and its old anchors still land there,
and every home page links the calculators."""
from __future__ import annotations

import re

import pytest

from polling import wait_until

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "zh-Hant", "zh-Hans", "ru"]
OPEN = "[...document.querySelectorAll('details.tda-calc-item[open]')].map(d => d.dataset.calcItem)"


def ready(page):
    """The page's scripts have run (ui.js builds a calculator's form when it is opened)."""
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_index_fits_a_few_screens_and_keeps_one_calculator_open(page, base_url, lang):
    page.goto(f"{base_url}/{lang}/calculators/")
    ready(page)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 4 * 844, f"{lang}: the closed index is {height} px tall"
    items = page.locator("details.tda-calc-item")
    assert items.count() == 13 and page.evaluate(OPEN) == []
    assert page.locator("section.tda-calc[data-ready]").count() == 0      # no form built while closed
    ids = [item.get_attribute("data-calc-item") for item in items.all()]
    # The summary names the calculator as a heading and, in plain text, the rules it applies.
    first = items.nth(0).locator("summary")
    assert first.locator("h2.tda-calc-title").inner_text().strip()
    first.click()
    assert page.evaluate(OPEN) == [ids[0]]
    items.nth(4).locator("summary").click()
    assert page.evaluate(OPEN) == [ids[4]]
    wait_until(page, f"location.hash === '#calc-{ids[4]}'", timeout=5)   # shareable, reloadable
    # Only the opened calculator's form is built; it is a few screens, not the whole page again.
    page.locator(f"#calc-{ids[4]}[data-ready]").wait_for()
    assert page.locator("section.tda-calc[data-ready]").count() == 2           # the first one and this
    assert page.evaluate("document.documentElement.scrollHeight") < height + 3000
    items.nth(4).locator("summary").click()               # closing it clears the address
    assert page.evaluate(OPEN) == []
    wait_until(page, "location.href.indexOf('#') < 0", timeout=5)


@pytest.mark.parametrize("calc", ["sidePots", "randomSeating"])
def test_deep_link_opens_that_calculator_below_the_header(page, base_url, calc):
    page.goto(f"{base_url}/en/calculators/#calc-{calc}")
    ready(page)
    wait_until(page, f"document.querySelector('details[data-calc-item={calc}]').open")
    assert page.evaluate(OPEN) == [calc]
    header = page.locator(".md-header").bounding_box()
    wait_until(page, f"""(() => {{
        const s = document.querySelector('details[data-calc-item={calc}] > summary').getBoundingClientRect();
        return s.top >= {header['height']} - 1 && s.bottom <= window.innerHeight; }})()""",
               timeout=5, message="the opened calculator's title is not in view below the header")
    # A link on the page to another calculator opens that one instead.
    page.evaluate("location.hash = '#calc-oddChips'")
    wait_until(page, "document.querySelector('details[data-calc-item=oddChips]').open")
    assert page.evaluate(OPEN) == ["oddChips"]


def test_reload_keeps_and_back_leaves(page, base_url):
    page.goto(f"{base_url}/en/")
    page.locator(".tda-home-calculators a").click()
    page.wait_for_url(re.compile(r"/en/calculators/$"))
    ready(page)
    for calc in ("minRaise", "potLimit", "clock"):
        page.locator(f'details[data-calc-item="{calc}"] > summary').click()
    wait_until(page, "location.hash === '#calc-clock'", timeout=5)
    page.reload()
    ready(page)
    wait_until(page, "document.querySelector('details[data-calc-item=clock]').open")
    # Opening calculators replaced the address rather than adding history entries: one Back is home.
    page.go_back()
    page.wait_for_url(re.compile(r"/en/$"))


def test_without_javascript_the_index_and_deep_links_still_work(new_context, base_url):
    page = new_context(java_script_enabled=False).new_page()
    page.goto(f"{base_url}/en/calculators/#calc-undercall")
    assert page.locator('details[data-calc-item="undercall"][open]').count() == 1
    assert page.locator("details.tda-calc-item[open]").count() == 1
    page.locator('details[data-calc-item="clock"] > summary').click()
    assert page.locator('details[data-calc-item="clock"][open]').count() == 1
    assert page.locator("details.tda-calc-item[open]").count() == 1       # <details name>: native
    assert page.locator('details[data-calc-item="clock"] .tda-calc-noscript').is_visible()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_engine_reference_has_its_own_page_and_old_anchors_land_there(page, base_url, lang):
    page.goto(f"{base_url}/{lang}/calculators/")
    assert page.locator(".tda-engine-doc").count() == 0
    link = page.locator("h2#engine ~ p.tda-engine-link a")
    assert link.get_attribute("href") == f"/{lang}/calculators/engine/"
    page.goto(f"{base_url}/{lang}/calculators/engine/")
    doc = page.locator(".tda-engine-doc")
    assert doc.get_attribute("lang") == "en" and page.locator("html").get_attribute("lang") == lang
    assert "potLimit(input)" in doc.inner_text()
    assert page.locator(f'.tda-engine-back a[href="/{lang}/calculators/"]').count() == 1
    # A link into the reference as it was on the Calculators page.
    page.goto(f"{base_url}/{lang}/calculators/#potlimitinput")
    page.wait_for_url(re.compile(rf"/{lang}/calculators/engine/#potlimitinput$"))
    assert page.locator("h2#potlimitinput").is_visible()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_page_links_the_calculators(page, base_url, lang):
    page.goto(f"{base_url}/{lang}/")
    link = page.locator(".tda-home-calculators a")
    assert link.get_attribute("href") == f"/{lang}/calculators/"
    box = link.bounding_box()
    assert box and box["y"] < 844 * 2 and link.inner_text().strip()      # near the top, not at the end
