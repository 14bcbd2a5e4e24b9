"""The test browser is launched lean: a new context opens no browser-UI renderer (the full
browser's window and its omnibox popups, ~0.5 s of CPU per context that no test reads)."""
from __future__ import annotations

import pytest

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
