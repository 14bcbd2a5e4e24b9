"""The documented search rate limit holds with `rulebook serve --workers 2`, over real HTTP on
127.0.0.1: one client's searches, spread over both worker processes by fresh connections, get one
budget (burst 40, then --rate per second), not one per worker (which would let ~80 through)."""
from __future__ import annotations

import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from test_serve import both_workers_answer, rulebook_serve

BURST = 40          # tdarules.search.server.BURST
# One search per 10 s: at 1/s the refused request after the burst came back 200 on a loaded machine
# (the fraction of a token left at the end of the run plus a slow second was a whole token).
RATE = 0.1


@pytest.fixture(scope="module")
def two_workers(built_site):
    """The server once both workers take connections (the budget is shared only if both count)."""
    with rulebook_serve("--workers", "2", "--rate", str(RATE), "--no-access-log") as (url, process):
        assert both_workers_answer(url)
        yield url, process


def test_one_budget_for_both_workers(two_workers):
    url, process = two_workers

    def search(i: int) -> int:
        return httpx.get(f"{url}/api/search", params={"q": "43", "lang": "en"},
                         headers={"Connection": "close"}, timeout=30).status_code

    started = time.monotonic()
    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(search, range(120)))
    elapsed = time.monotonic() - started
    passed = statuses.count(200)
    assert set(statuses) <= {200, 429}, statuses
    # The whole burst and the refill during the run, and not a request more (+1 for rounding).
    assert BURST <= passed <= BURST + RATE * elapsed + 1, (passed, elapsed)
    limited = httpx.get(f"{url}/api/search", params={"q": "43", "lang": "en"})
    assert limited.status_code == 429 and int(limited.headers["retry-after"]) >= 1
    assert httpx.get(f"{url}/en/rules/43/").status_code == 200      # pages are never rate-limited


def test_the_store_goes_away_with_the_server(two_workers):
    url, process = two_workers
    stores = {_store_of(int(child)) for child in _children(process.pid)}
    stores.discard(None)
    assert len(stores) == 1, stores                      # both workers count in the same file
    store = Path(stores.pop())
    assert store.is_file() and store.parent.name.startswith("tda-rate-")
    os.killpg(process.pid, signal.SIGTERM)
    process.wait(30)
    assert "Traceback" not in process.stderr.read()
    assert not store.parent.exists()


def _children(pid: int) -> list[str]:
    """uvicorn's worker processes (and its multiprocessing helper) under the serve process."""
    return [c for task in Path(f"/proc/{pid}/task").iterdir() for c in (task / "children").read_text().split()]


def _store_of(pid: int) -> str | None:
    """TDA_RATE_STORE as the worker was started with (its environment at exec)."""
    try:
        env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError:
        return None
    found = [e.split(b"=", 1)[1].decode() for e in env if e.startswith(b"TDA_RATE_STORE=")]
    return found[0] if found else None
