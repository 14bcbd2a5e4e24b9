"""From a new Longform to a built site with it current: the time of each step on the synthetic next
edition (tests/synthetic_edition.py), in a copy of the project with its code.

    .venv/bin/python bench/edition_publish.py

`rulebook edition add` (import, align, carry, remap), `rulebook edition publish --accept-uncertain`
(a person would confirm the uncertain matches first) and `rulebook build --strict` without PDFs, each
a process of its own as a maintainer runs them. Prints seconds per step and the page counts of the
built site; asserts nothing about time.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(ROOT / "tests"))

from project_build import project_with_code  # noqa: E402
from synthetic_edition import longform_text, next_edition, renumber_references  # noqa: E402
from tdarules.loader import load_rulebook  # noqa: E402
from tdarules.model import PUBLISHED_EDITIONS  # noqa: E402


def main() -> int:
    synthetic = renumber_references(next_edition(load_rulebook(ROOT).edition("en")))
    year = synthetic.edition.edition
    with tempfile.TemporaryDirectory() as folder:
        root, env = project_with_code(Path(folder))
        (root / "longform.txt").write_text(longform_text(synthetic.edition), encoding="utf-8")
        steps = [("edition add", ["edition", "add", "longform.txt", "--year", year]),
                 ("edition publish", ["edition", "publish", "--year", year, "--accept-uncertain"]),
                 ("build (no PDFs)", ["build", "--strict"])]
        total = 0.0
        for name, args in steps:
            start = time.perf_counter()
            result = subprocess.run([sys.executable, "-m", "tdarules.cli", *args, "--root", str(root)], cwd=root,
                                    env=env, capture_output=True, text=True)
            seconds = time.perf_counter() - start
            total += seconds
            print(f"{name:<18} {seconds:7.1f} s")
            if result.returncode:
                print(result.stdout[-2000:] + result.stderr[-2000:])
                return 1
        print(f"{'total':<18} {total:7.1f} s")
        site = root / "site"
        pages = len(list(site.glob("*/**/index.html")))
        older = {y: len(list(site.glob(f"en/{y}/rules/*/index.html"))) for y in PUBLISHED_EDITIONS}
        print(f"built: {pages} pages; older edition rule pages (en): {older}; "
              f"comparisons (en): {sorted(p.name for p in (site / 'en' / 'editions').iterdir() if p.is_dir())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
