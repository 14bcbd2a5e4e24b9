"""Browser-test fixtures: Playwright for Python driving Debian's chromium (its headless shell).

* ``browser``     one chromium headless shell per session (skips if it is absent)
* ``static_site`` serves the built ``site/`` over HTTP on 127.0.0.1 (free port)
* ``base_url``    the URL tests should open; override it to point at another
                  server (e.g. the search server) without touching the tests
* ``page``        a phone-sized page (390x844) whose every request is recorded in
                  ``request_log``; on teardown it fails if any request left 127.0.0.1

Use ``request_log.assert_local_only()`` in a test to check explicitly.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from phone import PHONE_DENSITY, PHONE_VIEWPORT

ROOT = Path(__file__).resolve().parents[2]
SITE_DIR = ROOT / "site"
LOCAL_HOSTS = {"127.0.0.1"}
# Schemes that never reach the network.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error", "chrome-extension"}

# The discard port, where nothing listens on a test machine.
DEAD_PORT = 9
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    # Every request to another host goes to a proxy where nothing listens and fails at once; Chromium
    # never sends loopback through a proxy, so the site on 127.0.0.1 loads directly. The `request` event
    # still names each attempt (RequestLog). Routing every request through Playwright instead cost
    # ~15% of each page load: each one waited on this process.
    f"--proxy-server=http://127.0.0.1:{DEAD_PORT}",
]


# --- request recording ---------------------------------------------------------------


@dataclass
class RequestLog:
    """Every request a page made (or tried to make, including blocked ones)."""

    urls: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)

    def record(self, url: str) -> None:
        self.urls.append(url)

    @staticmethod
    def is_local(url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in LOCAL_SCHEMES:
            return True
        return parts.hostname in LOCAL_HOSTS

    def external(self) -> list[str]:
        seen = dict.fromkeys(u for u in self.urls + self.blocked if not self.is_local(u))
        return list(seen)

    def assert_local_only(self) -> None:
        external = self.external()
        assert not external, (
            f"{len(external)} request(s) went to a host other than 127.0.0.1:\n  "
            + "\n  ".join(external)
        )


def assert_no_external_requests(log: RequestLog) -> None:
    log.assert_local_only()


# --- the built site over HTTP ------------------------------------------------------------


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature from the stdlib
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # the browser closing a connection mid-response (a navigation away) is not an error of the site
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def _ensure_site_built() -> None:
    from site_freshness import ensure_fresh_site        # rebuilt when older than its sources
    try:
        ensure_fresh_site()
    except RuntimeError as error:
        pytest.fail(str(error))


@pytest.fixture(scope="session")
def static_site():
    """Serve site/ on 127.0.0.1 (free port) in a background thread; yields its base URL."""
    _ensure_site_built()
    handler = functools.partial(_QuietHandler, directory=str(SITE_DIR))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="static-site", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield f"http://{host}:{port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def base_url(static_site):
    """Where the tests point the browser (no trailing slash). Override to use another server."""
    return static_site


# --- browser --------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_path():
    path = shutil.which("chromium-headless-shell")
    if not path:
        pytest.skip(
            "Debian's chromium headless shell is not installed: browser tests skipped "
            "(`apt-get install chromium-headless-shell fonts-noto-cjk`, or run `make test`)"
        )
    return path


@pytest.fixture(scope="session")
def playwright_driver():
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')"
    )
    with sync_api.sync_playwright() as playwright:
        yield playwright


# The headless shell, the same Blink as chromium without the browser's own UI (Playwright's default
# for headless runs): the full browser opens a window for every new context and, for each window,
# renderers for its omnibox popups, ~0.5 s of CPU per context on a 2-core machine that no test reads.
@pytest.fixture(scope="session")
def browser(playwright_driver, chromium_path):
    browser = playwright_driver.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def request_log():
    return RequestLog()


def _guarded_context(browser, request_log, **options):
    """A phone-like browser context; requests to other hosts are recorded, and fail at the browser's
    dead proxy (CHROMIUM_ARGS)."""
    settings = dict(viewport=PHONE_VIEWPORT, device_scale_factor=PHONE_DENSITY, is_mobile=True, has_touch=True,
                    locale="en-US", service_workers="block")
    context = browser.new_context(**{**settings, **options})
    context.on("request", lambda request: request_log.record(request.url))
    context.on("requestfailed", lambda request: None if RequestLog.is_local(request.url)
               else request_log.blocked.append(request.url))
    return context


@pytest.fixture
def context(browser, request_log):
    context = _guarded_context(browser, request_log)
    yield context
    context.close()


@pytest.fixture
def new_context(browser, request_log):
    """new_context(**options): another guarded context (e.g. color_scheme="dark"); on teardown it
    fails if any request left 127.0.0.1, as the `page` fixture does."""
    made = []

    def make(**options):
        made.append(_guarded_context(browser, request_log, **options))
        return made[-1]
    yield make
    for context in made:
        context.close()
    request_log.assert_local_only()


@pytest.fixture
def page(context, request_log):
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    page.close()
    # Every browser test also proves that nothing left 127.0.0.1.
    request_log.assert_local_only()


@pytest.fixture(scope="module")
def api_site(start_server):
    """The built site and /api/search from one uvicorn server, as `rulebook serve` runs it (the app's
    search thread opens its searchers at start; jieba's dictionary takes seconds on a busy machine,
    longer than the box waits for the API)."""
    from tdarules.search.query import engine
    from tdarules.search.server import create_app
    root = Path(__file__).resolve().parents[2]
    site_dir, index_dir = root / "site", root / "build" / "search-index"
    engine(index_dir).warm()
    return start_server(create_app(site_dir, index_dir))
