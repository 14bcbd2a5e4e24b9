from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The built site/, rebuilt first (the real `rulebook build --strict`) when older than its sources."""
    from site_freshness import ensure_fresh_site        # reused while newer than its sources
    return ensure_fresh_site()


@pytest.fixture(scope="session")
def rulebook():
    """The project's rulebook, loaded once: the page views under test read it, never change it."""
    from tdarules.loader import load_rulebook
    return load_rulebook(ROOT)


@pytest.fixture(scope="session")
def strings():
    from tdarules.site.generate import load_strings
    return load_strings(ROOT / "rulebook")
