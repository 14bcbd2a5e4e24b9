"""Could the API run the browser's query understanding (docs/assets/search/query.js `plan`) inside its
own process through a JS engine from PyPI, so that one implementation serves both, instead of keeping
query.py's twin of it? This measures what that would cost next to the Python `Engine.plan`, on every
query of tests/search/questions*.yaml and rulebook/training/*.yaml:

    python3 -m venv /tmp/jsvenv && /tmp/jsvenv/bin/pip install mini-racer==0.14.1
    npx --yes esbuild@0.28.2 --version            # once: puts esbuild into npx's cache
    PYTHONPATH=plugins /tmp/jsvenv/bin/python bench/js_in_server.py [--limit N]

(the project's dependencies are read from .venv's site-packages, appended to sys.path: nothing is
installed into .venv, nor twice.)
The engines run classic scripts, not a tree of ES modules, so query.js and its imports are bundled
into one with esbuild first. Prints per backend p50/p99/max of CPU and wall ms per plan (all queries,
typed questions, pasted stories), the one-time load and the RSS it added, and how many plans differ
from the Python ones (compared as tests/search/test_plan_parity.py does). Needs build/search-index."""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.extend(str(p) for p in ROOT.glob(f".venv/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"))
ENGINE = "mini-racer==0.14.1"   # V8: the browsers' engine, wheels for every CPython >= 3.10 (py3-none)
ESBUILD = "0.28.2"              # pinned: the bundle is part of what is measured
LANGS = ("en", "zh-Hant", "zh-Hans", "ru")
# The first plans of a language build both sides' lazy structures and V8's compiled code (JS: ~200 ms
# per language, then up to ~90 ms more on the second round): a server pays it at start, so it is load.
WARM = {"en": "dealer exposed a card", "zh-Hant": "荷官翻牌發了四張", "zh-Hans": "荷官发牌发错了", "ru": "дилер открыл карту"}
SHORT = 100     # characters: a question typed in the box; longer ones are stories pasted (up to 1,000)
TEXT_FIELDS = ("folded", "corrected", "content", "rest", "suggestion")   # test_plan_parity.TEXT_FIELDS
# The data lives as globals of the context: query.js caches what it derives from `data` in WeakMaps keyed
# by that object, so every call must get the same object (as in the browser), never a fresh JSON copy.
ENTRY = "(q, lang) => JSON.stringify(TDA.plan(q, DATA[lang], lang.startsWith('zh') ? T2S : null))"


def fail(message: str) -> None:
    print(f"js_in_server: {message}", file=sys.stderr)
    sys.exit(2)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def bundle() -> str:
    """query.js with its imports as one script defining the global TDA (esbuild from PATH or npx's cache;
    --no-install: the bench downloads nothing by itself)."""
    found = shutil.which("esbuild")
    if found and subprocess.run([found, "--version"], capture_output=True, text=True).stdout.strip() == ESBUILD:
        command = [found]
    else:
        command = ["npx", "--no-install", f"esbuild@{ESBUILD}"] if shutil.which("npx") else []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "tda-query.js"
        run = subprocess.run([*command, str(ROOT / "docs/assets/search/query.js"), "--bundle", "--format=iife",
                              "--global-name=TDA", "--log-level=error", f"--outfile={out}"],
                             capture_output=True, text=True) if command else None
        if run is None or run.returncode != 0 or not out.exists():
            fail(f"esbuild {ESBUILD} is not installed: `npx --yes esbuild@{ESBUILD} --version` puts it into npx's "
                 f"cache (or `npm install -g esbuild@{ESBUILD}`)" + (f"\n{run.stderr.strip()}" if run else ""))
        return out.read_text(encoding="utf-8")


class JSPlanner:
    """query.js `plan` in V8 (py_mini_racer). Each call is handed to the library's own event-loop thread,
    one at a time per context: CPU is measured for the whole process, not the calling thread."""

    def __init__(self, script: str, data: str, t2s: str):
        from importlib.metadata import version

        from py_mini_racer import MiniRacer
        self.ctx = MiniRacer()
        self.version = f"mini-racer {version('mini-racer')} (V8 {self.ctx.v8_version})"
        self.ctx.eval(script)
        self.ctx.eval(f"globalThis.DATA = {data}; globalThis.T2S = {t2s}; 0")    # JSON is a JS literal
        self.entry = self.ctx.eval(ENTRY)

    def plan(self, q: str, lang: str) -> dict:
        return json.loads(self.entry(q, lang))

    def heap_mb(self) -> float:
        return self.ctx.heap_stats()["total_physical_size"] / 2**20

    def close(self) -> None:
        """Explicitly: a context left open hung 0.14.1 at interpreter exit in ~1 run of 5 (futex wait)."""
        del self.entry
        self.ctx.close()


def timed(function, q: str, lang: str) -> tuple[dict, float, float]:
    """(result, CPU ms of the process, wall ms)."""
    cpu, wall = time.process_time_ns(), time.perf_counter_ns()
    result = function(q, lang)
    return result, (time.process_time_ns() - cpu) / 1e6, (time.perf_counter_ns() - wall) / 1e6


