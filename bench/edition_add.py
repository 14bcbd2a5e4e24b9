"""How long `rulebook edition add` takes on the synthetic next edition (tests/synthetic_edition.py).

    .venv/bin/python bench/edition_add.py [--runs 3]

Copies rulebook/ (and the calculators' rule review) into a temporary folder, writes the synthetic
edition as a plain-text Longform there and times `add_edition` on it: the first run, and the later
runs that re-add the same year over the first (as after a person edited the mapping). Prints the
times and the report's first lines; asserts nothing about time.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(ROOT / "tests"))

from synthetic_edition import longform_text, next_edition, renumber_references  # noqa: E402
from tdarules.editions_next import add_edition  # noqa: E402
from tdarules.loader import load_rulebook  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    current = load_rulebook(ROOT)
    year = max(y for y, lang in current.editions if lang == "en")
    synthetic = renumber_references(next_edition(current.edition("en", year)))
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        shutil.copytree(ROOT / "rulebook", root / "rulebook")
        (root / "tests" / "calculators").mkdir(parents=True)
        shutil.copy(ROOT / "tests" / "calculators" / "RULE-REVIEW.yaml", root / "tests" / "calculators")
        source = root / "longform.txt"
        source.write_text(longform_text(synthetic.edition), encoding="utf-8")
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            report = add_edition(root, source, synthetic.edition.edition)
            times.append(time.perf_counter() - start)
        print(f"add_edition {year} → {synthetic.edition.edition}: first run {times[0]:.2f} s"
              + (f", re-runs {', '.join(f'{t:.2f}' for t in times[1:])} s" if times[1:] else ""))
        print(f"files written: {len(report.written)}")
        for line in report.lines(limit=3)[:12]:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
