"""In a real browser (390×844): "Save for offline", then airplane mode; a second deploy.

Each test serves its own copy of the built site with the real server (`create_app`, as `rulebook
serve` runs it) and cuts the network twice over: the server is stopped *and* the browser context
is set offline, so nothing can come from anywhere but the service worker's cache.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from servers import SiteCopy
from offline_panel import scroll_to_panel, wait_until_saved
from phone import PHONE_DENSITY, PHONE_VIEWPORT
from polling import wait_until          # the server's CSP refuses wait_for_function's eval
from tdarules.web.finalize import finalize_site
from calculator_forms import calculate_pot_limit_preflop
from search_box import search

pytestmark = pytest.mark.browser


SITE_DIR = Path(__file__).resolve().parents[2] / "site"


@pytest.fixture
def deployment(static_site, tmp_path):          # static_site: site/ rebuilt when older than its sources
    """The site served from a copy of hard links: the reader's tests take the server away and never
    write into it (a full copy costs ~4 s of CPU)."""
    deployed = SiteCopy(SITE_DIR, tmp_path, linked=True)
    yield deployed
    deployed.remove()


@pytest.fixture
def writable_deployment(static_site, tmp_path):
    """A full copy, for a test that deploys a second build over it (hard links would write through
    into site/)."""
    deployed = SiteCopy(SITE_DIR, tmp_path)
    yield deployed
    deployed.remove()


@pytest.fixture
def sw_context(browser):
    """A phone context with service workers allowed (the shared fixture blocks them)."""
    seen: list[str] = []
    context = browser.new_context(viewport=PHONE_VIEWPORT, device_scale_factor=PHONE_DENSITY, is_mobile=True,
                                  has_touch=True, locale="en-US", service_workers="allow")
    context.on("request", lambda request: seen.append(request.url))
    yield context
    context.close()
    external = {u for u in seen if urlsplit(u).scheme in ("http", "https") and urlsplit(u).hostname != "127.0.0.1"}
    assert not external, f"requests to other hosts: {sorted(external)}"


def new_page(context):
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return page


def controlled(page):
    wait_until(page, "Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)",
               message="the service worker never took control of the page")


def offline_button(page, name_pattern: str):
    scroll_to_panel(page)
    return page.get_by_role("button", name=re.compile(name_pattern))


def save_for_offline(page, name_pattern: str):
    button = offline_button(page, name_pattern)
    label = button.inner_text()
    assert re.search(r"\d+(\.\d)?\s*(MB|KB|МБ|КБ|百萬位元組|千位元組|兆字节|千字节)", label), f"the button shows the download size: {label!r}"
    button.click()
    page.locator(".tda-offline progress").wait_for(state="attached")
    wait_until_saved(page)
    return label


def airplane_mode(context, deployment):
    deployment.stop()
    context.set_offline(True)


def test_english_button_is_named_offline(sw_context, deployment):
    page = new_page(sw_context)
    page.goto(f"{deployment.url}/en/rules/43/")
    button = offline_button(page, "[Oo]ffline")
    assert "MB" in button.inner_text()


# The device's cache answering slowly (a phone under load): offline.js asks it whether this language
# is saved before it shows the panel.
SLOW_CACHE = """
const open = CacheStorage.prototype.open;
CacheStorage.prototype.open = function (...args) {
  return new Promise((resolve) => setTimeout(resolve, 1500)).then(() => open.apply(this, args));
};
"""


def test_a_tap_as_soon_as_the_button_shows_starts_the_save(sw_context, deployment):
    sw_context.add_init_script(SLOW_CACHE)
    page = new_page(sw_context)
    page.goto(f"{deployment.url}/en/rules/43/")
    controlled(page)
    offline_button(page, "[Oo]ffline").click()
    page.locator('.tda-offline[data-state="saving"], .tda-offline[data-state="saved"]').first.wait_for(timeout=5_000)
    wait_until_saved(page)


def test_saved_rulebook_works_in_airplane_mode(sw_context, deployment):
    page = new_page(sw_context)
    page.goto(f"{deployment.url}/zh-Hant/rules/43/")
    controlled(page)
    save_for_offline(page, "離線")
    assert "已儲存" in page.locator(".tda-offline-status").inner_text()

    airplane_mode(sw_context, deployment)

    # A page never visited, then one of its cross-links.
    page.goto(f"{deployment.url}/zh-Hant/rules/45/")
    assert page.locator("h1").inner_text().startswith("規則 45")
    link = page.locator('.tda-rule a[href^="/zh-Hant/rules/"]').first
    target = link.get_attribute("href")
    link.click()
    page.wait_for_url(re.compile(re.escape(target.split("#")[0])))
    assert page.locator("h1").inner_text().startswith("規則 " + target.split("/")[3])

    # The companion column (English beside the Chinese) comes from the cache too.
    page.locator(".tda-rule .tda-companion[lang=en]").first.wait_for()

    # A calculator.
    page.goto(f"{deployment.url}/zh-Hant/calculators/#calc-potLimit")      # the link opens that calculator
    section = page.locator("section#calc-potLimit[data-ready]")
    section.wait_for()
    calculate_pot_limit_preflop(section)
    assert section.locator('.tda-calc-kv[data-key="maxBetTo"] dd').get_attribute("data-value") == "700"

    # A Chinese search: the API is unreachable, the cached Pagefind index answers.
    page.goto(f"{deployment.url}/zh-Hant/")
    results = search(page, "最低加注")
    page.locator(".tda-search__backend").wait_for()
    hrefs = [a.get_attribute("href") for a in results.all()]
    assert any(h.startswith("/zh-Hant/rules/43/") for h in hrefs), hrefs
    results.first.click()
    page.wait_for_url(re.compile(r"/zh-Hant/"))
    assert page.locator("h1").count() == 1
    assert not page.errors, page.errors


MARKER = '<p class="tda-deploy-marker">Second build of the rulebook.</p>'


def deploy_changed_text(site_dir, pages):
    """A second build: changed text on some pages, then the same final build step as `rulebook build`."""
    for rel in pages:
        path = site_dir / rel
        html = path.read_text(encoding="utf-8")
        path.write_text(html.replace('<article class="md-content__inner md-typeset">',
                                     '<article class="md-content__inner md-typeset">' + MARKER, 1), encoding="utf-8")
    return finalize_site(site_dir, "http://127.0.0.1:8000/")


def test_second_build_replaces_the_cache_without_a_mix(sw_context, writable_deployment):
    page = new_page(sw_context)
    page.goto(f"{writable_deployment.url}/en/rules/12/")
    controlled(page)
    save_for_offline(page, "offline")
    old_version = json.loads((writable_deployment.dir / "offline" / "summary.json").read_text())["version"]

    new_version = deploy_changed_text(writable_deployment.dir, ["en/rules/12/index.html", "en/rules/13/index.html"])
    assert new_version != old_version

    # Until the new worker takes over, the reader keeps the old build: no page of the new one.
    page.goto(f"{writable_deployment.url}/en/rules/13/")
    # The browser checks /sw.js on that navigation, installs the new build and says so.
    notice = page.locator(".tda-update")
    notice.wait_for(timeout=60_000)
    assert "newer rulebook" in notice.inner_text()
    notice.get_by_role("button", name="Reload").click()
    page.wait_for_load_state()
    assert page.locator(".tda-deploy-marker").count() == 1, "after the reload: the new text"

    names = page.evaluate("caches.keys()")
    assert names == [f"tda-{new_version}"], f"one cache, the new build's: {names}"
    manifest = json.loads((writable_deployment.dir / "offline" / "manifest.json").read_text())["files"]
    cached = page.evaluate("""async (name) => {
        const cache = await caches.open(name);
        const out = {};
        for (const request of await cache.keys()) {
            const response = await cache.match(request);
            out[new URL(request.url).pathname] = response.headers.get("x-tda-revision");
        }
        return out;
    }""", f"tda-{new_version}")
    saved = [path for path, revision in cached.items() if revision and not path.startswith("/offline/saved/")]
    assert len(saved) > 400, "the saved language came along"
    stale = [path for path in saved if (manifest.get(path) or path) != cached[path]]
    assert not stale, f"entries of the old build left in the new cache: {stale[:5]}"

    airplane_mode(sw_context, writable_deployment)
    page.goto(f"{writable_deployment.url}/en/rules/12/")                 # changed, refetched during the update
    assert page.locator(".tda-deploy-marker").count() == 1
    page.goto(f"{writable_deployment.url}/en/rules/14/")                 # unchanged, carried over
    assert page.locator("h1").inner_text().startswith("Rule 14")
    assert page.locator(".tda-deploy-marker").count() == 0
    page.locator('.tda-offline[data-state="saved"]').wait_for()   # still saved, in the new build
