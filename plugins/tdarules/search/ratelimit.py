"""The per-client search rate limit, one budget per client however many worker processes serve it.

``rulebook serve --workers N`` runs N uvicorn processes that share the listening socket; the kernel
hands each new connection to any of them. A bucket kept in each process's memory would let one
client have N times the documented rate (and a client whose keep-alive connection stays on one
worker would see a different limit than one that reconnects). So the buckets live in one small
SQLite file that all workers of one server open (``serve`` creates it in a private temporary
directory and passes it in ``TDA_RATE_STORE``); each request is a single atomic UPSERT, so two
workers can never both spend a client's last token. Without a store (an app built in a test, one
process) the buckets are a dict in memory, with the same arithmetic.

Across machines (replicas behind a load balancer) this does not add up either: there the edge's
limit (``deploy/nginx.conf``'s ``limit_req``, or the balancer's) is the one that holds.
"""
from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

log = logging.getLogger("tdarules.search")

# Refill the bucket for the time since the last request, spend one token if there is one, and say
# whether there was: all in one statement, so it is atomic across processes. In SET, column names
# are the row's values before the update.
_REFILLED = "min(:burst, tokens + max(0.0, :now - last) * :rate)"
_TAKE = f"""
INSERT INTO buckets (client, tokens, last, ok) VALUES (:client, :burst - 1, :now, 1)
ON CONFLICT (client) DO UPDATE SET
    tokens = {_REFILLED} - ({_REFILLED} >= 1),
    ok = ({_REFILLED} >= 1),
    last = max(last, :now)
RETURNING tokens, ok
"""
PRUNE_EVERY = 1024           # requests per process between prunes of idle (full) buckets


class LocalBuckets:
    """Token buckets in this process's memory (one process, or no store given)."""

    def __init__(self, rate: float, burst: int, max_clients: int = 10_000):
        self.rate, self.burst, self.max_clients = rate, burst, max_clients
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, client: str, now: float | None = None) -> float:
        """0 if the request may go ahead, else the seconds until a token is back."""
        now = time.monotonic() if now is None else now
        tokens, last = self.buckets.get(client, (self.burst, now))
        tokens = min(self.burst, tokens + max(0.0, now - last) * self.rate)
        if tokens < 1:
            self.buckets[client] = (tokens, max(last, now))
            return (1 - tokens) / self.rate
        if len(self.buckets) >= self.max_clients and client not in self.buckets:
            self.buckets.clear()                 # bounded memory: forget everyone rather than grow
        self.buckets[client] = (tokens - 1, max(last, now))
        return 0.0


class SharedBuckets:
    """Token buckets in a SQLite file shared by every worker process of one server.

    time.monotonic() is CLOCK_MONOTONIC, one clock for all processes on a Linux host. If the file
    cannot be used (locked past the timeout, disk full), a request is counted in this process's
    memory instead: the limit degrades to per process, it never blocks or fails a search."""

    def __init__(self, path: Path | str, rate: float, burst: int, max_clients: int = 100_000):
        self.path, self.rate, self.burst, self.max_clients = str(path), rate, burst, max_clients
        self.fallback = LocalBuckets(rate, burst)
        self._db: sqlite3.Connection | None = None
        self._pid = 0
        self._since_prune = 0
        self._warned = False

    def _connection(self) -> sqlite3.Connection:
        if self._db is None or self._pid != os.getpid():     # never share a connection across a fork
            db = sqlite3.connect(self.path, timeout=0.1, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=OFF")             # counters, not data: no fsync per search
            db.execute("CREATE TABLE IF NOT EXISTS buckets (client TEXT PRIMARY KEY, tokens REAL NOT NULL,"
                       " last REAL NOT NULL, ok INTEGER NOT NULL) WITHOUT ROWID")
            self._db, self._pid = db, os.getpid()
        return self._db

    def take(self, client: str, now: float | None = None) -> float:
        now = time.monotonic() if now is None else now
        try:
            db = self._connection()
            tokens, ok = db.execute(_TAKE, {"client": client, "now": now, "rate": self.rate,
                                            "burst": self.burst}).fetchone()
            self._since_prune += 1
            if self._since_prune >= PRUNE_EVERY:
                self._prune(db, now)
        except sqlite3.Error as error:
            if not self._warned:
                log.warning("rate-limit store %s unusable (%s): counting per process", self.path, error)
                self._warned = True
            return self.fallback.take(client, now)
        return 0.0 if ok else (1 - tokens) / self.rate

    def _prune(self, db: sqlite3.Connection, now: float) -> None:
        """A bucket that has refilled is the same as no bucket: drop those; bound the table."""
        self._since_prune = 0
        db.execute("DELETE FROM buckets WHERE last < ?", (now - self.burst / self.rate,))
        if db.execute("SELECT count(*) FROM buckets").fetchone()[0] > self.max_clients:
            db.execute("DELETE FROM buckets")   # bounded: forget everyone rather than grow


class RateLimit:
    """ASGI middleware: token bucket per client address for /api/ (429 with Retry-After)."""

    def __init__(self, app: ASGIApp, buckets: LocalBuckets | SharedBuckets):
        self.app = app
        self.buckets = buckets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            client = (scope.get("client") or ("-", 0))[0]
            wait = self.buckets.take(client)
            if wait > 0:
                response = JSONResponse({"error": "too many searches; slow down"}, status_code=429,
                                        headers={"Cache-Control": "no-store", "Retry-After": str(max(1, int(wait + 0.999)))})
                return await response(scope, receive, send)
        await self.app(scope, receive, send)


STORE_PREFIX = "tda-rate-"


def make_store() -> str:
    """A private directory for one server's buckets; its `owner` file names the process that made it.
    Stores left by servers that died without cleaning up (SIGKILL; uvicorn re-raises SIGTERM after
    its graceful shutdown, so no `finally` runs) are removed here, by whoever starts next."""
    for old in Path(tempfile.gettempdir()).glob(STORE_PREFIX + "*"):
        try:
            owner = int((old / "owner").read_text())
            os.kill(owner, 0)
        except ProcessLookupError:
            shutil.rmtree(old, ignore_errors=True)
        except (OSError, ValueError):
            continue                               # not ours to judge (another user, being made)
    directory = Path(tempfile.mkdtemp(prefix=STORE_PREFIX))
    (directory / "owner").write_text(str(os.getpid()))
    return str(directory / "buckets.sqlite")


def drop_store(store: str | None) -> None:
    """Remove the store if this process made it (the server's own shutdown; workers leave it)."""
    if not store:
        return
    directory = Path(store).parent
    try:
        if int((directory / "owner").read_text()) == os.getpid():
            shutil.rmtree(directory, ignore_errors=True)
    except (OSError, ValueError):
        pass


def buckets_for(rate: float, burst: int, store: str | None) -> LocalBuckets | SharedBuckets:
    return SharedBuckets(store, rate, burst) if store else LocalBuckets(rate, burst)
