"""Fixtures: the real rulebook, its index and the fallback's data, each built once per session, and a real
uvicorn server."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from site_freshness import newest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def query_env(rulebook) -> dict:
    """What the fallback's modules get in the browser, per language (static_index.query_data), and the
    t2s map: built once (~3 s) for every Node test of the fallback; read-only."""
    from tdarules.search.static_index import query_data, t2s_map
    return {"data": {lang: query_data(rulebook, lang) for lang in ("en", "zh-Hant", "zh-Hans", "ru")},
            "t2s": t2s_map(rulebook)}


def _built_index() -> Path | None:
    """The index `make test`'s build wrote (build/search-index), when TDA_REUSE_SITE says the build
    just ran and nothing it is made from is newer: each test process would otherwise build its own
    (~25 s of CPU each, the learned evidence included)."""
    built = ROOT / "build" / "search-index"
    if not os.environ.get("TDA_REUSE_SITE") or not (built / "meta.json").exists():
        return None
    made = (built / "meta.json").stat().st_mtime
    inputs = [*(ROOT / "rulebook").rglob("*.yaml"), *(ROOT / "plugins" / "tdarules").rglob("*.py"),
              *(ROOT / "tests" / "search").glob("*.yaml")]
    return built if newest(inputs) <= made else None


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory, rulebook) -> Path:
    """Read only: the tests query it, never write to it."""
    built = _built_index()
    if built is not None:
        return built
    from tdarules.search.index import build_index
    out = tmp_path_factory.mktemp("search-index")
    build_index(rulebook, out)
    return out


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory, index_dir) -> Path:
    """A stand-in site (one page) laid out as the build leaves it: the index's meta.json in
    build/search-index/ beside site/, so a path that climbed out of site/ would name a real file."""
    root = tmp_path_factory.mktemp("root")
    site = root / "site"
    (site / "en").mkdir(parents=True)
    (site / "en" / "index.html").write_text("<!doctype html><html lang=en><title>TDA</title></html>")
    (root / "build" / "search-index").mkdir(parents=True)
    shutil.copyfile(index_dir / "meta.json", root / "build" / "search-index" / "meta.json")
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
