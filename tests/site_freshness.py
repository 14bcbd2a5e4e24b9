"""The built site the browser and site tests read, checked against what it is built from: a site older
than any source file is rebuilt (`rulebook build`, the real build with its lock) instead of being tested
without a word. `make test` builds first, so there it is fresh and reused."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
SOURCES = ("mkdocs.yml", "rulebook", "docs", "overrides", "plugins/tdarules")
SKIPPED = ("docs/generated", "__pycache__", ".egg-info")


def newest(files) -> float:
    """The latest modification time among `files` (0 for none)."""
    return max((file.stat().st_mtime for file in files), default=0.0)


def newest_source() -> float:
    files = []
    for name in SOURCES:
        path = ROOT / name
        files += [path] if path.is_file() else [file for file in path.rglob("*") if file.is_file()
                                                 and not any(skip in str(file.relative_to(ROOT)) for skip in SKIPPED)]
    return newest(files)


def is_fresh() -> bool:
    page = SITE / "index.html"
    return page.exists() and page.stat().st_mtime >= newest_source()


def ensure_fresh_site(timeout: float = 1200) -> Path:
    """site/, built from the sources as they are now. Another process building it (the build's lock)
    is waited for; a failed build is an error with the build's own last lines."""
    deadline = time.monotonic() + timeout
    while not is_fresh():
        result = subprocess.run([sys.executable, "-m", "tdarules.cli", "build", "--strict"], cwd=ROOT,
                                capture_output=True, text=True, env=None)
        if result.returncode == 0:
            break
        if "another build is running" not in result.stderr or time.monotonic() > deadline:
            raise RuntimeError(f"rulebook build failed:\n{result.stderr[-4000:]}")
        time.sleep(5)                      # the other build finishes, then the site is checked again
    return SITE
