"""The fallback's query data (pagefind/tda-query.<lang>.json): bytes per language, as the API's side
holds it (keys) and as shipped (static_index.packed: phrases as text), and what the browser spends
to get it ready (JSON.parse, understanding.prepareData, then the one-time structures the first query
builds: typo corrector, situation postings, known words), in Node and in headless chromium.

    .venv/bin/python bench/query_data.py [--runs 15]

Prints medians over the runs (each run a fresh parse of the file, so nothing is cached)."""
from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from lunr_site import LAUNCH_ARGS, serve  # noqa: E402  (bench/: a static server and chromium's flags)
from chromium import chromium_path  # noqa: E402

LANGS = ("en", "zh-Hant", "zh-Hans", "ru")

# one function for both runtimes: `text` is the file's text; returns milliseconds per step
MEASURE = """
async function measure(u, k, text, lang) {
  const t0 = performance.now();
  const raw = JSON.parse(text);
  const t1 = performance.now();
  const data = u.prepareData(raw);
  const t2 = performance.now();
  u.analyse(lang.startsWith("zh") ? "发牌" : "card", lang, data);   // builds the corrector and postings
  k.vocabulary(data);
  const t3 = performance.now();
  return { parse: t1 - t0, prepare: t2 - t1, first: t3 - t2 };
}
"""

NODE_RUNNER = MEASURE + """
const u = await import(process.argv[1]), k = await import(process.argv[2]);
const { readFileSync } = await import("node:fs");
const [dir, runs] = [process.argv[3], Number(process.argv[4])];
const out = {};
for (const lang of ["en", "zh-Hant", "zh-Hans", "ru"]) for (const form of ["full", "packed"]) {
  const text = readFileSync(`${dir}/${form}.${lang}.json`, "utf8");
  out[`${form} ${lang}`] = [];
  for (let i = 0; i < runs; i++) {
    // a fresh module instance per run would be fairer still; the caches are WeakMaps keyed by the
    // parsed object, which is new each run, so nothing carries over
    out[`${form} ${lang}`].push(await measure(u, k, text, lang));
  }
}
process.stdout.write(JSON.stringify(out));
"""

PAGE_SCRIPT = "async ([runs]) => {" + MEASURE + """
  const u = await import('/assets/search/understanding.js'), k = await import('/assets/search/known.js');
  const out = {};
  for (const lang of ["en", "zh-Hant", "zh-Hans", "ru"]) for (const form of ["full", "packed"]) {
    const text = await (await fetch(`/data/${form}.${lang}.json`)).text();
    out[`${form} ${lang}`] = [];
    for (let i = 0; i < runs; i++) out[`${form} ${lang}`].push(await measure(u, k, text, lang));
  }
  return out;
}"""


def write_data(out: Path) -> dict[str, dict[str, tuple[int, int]]]:
    from tdarules.loader import load_rulebook
    from tdarules.search.static_index import packed, query_data
    rulebook = load_rulebook(ROOT)
    sizes: dict[str, dict[str, tuple[int, int]]] = {}
    for lang in LANGS:
        full = query_data(rulebook, lang)
        for form, data in (("full", full), ("packed", packed(rulebook, lang, full))):
            raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            (out / f"{form}.{lang}.json").write_bytes(raw)
            sizes.setdefault(lang, {})[form] = (len(raw), len(gzip.compress(raw, 9)))
    return sizes


def in_node(data_dir: Path, runs: int) -> dict:
    assets = ROOT / "docs" / "assets" / "search"
    proc = subprocess.run(["node", "--input-type=module", "-e", NODE_RUNNER, (assets / "understanding.js").as_uri(),
                           (assets / "known.js").as_uri(), str(data_dir), str(runs)],
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def in_chromium(site: Path, runs: int) -> dict:
    from playwright.sync_api import sync_playwright
    shutil.copytree(ROOT / "docs" / "assets" / "search", site / "assets" / "search")
    (site / "index.html").write_text("<!doctype html><html><body></body></html>")
    with serve(site) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        page = browser.new_page()
        page.goto(f"{url}/")
        out = page.evaluate(PAGE_SCRIPT, [runs])
        browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tda-query-") as tmp:
        site = Path(tmp)
        (site / "data").mkdir()
        sizes = write_data(site / "data")
        print("bytes: as the API holds it (keys) → as shipped (packed); raw / gzip -9")
        for lang in LANGS:
            (fr, fg), (pr, pg) = sizes[lang]["full"], sizes[lang]["packed"]
            print(f"  {lang:8} {fr / 1024:6.1f} / {fg / 1024:5.1f} KiB → {pr / 1024:6.1f} / {pg / 1024:5.1f} KiB "
                  f"(gzip {pg / fg:.0%})")
        for name, results in (("node", in_node(site / "data", args.runs)), ("chromium", in_chromium(site, args.runs))):
            print(f"{name}: median ms over {args.runs} runs — parse + prepareData + first-query structures = total")
            for lang in LANGS:
                row = []
                for form in ("full", "packed"):
                    runs = results[f"{form} {lang}"]
                    med = {k: statistics.median(r[k] for r in runs) for k in ("parse", "prepare", "first")}
                    total = statistics.median(r["parse"] + r["prepare"] + r["first"] for r in runs)
                    row.append(f"{form} {med['parse']:5.1f} + {med['prepare']:5.1f} + {med['first']:5.1f} = {total:5.1f}")
                print(f"  {lang:8} " + "   ".join(row))


if __name__ == "__main__":
    main()
