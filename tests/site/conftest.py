from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The built site/, rebuilt first (the real `rulebook build --strict`) when older than its sources."""
    from site_freshness import ensure_fresh_site        # reused while newer than its sources
    return ensure_fresh_site()
