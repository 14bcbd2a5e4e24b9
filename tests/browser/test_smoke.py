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


def test_a_request_to_another_host_is_named_and_never_answered(context, base_url, request_log):
    """The guard every browser test stands on: a page that reaches for another host (by name or by
    address, from markup or a script) is seen doing it, and gets nothing back."""
    page = context.new_page()
    page.goto(f"{base_url}/en/")
    page.evaluate("""() => { const img = new Image(); img.src = 'http://rules.example.org/x.png';
                             document.body.append(img); fetch('https://10.1.2.3/y').catch(() => {}); }""")
    for _ in range(100):                     # both fail at once at the browser's dead proxy
        if len(request_log.blocked) == 2:
            break
        page.wait_for_timeout(50)
    assert set(request_log.external()) == {"http://rules.example.org/x.png", "https://10.1.2.3/y"}
    assert set(request_log.blocked) == set(request_log.external())
    with pytest.raises(AssertionError, match="2 request"):
        request_log.assert_local_only()
    # what the site itself asked for came from 127.0.0.1, and none of it failed
    local = [url for url in request_log.urls if request_log.is_local(url)]
    assert local and page.evaluate("document.styleSheets.length") > 0
    page.close()
