"""Debian's chromium, which the browser benchmarks drive through Playwright: Playwright's own builds
cannot be downloaded here, so its path is looked up, and a machine without it gets a message, not a
traceback from deep inside Playwright."""
from __future__ import annotations

import shutil


def chromium_path() -> str:
    path = shutil.which("chromium")
    if not path:
        raise SystemExit("chromium is not installed: run `make system-browser` (apt-get install chromium)")
    return path
