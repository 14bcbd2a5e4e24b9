"""Waiting for a condition on a page served with the real Content-Security-Policy.

Playwright's `wait_for_function` re-evaluates its predicate with eval inside the page, which the
server's CSP (no 'unsafe-eval') refuses as soon as the first check is false. `page.evaluate` goes
through the DevTools protocol, which CSP does not govern, so the polling is done from Python."""
from __future__ import annotations

import time


def wait_until(page, expression: str, timeout: float = 15.0, message: str = "condition never held"):
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"{message}: {expression}"
        time.sleep(0.1)
