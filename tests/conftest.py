"""Fixtures shared by every test folder: a real uvicorn server on 127.0.0.1 in a thread."""
from __future__ import annotations

import socket
import threading
import time

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerThread:
    def __init__(self, app):
        import uvicorn
        from tdarules.search.server import uvicorn_options
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="error",
                                                    lifespan="off", **uvicorn_options()))
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



# `make test` runs the suite on two processes (pytest-xdist, --dist loadgroup); a test that reads one of
# these costly session fixtures goes to the process that has it, so that each is made once.
SHARED_FIXTURES = {"public_build": "public-build", "pdf_dir": "pdfs"}


@pytest.hookimpl(tryfirst=True)       # before xdist's own hook reads the marks into the test ids
def pytest_collection_modifyitems(items):
    for item in items:
        for fixture, group in SHARED_FIXTURES.items():
            if fixture in item.fixturenames:
                item.add_marker(pytest.mark.xdist_group(group))
                break


@pytest.fixture(scope="session")
def public_build(tmp_path_factory):
    """(project root, completed process) of one whole build at a public address (project_build.py)."""
    from project_build import whole_build
    return whole_build(tmp_path_factory.mktemp("public-build"))


@pytest.fixture(scope="session")
def start_server():
    """start_server(app) -> base URL; every server started is stopped at the end of the session."""
    started = []

    def start(app) -> str:
        server = ServerThread(app)
        url = server.__enter__()
        started.append(server)
        return url

    yield start
    for server in started:
        server.__exit__(None, None, None)
