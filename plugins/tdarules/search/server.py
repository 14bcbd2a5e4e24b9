"""The search API and the built site, served by Starlette + uvicorn, fit to face the internet.

``GET /api/search?q=…&lang=…&limit=…`` → ``{"hits": [...]}`` (plus ``corrected`` when typos were put
right, ``suggestion`` — "did you mean" — when nothing matched); bad input → 400 ``{"error": "..."}``.
``GET /healthz`` → the index build this process serves. Everything else is the built site
(``site/``) as static files. The Whoosh index is read from ``build/search-index`` (outside the
published tree) unless another is given.

What stands between a request and the work (outermost first):

* one access-log line per request (``tdarules.access``);
* allowed Host headers only (400 otherwise), so nothing built from Host reaches a response; redirects
  are made relative, never ``http://<Host>/…``;
* security headers on every response (``security.py``: CSP with hashes of Material's inline scripts);
* a request body or a method other than GET/HEAD is refused (413 / 405): the site takes no input
  but the query string;
* per-client rate limit on ``/api/`` (token bucket, 429 with Retry-After; one budget shared by all
  worker processes, ``ratelimit.py``);
* searches run on a fixed pool (``pool.py``: a search process per worker under ``serve``, so pages
  never wait for the GIL behind Whoosh; threads for an app built in-process), so the number of Whoosh
  searchers is fixed (one per thread or process and language) and memory stays bounded; a bounded
  queue before it (503 when full); each query has a CPU budget and a cap on fuzzy expansion (``query.py``).

Oversized request headers get 431 from the protocol (``protocol.py``).
"""
from __future__ import annotations

import contextlib
import logging
import mimetypes
import os
import re
import secrets
import time
from collections.abc import AsyncIterator, Iterable
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .health import HealthCheck
from .pool import SearchPool
from .query import MAX_LIMIT, IndexMissing, QueryError, engine
from .ratelimit import RateLimit, buckets_for, drop_store, make_store
from .security import headers_for, security_headers

log = logging.getLogger("tdarules.search")
access_log = logging.getLogger("tdarules.access")
DEFAULT_LIMIT = 10
DEFAULT_INDEX = Path("build") / "search-index"
API_HEADERS = {"Cache-Control": "no-store"}
LIMIT = re.compile(r"[0-9]{1,3}")              # ASCII digits only: int() would take '²', '٣', ' 5'
PARAMETERS = {"q", "lang", "limit"}
DEFAULT_HOSTS = ("localhost", "127.0.0.1", "[::1]")
DEFAULT_RATE = 20.0                            # searches per second per client, sustained
BURST = 40                                     # ... and in a burst
SEARCH_THREADS = 1     # per process: Whoosh is pure Python (GIL); a 2nd thread measured no gain, slower pages
MAX_WAITING = 64                               # searches queued behind the pool before 503


def _error(message: str, status: int = 400, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers={**API_HEADERS, **(headers or {})})


def parse_params(raw: bytes) -> dict[str, str]:
    """Query parameters decoded strictly: invalid UTF-8, a repeated or unknown parameter is an error."""
    try:
        pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True, encoding="utf-8", errors="strict",
                          max_num_fields=len(PARAMETERS) + 1)
    except UnicodeDecodeError:
        raise QueryError("the query string is not valid UTF-8") from None
    except ValueError as error:
        raise QueryError(f"malformed query string: {error}") from None
    params: dict[str, str] = {}
    for key, value in pairs:
        if key not in PARAMETERS:
            raise QueryError(f"unknown parameter {key[:20]!r}; use q, lang and limit")
        if key in params:
            raise QueryError(f"parameter {key!r} given more than once")
        params[key] = value
    if "q" not in params:
        raise QueryError("missing parameter q")
    limit = params.get("limit") or str(DEFAULT_LIMIT)
    if not LIMIT.fullmatch(limit) or not 1 <= int(limit) <= MAX_LIMIT:
        raise QueryError(f"limit must be a whole number from 1 to {MAX_LIMIT} (ASCII digits)")
    params["limit"] = limit
    return params


def site_routes(site_dir: Path) -> list[BaseRoute]:
    """The built site: the one place the published tree is mounted (web/serving.py: compression,
    cache lifetimes, ETags, short links)."""
    from ..web.serving import site_routes as routes
    return routes(site_dir)


# Names this worker process in /healthz (which of several answered) without telling its PID.
WORKER = secrets.token_hex(4)


