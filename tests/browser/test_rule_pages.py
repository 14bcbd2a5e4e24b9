"""In a real browser (390×844): rule 43, the number box, the Chinese companion,
switching the site language on the same rule, following a cross-reference to a part anchor."""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def test_open_rule_43_readable_on_a_phone(page, base_url):
    page.goto(f"{base_url}/en/rules/43/")
    assert page.locator("h1").inner_text().startswith("Rule 43")
    assert page.locator("section[id=\"43-A\"]").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    buttons = page.locator("section[id=\"43-A\"] button.tda-copy").all()
    assert buttons                                        # the part has its copy buttons
    for button in buttons:
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44


def test_number_box_jumps_to_procedure_and_rejects_bad_numbers(page, base_url):
    page.goto(f"{base_url}/ru/")
    box = page.locator("#tda-goto-input")
    box.fill("99")
    box.press("Enter")
    error = page.locator(".tda-goto-error")
    assert "1–71" in error.inner_text() and "правила" in error.inner_text().lower()
    box.fill("abc")
    box.press("Enter")
    assert "«abc»" in error.inner_text()
    box.fill("43-Z")
    box.press("Enter")
    assert "43" in error.inner_text() and "Z" in error.inner_text()
    box.fill("RP-5")
    box.press("Enter")
    page.wait_for_url(re.compile(r"/ru/rp/5/$"))
    assert page.locator("h1").inner_text().startswith("RP-5")
    page.goto(f"{base_url}/en/")
    page.locator("#tda-goto-input").fill("43b")
    page.locator("#tda-goto-input").press("Enter")
    page.wait_for_url(re.compile(r"/en/rules/43/#43-B$"))


def test_chinese_companion_beside_english_persists_across_pages(page, base_url):
    page.goto(f"{base_url}/en/rules/43/")
    page.locator(".tda-companion-select").select_option("zh-Hant")
    companion = page.locator("section[id=\"43-A\"] .tda-companion")
    companion.wait_for()
    assert "加注" in companion.inner_text()
    assert companion.get_attribute("lang") == "zh-Hant"
    page.goto(f"{base_url}/en/rules/45/")
    page.locator("section[id=\"45-B\"] .tda-companion").wait_for()
    assert page.locator(".tda-companion-select").input_value() == "zh-Hant"


def test_default_companion_on_a_translation_is_english(page, base_url):
    page.goto(f"{base_url}/ru/rules/43/")
    page.locator("section[id=\"43-A\"] .tda-companion[lang=en]").wait_for()
    assert "raise" in page.locator("section[id=\"43-A\"] .tda-companion").inner_text().lower()


def test_language_switch_keeps_the_rule(page, base_url):
    page.goto(f"{base_url}/en/rules/43/")
    page.locator(".md-header [data-md-component=select], .md-header .md-select").first.hover()
    page.locator('a[hreflang="ru"]').first.click()
    page.wait_for_url(re.compile(r"/ru/rules/43/$"))
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.locator("h1").inner_text().startswith("Правило 43")


def test_cross_reference_goes_to_the_part_anchor(page, base_url):
    page.goto(f"{base_url}/en/rules/43/")
    link = page.locator("section[id=\"43-A\"] a.tda-ref", has_text="Rule 45-B")
    link.click()
    page.wait_for_url(re.compile(r"/en/rules/45/#45-B$"))
    assert page.evaluate("location.hash") == "#45-B"
    assert page.locator("section[id=\"45-B\"]").is_visible()


@pytest.mark.parametrize("path", ["/en/rules/35/", "/zh-Hant/rules/46/", "/ru/rp/10/", "/zh-Hans/addendum/",
                                  "/ru/glossary/", "/en/qa/", "/zh-Hant/", "/ru/qa/", "/ru/compare/rp/8/", "/en/compare/",
                                  "/zh-Hant/editions/2017-2024/", "/en/2017/rules/46/"])
def test_no_sideways_scrolling_at_360_px_and_tap_targets(context, request_log, base_url, path):
    page = context.new_page()
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{base_url}{path}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    small = page.evaluate("""() => [...document.querySelectorAll(
        'button.tda-copy, .tda-part-label, .tda-goto button, .tda-goto input, .tda-prev-next a, .tda-rule-list a, .tda-example summary')]
        .filter(e => e.offsetParent !== null)
        .map(e => e.getBoundingClientRect()).filter(r => r.height < 44).length""")
    assert small == 0, path
    page.close()
    request_log.assert_local_only()


def test_dark_palette_follows_the_system_and_the_toggle(new_context, base_url):
    context = new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(f"{base_url}/en/rules/43/")
    assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.locator("label.md-header__button[for^=__palette]:visible").first.click()
    assert page.locator("body").get_attribute("data-md-color-scheme") == "default"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != background


def test_a_page_view_requests_nothing_that_fails(page, base_url):
    # Material fetches <alternate>/sitemap.xml for each hreflang link; every one must exist.
    failed = []
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    for path in ("/zh-Hant/rules/43/", "/ru/", "/en/glossary/"):
        page.goto(f"{base_url}{path}")
        page.wait_for_load_state("networkidle")
    assert not failed
