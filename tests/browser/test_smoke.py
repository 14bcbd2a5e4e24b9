"""Smoke test: the built site opens in chromium on a phone and stays on 127.0.0.1."""

import re

import pytest

pytestmark = pytest.mark.browser


def test_home_redirects_to_english_and_stays_local(page, base_url, request_log):
    page.goto(f"{base_url}/")
    # The root has no JavaScript: a meta refresh sends the reader to /en/.
    page.wait_for_url(re.compile(r"/en/$"))
    page.wait_for_load_state("load")

    assert page.title() == "Poker TDA Rules"
    assert page.locator("html").get_attribute("lang") == "en"
    # The language switcher offers every language at its own prefix.
    hreflangs = page.locator("a.md-select__link").evaluate_all(
        "links => links.map(a => a.getAttribute('hreflang'))"
    )
    assert hreflangs == ["en", "zh-Hant", "zh-Hans", "ru"]

    assert request_log.urls, "no request was recorded at all"
    request_log.assert_local_only()
