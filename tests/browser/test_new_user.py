"""What a new user stumbled on, in chromium at 390×844: the language switch keeps the
part, Calculate shows and focuses its result, short links land in the reader's language."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from polling import wait_until          # the server's CSP refuses wait_for_function's eval
from tdarules.search.server import create_app
from calculator_forms import calculate_pot_limit_preflop

SITE_DIR = Path(__file__).resolve().parents[2] / "site"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(start_server, static_site):        # static_site: site/ rebuilt when older than its sources
    return start_server(create_app(SITE_DIR))


def test_language_switch_keeps_the_part_anchor(page, base_url):
    page.goto(f"{base_url}/en/rules/43/#43-B")
    link = page.locator('a.md-select__link[hreflang="zh-Hant"]')
    assert link.get_attribute("href").endswith("/zh-Hant/rules/43/")     # static-i18n drops the anchor
    link.dispatch_event("click")
    page.wait_for_url(re.compile(r"/zh-Hant/rules/43/#43-B$"))
    assert page.locator('section[id="43-B"]').is_visible()


def test_calculate_brings_the_result_into_view_and_focus(page, base_url):
    page.goto(f"{base_url}/en/calculators/")
    page.locator('details[data-calc-item="potLimit"] > summary').click()      # the page's index
    section = page.locator("section#calc-potLimit[data-ready]")
    section.wait_for()
    calculate_pot_limit_preflop(section)
    result = section.locator(".tda-calc-result")
    result.wait_for()
    assert page.evaluate("document.activeElement === document.querySelector('#calc-potLimit .tda-calc-result h3')")
    page.wait_for_function("""() => {
        const box = document.querySelector('#calc-potLimit .tda-calc-result h3').getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
    }""", timeout=5_000)


def test_no_field_says_optional_twice(page, base_url):
    page.goto(f"{base_url}/en/calculators/")
    # Each calculator's form is built when it is opened in the index: open them all.
    page.wait_for_load_state("networkidle")
    page.evaluate("document.querySelectorAll('details.tda-calc-item').forEach(d => { d.removeAttribute('name'); d.open = true; })")
    page.wait_for_function("document.querySelectorAll('section.tda-calc[data-ready]').length === document.querySelectorAll('section.tda-calc').length")
    labels = page.locator("section.tda-calc label, section.tda-calc legend").all_inner_texts()
    assert labels and not [t for t in labels if t.lower().count("optional") > 1]


@pytest.mark.parametrize("locale, expected", [("ru-RU", "/ru/rules/43/#43-B"), ("zh-TW", "/zh-Hant/rules/43/#43-B"),
                                              ("de-DE", "/en/rules/43/#43-B")])
def test_short_link_opens_the_part_in_the_readers_language(browser, served, locale, expected):
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{served}/r/43-B")
        assert page.url == served + expected
        assert page.locator('section[id="43-B"]').is_visible()
    finally:
        context.close()


def test_glossary_term_opens_in_place(page, base_url):
    page.goto(f"{base_url}/en/rules/43/")
    term = page.locator('a.tda-term[href$="#term-bet"]').first
    term.click()
    assert page.url.endswith("/en/rules/43/"), "the reader stays on the rule"
    pop = page.locator(".tda-term-pop")
    assert pop.is_visible()
    assert pop.locator('[lang="zh-Hant"]').inner_text() == "下注"
    assert pop.locator('[lang="ru"]').inner_text() == "ставка"
    assert term.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")
    assert pop.count() == 0 and term.get_attribute("aria-expanded") == "false"
    term.click()
    page.locator(".tda-term-pop a").click()                          # on to the glossary
    page.wait_for_url(re.compile(r"/en/glossary/#term-bet$"))
    outline = page.evaluate("getComputedStyle(document.getElementById('term-bet')).outlineStyle")
    assert outline != "none", "the target row is highlighted"


def test_share_button_shares_the_short_link_or_copies_it(browser, served):
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served)
    try:
        page = context.new_page()
        page.add_init_script("navigator.share = async (data) => { window.__shared = data; };")
        page.goto(f"{served}/ru/rules/43/#43-B")
        page.get_by_role("button", name=re.compile("Поделиться")).click()
        wait_until(page, "window.__shared !== undefined")
        assert page.evaluate("window.__shared.url") == f"{served}/r/43-B"
        fallback = context.new_page()                      # no Web Share API: the link is copied
        fallback.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
        fallback.goto(f"{served}/en/rp/5/")
        fallback.get_by_role("button", name=re.compile("Share")).click()
        fallback.wait_for_function("navigator.clipboard.readText().then(t => t.endsWith('/r/RP-5'))")
    finally:
        context.close()


def test_term_popover_keeps_its_sentence_whole_and_uncovered(page, base_url):
    """The popover opens below the sentence the term sits in, not inside it (a block between two
    halves of a sentence), and no tooltip lies over it."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base_url}/en/rules/43/")
    term = page.locator('a.tda-term[href$="#term-bet"]').first
    block_text = term.evaluate("a => a.closest('p, li').innerText")
    term.hover()
    term.click()
    pop = page.locator(".tda-term-pop")
    pop.wait_for()
    # the sentence reads as before, the popover after all of it
    assert term.evaluate("a => a.closest('p, li').innerText").startswith(block_text)
    assert pop.evaluate("p => p.previousSibling === null || !p.nextSibling || p.nextSibling.nodeType !== 3"
                        " || !p.nextSibling.textContent.trim()")
    box = pop.bounding_box()
    # nor any tooltip over the sentence it explains
    assert page.evaluate("[...document.querySelectorAll('.md-tooltip2')].every(t => getComputedStyle(t).display === 'none' || t.getBoundingClientRect().width === 0)")
    covering = page.evaluate("""([x, y, w, h]) => [...document.querySelectorAll('[role=tooltip], .md-tooltip, .md-tooltip2')]
        .filter(t => { const r = t.getBoundingClientRect(), s = getComputedStyle(t);
                       return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0 &&
                              r.width > 0 && r.left < x + w && r.right > x && r.top < y + h && r.bottom > y; })
        .map(t => t.className)""", [box["x"], box["y"], box["width"], box["height"]])
    assert covering == [], covering