def create_app(site_dir: Path | str | None = "site", index_dir: Path | str | None = None, *,
               allowed_hosts: list[str] | None = None, rate: float | None = DEFAULT_RATE,
               search_threads: int = SEARCH_THREADS, log_requests: bool = True,
               rate_store: str | None = None, search_processes: int = 0) -> ASGIApp:
    site_dir = Path(site_dir) if site_dir is not None else None
    index_dir = Path(index_dir) if index_dir is not None else DEFAULT_INDEX
    pool = SearchPool(index_dir, processes=search_processes, threads=search_threads)
    health = HealthCheck(index_dir)
    told: set[str] = set()                # problems logged already: one line each, not one per request
    waiting = [0]

    def damaged(lang: str) -> str | None:
        """Why ``lang`` cannot be searched now, or None; logged once per problem."""
        found = health()
        if found.status == "ok" or (found.status == "damaged" and lang not in found.broken
                                    and not any(p.startswith("meta.json") for p in found.problems)):
            return None
        for problem in found.problems:
            if problem not in told:
                told.add(problem)
                log.error("search index %s: %s", index_dir, problem)
        if found.status == "no index":
            return found.problems[0]
        return f"the search index for {lang!r} is damaged; it must be rebuilt (`rulebook index`)"

    async def api_search(request: Request) -> Response:
        try:
            params = parse_params(request.scope.get("query_string", b""))
        except QueryError as error:
            return _error(str(error))
        if problem := damaged(params.get("lang", "en")):
            return _error(problem, 503)
        if waiting[0] >= MAX_WAITING:
            return _error("the search is busy; try again in a moment", 503, {"Retry-After": "1"})
        waiting[0] += 1
        try:
            hits, corrected, suggestion = await pool.run(params)
        except BrokenProcessPool:
            return _error("the search is restarting; try again in a moment", 503, {"Retry-After": "1"})
        except IndexMissing as error:
            return _error(str(error), 503)
        except QueryError as error:
            return _error(str(error))
        except Exception:                               # never a bare 500 page; log it for us
            log.exception("search failed for %r", request.url.query[:300])
            return _error("internal search error", 500)
        finally:
            waiting[0] -= 1
        body: dict[str, object] = {"hits": hits}
        if corrected:
            body["corrected"] = corrected                 # "showing results for"
        if suggestion:
            body["suggestion"] = suggestion               # "did you mean", when nothing matched
        return JSONResponse(body, headers=API_HEADERS)

    async def healthz(request: Request) -> Response:
        found = health()
        return JSONResponse({**found.to_dict(), "worker": WORKER}, status_code=200 if found.ok else 503,
                            headers=API_HEADERS)

    async def hidden(request: Request) -> Response:
        return _error("not found", 404)

    routes: list[BaseRoute] = [Route("/api/search", api_search, methods=["GET"]),
                               Route("/healthz", healthz, methods=["GET"]),
                               Route("/api/{rest:path}", hidden)]
    if site_dir is not None and site_dir.is_dir():
        routes.extend(site_routes(site_dir))
    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        for problem in health().problems:     # said once at start-up, where the operator looks
            told.add(problem)
            log.error("search index %s: %s", index_dir, problem)
        await pool.ready()                # the search process is up before the first connection
        yield
        pool.close()                      # no search process outlives the server
        drop_store(rate_store)            # when this process made it (one worker: serve itself)

    app: ASGIApp = Starlette(routes=routes, lifespan=lifespan)
    app = RequestLimits(app)
    if rate:
        app = RateLimit(app, buckets_for(rate, BURST, rate_store))   # rate_store: shared by all workers
    app = SecurityHeaders(app, site_dir)
    app = AllowedHosts(app, allowed_hosts or list(DEFAULT_HOSTS))
    if log_requests:
        app = AccessLog(app)
    return app


# --- middleware (plain ASGI: cheap, and each does one thing) -----------------------------------------

