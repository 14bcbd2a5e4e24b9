"""Where searches run: in a process of their own (``rulebook serve``), or in threads (an app built in
a test or another program).

Whoosh is pure Python, so a search holds the GIL for as long as it computes (up to its 50 ms CPU
budget, back to back under a hostile mix). In a thread, every time the event loop wants to answer a
page it has to win the GIL back from that thread: each hand-off waits for the interpreter's switch
interval (5 ms), several per request, and pages queue behind the searches' CPU although no page
needs it (with one worker and search threads, page p99 under hostile searches was up to 2.3-5x the
normal page p99: bench/README.md). A search process has its own interpreter and GIL: the worker's event loop then only waits
for its pages' own work, and a search is one small pickle each way (parameters in, hit dicts out).

The searchers live only where searches run (opened by the initializer before the first query); the
number of processes is fixed, so memory stays flat as before. A process that dies (it should not:
every query has a CPU budget) is replaced on the next search, which gets a 503 meanwhile.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from .query import engine

log = logging.getLogger("tdarules.search")


def prepare(index_dir: Path) -> None:
    """In a search thread or process: open its searcher for every language and the number tables."""
    try:
        found = engine(index_dir)
        found.warm()
        for lang in found.languages():
            found.rule_docs(lang)
    except Exception as error:           # no index yet: the API answers 503 until there is one
        log.warning("search index not ready in %s: %s", index_dir, error)


def search(index_dir: Path, params: dict[str, str]) -> tuple[list[dict[str, Any]], str | None, str | None]:
    """One query -> (hits as plain dicts, the corrected query or None, "did you mean" when nothing
    matched, or None): plain data, cheap to pickle."""
    answer = engine(index_dir).answer(params["q"], params.get("lang", "en"), int(params["limit"]))
    return [h.to_dict() for h in answer.hits], answer.corrected, answer.suggestion


def _ready() -> bool:
    return True


def prepare_process(index_dir: Path) -> None:
    """A search process's initializer: exit when the worker that started it is gone (killed,
    crashed), so no search process outlives its server; then open the searchers."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    prepare(index_dir)


class SearchPool:
    """A fixed number of search threads (processes=0) or search processes, each with its own searchers."""

    def __init__(self, index_dir: Path, *, processes: int = 0, threads: int = 1):
        self.index_dir, self.processes, self.threads = Path(index_dir), processes, threads
        self.warming: list[Future[object]] = []
        self.closed = False
        self.executor = self._start()

    def _start(self) -> Executor:
        if self.processes:
            # spawn: a fresh interpreter, never a fork of a process with an event loop and threads.
            executor: Executor = ProcessPoolExecutor(self.processes, mp_context=multiprocessing.get_context("spawn"),
                                                     initializer=prepare_process, initargs=(self.index_dir,))
            # Start them now (the initializer opens the searchers): the first query should not pay.
            self.warming = [executor.submit(_ready) for _ in range(self.processes)]
            return executor
        executor = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="search")
        # Open the searchers in the threads that will use them, before the first query.
        self.warming = [executor.submit(prepare, self.index_dir) for _ in range(self.threads)]
        return executor

    async def ready(self, timeout: float = 120) -> None:
        """Wait until every search thread or process has opened its searchers (the app's startup
        waits for this, so the server takes no connection it would make wait for a spawn).

        An app used again after its shutdown (a test client, then a server) gets a fresh pool."""
        self._reopen()
        if self.warming:
            await asyncio.wait([asyncio.wrap_future(f) for f in self.warming], timeout=timeout)

    def _reopen(self) -> None:
        if self.closed:
            self.executor, self.closed = self._start(), False

    async def run(self, params: dict[str, str]) -> tuple[list[dict[str, Any]], str | None, str | None]:
        loop = asyncio.get_running_loop()
        self._reopen()
        executor = self.executor
        try:
            return await loop.run_in_executor(executor, search, self.index_dir, params)
        except BrokenProcessPool:
            if self.executor is executor:          # replace it once, whoever noticed first
                log.error("a search process died; starting a new one")
                self.executor = self._start()
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        """At the app's shutdown: let the search processes finish and exit (a search takes < 0.1 s)."""
        self.executor.shutdown(wait=True, cancel_futures=True)
        self.closed = True
