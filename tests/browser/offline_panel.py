"""The "Save for offline" panel, for the browser tests: a save ends saved or failed, and a failed one
says why (its status line), instead of leaving a test to wait out its timeout in silence."""
from __future__ import annotations

from polling import wait_until

SAVE_TIMEOUT = 120_000
ENDED = '.tda-offline[data-state="saved"], .tda-offline[data-state="failed"]'


def wait_until_saved(page, timeout: float = SAVE_TIMEOUT) -> None:
    panel = page.locator(ENDED).first
    panel.wait_for(timeout=timeout)
    state = panel.get_attribute("data-state")
    status = page.locator(".tda-offline-status").first.inner_text()
    assert state == "saved", f"saving for offline failed at {page.url}: {status!r}"


def scroll_to_panel(page, timeout: float = 15.0) -> None:
    """Scroll to the end of the page as a reader would, again while the page grows (a calculator
    built as it nears the screen pushes the panel down), until the panel has its button: it is
    filled only when it comes near the screen."""
    wait_until(page, "(window.scrollTo(0, document.documentElement.scrollHeight),"
                     " !!document.querySelector('.tda-offline button'))",
               timeout, message="the offline panel was never filled")