async def _send_plain(send: Send, status: int, text: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> bytes | None:
    headers: Iterable[tuple[bytes, bytes]] = scope.get("headers", ())     # ASGI: (name, value) pairs
    for key, value in headers:
        if key == name:
            return value
    return None


class AccessLog:
    """One line per request: client, method, path (control characters escaped), status, bytes, ms.

    Refusals by the rate limit (429) are the one answer a client can make us write as fast as it can
    send: a flood wrote 210 MB of log in 30 s. They are logged once per client and ``QUIET_SECONDS``,
    the next line saying how many were left out."""

    QUIET_SECONDS = 10.0
    MAX_CLIENTS = 10_000                # clients remembered; past that the list starts again

    def __init__(self, app: ASGIApp):
        self.app = app
        self.refused: dict[str, list[Any]] = {}     # client -> [when last logged, left out since]

    def _quiet(self, client: str) -> int | None:
        """None when this 429 is left out of the log; else how many were left out before it."""
        now = time.monotonic()
        seen = self.refused.get(client)
        if seen is not None and now - seen[0] < self.QUIET_SECONDS:
            seen[1] += 1
            return None
        if len(self.refused) >= self.MAX_CLIENTS:
            self.refused.clear()
        self.refused[client] = [now, 0]
        return seen[1] if seen else 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        start = time.perf_counter()
        status, size = [0], [0]

        async def send_logged(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            elif message["type"] == "http.response.body":
                size[0] += len(message.get("body", b""))
            await send(message)
        try:
            await self.app(scope, receive, send_logged)
        finally:
            client = scope.get("client") or ("-", 0)
            target = scope.get("raw_path", b"") or scope.get("path", "").encode()
            if scope.get("query_string"):
                target += b"?" + scope["query_string"]
            left_out = self._quiet(client[0]) if status[0] == 429 else 0
            if left_out is not None:
                shown = target[:300].decode("latin-1").encode("unicode_escape").decode("ascii")
                access_log.info('%s "%s %s" %d %d %.1fms%s', client[0], scope.get("method", "-"), shown,
                                status[0], size[0], (time.perf_counter() - start) * 1000,
                                f" (and {left_out} more 429s not logged)" if left_out else "")


class AllowedHosts:
    """400 for a Host header not on the list (port ignored)."""

    def __init__(self, app: ASGIApp, hosts: list[str]):
        self.app = app
        self.hosts = {h.lower() for h in hosts}
        self.any = "*" in self.hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not self.any:
            host = (_header(scope, b"host") or b"").decode("latin-1").lower()
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            if name not in self.hosts:
                return await _send_plain(send, 400, "Invalid host header\n")
        await self.app(scope, receive, send)


class SecurityHeaders:
    """Security headers on every response; an absolute Location cut down to path and query.

    The CSP names the hashes of the built pages' inline scripts: when a new build is swapped in
    (site/index.html changes), they are read again, checked at most every few seconds."""

    RECHECK_SECONDS = 3.0
    stamp: int | None                   # site/index.html's mtime (ns) when the headers were read

    def __init__(self, app: ASGIApp, site_dir: Path | None):
        self.app = app
        self.site_dir = site_dir
        self.stamp, self.checked = None, 0.0
        self._load()

    def _load(self) -> None:
        self.stamp = self._stamp()
        self.full = security_headers(self.site_dir)
        self.headers = [(k.lower().encode(), v.encode()) for k, v in self.full.items()]
        self.names = {k for k, _ in self.headers}
        self.by_type: dict[bytes, list[tuple[bytes, bytes]]] = {}

    def _headers_for(self, content_type: bytes, status: int, path: str) -> list[tuple[bytes, bytes]]:
        """Full headers on pages, the API, errors and redirects; lighter ones on the site's other
        files (security.headers_for says which and why)."""
        if status not in (200, 304) or path.startswith("/api/") or path == "/healthz":
            return self.headers
        if not content_type:                     # a 304 names no type: the file's own
            content_type = (mimetypes.guess_type(path)[0] or "").encode("latin-1")
        if content_type not in self.by_type:
            chosen = headers_for(content_type.decode("latin-1"), self.full)
            self.by_type[content_type] = [(k.lower().encode(), v.encode()) for k, v in chosen.items()]
        return self.by_type[content_type]

    def _stamp(self) -> int | None:
        try:
            return (self.site_dir / "index.html").stat().st_mtime_ns if self.site_dir else None
        except OSError:
            return None

    def _fresh(self) -> None:
        now = time.monotonic()
        if now - self.checked >= self.RECHECK_SECONDS:
            self.checked = now
            if self._stamp() != self.stamp:
                self._load()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        self._fresh()
        names, request_path = self.names, scope.get("path", "")

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                content_type = next((v for k, v in message.get("headers", []) if k.lower() == b"content-type"), b"")
                headers_now = self._headers_for(content_type, message["status"], request_path)
                headers = []
                for key, value in message.get("headers", []):
                    if key.lower() == b"location":
                        parts = urlsplit(value.decode("latin-1"))
                        path = parts.path if parts.path.startswith("/") else "/" + parts.path
                        path = "/" + path.lstrip("/")     # never //host: a protocol-relative URL
                        value = (path + (f"?{parts.query}" if parts.query else "")
                                 + (f"#{parts.fragment}" if parts.fragment else "")).encode("latin-1")
                    if key.lower() not in names:
                        headers.append((key, value))
                message = {**message, "headers": headers + headers_now}
            await send(message)
        await self.app(scope, receive, send_secured)


class RequestLimits:
    """Only GET and HEAD, and no request body: nothing here reads one."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            if scope["method"] not in ("GET", "HEAD"):
                return await _send_plain(send, 405, "Method not allowed\n", [(b"allow", b"GET, HEAD")])
            length = _header(scope, b"content-length")
            if _header(scope, b"transfer-encoding") or (length and length.strip() != b"0"):
                return await _send_plain(send, 413, "Request body not accepted\n")
        await self.app(scope, receive, send)


# --- running ---------------------------------------------------------------------------------------

ENV = {"site": "TDA_SITE_DIR", "index": "TDA_INDEX_DIR", "hosts": "TDA_ALLOWED_HOSTS", "rate": "TDA_RATE",
       "log": "TDA_ACCESS_LOG", "rate_store": "TDA_RATE_STORE", "processes": "TDA_SEARCH_PROCESSES"}


def app_from_env() -> ASGIApp:
    """The app each uvicorn worker process builds (``--workers N`` needs an import string)."""
    hosts = [h for h in os.environ.get(ENV["hosts"], "").split(",") if h] or None
    rate = os.environ.get(ENV["rate"])
    log_requests = os.environ.get(ENV["log"], "1") == "1"
    processes = int(os.environ.get(ENV["processes"], "0") or 0)
    _configure_logging(log_requests)            # each worker is a fresh (spawned) process
    app = create_app(os.environ.get(ENV["site"], "site"), os.environ.get(ENV["index"]) or None,
                     allowed_hosts=hosts, rate=float(rate) if rate is not None else DEFAULT_RATE,
                     log_requests=log_requests, rate_store=os.environ.get(ENV["rate_store"]) or None,
                     search_processes=processes)
    if not processes:                            # else the searchers live in the search process only
        _warm(Path(os.environ.get(ENV["index"]) or DEFAULT_INDEX))
    return app


def _configure_logging(access: bool) -> None:
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.WARNING, format="%(message)s")
    logging.getLogger("tdarules.access").setLevel(logging.INFO if access else logging.WARNING)


def _warm(index_dir: Path) -> None:
    try:
        engine(index_dir).warm()
    except IndexMissing as error:
        log.warning("%s: the API will answer 503 until the index is built", error)


def uvicorn_options() -> dict[str, Any]:
    """How uvicorn runs this app, in `rulebook serve` and in the tests' servers alike."""
    from .protocol import Protocol
    return dict(http=Protocol, server_header=False, access_log=False, timeout_keep_alive=5,
                # X-Forwarded-For is believed from 127.0.0.1 only (nginx on the same host): the rate
                # limit then counts real clients, and nobody else can pose as one.
                proxy_headers=True, forwarded_allow_ips="127.0.0.1", limit_concurrency=1000)


def serve(host: str = "127.0.0.1", port: int = 8000, site_dir: Path | str = "site",
          index_dir: Path | str | None = None, *, workers: int = 1, allowed_hosts: list[str] | None = None,
          rate: float | None = None, access_log: bool = True) -> None:
    """Run uvicorn in the foreground (what `rulebook serve` calls); `workers` > 1 forks uvicorn workers."""
    import uvicorn
    hosts = list(allowed_hosts or [*DEFAULT_HOSTS, host])
    store = os.environ[ENV["rate_store"]] = make_store()   # one rate-limit budget for all workers (ratelimit.py)
    os.environ.update({ENV["site"]: str(Path(site_dir).resolve()),
                       ENV["index"]: str(Path(index_dir or DEFAULT_INDEX).resolve()),
                       ENV["hosts"]: ",".join(hosts), ENV["rate"]: str(DEFAULT_RATE if rate is None else rate),
                       ENV["log"]: "1" if access_log else "0", ENV["processes"]: "1"})   # pool.py
    try:
        uvicorn.run("tdarules.search.server:app_from_env", factory=True, host=host, port=port, workers=workers,
                    log_level="warning", **uvicorn_options())
    finally:
        drop_store(store)
