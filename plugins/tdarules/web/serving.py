"""The built site over HTTP, the way a phone on casino wifi needs it (used by `rulebook serve`).

* brotli or gzip: the ``.br``/``.gz`` sibling written at build time (`precompress.py`) when the
  client accepts it, with ``Vary: Accept-Encoding``; nothing is compressed per request;
* ``Cache-Control: public, max-age=31536000, immutable`` for content-hashed names (Material's,
  ours, Pagefind's chunks), ``no-cache`` for everything else: HTML, JSON and /sw.js are
  revalidated with an ETag taken from the file's content (a rebuild that changes nothing keeps
  it) and answered ``304`` when unchanged;
* a 404 in the reader's language: ``/<lang>/404.html`` when the path is under a language;
* short links ``/r/43``, ``/r/43-B``, ``/r/RP-5`` redirect (302, ``Vary: Accept-Language``) to the
  reader's language (`shortlinks.py`);
* a page never waits on another thread: files up to 1 MiB are answered from memory (kept while
  their mtime, size and ctime stay the same) and looked up on the event loop. Starlette's StaticFiles
  hands the lookup, the open, every read and the close to worker threads; each hand-off must win
  the GIL back from a search thread that is busy in Whoosh (pure Python), which is what made pages
  slow while hostile searches ran (`bench/load.py`);
* a file or folder the server may not read (a wrong umask, a careless copy): a compressed sibling
  that cannot be read is skipped for the next encoding or the plain file; an unreadable page or
  folder is answered as if absent (the reader's 404 page) with one warning line naming the file.
  404, not 403: it is what the server says for everything else it does not publish (a symlink out
  of the tree, a path outside it), it tells a prober nothing about which names exist, and the
  reader gets the page with the site's navigation; the log line tells the operator the cause.
  (nginx, in deploy/nginx.conf, answers its own 403 there.)
"""
from __future__ import annotations

import errno
import hashlib
import logging
import mimetypes
import os
import stat
from collections import OrderedDict
from pathlib import Path

from starlette.datastructures import URL, Headers
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import NotModifiedResponse, StaticFiles

from ..model import ALL_LANGUAGES
from .hashed_assets import IMMUTABLE_RE
from .shortlinks import short_link_target

log = logging.getLogger("tdarules.site")

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
EXTRA_TYPES = {".webmanifest": "application/manifest+json", ".mjs": "text/javascript",
               ".pf_meta": "application/octet-stream", ".pagefind": "application/wasm"}


def accepted_encodings(header: str | None) -> set[str]:
    accepted = set()
    for item in (header or "").split(","):
        name, _, params = item.strip().partition(";")
        key, _, value = params.strip().partition("=")
        try:
            refused = key.strip() == "q" and float(value) <= 0
        except ValueError:
            refused = True
        if name.strip() and not refused:
            accepted.add(name.strip().lower())
    return accepted


def media_type(path: str) -> str:
    suffix = os.path.splitext(path)[1]
    return EXTRA_TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"


def _version(stat_result: os.stat_result) -> tuple[int, int, int]:
    """What a remembered copy of a file depends on: its content (mtime, size) and whether we may
    still read it (a chmod, chown or ACL change moves ctime), so a file made unreadable after it
    was remembered is opened again, and refused."""
    return stat_result.st_mtime_ns, stat_result.st_size, stat_result.st_ctime_ns


class _ContentTags:
    """ETag per file from its bytes, remembered while the file's `_version` stays the same."""

    def __init__(self):
        self._tags: dict[str, tuple[tuple[int, int, int], str]] = {}

    def tag(self, path: str, stat_result: os.stat_result) -> str:
        known = self._tags.get(path)
        if known and known[0] == _version(stat_result):
            return known[1]
        digest = hashlib.blake2b(digest_size=8)
        with open(path, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 16), b""):
                digest.update(chunk)
        tag = digest.hexdigest()
        self._tags[path] = (_version(stat_result), tag)
        return tag


