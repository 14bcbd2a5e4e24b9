"""The translators' workbench in a real browser: the compare view at 1366 px (columns) and 390 px (one
unit at a time, languages stacked), for a rule without parts (6) and for RP-8, whose Chinese part E is
missing and whose Chinese "E" translates English F; the QA page and a 2017 page on a phone."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 900}


def cells(page, unit_anchor):
    row = page.locator(f'section[id="u-{unit_anchor}"]')
    return {lang: row.locator(f'.tda-cmp-cells [data-col="{lang}"]') for lang in ("en", "zh-Hant", "zh-Hans", "ru")}


def test_compare_rule_without_parts_on_desktop_is_aligned_in_columns(page, base_url):
    page.set_viewport_size(DESKTOP)
    page.goto(f"{base_url}/en/compare/rules/6/")
    for anchor in ("6-title", "6-1"):
        row = cells(page, anchor)
        boxes = {lang: cell.bounding_box() for lang, cell in row.items()}
        tops = {round(b["y"]) for b in boxes.values()}
        assert len(tops) == 1, boxes                                   # one row: the same top for every language
        lefts = [boxes[lang]["x"] for lang in ("en", "zh-Hant", "zh-Hans", "ru")]
        assert lefts == sorted(lefts) and lefts[-1] - lefts[0] > 600   # four columns side by side
    text = cells(page, "6-1")
    assert "acceptable language" in text["en"].inner_text()
    assert "主辦方將明確公布" in text["zh-Hant"].inner_text()
    assert "主办方将明确公布" in text["zh-Hans"].inner_text()
    assert "допустимый язык" in text["ru"].inner_text()
    # the reader chooses the columns; the choice survives a reload
    page.locator('.tda-columns input[value="zh-Hans"]').uncheck()
    assert not text["zh-Hans"].is_visible()
    page.reload()
    assert not cells(page, "6-1")["zh-Hans"].is_visible()
    boxes = [c.bounding_box() for lang, c in cells(page, "6-1").items() if lang != "zh-Hans"]
    assert len({round(b["y"]) for b in boxes}) == 1 and all(b["width"] > 300 for b in boxes)   # three wider columns
    page.locator('.tda-columns input[value="zh-Hans"]').check()


def test_compare_rp8_on_desktop_keeps_the_shifted_chinese_part_in_its_row(page, base_url):
    page.set_viewport_size(DESKTOP)
    page.goto(f"{base_url}/en/compare/rp/8/")
    e_row, f_row = cells(page, "RP-8-E-1"), cells(page, "RP-8-F-1")
    assert "Missing in this language" in e_row["zh-Hant"].inner_text()
    assert "tda-gap" in e_row["zh-Hant"].get_attribute("class")
    assert "additional players" in e_row["en"].inner_text().lower() or e_row["en"].inner_text().strip()
    assert "all-in and call during H4H" in f_row["en"].inner_text()
    assert "發生全下" in f_row["zh-Hant"].inner_text() and "E：" in f_row["zh-Hant"].inner_text()
    for row in (e_row, f_row):
        assert len({round(c.bounding_box()["y"]) for c in row.values()}) == 1


def test_compare_on_a_phone_shows_one_unit_at_a_time_languages_stacked(page, base_url, request_log):
    page.goto(f"{base_url}/en/compare/rp/8/#u-RP-8-F-1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    f_row = cells(page, "RP-8-F-1")
    boxes = [f_row[lang].bounding_box() for lang in ("en", "zh-Hant", "zh-Hans", "ru")]
    assert all(0 <= b["x"] < 390 and b["x"] + b["width"] <= 391 for b in boxes)     # the linked unit is in view
    assert [b["y"] for b in boxes] == sorted(b["y"] for b in boxes) and len({round(b["x"]) for b in boxes}) == 1
    assert "發生全下" in f_row["zh-Hant"].inner_text() and "all-in and call" in f_row["en"].inner_text()
    e_en = cells(page, "RP-8-E-1")["en"].bounding_box()
    assert e_en["x"] + e_en["width"] <= 1                                          # the previous unit is off screen
    position = page.locator(".tda-cmp-pos")
    before = position.inner_text()
    page.locator('.tda-cmp-nav button[data-step="-1"]').click()
    page.wait_for_function("(b) => document.querySelector('.tda-cmp-pos').textContent !== b", arg=before)
    assert 0 <= cells(page, "RP-8-E-1")["en"].bounding_box()["x"] < 390
    for button in page.locator(".tda-cmp-nav button").all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    page.goto(f"{base_url}/ru/compare/rules/6/")
    row = cells(page, "6-1")
    assert [row[lang].bounding_box()["y"] for lang in ("en", "ru")] == sorted(row[lang].bounding_box()["y"] for lang in ("en", "ru"))
    request_log.assert_local_only()


def test_qa_page_and_2017_page_are_usable_on_a_phone(page, base_url):
    page.goto(f"{base_url}/ru/qa/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 28600 / 2                        # groups are collapsed: the old table was 28,600 px
    page.locator("form.tda-filter select[name=kind]").select_option("length")
    group = page.locator('details.tda-qa-group[data-rule="RP-10"]')
    group.locator(":scope > summary").click()
    card = group.locator('.tda-finding[data-kind="length"]')
    assert card.is_visible() and "короче" in card.inner_text()
    assert page.locator('.tda-qa-group:not(.tda-hidden) .tda-finding[data-kind="numbers"]:visible').count() == 0
    page.goto(f"{base_url}/en/2017/rules/46/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("ins").first.is_visible() and page.locator("del").first.is_visible()
    assert "superseded" in page.locator(".tda-old-banner").inner_text()


def test_show_beside_aligns_a_rule_without_lettered_parts(page, base_url):
    page.set_viewport_size(DESKTOP)
    page.goto(f"{base_url}/zh-Hant/rules/6/")
    section = page.locator('section[id="6-text"]')
    companion = section.locator(".tda-companion")
    companion.wait_for()
    original = section.locator(".tda-part-text")
    a, b = original.bounding_box(), companion.bounding_box()
    assert "acceptable language" in companion.inner_text()
    assert abs(a["y"] - b["y"]) < 2 and b["x"] > a["x"] + a["width"] - 1      # beside, not below
    width = section.bounding_box()["width"]
    assert 0.35 * width < a["width"] < 0.65 * width and 0.35 * width < b["width"] < 0.65 * width
