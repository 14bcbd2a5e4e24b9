"""Layout on a phone and at a desk, measured in chromium: a rule page starts its own text in the first
screen (its tools in one row, its provenance marks small but 24×24 px targets); the search page and
header box fit 320 px and never make iOS zoom; the glossary's sideways-scrolling table shows that it
scrolls; the compare view's unit pager is not offered where it cannot page; a calculator opened by
link keeps its title clear of the "back to top" pill.

TDA_BROWSER_SITE_URL=http://127.0.0.1:PORT runs these against another build of the site served there
(a layout change checked before the shared site/ is rebuilt)."""
from __future__ import annotations

import io
import os
import re
import time

import pytest
from playwright.sync_api import expect

from polling import wait_until

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "zh-Hant", "zh-Hans", "ru"]
PHONES = [(390, 844), (360, 740)]
FIRST_TEXT = "document.querySelector('.tda-rule .tda-part-text > *')"


@pytest.fixture(scope="module")
def base_url(static_site):
    return os.environ.get("TDA_BROWSER_SITE_URL", "").rstrip("/") or static_site


@pytest.fixture(autouse=True)
def _nothing_leaves_the_machine(request_log):
    yield
    request_log.assert_local_only()


def open_at(context, url, width, height):
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return page


def box(page, expression):
    return page.evaluate(f"(() => {{ const r = ({expression}).getBoundingClientRect(); "
                         "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, "
                         "width: r.width, height: r.height}; })()")


def settled(page, seconds=0.5, timeout=10.0):
    """Wait until the page has stopped scrolling (smooth scrolls, fragment jumps)."""
    deadline = time.monotonic() + timeout
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        now = page.evaluate("window.scrollY")
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= seconds:
            return
        time.sleep(0.05)


# ---- rule pages ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_text_starts_in_the_first_screen(context, base_url, lang, size):
    width, height = size
    page = open_at(context, f"{base_url}/{lang}/rules/43/", width, height)
    first = box(page, FIRST_TEXT)
    # More than the lower half of the first screen is the rule itself, not the tools above it.
    assert first["top"] <= 0.55 * height, f"{lang} {width}x{height}: rule text starts at y={first['top']:.0f}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_text_is_visible_at_320_px(context, base_url, lang):
    page = open_at(context, f"{base_url}/{lang}/rules/43/", 320, 568)
    line = page.evaluate(f"parseFloat(getComputedStyle({FIRST_TEXT}).lineHeight)")
    first = box(page, FIRST_TEXT)
    assert first["top"] + line <= 568, f"{lang}: no line of the rule in the first screen (y={first['top']:.0f})"
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


RULE_TOOLS = {   # the rule-level copy button, the side-by-side choice, share: one row
    "copy": ".tda-rule button[data-copy='citation']:not(.tda-part button)",
    "beside": ".tda-rule .tda-companion-select",
    "share": ".tda-rule button.tda-share",
}


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["ru", "zh-Hant", "en"])
def test_rule_tools_fold_into_one_row_and_each_has_a_name(context, base_url, lang, size):
    width, height = size
    page = open_at(context, f"{base_url}/{lang}/rules/43/", width, height)
    page.locator(RULE_TOOLS["share"]).wait_for()
    boxes = {name: page.locator(selector).bounding_box() for name, selector in RULE_TOOLS.items()}
    centres = [b["y"] + b["height"] / 2 for b in boxes.values()]
    assert max(centres) - min(centres) <= 12, f"{lang} {width}px: tools on more than one row: {boxes}"
    for name, b in boxes.items():
        assert b["height"] >= 44 and b["width"] >= 44, (name, b)
        assert b["x"] + b["width"] <= width, (name, b)
    names = {"en": ("Copy citation", "Share"), "zh-Hant": ("複製引用", "分享"), "ru": ("Скопировать цитату", "Поделиться")}[lang]
    expect(page.locator(RULE_TOOLS["copy"])).to_have_accessible_name(re.compile(re.escape(names[0])))
    expect(page.locator(RULE_TOOLS["share"])).to_have_accessible_name(re.compile(re.escape(names[1])))
    expect(page.locator(RULE_TOOLS["beside"])).to_have_accessible_name(re.compile(r"\S"))


def test_rule_tools_still_work_from_the_compact_row(context, base_url):
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page = open_at(context, f"{base_url}/ru/rules/43/", 390, 844)
    page.locator(RULE_TOOLS["copy"]).click()
    wait_until(page, "document.hasFocus() && navigator.clipboard.readText().then(t => t === 'TDA 2024, правило 43')",
               timeout=5, message="copy citation did not copy the rule's citation")
    formerly = page.locator(".tda-rule a.tda-formerly")
    assert formerly.get_attribute("href") == "/ru/2017/rules/46/#redline"
    assert formerly.is_visible() and formerly.bounding_box()["height"] >= 24
    page.locator(RULE_TOOLS["beside"]).select_option("zh-Hant")
    page.locator("section[id='43-A'] .tda-companion[lang='zh-Hant']").wait_for()
    assert page.locator(".tda-companion-status").inner_text().strip() == ""


@pytest.mark.parametrize("path", ["/ru/rules/43/", "/ru/"])
def test_provenance_marks_are_muted_24px_targets(context, base_url, path):
    page = open_at(context, f"{base_url}{path}", 390, 844)
    marks = page.evaluate("""() => {
        const body = parseFloat(getComputedStyle(document.querySelector('.md-typeset')).fontSize);
        return [...document.querySelectorAll('.tda-ours, .tda-defect')].filter(e => e.offsetParent !== null)
          .map(e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
                      return {w: r.width, h: r.height, bg: s.backgroundColor, size: parseFloat(s.fontSize), body}; }); }""")
    assert marks, path
    for mark in marks:
        assert mark["w"] >= 24 and mark["h"] >= 24, (path, mark)          # WCAG 2.2 target size (minimum)
        assert mark["bg"] in ("rgba(0, 0, 0, 0)", "transparent"), (path, mark)   # no coloured badge
        assert mark["size"] < mark["body"], (path, mark)


