"""Page generator benchmark: time of `pages.all_pages` (every generated page of every language, no MkDocs)
and of the JSON exports, medians of N runs after one warm-up. Usage: python bench/pages.py [--runs 5]"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT, help="project folder with rulebook/ (default: this one)")
    args = parser.parse_args()
    from tdarules.loader import load_rulebook
    from tdarules.model import ALL_LANGUAGES
    from tdarules.site import calculators, generate, pages
    rulebook = load_rulebook(args.root)
    strings = generate.load_strings(args.root / "rulebook")
    context = pages.Context

    def exports():
        for language in ALL_LANGUAGES:
            ctx = context(rulebook, language, strings)
            pages.edition_json(ctx), calculators.strings_json(ctx)

    for name, work in (("all_pages", lambda: pages.all_pages(rulebook, strings)), ("exports", exports)):
        work()
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
        print(f"{name}: median {statistics.median(times) * 1000:.0f} ms of {args.runs} runs "
              f"(min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f}) [{Path(pages.__file__).parent}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
