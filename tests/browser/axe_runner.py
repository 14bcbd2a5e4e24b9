"""axe-core for the browser tests, from the npm package pinned in package.json / package-lock.json
(`npm ci` installs it into node_modules/, as `make test` does). The script is evaluated in the page
through the DevTools protocol: no request, no CDN, and the page's CSP does not apply to it."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = {"critical", "serious"}


@lru_cache(maxsize=1)
def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE.relative_to(ROOT)} is missing: run `make setup` (npm ci installs axe-core)")
    return AXE.read_text(encoding="utf-8")


def run_axe(page, options: dict | None = None) -> dict:
    """axe.run(document) on the page as it is now; returns axe's results (violations only)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    return page.evaluate("opts => window.axe.run(document, opts)",
                         {"resultTypes": ["violations"], **(options or {})})


def version(page) -> str:
    return page.evaluate("window.axe && window.axe.version")