def percentiles(values: list[float]) -> str:
    ordered = sorted(values)
    at = lambda p: ordered[min(len(ordered) - 1, int(p * len(ordered)))]    # noqa: E731
    return f"{at(0.5):6.2f} {at(0.99):6.2f} {ordered[-1]:7.2f}"


def simplified(lang: str, plan: dict) -> dict:
    """test_plan_parity.simplified: the fallback folds Traditional character by character, the API with
    OpenCC; both texts are compared folded the API's way."""
    from tdarules.search.analyzers import t2s
    if not lang.startswith("zh"):
        return plan
    return {k: (t2s(v) if k in TEXT_FIELDS and isinstance(v, str) else v) for k, v in plan.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=0, help="only the first N queries (0: all)")
    args = parser.parse_args()
    try:
        import py_mini_racer  # noqa: F401
    except ImportError:
        fail(f"the JS engine is not installed: `python3 -m venv /tmp/jsvenv && /tmp/jsvenv/bin/pip install {ENGINE}`, "
             "then run this with /tmp/jsvenv/bin/python (the project's packages on PYTHONPATH)")
    script = bundle()
    index = ROOT / "build" / "search-index"
    if not (index / "meta.json").exists():
        fail(f"no search index in {index}: build it first (`rulebook index` or `make build`)")

    from tdarules.loader import load_rulebook
    from tdarules.search import evaluate, query
    from tdarules.search.static_index import query_data, t2s_map
    query.CPU_BUDGET = 1e6          # no deadline: the whole cost of every plan is measured
    files = sorted((ROOT / "tests/search").glob("questions*.yaml")) + sorted((ROOT / "rulebook/training").glob("*.yaml"))
    cases = list(dict.fromkeys((c.lang, c.q) for f in files for c in evaluate.load_queries(f)))
    cases = cases[:args.limit] if args.limit else cases
    started = time.perf_counter()
    rulebook = load_rulebook(ROOT)          # the data query.js gets in the browser, made as the tests make it
    data = json.dumps({lang: query_data(rulebook, lang) for lang in LANGS}, ensure_ascii=False)
    t2s = json.dumps(t2s_map(rulebook), ensure_ascii=False)
    print(f"{len(cases)} distinct queries from {len(files)} files; query data {len(data.encode()) / 1e6:.1f} MB "
          f"(4 languages) + t2s {len(t2s.encode()) / 1e3:.0f} kB, built in {time.perf_counter() - started:.1f} s")

    def python_engine():
        engine = query.Engine(index)
        engine.warm()           # as the server does at start
        return engine

    # One-time costs, each measured alone: made, then warmed with the same first plans.
    loads = {}
    for name, make in (("python", python_engine), ("js", lambda: JSPlanner(script, data, t2s))):
        rss, wall = rss_mb(), time.perf_counter()
        made = make()
        for lang, q in [*WARM.items()] * 2:
            made.plan(q, lang)
        loads[name] = (made, time.perf_counter() - wall, rss_mb() - rss)
    js = loads["js"][0]
    heap_loaded = js.heap_mb()

    # Interleaved query by query, so that both backends meet the same load of a shared machine.
    runs = {name: ([], [], []) for name in loads}        # plans, CPU ms, wall ms
    for lang, q in cases:
        for name, (made, _, _) in loads.items():
            for column, value in zip(runs[name], timed(made.plan, q, lang)):
                column.append(value)

    print(f"\n{'':25}{'CPU ms p50    p99     max':>26} {'wall ms p50    p99     max':>26}  wall > 10 ms")
    for name, (made, seconds, grown) in loads.items():
        _, cpu, wall = runs[name]
        for label, keep in (("all", None), (f"<= {SHORT} chars", True), (f"> {SHORT} chars", False)):
            chosen = [i for i, (_, q) in enumerate(cases) if keep is None or (len(q) <= SHORT) == keep]
            if chosen:
                w = [wall[i] for i in chosen]
                print(f"{name:<6} {label:<12} {len(chosen):>5}   {percentiles([cpu[i] for i in chosen])}   "
                      f"{percentiles(w)}  {sum(x > 10 for x in w):>5}")
        print(f"{name:<6} load {seconds:.2f} s (made + 8 warm-up plans), RSS +{grown:.0f} MB")
    print(f"js     V8 heap {heap_loaded:.0f} MB loaded, {js.heap_mb():.0f} MB after the run; process RSS "
          f"{rss_mb():.0f} MB\nengine {js.version}, esbuild {ESBUILD}, bundle {len(script.encode()) / 1e3:.0f} kB")

    differ = []
    for (lang, q), ours, theirs in zip(cases, runs["python"][0], runs["js"][0]):
        ours, theirs = simplified(lang, json.loads(json.dumps(ours))), simplified(lang, theirs)
        if ours != theirs:
            fields = sorted(k for k in {*ours, *theirs} if ours.get(k) != theirs.get(k))
            differ.append(f"  {lang} {q[:60]!r}: " + "; ".join(f"{k}: py {ours.get(k)!r} / js {theirs.get(k)!r}"
                                                             for k in fields)[:240])
    print(f"\nplans that differ from the Python engine's: {len(differ)} of {len(cases)}", *differ[:10], sep="\n")
    js.close()


if __name__ == "__main__":
    main()
