"""`rulebook serve --workers 2` as a user runs it: the built site and the API from two uvicorn
worker processes, over real HTTP on 127.0.0.1."""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from servers import free_port

ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def rulebook_serve(*args: str):
    """`rulebook serve --root ROOT --port <free> *args` in its own session, once /healthz answers:
    yields (url, process); stopped with SIGTERM to its process group afterwards."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "tdarules.cli", "serve", "--root", str(ROOT), "--port", str(port),
                                *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            out, err = process.communicate()
            pytest.fail(f"rulebook serve did not start (exit {process.returncode}):\n{err[-3000:]}")
        time.sleep(0.2)
    try:
        yield url, process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(20)


def both_workers_answer(url: str) -> bool:
    """Whether both workers of a `--workers 2` server answer /healthz within 90 s. rulebook_serve
    returns when the first answers; on a loaded machine the second can take seconds more to warm its
    search process (a fresh connection goes to whichever worker accepts first)."""
    pids: set[str] = set()
    deadline = time.monotonic() + 90
    while len(pids) < 2 and time.monotonic() < deadline:
        pids.add(httpx.get(f"{url}/healthz", headers={"Connection": "close"}).json()["worker"])
        time.sleep(0.05)
    return len(pids) == 2


@pytest.fixture(scope="module")
def served(built_site):
    with rulebook_serve("--workers", "2") as running:
        yield running


def test_pages_and_search_from_two_workers(served):
    url, _ = served
    page = httpx.get(f"{url}/zh-Hant/rules/43/")
    assert page.status_code == 200 and "規則 43" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    hits = httpx.get(f"{url}/api/search", params={"q": "стринг-бет", "lang": "ru"}).json()["hits"]
    assert hits and hits[0]["url"].startswith("/ru/")
    assert both_workers_answer(url)


def test_the_index_is_not_in_the_served_tree(served):
    url, _ = served
    for path in ("/search-index/meta.json", "/build/search-index/meta.json", "/en/../build/search-index/meta.json"):
        assert httpx.get(url + path).status_code == 404, path
    assert (ROOT / "build" / "search-index" / "meta.json").is_file()


def test_stops_on_sigterm_with_an_access_log(served):
    url, process = served
    httpx.get(f"{url}/en/?access-log-probe")
    time.sleep(0.5)
    os.killpg(process.pid, signal.SIGTERM)
    out, err = process.communicate(timeout=30)
    assert "Traceback" not in err, err[-3000:]
    assert "serving" in out and "2 worker(s)" in out
    assert '"GET /en/?access-log-probe" 200' in err


def test_serve_without_a_built_site_says_so(tmp_path):
    result = subprocess.run([sys.executable, "-m", "tdarules.cli", "serve", "--root", str(tmp_path), "--port",
                             str(free_port())], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "no built site" in result.stderr and "Traceback" not in result.stderr
