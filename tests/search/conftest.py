"""Fixtures: one index built from the real rulebook per session, and a real uvicorn server."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory) -> Path:
    from tdarules.loader import load_rulebook
    from tdarules.search.index import build_index
    out = tmp_path_factory.mktemp("search-index")
    build_index(load_rulebook(ROOT), out)
    return out


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory, index_dir) -> Path:
    """A stand-in site: one page (the index lives outside it, as the build puts it)."""
    site = tmp_path_factory.mktemp("site")
    (site / "en").mkdir()
    (site / "en" / "index.html").write_text("<!doctype html><html lang=en><title>TDA</title></html>")
    return site


@pytest.fixture(scope="session")
def app(site_dir, index_dir):
    """The app as served, without the per-client rate limit (these tests send thousands of queries
    from one address; tests/search/test_hardening.py checks the limit on its own app)."""
    from tdarules.search.server import create_app
    return create_app(site_dir, index_dir, rate=None, allowed_hosts=["127.0.0.1", "testserver"])


@pytest.fixture(scope="session")
def server_url(app, start_server):
    return start_server(app)
