"""Material's built-in lunr search on this site, measured the way a reader meets it.

The real site does not enable Material's `search` plugin (mkdocs.yml says why). To compare it
with the project's own search on the same queries, this module builds a variant of the real site
into a temporary folder with the plugin switched on, configured as a careful site owner would
for English + Chinese + Russian, everything else identical:

* `lang: [en, zh, ru]`: the lunr languages Material 9.7.1 ships for these scripts
  (`assets/javascripts/lunr/min/lunr.{zh,ru}.min.js`; there is no `zh-Hant`/`zh-Hans` variant);
* `separator`: Material's own Chinese separator (whitespace, `\\u200b`, ideographic space,
  hyphen, CJK punctuation). `jieba` is installed, so Material segments Chinese text at build
  time and joins the words with `\\u200b`: without `\\u200b` in the separator no Chinese
  query finds anything (FIELD-NOTES.md);
* static-i18n `reconfigure_search: true` (its default), so every language's pages are added to
  the one `search/search_index.json` the plugin writes.

The temporary mkdocs.yml is the real one with text edits (it carries a `!!python/object/apply`
tag, so it is left for MkDocs' own loader to read): absolute `docs_dir`, `custom_dir`, hook and
rulebook paths; `- search: {...}` inserted before `- i18n:`; the tda-rules plugin told not to
build its Whoosh and Pagefind indexes (files next to the pages, never read by Material's search).

Querying: each language's home page (`/<lang>/`) is opened in headless Debian chromium
(Playwright), each query is typed into Material's search box, and when the search worker has
answered (a wrapper around `window.Worker` counts its result messages) the first 10 result links
are read from the rendered list, in the order the reader sees them. Results are not filtered
by language (Material cannot): a hit on another language's page takes its rank and is not a
correct answer. `hits_of(..., any_language=True)` scores them as if it were.

    .venv/bin/python bench/lunr_site.py            # build, query, print the table
"""
from __future__ import annotations

import functools
import gzip
import http.server
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from contextlib import contextmanager
from pathlib import Path

from chromium import chromium_path

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "zh-Hant", "zh-Hans", "ru")
MATERIAL_JS = "assets/javascripts"

# What a site owner following Material's docs for a Chinese + Russian + English site writes.
SEARCH_PLUGIN = """\
  - search:
      lang: [en, zh, ru]
      # Material's Chinese separator: whitespace, zero-width space (jieba word boundaries),
      # ideographic space, hyphen and CJK punctuation.
      separator: '[\\s\\u200b\\u3000\\-、。，．？！；：]+'
"""

LAUNCH_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--no-first-run"]

# Counts the search worker's result messages (SearchMessageType.RESULT carries {items: [...]}),
# so a query is known to be answered even when its results equal the previous query's.
WORKER_PROBE = """(() => {
  const Native = window.Worker;
  window.__lunr = {results: 0, ready: false};
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (ev) => {
        const d = ev.data || {};
        if (d.data && Array.isArray(d.data.items)) window.__lunr.results += 1;
        else if (d.type === 1) window.__lunr.ready = true;
      });
    }
  };
})();"""

READ_RESULTS = """(limit) => Array.from(
  document.querySelectorAll('.md-search-result__list a.md-search-result__link'),
  a => a.getAttribute('href')).slice(0, limit)"""


