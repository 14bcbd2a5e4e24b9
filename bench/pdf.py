"""PDF benchmark: each document rendered from scratch (empty cache), then the no-change pass that only
builds the HTML and compares hashes, then the whole `rulebook build` with a warm and a cold PDF cache.
Prints pages, size and seconds per document. Usage: python bench/pdf.py [--skip-build]"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--skip-build", action="store_true", help="only the PDF renderer, not `rulebook build`")
    args = parser.parse_args()
    from tdarules.loader import load_rulebook
    from tdarules.printing.documents import DOCUMENTS
    from tdarules.printing.pdf import render_documents, renderer_version
    from tdarules.site.generate import load_strings
    from tdarules.site_url import site_url

    rulebook = load_rulebook(ROOT)
    strings = load_strings(ROOT / "rulebook")
    print(renderer_version())
    with tempfile.TemporaryDirectory() as cache:
        started = time.perf_counter()
        cold = render_documents(list(DOCUMENTS), rulebook, strings, site_url=site_url(), cache_dir=Path(cache),
                                log=lambda _line: None)
        cold_total = time.perf_counter() - started
        started = time.perf_counter()
        warm = render_documents(list(DOCUMENTS), rulebook, strings, site_url=site_url(), cache_dir=Path(cache),
                                log=lambda _line: None)
        warm_total = time.perf_counter() - started
    print(f"{'document':28} {'pages':>5} {'KiB':>7} {'render s':>9}")
    for result in cold:
        print(f"{result.filename:28} {result.pages:5d} {result.bytes / 1024:7.0f} {result.seconds:9.1f}")
    print(f"all {len(cold)} documents from scratch: {cold_total:.1f} s; no change (hash check only): {warm_total:.1f} s, "
          f"re-rendered: {sum(not r.reused for r in warm)}")
    if args.skip_build:
        return 0
    rulebook_cmd = Path(sys.executable).with_name("rulebook")
    for label, cold_cache in (("warm PDF cache (no change)", False), ("cold PDF cache", True)):
        if cold_cache:
            shutil.rmtree(ROOT / ".cache" / "pdf", ignore_errors=True)
        started = time.perf_counter()
        subprocess.run([str(rulebook_cmd), "build", "--strict"], cwd=ROOT, check=True)
        print(f"rulebook build (site/), {label}: {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
