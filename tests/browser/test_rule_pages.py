"""Issue 3 in a real browser (390×844): rule 43, the number box, the Chinese companion,
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
    for button in page.locator("section[id=\"43-A\"] button.tda-copy").all():
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
