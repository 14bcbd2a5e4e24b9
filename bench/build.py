"""Build benchmark: the full site build vs a plain mkdocs-material build of the same number of pages,
in the same run. Prints medians of N runs, peak memory (max RSS of the build process) and the
first-load bytes (gzip) of a rule page. Usage: python bench/build.py [--runs 3]"""
from __future__ import annotations

import argparse
import gzip
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))


def timed_build(cwd: Path, config: Path, site_dir: Path) -> tuple[float, int]:
    """Wall time and peak RSS (KiB) of one `mkdocs build` in a child process."""
    code = ("import resource,subprocess,sys,time;t=time.perf_counter();"
            f"r=subprocess.run([sys.executable,'-m','mkdocs','build','--quiet','-f',{str(config)!r},'-d',{str(site_dir)!r}]);"
            "print(time.perf_counter()-t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, r.returncode)")
    out = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, check=True).stdout.split()
    if out[2] != "0":
        raise SystemExit(f"build failed in {cwd}")
    return float(out[0]), int(out[1])


def first_load_bytes(site: Path, page: str) -> tuple[int, int]:
    """HTML + same-site CSS/JS referenced by the page, raw and gzip-compressed."""
    html_path = site / page / "index.html"
    html = html_path.read_text(encoding="utf-8")
    files = [html_path]
    for ref in re.findall(r'(?:src|href)="([^"]+\.(?:css|js))"', html):
        path = (html_path.parent / ref).resolve()
        if path.exists():
            files.append(path)
    raw = sum(f.stat().st_size for f in files)
    gz = sum(len(gzip.compress(f.read_bytes(), 6)) for f in files)
    return raw, gz


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    from plain_site import generate

    real_site = Path(tempfile.mkdtemp()) / "site"
    real = [timed_build(ROOT, ROOT / "mkdocs.yml", real_site) for _ in range(runs)]
    # pages MkDocs rendered: the edition addresses' small forwarding pages are plain files, not pages
    pages = sum('name="generator"' in page.read_text(encoding="utf-8") for page in real_site.rglob("index.html"))
    plain_dir = Path(tempfile.mkdtemp())
    generate(pages, plain_dir)
    plain = [timed_build(plain_dir, plain_dir / "mkdocs.yml", plain_dir / "site") for _ in range(runs)]
    real_t, plain_t = statistics.median(t for t, _ in real), statistics.median(t for t, _ in plain)
    real_m, plain_m = max(m for _, m in real), max(m for _, m in plain)
    print(f"pages built: {pages}  runs: {runs}")
    print(f"full site build      median {real_t:6.2f} s   peak RSS {real_m / 1024:6.0f} MiB")
    print(f"plain material build median {plain_t:6.2f} s   peak RSS {plain_m / 1024:6.0f} MiB")
    print(f"ratio (full / plain) time {real_t / plain_t:.2f}x   memory {real_m / plain_m:.2f}x")
    for page in ("en/rules/43", "zh-Hant/rules/43", "ru/rp/5"):
        raw, gz = first_load_bytes(real_site, page)
        print(f"first load /{page}/: {raw / 1024:.0f} KiB raw, {gz / 1024:.0f} KiB gzip (HTML+CSS+JS)")
    data = real_site / "data" / "2024" / "en.json"
    print(f"edition JSON (companion view, loaded on demand): {data.stat().st_size / 1024:.0f} KiB raw, "
          f"{len(gzip.compress(data.read_bytes())) / 1024:.0f} KiB gzip")


if __name__ == "__main__":
    main()
