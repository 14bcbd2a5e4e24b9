"""Search benchmark: relevance per language for each backend, latency in-process and over HTTP.

    .venv/bin/python bench/search.py [--quick] [--skip-lunr] [--no-pagefind] [--no-http]
                                     [--seconds 20] [--clients 32] [--tuning-only]

Relevance (MRR@10 and recall@3, see tdarules.search.evaluate; rows "/strict" count glossary hits as
misses), one row per group, then one per style (`kind`) over the held-out batches:
* project   tests/search/queries.yaml; tune / held-out: the players' questions (rulebook/training/questions.yaml, tests/search/questions.yaml).
* dev*      questions_dev*.yaml, tuning batches (dev2-dev7 written blind, from the rule texts alone).
* fresh     questions_fresh.yaml, a held-out batch.
* unseen*   questions_unseen*.yaml, held out and written by hands that never saw the engine, each
            before the engine work it was first used to judge: the figures that count.
Backends:
* whoosh    the API's engine, in-process.
* pagefind  the static fallback as the browser runs it: the Pagefind index is built from the model
            into a temporary site, served on 127.0.0.1 with docs/assets/search/, and queried through
            the search box's own searchPagefind() (search.js: t2s folding, query.js's rule jumps and
            glossary expansion, pagefind.js) inside headless chromium (Playwright + Debian's
            chromium). Cheapest honest way: it is the real JS/WASM search, no re-implementation.
* lunr      Material's built-in search, which this site does not enable: bench/lunr_site.py builds a
            variant of the real site with Material's `search` plugin on (lang [en, zh, ru], a
            separator with \u200b, jieba segmentation), types each query into Material's search
            box on the language's home page in the same chromium, and scores the first 10 result
            links. Material's index holds every language and does not filter: a hit on another
            language's page takes its rank and is not correct (row `lunr`); row `lunr*` counts it
            as correct, to separate "no language filter" from "cannot match the words".
Sizes: lunr's search_index.json (every page of every language, fetched on the first search of any
page) vs the bytes Pagefind fetched for its first query on a language's page.
Latency: p50/p99 of the same queries in-process; then 32 concurrent HTTP clients for 20 s against
`rulebook serve` (uvicorn) on 127.0.0.1, counting errors (anything but 200).
--quick skips the HTTP load test and repeats the in-process latency loop once instead of 5 times.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata
import urllib.parse
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(ROOT / "bench"))

from tdarules.loader import load_rulebook  # noqa: E402
from tdarules.search.evaluate import FRESH, TRAINING, load_queries, numbered_batches, players_questions, rank_of, summarize, unseen_batches  # noqa: E402
from tdarules.search.index import build_index  # noqa: E402
from tdarules.search.query import engine, search  # noqa: E402
from lunr_site import site_file_bytes  # noqa: E402
from chromium import chromium_path  # noqa: E402

LANGS = ("en", "zh-Hant", "zh-Hans", "ru")


def by_name(paths: list[Path]) -> dict[str, Path]:
    """{"dev": …, "dev2": …}: batch files by the name the tables give them."""
    return {path.stem.removeprefix("questions_"): path for path in paths}


UNSEEN_BATCHES = by_name(unseen_batches())
# never tuned on: their failures are listed only with --show-held-out
HELD_OUT = ("held-out", "fresh", *UNSEEN_BATCHES)
# the batches besides questions.yaml, in table order
BATCHES = {"fresh": FRESH, **by_name(numbered_batches(TRAINING, "dev")), **UNSEEN_BATCHES}
SUMMARY: dict[str, dict[str, list]] = {}      # backend -> language -> ranks, for the final table


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


GROUPS: dict[int, str] = {}                    # id(case) -> "project" | "tune" | "held-out"
FAILURES: dict[str, list] = {}                 # backend -> [(group, case, rank)] for the report


def grouped(cases, name: str, ranks_by_case: dict[int, int | None], strict: dict[int, int | None] | None = None) -> None:
    """One table row per query group (project set, questions tune, questions held-out, the fresh
    held-out batch); with ``strict`` (glossary hits counted as misses in their place) a second row."""
    FAILURES[name] = [(GROUPS[id(c)], c, ranks_by_case[id(c)]) for c in cases
                      if not ranks_by_case[id(c)] or ranks_by_case[id(c)] > 1]
    if strict is not None:
        grouped(cases, name + "/strict", strict)
        FAILURES.pop(name + "/strict", None)
    for group in ("project", "tune", *(g for g in BATCHES if g not in HELD_OUT), *HELD_OUT):
        ranks = defaultdict(list)
        for c in cases:
            if GROUPS[id(c)] == group:
                ranks[c.lang].append(ranks_by_case[id(c)])
        if ranks:
            table(f"{name}:{group}", ranks)
    if name.endswith("/strict"):
        return
    # by style (the batches' `kind`), held-out batches only: how the engine does on each way of asking
    for kind in sorted({c.kind for c in cases if GROUPS[id(c)] in HELD_OUT and c.kind}):
        ranks = defaultdict(list)
        for c in cases:
            if GROUPS[id(c)] in HELD_OUT and c.kind == kind:
                ranks[c.lang].append(ranks_by_case[id(c)])
        table(f"{name}:style:{kind}", ranks)


def table(name: str, ranks: dict[str, list]) -> None:
    SUMMARY[name] = {lang: list(ranks.get(lang, [])) for lang in LANGS}
    cells = []
    for lang in LANGS:
        s = summarize(ranks.get(lang, []))
        cells.append(f"{lang} MRR@10 {s['mrr@10']:.3f} R@3 {s['recall@3']:.3f} (n={s['n']})")
    s = summarize([r for v in ranks.values() for r in v])
    print(f"{name:18} " + " | ".join(cells) + f" | all MRR@10 {s['mrr@10']:.3f} R@3 {s['recall@3']:.3f}")


def bench_whoosh(index_dir: Path, cases, repeats: int = 5) -> None:
    ranks, times = {}, []
    engine(index_dir).warm()
    strict = {}
    for case in cases:
        hits = search(index_dir, case.q, case.lang, 10)
        ranks[id(case)] = rank_of([(h.id, h.rule, h.kind) for h in hits], case.expect)
        strict[id(case)] = rank_of([(h.id, h.rule, h.kind) for h in hits], case.expect, glossary_counts=True)
    cpu = []
    for _ in range(repeats):
        for case in cases:
            t, c = time.perf_counter(), time.process_time()
            search(index_dir, case.q, case.lang, 10)
            cpu.append((time.process_time() - c) * 1000)
            times.append((time.perf_counter() - t) * 1000)
    grouped(cases, "whoosh", ranks, strict)
    # wall clock includes waiting for a core on a shared machine; CPU time is the query's own cost
    print(f"whoosh in-process latency over {len(times)} queries: p50 {pct(times, 50):.2f} ms, "
          f"p99 {pct(times, 99):.2f} ms; CPU time p50 {pct(cpu, 50):.2f} ms, p99 {pct(cpu, 99):.2f} ms, "
          f"max {max(cpu):.2f} ms")


def story_cpu(index_dir: Path, cases, repeats: int) -> None:
    """CPU time per query of three kinds: normal queries (any style but stories, of the box's old
    length, 200 characters or fewer; a Chinese story of 150-200 characters is a story), the stories as
    written, and each story repeated to the longest the API reads (1,000 characters)."""
    from tdarules.search.query import MAX_QUERY
    stories = [c for c in cases if c.kind == "story"]
    kinds = {"normal (not a story, ≤ 200 chars)": [(c.lang, c.q) for c in cases if c.kind != "story" and len(c.q) <= 200],
             "stories as written": [(c.lang, c.q[:MAX_QUERY]) for c in stories],
             f"stories at {MAX_QUERY} chars": [(c.lang, (c.q + " ") * (MAX_QUERY // len(c.q) + 1))
                                               for c in stories]}
    for name, asked in kinds.items():
        if not asked:
            continue
        cpu = []
        for _ in range(repeats):
            for lang, q in asked:
                q = unicodedata.normalize("NFKC", q)[:MAX_QUERY].strip()      # the API counts after NFKC
                c = time.process_time()
                search(index_dir, q, lang, 10)
                cpu.append((time.process_time() - c) * 1000)
        print(f"whoosh CPU per query, {name} (n={len(asked)}): p50 {pct(cpu, 50):.1f} ms, "
              f"p99 {pct(cpu, 99):.1f} ms, max {max(cpu):.1f} ms")


PAGEFIND_FIRST_LOAD: dict[str, tuple[int, int, int]] = {}


def bench_pagefind(rulebook, cases) -> None:
    from playwright.sync_api import sync_playwright

    from tdarules.search.static_index import build_pagefind
    site = Path(tempfile.mkdtemp(prefix="pf-site-"))
    t = time.perf_counter()
    build_pagefind(site, rulebook)
    print(f"pagefind index built in {time.perf_counter() - t:.1f} s "
          f"({sum(f.stat().st_size for f in (site / 'pagefind').rglob('*') if f.is_file()) / 1e6:.1f} MB)")
    shutil.copytree(ROOT / "docs" / "assets" / "search", site / "assets" / "search")
    for lang in LANGS:
        (site / lang).mkdir()
        (site / lang / "index.html").write_text(f'<!doctype html><html lang="{lang}"><body></body></html>')
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    ranks, strict, times = {}, {}, []
    script = """async ([q, limit]) => {
        if (!window.tda) {
            window.tda = await import('/assets/search/search.js'); await window.tda.loadPagefind();
        }
        const t0 = performance.now();
        const found = await window.tda.searchPagefind(q, limit);
        return {ms: performance.now() - t0, hits: found.hits.map(h => [h.id, h.rule, h.kind])};
    }"""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=[
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--no-first-run"])
        for lang in LANGS:
            context = browser.new_context()          # empty cache: first-load bytes per language
            requested = []                           # includes pagefind-worker.js's own fetches
            context.on("request", lambda request: requested.append(request.url))
            page = context.new_page()
            page.goto(f"{base}/{lang}/")
            for n, case in enumerate(c for c in cases if c.lang == lang):
                out = page.evaluate(script, [case.q, 10])
                times.append(out["ms"])
                ranks[id(case)] = rank_of([tuple(h) for h in out["hits"]], case.expect)
                strict[id(case)] = rank_of([tuple(h) for h in out["hits"]], case.expect, glossary_counts=True)
                if n == 0:
                    PAGEFIND_FIRST_LOAD[lang] = site_file_bytes(site, [u for u in requested if "/pagefind/" in u])
            context.close()
        browser.close()
    server.shutdown()
    shutil.rmtree(site, ignore_errors=True)
    grouped(cases, "pagefind", ranks, strict)
    print(f"pagefind in-browser latency (first query per language loads chunks): p50 {pct(times, 50):.2f} ms, "
          f"p99 {pct(times, 99):.2f} ms")


def bench_lunr(cases) -> dict:
    import lunr_site
    t = time.perf_counter()
    out = lunr_site.measure(cases)
    table("lunr", out["ranks"])
    table("lunr*", out["any_language"])
    print("lunr*     = lunr with a hit on another language's page counted as correct")
    print("lunr: top-3 slots filled by another language's page: "
          + ", ".join(f"{lang} {out['other_top3'][lang]}/{3 * len(out['ranks'][lang])}" for lang in LANGS)
          + "; queries with no result: " + ", ".join(f"{lang} {out['empty'][lang]}" for lang in LANGS))
    print(f"lunr in-browser latency (keyup to results, Material UI + worker): p50 {pct(out['times'], 50):.1f} ms, "
          f"p99 {pct(out['times'], 99):.1f} ms; lunr bench {time.perf_counter() - t:.0f} s "
          f"(build {out['build_s']:.0f} s)")
    return out["sizes"]


def print_summary(lunr_sizes: dict | None) -> None:
    print()
    print("relevance: MRR@10 / recall@3 per language (same queries, same scoring)")
    header = f"{'backend':9} " + " ".join(f"{lang + ' (n=' + str(len(next(iter(SUMMARY.values()))[lang])) + ')':>16}" for lang in LANGS)
    print(header + f" {'all':>16}")
    for name, ranks in SUMMARY.items():
        cells = []
        for lang in [*LANGS, None]:
            s = summarize(ranks[lang] if lang else [r for v in ranks.values() for r in v])
            cells.append(f"{s['mrr@10']:.3f} / {s['recall@3']:.3f}".rjust(16))
        print(f"{name:18} " + " ".join(cells) + f"   (n={sum(len(v) for v in ranks.values())})")
    if lunr_sizes or PAGEFIND_FIRST_LOAD:
        print()
        print("bytes fetched by the first search on a page (raw / gzip)")
    if lunr_sizes:
        s = lunr_sizes
        print(f"lunr      search_index.json {s['index_raw'] / 1024:.0f} KiB / {s['index_gzip'] / 1024:.0f} KiB "
              f"(all 4 languages, {s['docs']} sections, the same file on every page)")
        for lang, (count, raw, gz) in s["first_load"].items():
            print(f"lunr      {lang:8} {count:3} files {raw / 1024:7.0f} KiB / {gz / 1024:4.0f} KiB "
                  "(search_index.json, search worker, lunr + language scripts)")
    for lang, (count, raw, gz) in PAGEFIND_FIRST_LOAD.items():
        print(f"pagefind  {lang:8} {count:3} files {raw / 1024:7.0f} KiB / {gz / 1024:4.0f} KiB "
              "(pagefind.js + worker, wasm, the language's metadata, index chunks, 10 fragments)")


def print_failures(count: int, held_out: bool) -> None:
    for name, rows in FAILURES.items():
        rows = [r for r in rows if held_out or r[0] not in HELD_OUT]
        rows.sort(key=lambda r: (-(r[2] or 99), r[0], r[1].lang))
        print(f"\n{name}: {len(rows)} queries not ranked first" + ("" if held_out else " (held-out not shown)")
              + f"; worst {min(count, len(rows))}:")
        for group, case, rank in rows[:count]:
            print(f"  {rank or '-':>2}  {group:8} {case.lang:7} {case.q!r} → {', '.join(case.expect)}")


def bench_http(index_dir: Path, cases, seconds: float, clients: int) -> None:
    import httpx
    port = free_port()
    code = ("import sys; sys.path.insert(0, 'plugins');"
            "from tdarules.search.server import serve;"
            f"serve('127.0.0.1', {port}, site_dir='site', index_dir={str(index_dir)!r}, rate=0, access_log=False)")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/api/search?q=43&lang=en", timeout=2)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("server did not start") from None
                time.sleep(0.2)
        urls = [f"{base}/api/search?" + urllib.parse.urlencode({"q": c.q, "lang": c.lang, "limit": 10}) for c in cases]
        lock = threading.Lock()
        latencies, errors, statuses = [], [0], defaultdict(int)
        stop = time.monotonic() + seconds

        def client(n):
            mine, i = [], n
            with httpx.Client(timeout=10) as http:
                while time.monotonic() < stop:
                    t = time.perf_counter()
                    try:
                        r = http.get(urls[i % len(urls)])
                        ok = r.status_code == 200 and "hits" in r.json()
                        status = r.status_code
                    except Exception as error:  # noqa: BLE001 - counted as an error
                        ok, status = False, type(error).__name__
                    mine.append((time.perf_counter() - t) * 1000)
                    with lock:
                        statuses[status] += 1
                        if not ok:
                            errors[0] += 1
                    i += clients
            with lock:
                latencies.extend(mine)

        threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        print(f"http: {clients} clients for {seconds:.0f} s: {len(latencies)} requests "
              f"({len(latencies) / seconds:.0f}/s), errors {errors[0]}, statuses {dict(statuses)}, "
              f"p50 {pct(latencies, 50):.1f} ms, p99 {pct(latencies, 99):.1f} ms")
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--no-pagefind", action="store_true")
    parser.add_argument("--no-http", action="store_true")
    parser.add_argument("--skip-lunr", "--no-lunr", dest="skip_lunr", action="store_true",
                        help="do not build and query the Material lunr variant (~1 min)")
    parser.add_argument("--quick", action="store_true", help="no HTTP load test, one in-process latency pass")
    parser.add_argument("--failures", type=int, default=10,
                        help="print this many worst queries of the tuning and project sets (default 10)")
    parser.add_argument("--show-held-out", action="store_true",
                        help="list held-out failures too (for the final report only: never tune on them)")
    parser.add_argument("--tuning-only", action="store_true",
                        help="leave the held-out groups out altogether, figures included (while tuning: a "
                             "held-out figure read again and again is tuned on)")
    parser.add_argument("--batches", help="only these batches, comma-separated (e.g. dev8,dev9): a quick "
                        "look at one batch on both backends")
    args = parser.parse_args()
    started = time.perf_counter()
    only = set(args.batches.split(",")) if args.batches else None
    cases = [] if only else load_queries()
    for case in cases:
        GROUPS[id(case)] = "project"
    for group, members in players_questions().items():
        if (args.tuning_only and group in HELD_OUT) or only:
            continue
        for case in members:
            GROUPS[id(case)] = group
        cases += members
    # fresh, unseen*: held out, never tuned on (unseen*: written without seeing the engine); dev*: tuned on
    for group, path in BATCHES.items():
        if path.exists() and not (args.tuning_only and group in HELD_OUT) and (only is None or group in only):
            batch = load_queries(path)
            for case in batch:
                GROUPS[id(case)] = group
            cases += batch
    rulebook = load_rulebook(ROOT)
    index_dir = Path(tempfile.mkdtemp(prefix="search-index-"))
    t = time.perf_counter()
    counts = build_index(rulebook, index_dir)
    print(f"whoosh index built in {time.perf_counter() - t:.1f} s: {json.dumps(counts)}")
    print(f"{len(cases)} queries: " + ", ".join(f"{l} {sum(c.lang == l for c in cases)}" for l in LANGS))
    bench_whoosh(index_dir, cases, 1 if args.quick else 5)
    story_cpu(index_dir, cases, 1 if args.quick else 3)
    if not args.no_pagefind:
        bench_pagefind(rulebook, cases)
    lunr_sizes = None if args.skip_lunr else bench_lunr(cases)
    if not (args.no_http or args.quick):
        bench_http(index_dir, cases, args.seconds, args.clients)
    shutil.rmtree(index_dir, ignore_errors=True)
    print_summary(lunr_sizes)
    print_failures(args.failures, args.show_held_out)
    print(f"\nbench/search.py finished in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