def write_config(workdir: Path) -> Path:
    """The real mkdocs.yml with Material's search enabled and absolute paths, in `workdir`."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    # Comments that mention `- i18n:` must not be matched: only the plugin list item.
    text, n = re.subn(r"(?m)^  - i18n:\n", lambda m: SEARCH_PLUGIN + m.group(0), text, count=1)
    if n != 1:
        raise SystemExit("mkdocs.yml: no `  - i18n:` plugin entry to put search before")
    text = re.sub(r"(?m)^(\s*)reconfigure_search:\s*\w+", r"\1reconfigure_search: true", text)
    text = re.sub(r"(?m)^  - tda-rules\s*$", lambda m:
                  f"  - tda-rules:\n      rulebook: {ROOT / 'rulebook'}\n"
                  "      search_index: false\n      static_search: false", text)
    text = re.sub(r"(?m)^docs_dir:.*$", lambda m: f"docs_dir: {ROOT / 'docs'}", text)
    text = re.sub(r"(?m)^(\s*)custom_dir:.*$", lambda m: f"{m.group(1)}custom_dir: {ROOT / 'overrides'}", text)
    text = re.sub(r"(?m)^(\s*- )(overrides/hooks/\S+\.py)\s*$", lambda m: f"{m.group(1)}{ROOT / m.group(2)}", text)
    config = workdir / "mkdocs.yml"
    config.write_text(text, encoding="utf-8")
    return config


def build(workdir: Path) -> Path:
    """Build the variant site into `workdir/site`; returns the site folder."""
    config = write_config(workdir)
    site = workdir / "site"
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-f", str(config), "-d", str(site)],
                            cwd=workdir, capture_output=True, text=True)
    if result.returncode != 0 or not (site / "search" / "search_index.json").exists():
        raise SystemExit(f"lunr site build failed ({result.returncode}):\n{result.stderr[-3000:]}")
    return site


def index_bytes(site: Path) -> dict[str, int]:
    """search_index.json: raw and gzip bytes, number of entries (sections)."""
    index = (site / "search" / "search_index.json").read_bytes()
    return {"index_raw": len(index), "index_gzip": len(gzip.compress(index, 6)), "docs": index.count(b'"location":')}


def site_file_bytes(site: Path, urls: list[str]) -> tuple[int, int, int]:
    """Files of `site` behind same-site URLs: (count, raw bytes, bytes served gzip-compressed;
    Pagefind's .pf_* chunks are gzip already, so a file never counts more than its raw size)."""
    count = raw = gz = 0
    for path in dict.fromkeys(urllib.parse.urlsplit(u).path for u in urls):
        file = site / urllib.parse.unquote(path).lstrip("/")
        if file.is_file():
            data = file.read_bytes()
            count, raw, gz = count + 1, raw + len(data), gz + min(len(data), len(gzip.compress(data, 6)))
    return count, raw, gz


def is_search_asset(url: str) -> bool:
    path = urllib.parse.urlsplit(url).path
    return path.startswith(("/search/", f"/{MATERIAL_JS}/workers/", f"/{MATERIAL_JS}/lunr/"))


def hits_of(hrefs: list[str], lang: str, any_language: bool = False) -> list[tuple[str, str, str]]:
    """Result links → (id, rule, kind) as tdarules.search.evaluate.rank_of expects.

    /en/rules/43/#… → rule 43 (any section of the rule's page, the page is the rule); /ru/rp/5/ →
    RP-5; /en/addendum/#example-43-1 or #page-addendum-43 → addendum of rule 43; glossary, home,
    API, calculators, source notes → pages that answer no rule. A link into another language's
    pages is ("other-language", "", "other") unless `any_language`."""
    out = []
    for href in hrefs:
        url = urllib.parse.urlsplit(href)
        parts = [p for p in urllib.parse.unquote(url.path).split("/") if p]
        anchor = urllib.parse.unquote(url.fragment)
        if not parts or (parts[0] != lang and not any_language):
            out.append(("other-language", "", "other"))
            continue
        section = parts[1] if len(parts) > 1 else ""
        number = parts[2] if len(parts) > 2 else ""
        if section == "rules" and number:
            part = anchor if re.fullmatch(rf"{re.escape(number)}-[A-Z]", anchor) else number
            out.append((part, number, "rule"))
        elif section == "rp" and number:
            rule = f"RP-{number}"
            part = anchor if re.fullmatch(rf"{re.escape(rule)}-[A-Z]", anchor) else rule
            out.append((part, rule, "rule"))
        elif section == "addendum" and (m := re.match(r"(?:page-)?(?:addendum|example)-((?:RP-)?\d+)", anchor)):
            out.append((anchor.removeprefix("page-"), m.group(1), "addendum"))
        elif section == "glossary":
            out.append((anchor or "glossary", "", "glossary"))
        else:
            out.append(("/".join(parts[1:]) or "home", "", "page"))
    return out


@contextmanager
def serve(site: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def query_site(site: Path, cases, limit: int = 10):
    """Type every case's query into Material's search box on its language's home page.
    Returns {case index: first `limit` result hrefs}, per-query latencies (ms, keyup → rendered) and
    {language: (files, raw, gzip)} of the search assets fetched up to the first answer (empty cache)."""
    from playwright.sync_api import sync_playwright
    results, times, first_load = {}, [], {}
    with serve(site) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        for lang in LANGS:
            mine = [(i, c) for i, c in enumerate(cases) if c.lang == lang]
            if not mine:
                continue
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(WORKER_PROBE)
            requested = []                  # includes the worker's importScripts
            context.on("request", lambda request: requested.append(request.url))
            page = context.new_page()
            page.goto(f"{base}/{lang}/")
            page.click("label.md-header__button[for=__search]") if not page.is_visible("input.md-search__input") else None
            box = page.locator("input.md-search__input")
            page.wait_for_function("window.__lunr && window.__lunr.ready", timeout=60_000)
            for i, case in mine:
                before = page.evaluate("window.__lunr.results")
                box.fill(case.q)
                t = time.perf_counter()
                box.press("End")           # Material reads the query on keyup
                page.wait_for_function(f"window.__lunr.results > {before}", timeout=30_000)
                times.append((time.perf_counter() - t) * 1000)
                results[i] = page.evaluate(READ_RESULTS, limit)
                if lang not in first_load:
                    first_load[lang] = site_file_bytes(site, [u for u in requested if is_search_asset(u)])
                # Clear the box (what a reader does) so the next query is always sent, even if equal.
                before = page.evaluate("window.__lunr.results")
                box.fill("")
                box.press("End")
                page.wait_for_function(f"window.__lunr.results > {before}", timeout=30_000)
            context.close()
        browser.close()
    return results, times, first_load


def measure(cases, workdir: Path | None = None, log=print) -> dict:
    """Build the lunr variant, query it; returns ranks per language (strict and any-language),
    byte counts, build time, latencies."""
    sys.path.insert(0, str(ROOT / "plugins"))
    from tdarules.search.evaluate import rank_of
    own = workdir is None
    workdir = Path(tempfile.mkdtemp(prefix="lunr-site-")) if own else workdir
    try:
        t = time.perf_counter()
        site = build(workdir)
        built = time.perf_counter() - t
        sizes = index_bytes(site)
        log(f"lunr site (Material search plugin, lang [en, zh, ru]) built in {built:.1f} s: "
            f"{sizes['docs']} index entries")
        t = time.perf_counter()
        hrefs, times, sizes["first_load"] = query_site(site, cases)
        ranks = {lang: [] for lang in LANGS}
        lenient = {lang: [] for lang in LANGS}
        for i, case in enumerate(cases):
            ranks[case.lang].append(rank_of(hits_of(hrefs.get(i, []), case.lang), case.expect))
            lenient[case.lang].append(rank_of(hits_of(hrefs.get(i, []), case.lang, any_language=True), case.expect))
        other = {lang: sum(1 for i, c in enumerate(cases) if c.lang == lang
                           for h in hits_of(hrefs.get(i, [])[:3], lang) if h[2] == "other") for lang in LANGS}
        empty = {lang: sum(1 for i, c in enumerate(cases) if c.lang == lang and not hrefs.get(i)) for lang in LANGS}
        return {"ranks": ranks, "any_language": lenient, "sizes": sizes, "build_s": built,
                "query_s": time.perf_counter() - t, "times": times, "other_top3": other, "empty": empty,
                "hrefs": hrefs}
    finally:
        if own:
            shutil.rmtree(workdir, ignore_errors=True)


def main() -> None:
    sys.path.insert(0, str(ROOT / "plugins"))
    from tdarules.search.evaluate import load_queries, summarize
    cases = load_queries()
    out = measure(cases)
    for name, ranks in (("lunr", out["ranks"]), ("lunr*", out["any_language"])):
        cells = []
        for lang in LANGS:
            s = summarize(ranks[lang])
            cells.append(f"{lang} MRR@10 {s['mrr@10']:.3f} R@3 {s['recall@3']:.3f} (n={s['n']})")
        print(f"{name:9} " + " | ".join(cells))
    print("lunr* = a hit on another language's page counted as correct")
    s = out["sizes"]
    print(f"lunr index: {s['index_raw'] / 1024:.0f} KiB raw, {s['index_gzip'] / 1024:.0f} KiB gzip")
    for lang, (count, raw, gz) in s["first_load"].items():
        print(f"first search on /{lang}/: {count} files, {raw / 1024:.0f} KiB raw, {gz / 1024:.0f} KiB gzip")


if __name__ == "__main__":
    main()
