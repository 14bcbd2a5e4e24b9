"""Lighthouse audit of the built site, the way a phone reader meets it.

Installs the pinned `lighthouse` npm package into bench/.cache/lighthouse/ the first time (the
folder is git-ignored by the `.cache/` rule), serves the built site with `rulebook serve` on a free
127.0.0.1 port (from a snapshot copy of site/, so a concurrent rebuild cannot break a run), and
runs Lighthouse (mobile form factor, default simulated throttling) on a few pages with Debian's
chromium. Prints the four category scores per page plus LCP, TBT, CLS and the
total transfer size. A benchmark: it prints numbers and asserts nothing; it exits non-zero only if
Lighthouse (or the server) itself fails.

Usage: python bench/audit.py [--build] [--runs N] [--pages /en/rules/43/ ...] [--keep-reports DIR]
(Scores move with machine load: on a busy 2-core box use --runs 3 and read medians.)
Needs: node + npm (the npm registry, first run only), `chromium` on PATH, a built site/
(`rulebook build --strict`, or pass --build).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_port import free_port  # noqa: E402  (bench/ is not a package)
from chromium import chromium_path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "bench" / ".cache" / "lighthouse"
# 13.x needs node >= 22.19; Debian's node here is 20.x, and 12.8.2 supports node >= 18.16.
LIGHTHOUSE_VERSION = "12.8.2"
LIGHTHOUSE_CLI = CACHE / "node_modules" / "lighthouse" / "cli" / "index.js"
# Home, a rule page, the calculators page and the compare page (every language aligned) in every
# language.
PAGES = [f"/{lang}/{page}" for lang in ("en", "zh-Hant", "zh-Hans", "ru")
         for page in ("", "rules/43/", "calculators/", "compare/rules/43/")]
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update --no-first-run")


def ensure_lighthouse() -> Path:
    """The pinned lighthouse CLI, installed into bench/.cache/lighthouse/ if missing."""
    package_json = LIGHTHOUSE_CLI.parents[1] / "package.json"
    if package_json.exists() and json.loads(package_json.read_text())["version"] == LIGHTHOUSE_VERSION:
        return LIGHTHOUSE_CLI
    npm = shutil.which("npm")
    if not npm:
        raise SystemExit("npm is not installed: cannot install lighthouse (apt-get install nodejs npm)")
    CACHE.mkdir(parents=True, exist_ok=True)
    print(f"installing lighthouse@{LIGHTHOUSE_VERSION} into {CACHE.relative_to(ROOT)}/ ...", flush=True)
    subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-save", "--prefix", str(CACHE),
                    f"lighthouse@{LIGHTHOUSE_VERSION}"], check=True, stdout=subprocess.DEVNULL)
    return LIGHTHOUSE_CLI


def snapshot_site(pages: list[str], dest: Path) -> Path:
    """Copy site/ into dest/site so a concurrent rebuild of site/ cannot pull pages away mid-audit.

    `rulebook build` empties and refills site/; retry for a while until every audited page is there."""
    deadline = time.monotonic() + 180
    while True:
        shutil.rmtree(dest / "site", ignore_errors=True)
        try:
            shutil.copytree(ROOT / "site", dest / "site")
        except (shutil.Error, FileNotFoundError):
            pass
        missing = [p for p in pages if not (dest / "site" / p.strip("/") / "index.html").exists()]
        if not missing and (dest / "site" / "index.html").exists():
            return dest
        if time.monotonic() > deadline:
            raise SystemExit(f"site/ lacks {missing}: build it with `rulebook build --strict`")
        time.sleep(5)


def start_server(root: Path, port: int) -> subprocess.Popen:
    rulebook = Path(sys.executable).with_name("rulebook")
    cmd = ([str(rulebook)] if rulebook.exists() else [sys.executable, "-m", "tdarules.cli"])
    proc = subprocess.Popen(cmd + ["serve", "--root", str(root), "--host", "127.0.0.1", "--port", str(port),
                                   "--index", str(ROOT / "build" / "search-index"), "--no-access-log"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"rulebook serve exited with {proc.returncode}:\n{proc.stderr.read()[-3000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/", timeout=2):
                return proc
        except OSError:
            time.sleep(0.3)
    proc.terminate()
    raise SystemExit("rulebook serve did not answer within 60 s")


def run_lighthouse(cli: Path, url: str, out: Path, chrome: str) -> dict:
    env = dict(os.environ, CHROME_PATH=chrome)
    cmd = ["node", str(cli), url, "--quiet", "--output=json", f"--output-path={out}",
           "--form-factor=mobile", "--throttling-method=simulate",
           f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS}"]
    result = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if result.returncode != 0 or not out.exists():
        raise SystemExit(f"lighthouse failed on {url} (exit {result.returncode}):\n{result.stderr[-3000:]}")
    report = json.loads(out.read_text())
    if report.get("runtimeError"):
        raise SystemExit(f"lighthouse runtime error on {url}: {report['runtimeError']}")
    return report


def summarize(report: dict) -> dict:
    audits = report["audits"]

    def num(key):
        return audits.get(key, {}).get("numericValue")

    scores = {c: report["categories"].get(c, {}).get("score") for c in CATEGORIES}
    return {**{c: None if s is None else round(s * 100) for c, s in scores.items()},
            "lcp": num("largest-contentful-paint"), "tbt": num("total-blocking-time"),
            "cls": num("cumulative-layout-shift"), "bytes": num("total-byte-weight")}


def median_or_none(values: list):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return statistics.median_low(values)  # an observed value: integer scores stay integers


def fmt(value, spec: str, missing: str = "-") -> str:
    return missing if value is None else format(value, spec)


def print_table(rows: list[tuple[str, dict]]) -> None:
    header = f"{'page':<20} {'perf':>4} {'a11y':>4} {'bp':>4} {'seo':>4} {'LCP s':>6} {'TBT ms':>7} {'CLS':>6} {'transfer KiB':>12}"
    print(header)
    print("-" * len(header))
    for path, s in rows:
        print(f"{path:<20} {fmt(s['performance'], 'd'):>4} {fmt(s['accessibility'], 'd'):>4} "
              f"{fmt(s['best-practices'], 'd'):>4} {fmt(s['seo'], 'd'):>4} "
              f"{fmt(s['lcp'] and s['lcp'] / 1000, '.2f'):>6} {fmt(s['tbt'], '.0f'):>7} "
              f"{fmt(s['cls'], '.3f'):>6} {fmt(s['bytes'] and s['bytes'] / 1024, '.0f'):>12}")


def failing_audits(report: dict) -> list[str]:
    """Titles of the audits that lost points outside performance (for a quick look at why)."""
    out = []
    for cat in CATEGORIES[1:]:
        for ref in report["categories"].get(cat, {}).get("auditRefs", []):
            audit = report["audits"].get(ref["id"], {})
            if ref.get("weight", 0) > 0 and audit.get("score") is not None and audit["score"] < 1:
                out.append(f"{cat}: {ref['id']} ({audit.get('title', '')})")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", action="store_true", help="run `rulebook build --strict` first")
    parser.add_argument("--pages", nargs="+", default=PAGES)
    parser.add_argument("--runs", type=int, default=1, help="runs per page; the table shows medians")
    parser.add_argument("--keep-reports", type=Path, help="copy the JSON reports into this folder")
    args = parser.parse_args()

    if args.build:
        rulebook = Path(sys.executable).with_name("rulebook")
        subprocess.run([str(rulebook), "build", "--strict"], cwd=ROOT, check=True)
    if not (ROOT / "site" / "index.html").exists():
        raise SystemExit("site/ is not built: run `rulebook build --strict` (or pass --build)")
    cli = ensure_lighthouse()
    chrome = os.environ.get("CHROME_PATH") or chromium_path()     # looked up once, before any server starts
    print(f"lighthouse {LIGHTHOUSE_VERSION}, chromium {chrome}, mobile, simulated throttling", flush=True)

    snapshot = tempfile.TemporaryDirectory(prefix="audit-site-")
    port = free_port()
    server = start_server(snapshot_site(args.pages, Path(snapshot.name)), port)
    rows, notes = [], []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for path in args.pages:
                out = Path(tmp) / f"{path.strip('/').replace('/', '_') or 'root'}.json"
                runs = []
                for _ in range(args.runs):
                    try:
                        report = run_lighthouse(cli, f"http://127.0.0.1:{port}{path}", out, chrome)
                    except SystemExit as error:      # Lighthouse's own hiccups (NO_NAVSTART) on a busy box
                        print(f"retrying {path}: {str(error).splitlines()[-1][:200]}", flush=True)
                        report = run_lighthouse(cli, f"http://127.0.0.1:{port}{path}", out, chrome)
                    runs.append(summarize(report))
                rows.append((path, {k: median_or_none([r[k] for r in runs]) for k in runs[0]}))
                notes += [f"{path}  {n}" for n in failing_audits(report)]
                if args.keep_reports:
                    args.keep_reports.mkdir(parents=True, exist_ok=True)
                    shutil.copy(out, args.keep_reports / out.name)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        snapshot.cleanup()
    print()
    print_table(rows)
    if notes:
        print("\naudits that lost points (accessibility, best practices, SEO):")
        for note in notes:
            print(f"  {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
