"""The number box on the Russian home page, typed as a Russian keyboard types it: the Cyrillic look-alike
of a Latin part letter opens that part, and the page it opens says how the letter was read."""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("typed, url, part", [("51-В", r"/ru/rules/51/#51-B$", "51-B"),
                                               ("45-в", r"/ru/rules/45/#45-B$", "45-B")])
def test_a_cyrillic_part_letter_opens_the_latin_part_and_says_so(page, base_url, typed, url, part):
    page.goto(f"{base_url}/ru/")
    page.locator("#tda-goto-input").fill(typed)
    page.locator("#tda-goto-input").press("Enter")
    page.wait_for_url(re.compile(url))
    note = page.locator(f"section[id='{part}'] .tda-goto-note")
    note.wait_for()
    assert note.inner_text().startswith(f"{typed} → {part}:")
    assert "латинские" in note.inner_text()
    page.reload()                                       # said once, for the jump it explains
    assert page.locator(".tda-goto-note").count() == 0


def test_a_look_alike_for_a_part_the_rule_lacks_names_the_latin_letter(page, base_url):
    page.goto(f"{base_url}/ru/")
    page.locator("#tda-goto-input").fill("43-С")
    page.locator("#tda-goto-input").press("Enter")
    assert page.locator(".tda-goto-error").inner_text() == "В правиле 43 нет пункта C."
    assert page.url.endswith("/ru/")