# ---- search ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_search_page_fits_320_px_and_no_input_makes_ios_zoom(context, base_url, lang):
    page = open_at(context, f"{base_url}/{lang}/search/?q=raise", 320, 640)
    button = page.locator(".tda-results__form button")
    button.wait_for()
    b = button.bounding_box()
    assert b["x"] >= 0 and b["x"] + b["width"] <= 320, f"{lang}: the search button runs off screen: {b}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    page.locator(".md-header .tda-search__input").wait_for()
    # iOS zooms into text entry only: the palette's radio buttons are not typed into.
    sizes = page.evaluate("[...document.querySelectorAll('input:not([type=radio]):not([type=checkbox])')]"
                          ".filter(e => e.offsetParent !== null)"
                          ".map(e => [e.className || e.name, parseFloat(getComputedStyle(e).fontSize)])")
    assert sizes and all(size >= 16 for _, size in sizes), sizes


# ---- glossary -----------------------------------------------------------------------------------


def _dark_rows(page, x, top, bottom, threshold=248):
    """Share of pixel rows in a 2 px strip at x (CSS px) darker than the page background."""
    from PIL import Image
    png = page.screenshot(clip={"x": x, "y": top, "width": 2, "height": bottom - top})
    image = Image.open(io.BytesIO(png)).convert("L")
    rows = [min(image.getpixel((c, r)) for c in range(image.width)) for r in range(image.height)]
    return sum(1 for value in rows if value < threshold) / len(rows)


def test_glossary_table_shows_that_it_scrolls_sideways(context, base_url):
    page = open_at(context, f"{base_url}/ru/glossary/", 390, 844)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The box that scrolls: the table is wider than the phone.
    found = page.evaluate("""() => { const t = document.querySelector('.tda-glossary table');
        for (let e = t; e && !e.classList.contains('md-content'); e = e.parentElement)
          if (e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) {
            e.dataset.testScroller = ''; return [e.scrollWidth, e.clientWidth]; }
        return null; }""")
    assert found, "the glossary table does not scroll"
    scroller = "document.querySelector('[data-test-scroller]')"
    page.evaluate(f"window.scrollTo(0, {scroller}.getBoundingClientRect().top + window.scrollY - 60)")
    r = box(page, scroller)
    top, bottom = max(r["top"], 60), min(r["bottom"], 840)
    edge = r["right"] - 3
    # A cue runs down the whole edge that has more to show (text alone darkens only some rows) ...
    assert _dark_rows(page, edge, top, bottom) > 0.9, "no cue on the right edge of the clipped column"
    page.evaluate(f"{scroller}.scrollLeft = {scroller}.scrollWidth")
    page.wait_for_timeout(100)
    # ... and is gone once that edge is reached, moving to the side scrolled past.
    assert _dark_rows(page, edge, top, bottom) < 0.6, "the right-edge cue stays after scrolling to the end"
    assert _dark_rows(page, r["left"] + 1, top, bottom) > 0.9, "no cue on the left edge once scrolled"


# ---- compare view -------------------------------------------------------------------------------


def test_compare_pager_is_not_offered_on_a_desktop(context, base_url):
    page = open_at(context, f"{base_url}/en/compare/rules/43/", 1366, 900)
    assert not page.locator(".tda-cmp-nav").is_visible(), "the ‹ › pager shows where every unit is on screen"
    assert page.locator(".tda-cmp-row").nth(1).is_visible()          # the units are all in the grid


def test_compare_pager_pages_on_a_phone(context, base_url):
    page = open_at(context, f"{base_url}/en/compare/rules/43/", 390, 844)
    position = page.locator(".tda-cmp-pos")
    assert page.locator(".tda-cmp-nav").is_visible()
    assert re.fullmatch(r"1 / \d+", position.inner_text().strip())
    page.locator(".tda-cmp-nav button[data-step='1']").click()
    wait_until(page, "document.querySelector('.tda-cmp-pos').textContent.trim().startsWith('2 /')", timeout=5)


# ---- calculators --------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [320, 390])
def test_calculator_opened_by_link_keeps_its_title_clear_of_the_back_to_top_pill(context, base_url, width):
    page = open_at(context, f"{base_url}/ru/calculators/#calc-minRaise", width, 700)
    wait_until(page, "document.querySelector('details[data-calc-item=minRaise]').open")
    settled(page)
    assert_title_clear(page, width, "after the page's own scroll")
    # The browser scrolls to the fragment's target (the section under the title) as well, and on a
    # loaded machine that jump may come last: it must land in the same place.
    page.evaluate("document.getElementById('calc-minRaise').scrollIntoView()")
    settled(page)
    assert_title_clear(page, width, "after the browser's jump to #calc-minRaise")


def assert_title_clear(page, width, when):
    title = box(page, "document.querySelector('details[data-calc-item=minRaise] .tda-calc-title')")
    header = box(page, "document.querySelector('.md-header')")
    # Where the pill shows (it comes out as the page scrolls up to the calculator), shown or not yet.
    pill = box(page, "document.querySelector('.md-top')")
    assert title["top"] >= header["bottom"] - 1, (when, title, header)
    overlap = (title["top"] < pill["bottom"] and pill["top"] < title["bottom"]
               and title["left"] < pill["right"] and pill["left"] < title["right"])
    assert not overlap, f"{width}px, {when}: the back-to-top pill {pill} covers the calculator's title {title}"
    assert title["bottom"] <= 700, when