class _Bodies:
    """The bytes of small site files and their content tag, while the file's `_version` stays the same;
    least recently used dropped beyond MAX_TOTAL (PDFs, the only big files, are streamed from disk)."""

    MAX_FILE = 1 << 20
    MAX_TOTAL = 96 << 20

    def __init__(self):
        self._items: OrderedDict[str, tuple[tuple[int, int, int], bytes, str]] = OrderedDict()
        self._total = 0

    def get(self, path: str, stat_result: os.stat_result) -> tuple[bytes, str]:
        known = self._items.get(path)
        if known and known[0] == _version(stat_result):
            self._items.move_to_end(path)
            return known[1], known[2]
        with open(path, "rb") as handle:               # page cache: microseconds, no thread hop
            body = handle.read()
        tag = hashlib.blake2b(body, digest_size=8).hexdigest()
        if known:
            self._total -= len(known[1])
        self._items[path] = (_version(stat_result), body, tag)
        self._total += len(body)
        while self._total > self.MAX_TOTAL and len(self._items) > 1:
            _, old = self._items.popitem(last=False)
            self._total -= len(old[1])
        return body, tag


class SiteFiles(StaticFiles):
    """StaticFiles with precompressed siblings, cache lifetimes, content ETags, localized 404s."""

    def __init__(self, *, directory: Path | str, **kwargs):
        super().__init__(directory=directory, html=True, **kwargs)
        self.site_dir = Path(directory)
        self.tags = _ContentTags()
        self.bodies = _Bodies()
        self.opened: dict[str, tuple[int, int, int]] = {}

    def _readable(self, path: str, stat_result: os.stat_result) -> None:
        """PermissionError unless `path` can be opened; remembered per `_version` of the file. A page
        whose own file cannot be read is not sent compressed either: every reader gets the same answer."""
        if self.opened.get(path) != _version(stat_result):
            os.close(os.open(path, os.O_RDONLY))
            self.opened[path] = _version(stat_result)

    def file_response(self, full_path, stat_result, scope, status_code: int = 200) -> Response:
        full_path = str(full_path)
        request_headers = Headers(scope=scope)
        rel = os.path.relpath(full_path, self.site_dir).replace(os.sep, "/")
        headers = {"Cache-Control": IMMUTABLE if IMMUTABLE_RE.search("/" + rel) and status_code == 200 else REVALIDATE,
                   "X-Content-Type-Options": "nosniff"}
        candidates = []                                   # accepted siblings in our order, then the file
        accepted = accepted_encodings(request_headers.get("accept-encoding"))
        for name, suffix in ENCODINGS:
            sibling = full_path + suffix
            try:
                sibling_stat = os.stat(sibling)
            except OSError:
                continue
            headers["Vary"] = "Accept-Encoding"               # this URL has variants
            if name in accepted and stat.S_ISREG(sibling_stat.st_mode):
                candidates.append((sibling, sibling_stat, name))
        if candidates:
            self._readable(full_path, stat_result)        # the plain file decides whether the page is published
        candidates.append((full_path, stat_result, None))
        for chosen, chosen_stat, encoding in candidates:
            try:
                return self._send(chosen, chosen_stat, encoding, full_path, headers, request_headers, status_code)
            except PermissionError as error:
                if encoding is None:
                    raise                                 # the page itself: get_response answers 404
                log.warning("site file unreadable, sent without %s: %s: %s", encoding, chosen, error.strerror)
        raise AssertionError("unreachable: the plain file is the last candidate")

    def _send(self, chosen: str, chosen_stat: os.stat_result, encoding: str | None, full_path: str,
              headers: dict, request_headers: Headers, status_code: int) -> Response:
        """The response for one file on disk; PermissionError when it cannot be read (the big ones
        are opened here, for their tag, so FileResponse never meets an unreadable file mid-response)."""
        headers = dict(headers)
        if encoding:
            headers["Content-Encoding"] = encoding
        if chosen_stat.st_size <= _Bodies.MAX_FILE:
            body, tag = self.bodies.get(chosen, chosen_stat)
            headers["ETag"] = f'"{tag}{"-" + encoding if encoding else ""}"'
            response = Response(body, status_code=status_code, headers=headers, media_type=media_type(full_path))
            if status_code == 200 and self.is_not_modified(response.headers, request_headers):
                return NotModifiedResponse(response.headers)
            return response
        tag = self.tags.tag(chosen, chosen_stat)
        headers["ETag"] = f'"{tag}{"-" + encoding if encoding else ""}"'
        response = FileResponse(chosen, status_code=status_code, headers=headers, stat_result=chosen_stat,
                                media_type=media_type(full_path))
        if status_code == 200 and self.is_not_modified(response.headers, request_headers):
            return NotModifiedResponse(response.headers)
        del response.headers["last-modified"]          # the content ETag decides; fewer bytes per response
        if encoding:
            del response.headers["accept-ranges"]      # byte ranges of a compressed body help no one
        return response

    async def get_response(self, path: str, scope) -> Response:
        """StaticFiles.get_response (Starlette 1.x) with the lookup on the event loop: a stat of a
        file in the page cache costs less than handing it to a thread (see the module docstring).
        What the server may not read is answered as absent, with one warning line."""
        try:
            return self._found(path, scope) or self._not_found(path, scope)
        except PermissionError as error:
            log.warning("site file unreadable, answered 404: %s: %s", error.filename or path, error.strerror)
            return self._not_found(path, scope)

    def _found(self, path: str, scope) -> Response | None:
        try:
            full_path, stat_result = self.lookup_path(path)
        except PermissionError:
            raise                                         # get_response: 404 and a warning line
        except OSError as exc:
            if exc.errno in (errno.ENAMETOOLONG, errno.ELOOP):
                return None
            raise
        except ValueError:                                # null bytes or other invalid characters
            return None
        if stat_result and stat.S_ISREG(stat_result.st_mode):
            return self.file_response(full_path, stat_result, scope)
        if stat_result and stat.S_ISDIR(stat_result.st_mode):
            full_path, stat_result = self.lookup_path(os.path.join(path, "index.html"))
            if stat_result is not None and stat.S_ISREG(stat_result.st_mode):
                if not scope["path"].endswith("/"):     # directory URLs end in "/"
                    url = URL(scope=scope)
                    return RedirectResponse(url=url.replace(path=url.path + "/"))
                return self.file_response(full_path, stat_result, scope)
        return None

    def _not_found(self, path: str, scope) -> Response:
        """The 404 page, compressed too, in the reader's language; the next one when a page cannot
        be read (its own warning line then), a bare 404 when none can."""
        language = path.replace(os.sep, "/").split("/", 1)[0]
        pages = [self.site_dir / language / "404.html"] if language in ALL_LANGUAGES else []
        for page in (*pages, self.site_dir / "404.html"):
            try:
                if page.is_file():
                    return self.file_response(page, page.stat(), scope, status_code=404)
            except PermissionError as error:
                log.warning("site file unreadable: %s: %s", error.filename or page, error.strerror)
        raise HTTPException(status_code=404)


def short_link(site_dir: Path):
    def endpoint(request: Request) -> Response:
        target = short_link_target(request.path_params["target"], request.headers.get("accept-language"),
                                   request.path_params.get("year"))
        headers = {"Vary": "Accept-Language", "Cache-Control": "private, no-cache"}
        if target is None:
            return Response("not a rule number: try /r/43, /r/43-B, /r/RP-5 or /r/2024/43-B\n", status_code=404,
                            media_type="text/plain", headers=headers)
        url, rule_id, _ = target
        page = site_dir / url.split("#", 1)[0].lstrip("/") / "index.html"
        if not page.is_file():
            return Response(f"no rule {rule_id}\n", status_code=404, media_type="text/plain", headers=headers)
        return RedirectResponse(url, status_code=302, headers=headers)
    return endpoint


def site_routes(site_dir: Path | str) -> list:
    """Routes for the built site: short links, then every file of site_dir."""
    site_dir = Path(site_dir)
    return [Route("/r/{target}", short_link(site_dir), methods=["GET", "HEAD"]),
            Route("/r/{year}/{target}", short_link(site_dir), methods=["GET", "HEAD"]),
            Mount("/", SiteFiles(directory=site_dir), name="site")]
