import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The site built once per test session with `mkdocs build --strict` (the real build)."""
    site = ROOT / "site"
    if os.environ.get("TDA_REUSE_SITE") and (site / "en" / "index.html").exists():
        return site
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-4000:]
    return site


@pytest.fixture(scope="session")
def rulebook():
    """The project's rulebook, loaded once: the page views under test read it, never change it."""
    from tdarules.loader import load_rulebook
    return load_rulebook(ROOT)


@pytest.fixture(scope="session")
def strings():
    from tdarules.site.generate import load_strings
    return load_strings(ROOT / "rulebook")
