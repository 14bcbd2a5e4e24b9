"""Searches in a process of their own (plugins/tdarules/search/pool.py): same answers as in a thread,
the process ends with the pool or with the program that started it, and a dead one is replaced."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import httpx

from tdarules.search.pool import SearchPool
from tdarules.search.server import create_app

PARAMS = {"q": "min raise", "lang": "en", "limit": "5"}


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _wait_gone(pid: int, seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.2)
    return False


def test_a_search_process_answers_like_a_thread_and_ends_with_the_pool(index_dir):
    async def both():
        threads, process = SearchPool(index_dir), SearchPool(index_dir, processes=1)
        await asyncio.gather(threads.ready(), process.ready())
        pids = [p.pid for p in process.executor._processes.values()]
        answers = await asyncio.gather(threads.run(PARAMS), process.run(PARAMS))
        threads.close()
        process.close()
        return answers, pids
    # A thread of its own: in the full suite the browser tests leave an event loop running in this one.
    with ThreadPoolExecutor(1) as runner:
        (in_thread, in_process), pids = runner.submit(asyncio.run, both()).result()
    hits = in_process[0]
    # the exact term puts its glossary entry first; the rule that defines it comes next
    assert in_thread == in_process and hits[0]["id"] == "term-minimum-raise" and hits[1]["id"].startswith("43")
    assert len(pids) == 1 and pids[0] != os.getpid()
    assert _wait_gone(pids[0])


def test_the_search_process_dies_with_the_program_that_started_it(index_dir):
    script = ("import asyncio, sys\nfrom tdarules.search.pool import SearchPool\n"
              f"pool = SearchPool({str(index_dir)!r}, processes=1)\n"
              "asyncio.run(pool.ready())\n"
              "print(*pool.executor._processes, flush=True)\nsys.stdin.read()\n")
    program = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    child = int(program.stdout.readline())
    assert _alive(child)
    program.send_signal(signal.SIGKILL)                # no shutdown code runs in the parent
    program.wait(10)
    assert _wait_gone(child), "the search process outlived its parent"


def test_a_killed_search_process_is_replaced(index_dir, start_server):
    app = create_app(None, index_dir, rate=None, allowed_hosts=["127.0.0.1"], log_requests=False, search_processes=1)
    url = start_server(app)
    first = httpx.get(f"{url}/api/search", params=PARAMS, timeout=30)
    assert first.status_code == 200 and first.json()["hits"]
    pids = [int(line.split()[0]) for line in subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(os.getpid())],
            capture_output=True, text=True).stdout.splitlines() if "multiprocessing.spawn" in line]
    assert pids
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    assert all(_wait_gone(pid) for pid in pids)
    statuses = [httpx.get(f"{url}/api/search", params=PARAMS, timeout=60).status_code for _ in range(3)]
    assert statuses[0] in (200, 503) and statuses[-1] == 200, statuses
