"""The language menu from any address the site is served at (here the tests' own free port, which no
build was made for): Material's selector fetches sitemap.xml beside each hreflang alternate, every one
on the serving origin and found; a choice keeps the rule and the part the reader was on; the console
stays clean."""
from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("start, language, landing", [
    ("/en/rules/43/#43-B", "ru", "/ru/rules/43/#43-B"),
    ("/ru/rp/8/", "zh-Hant", "/zh-Hant/rp/8/"),
    ("/zh-Hans/glossary/", "en", "/en/glossary/"),
])
def test_language_menu_stays_on_the_serving_origin_and_keeps_the_part(new_context, base_url, start, language, landing):
    context = new_context(viewport={"width": 1366, "height": 900}, is_mobile=False, has_touch=False,
                          device_scale_factor=1)
    page = context.new_page()
    errors, sitemaps = [], []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfinished", lambda r: r.url.endswith("/sitemap.xml") and sitemaps.append(r))
    page.goto(f"{base_url}{start}")
    page.wait_for_load_state("networkidle")          # Material has read every alternate's sitemap
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(base_url))
    assert len(sitemaps) >= 4
    for request in sitemaps:
        assert request.url.startswith(origin + "/"), request.url
        assert request.response().status == 200, request.url
    page.locator(".md-header .md-select").first.hover()
    page.locator(f'a.md-select__link[hreflang="{language}"]').click()
    page.wait_for_url(re.compile(re.escape(landing) + "$"))
    assert page.locator("html").get_attribute("lang") == language
    page.wait_for_load_state("networkidle")
    assert errors == []
