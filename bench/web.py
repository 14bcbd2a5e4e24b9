"""Bytes on the wire per page type, first and repeat visit, through `rulebook serve`'s app.

Serves the built site with the real server (`create_app`: precompressed files, cache lifetimes,
ETags) on a free 127.0.0.1 port and opens pages in Debian's chromium at 390×844, the way a phone
reader meets them. For each page type it prints:

* first   — a fresh browser (empty cache) opens the page: every byte received, headers included;
* next    — then a second page of the same type (another rule after a rule): what the HTTP cache
            does not save (HTML, revalidations, the companion rule);
* reload  — the same page again (revalidated: 304s).

Bytes are Chromium's own count of what came over the network (CDP `encodedDataLength`), so
responses served from the memory/disk cache count 0. Run once with the service worker blocked
(plain HTTP caching) and once with it (`--with-sw`; the worker's own requests are then counted
from the context, first visit includes /sw.js). A benchmark: prints numbers, asserts nothing.

Usage: python bench/web.py [--with-sw] [--runs N] [--json]
Budgets: a rule page's first load <= 80 KB; a second rule page <= 15 KB.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_port import free_port  # noqa: E402  (bench/ is not a package)
from chromium import chromium_path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

PAGE_TYPES = [
    ("home", "/en/", "/ru/"),
    ("rule (en)", "/en/rules/43/", "/en/rules/12/"),
    ("rule, then one with a calculator", "/en/rules/43/", "/en/rules/44/"),
    ("rule (zh-Hant, companion en)", "/zh-Hant/rules/43/", "/zh-Hant/rules/12/"),
    ("rule (ru, companion en)", "/ru/rules/43/", "/ru/rules/12/"),
    ("procedure", "/en/rp/5/", "/en/rp/6/"),
    ("calculators", "/en/calculators/", "/zh-Hant/calculators/"),
    ("glossary", "/en/glossary/", "/ru/glossary/"),
    ("addendum", "/en/addendum/", "/zh-Hant/addendum/"),
    ("short link", "/r/43-B", "/r/RP-5"),
]
BUDGETS = {"rule (en)": (80_000, 15_000)}
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]


def start_server(site: Path, index: Path):
    import uvicorn
    from tdarules.search.server import create_app
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(site, index, log_requests=False), host="127.0.0.1", port=port, log_level="error",
                                           lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    return server, thread, f"http://127.0.0.1:{port}"


class WireCounter:
    """Bytes received over the network by one page (CDP), plus the worker's requests (context)."""

    def __init__(self, context, page, with_sw: bool):
        self.total = 0
        self.requests = 0
        self.cdp = context.new_cdp_session(page)
        self.cdp.send("Network.enable")
        self.cdp.on("Network.responseReceived", self._response)
        self.cdp.on("Network.loadingFinished", self._finished)
        self.urls: dict[str, str] = {}
        self.detail: list[tuple[str, int]] = []
        self.with_sw = with_sw
        if with_sw:
            context.on("requestfinished", self._worker_request)

    def _response(self, event):
        self.urls[event["requestId"]] = f'{event["response"]["status"]} {event["response"]["url"]}'

    def _finished(self, event):
        size = int(event.get("encodedDataLength", 0))
        self.total += size
        self.requests += 1
        self.detail.append((self.urls.get(event["requestId"], "?"), size))

    def _worker_request(self, request):
        if request.service_worker is None:
            return                                   # the page's own requests: counted by CDP
        sizes = request.sizes()
        self.total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        self.requests += 1

    def take(self) -> tuple[int, int]:
        total, requests = self.total, self.requests
        self.total = self.requests = 0
        return total, requests

    def take_detail(self) -> list[tuple[str, int]]:
        detail, self.detail = self.detail, []
        return detail


def settle(page):
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)                        # companion / lazy modules after load


def measure(browser, base: str, first: str, second: str, with_sw: bool) -> dict:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  device_scale_factor=3, service_workers="allow" if with_sw else "block")
    page = context.new_page()
    counter = WireCounter(context, page, with_sw)
    page.goto(base + first)
    settle(page)
    if with_sw:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=15_000)
        settle(page)
    first_bytes, first_requests = counter.take()
    first_detail = counter.take_detail()
    page.goto(base + second)
    settle(page)
    next_bytes, next_requests = counter.take()
    page.reload()
    settle(page)
    reload_bytes, reload_requests = counter.take()
    context.close()
    return {"first": first_bytes, "first_requests": first_requests, "next": next_bytes,
            "next_requests": next_requests, "reload": reload_bytes, "reload_requests": reload_requests,
            "first_detail": first_detail}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--with-sw", action="store_true", help="let the service worker run (default: HTTP caching only)")
    parser.add_argument("--runs", type=int, default=1, help="repeat and print medians")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--detail", action="store_true", help="list every response of each first visit")
    parser.add_argument("--only", nargs="+", metavar="TYPE", help="only these page types (prefix of the name)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    if not (ROOT / "site" / "sw.js").exists():
        raise SystemExit("build the site first: rulebook build --strict")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(ROOT / "site", site)
        index = Path(tmp) / "search-index"              # outside the published tree, as the build keeps it
        shutil.copytree(ROOT / "build" / "search-index", index)
        server, thread, base = start_server(site, index)
        rows = []
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                for name, first, second in PAGE_TYPES:
                    if args.only and not name.startswith(tuple(args.only)):
                        continue
                    runs = [measure(browser, base, first, second, args.with_sw) for _ in range(args.runs)]
                    if args.detail:
                        print(f"first visit of {first} ({name}):")
                        for url, size in runs[0]["first_detail"]:
                            print(f"  {size:>7} {url.replace(base, '')}")
                    rows.append((name, first, second, {k: statistics.median_low([r[k] for r in runs])
                                                       for k in runs[0] if k != "first_detail"}))
                browser.close()
        finally:
            server.should_exit = True
            thread.join(10)
    if args.json:
        print(json.dumps([{"type": n, "first_url": f, "next_url": s, **m} for n, f, s, m in rows], indent=1))
        return 0
    mode = "with the service worker" if args.with_sw else "HTTP cache only (service worker blocked)"
    print(f"bytes on the wire through rulebook serve, chromium 390x844, {mode}; KB = 1000 bytes")
    header = f"{'page type':<30} {'first KB':>9} {'req':>4} {'next KB':>8} {'req':>4} {'reload KB':>9} {'req':>4}  pages"
    print(header)
    print("-" * len(header))
    for name, first, second, m in rows:
        print(f"{name:<30} {m['first'] / 1000:>9.1f} {m['first_requests']:>4} {m['next'] / 1000:>8.1f} "
              f"{m['next_requests']:>4} {m['reload'] / 1000:>9.1f} {m['reload_requests']:>4}  {first} -> {second}")
    for name, (first_budget, next_budget) in BUDGETS.items():
        m = next(r[3] for r in rows if r[0] == name)
        print(f"budget {name}: first {m['first'] / 1000:.1f} KB (<= {first_budget / 1000:.0f}) "
              f"{'ok' if m['first'] <= first_budget else 'OVER'}; next {m['next'] / 1000:.1f} KB "
              f"(<= {next_budget / 1000:.0f}) {'ok' if m['next'] <= next_budget else 'OVER'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
