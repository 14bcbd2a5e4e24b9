"""The test browser is launched lean: a new context opens no browser-UI renderer (the omnibox popups
chromium preloads for every window), and every feature Playwright switches off stays off."""
from __future__ import annotations

import pytest

from conftest import UNUSED_BROWSER_UI

pytestmark = pytest.mark.browser


def browser_ui_targets(browser) -> list[str]:
    session = browser.new_browser_cdp_session()
    try:
        targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
    finally:
        session.detach()
    return [t["url"] for t in targets if t["type"] == "browser_ui"]


def test_a_new_context_starts_no_browser_ui(browser, base_url):
    context = browser.new_context()
    try:
        context.new_page().goto(base_url + "/en/")
        assert browser_ui_targets(browser) == []
    finally:
        context.close()


def test_playwrights_own_switched_off_features_stay_off(browser):
    page = browser.new_page()
    try:
        page.goto("chrome://version")
        switches = page.locator("#command_line").inner_text().split()
    finally:
        page.close()
    # Playwright's --disable-features comes first, ours after it: chromium reads only the last
    lists = [s.split("=", 1)[1].split(",") for s in switches if s.startswith("--disable-features=")]
    playwrights, last = lists[0], lists[-1]
    assert "PaintHolding" in playwrights                # the first list is Playwright's
    assert set(playwrights) | set(UNUSED_BROWSER_UI) <= set(last)
