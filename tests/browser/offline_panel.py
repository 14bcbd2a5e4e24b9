"""The "Save for offline" panel, for the browser tests: a save ends saved or failed, and a failed one
says why (its status line), instead of leaving a test to wait out its timeout in silence."""
from __future__ import annotations

SAVE_TIMEOUT = 120_000
ENDED = '.tda-offline[data-state="saved"], .tda-offline[data-state="failed"]'


def wait_until_saved(page, timeout: float = SAVE_TIMEOUT) -> None:
    panel = page.locator(ENDED).first
    panel.wait_for(timeout=timeout)
    state = panel.get_attribute("data-state")
    status = page.locator(".tda-offline-status").first.inner_text()
    assert state == "saved", f"saving for offline failed at {page.url}: {status!r}"
