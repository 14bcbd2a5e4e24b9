"""Edit-to-preview time of the editing loop (`rulebook serve --watch`).

Copies the project's rulebook/, site/ (built first: `rulebook build`), mkdocs.yml, docs/ and overrides/
into a temporary folder, starts the loop there on a free 127.0.0.1 port, then N times: edits one
Russian paragraph (rule 38), and measures until the page served over HTTP shows the new text; the
browser adds at most one poll interval (0.3 s) to reload. Then writes a YAML syntax error and checks
that it is reported as file:line and that the server keeps serving. Prints every run and the median.

    .venv/bin/python bench/edit_preview.py [--runs 5]
"""
from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = "/ru/rules/38/"
ORIGINAL = "Бёрн-карта защищает остаток колоды (стаб)"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.read().decode("utf-8")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not (ROOT / "site" / "ru" / "rules" / "38" / "index.html").exists():
        print("build the site first: .venv/bin/rulebook build")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name in ("rulebook", "site", "docs", "overrides"):
            shutil.copytree(ROOT / name, work / name, ignore=shutil.ignore_patterns("search-index", "pagefind"))
        shutil.copy(ROOT / "mkdocs.yml", work / "mkdocs.yml")
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "tdarules.cli", "serve", "--watch", "--root", str(work),
                                   "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    get(base + "/_dev/state")
                    break
                except OSError:
                    time.sleep(0.1)
            yaml_file = work / "rulebook" / "2024" / "ru.yaml"
            original = yaml_file.read_text(encoding="utf-8")
            times = []
            for run in range(1, args.runs + 1):
                marker = f"ПРАВКА{run}"
                yaml_file.write_text(original.replace(ORIGINAL, f"{marker} {ORIGINAL}", 1), encoding="utf-8")
                started = time.perf_counter()
                while marker not in get(base + PAGE):
                    if time.perf_counter() - started > 60:
                        raise SystemExit("the page did not change within 60 s")
                    time.sleep(0.02)
                times.append(time.perf_counter() - started)
                print(f"run {run}: edit visible over HTTP after {times[-1]:.2f} s")
                time.sleep(0.5)
            print(f"median edit-to-preview: {statistics.median(times):.2f} s over {len(times)} runs "
                  f"(+ up to 0.3 s until the open page polls and reloads)")
            yaml_file.write_text(original.replace("  '38':\n", "  '38':\n   bad: [\n", 1), encoding="utf-8")
            started = time.perf_counter()
            while True:
                error = __import__("json").loads(get(base + "/_dev/state"))["error"]
                if error or time.perf_counter() - started > 30:
                    break
                time.sleep(0.05)
            print(f"YAML error shown after {time.perf_counter() - started:.2f} s: {error.splitlines()[0] if error else 'NOT SHOWN'}")
            print("server still serving after the error:", "yes" if "<html" in get(base + PAGE) else "no")
        finally:
            server.terminate()
            server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
