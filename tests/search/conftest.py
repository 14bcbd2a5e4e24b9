"""Fixtures: one index built from the real rulebook per session, and a real uvicorn server."""
from __future__ import annotations

import socket
import threading
import time
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
    """A stand-in site: one page and the index where the build puts it."""
    site = tmp_path_factory.mktemp("site")
    (site / "en").mkdir()
    (site / "en" / "index.html").write_text("<!doctype html><html lang=en><title>TDA</title></html>")
    (site / "search-index").symlink_to(index_dir, target_is_directory=True)
    return site


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerThread:
    def __init__(self, app):
        import uvicorn
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="error",
                                                    lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="session")
def app(site_dir):
    from tdarules.search.server import create_app
    return create_app(site_dir)


@pytest.fixture(scope="session")
def server_url(app):
    with ServerThread(app) as url:
        yield url
