"""The search API and the built site, served by Starlette + uvicorn.

``GET /api/search?q=…&lang=…&limit=…`` → ``{"hits": [...]}``; bad input → 400 ``{"error": "..."}``.
Everything else is the built site (``site/``) as static files; the index is read from
``site/search-index`` (written by the site build or ``rulebook index``) unless another is given.

Whoosh searchers are not thread-safe: Starlette runs the sync endpoint in a thread pool and
:mod:`tdarules.search.query` keeps one searcher per thread (``threading.local``).
"""
from __future__ import annotations

import logging
from pathlib import Path
from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .query import MAX_LIMIT, IndexMissing, QueryError, engine

log = logging.getLogger("tdarules.search")
DEFAULT_LIMIT = 10
HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=HEADERS)


def _params(request: Request) -> dict[str, str]:
    """Query parameters decoded strictly: invalid UTF-8 or a repeated parameter is an error."""
    raw = request.scope.get("query_string", b"")
    try:
        pairs = parse_qsl(raw.decode("latin-1"), keep_blank_values=True, encoding="utf-8", errors="strict")
    except UnicodeDecodeError:
        raise QueryError("the query string is not valid UTF-8") from None
    except ValueError as error:
        raise QueryError(f"malformed query string: {error}") from None
    params: dict[str, str] = {}
    for key, value in pairs:
        if key in params:
            raise QueryError(f"parameter {key!r} given more than once")
        params[key] = value
    return params


def create_app(site_dir: Path | str | None = "site", index_dir: Path | str | None = None) -> Starlette:
    site_dir = Path(site_dir) if site_dir is not None else None
    index_dir = Path(index_dir) if index_dir is not None else (site_dir / "search-index")

    def api_search(request: Request) -> Response:   # sync: runs in the thread pool
        try:
            params = _params(request)
            if "q" not in params:
                raise QueryError("missing parameter q")
            limit = params.get("limit", str(DEFAULT_LIMIT)) or str(DEFAULT_LIMIT)
            if not limit.isdigit() or len(limit) > 3:
                raise QueryError(f"limit must be a whole number from 1 to {MAX_LIMIT}")
            found = engine(index_dir)
            hits = found.search(params["q"], params.get("lang", "en"), int(limit))
            corrected = found.corrected(params["q"], params.get("lang", "en"))   # "showing results for"
        except IndexMissing as error:
            return _error(str(error), 503)
        except QueryError as error:
            return _error(str(error))
        except Exception:                               # never a bare 500 page; log it for us
            log.exception("search failed for %r", request.url.query)
            return _error("internal search error", 500)
        body = {"hits": [h.to_dict() for h in hits]}
        if corrected:
            body["corrected"] = corrected
        return JSONResponse(body, headers=HEADERS)

    def hidden(request: Request) -> Response:
        return _error("not found", 404)

    routes = [Route("/api/search", api_search, methods=["GET"]),
              Route("/api/{rest:path}", hidden),
              Route("/search-index/{rest:path}", hidden)]
    if site_dir is not None and site_dir.is_dir():
        routes.append(Mount("/", StaticFiles(directory=site_dir, html=True), name="site"))
    return Starlette(routes=routes)


def serve(host: str = "127.0.0.1", port: int = 8000, site_dir: Path | str = "site",
          index_dir: Path | str | None = None) -> None:
    """Run uvicorn in the foreground (what `rulebook serve` calls)."""
    import uvicorn
    app = create_app(site_dir, index_dir)
    try:
        engine(Path(index_dir) if index_dir else Path(site_dir) / "search-index").warm()
    except IndexMissing as error:
        log.warning("%s: the API will answer 503 until the index is built", error)
    uvicorn.run(app, host=host, port=port, log_level="warning")
