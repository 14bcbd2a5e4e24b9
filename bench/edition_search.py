"""Does search stay as good once a new edition renumbers everything? The synthetic next edition
(tests/synthetic_edition.py) goes through `rulebook edition add` and `rulebook edition publish` in a
copy of the project with its code (tests/project_build.project_with_code), whose `rulebook index`
then builds the new edition's search index with its remapped training questions and vocabulary.
Today's index is built beside it. The held-out batches are asked of each: today's with their own
labels, the new edition's with the labels `edition publish` remapped in the copy (as it remaps the
training questions; a question that names its rule by number keeps it).

    .venv/bin/python bench/edition_search.py [--batches unseen12,unseen13,unseen14]

Prints MRR@10 / recall@3 per batch and language for both, and how many questions the remapping dropped
with their rule; asserts nothing.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(ROOT / "tests"))

from project_build import project_with_code  # noqa: E402
from synthetic_edition import longform_text, next_edition, renumber_references  # noqa: E402
from tdarules.loader import load_rulebook  # noqa: E402
from tdarules.search import evaluate  # noqa: E402
from tdarules.search.index import build_index  # noqa: E402
from tdarules.search.query import search  # noqa: E402

LANGS = ("en", "zh-Hant", "zh-Hans", "ru")


def published_copy(folder: Path) -> tuple[Path, str]:
    """A copy of the project in which the synthetic next edition was added, published and indexed by
    the copy's own code; returns its root and the edition's year."""
    root, env = project_with_code(folder)
    synthetic = renumber_references(next_edition(load_rulebook(ROOT).edition("en")))
    year = synthetic.edition.edition
    (root / "longform.txt").write_text(longform_text(synthetic.edition), encoding="utf-8")
    for args in (["edition", "add", "longform.txt", "--year", year, "--limit", "2"],
                 ["edition", "publish", "--year", year, "--accept-uncertain"], ["index"]):
        result = subprocess.run([sys.executable, "-m", "tdarules.cli", *args, "--root", str(root)], cwd=root,
                                env=env, capture_output=True, text=True)
        if result.returncode:
            raise SystemExit(f"rulebook {' '.join(args)} failed:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
        if args[:2] == ["edition", "add"]:
            print("\n".join("  " + line for line in result.stdout.splitlines()[:6]))
    return root, year


def measure(index_dir: Path, cases) -> dict[str, list]:
    ranks: dict[str, list] = {lang: [] for lang in LANGS}
    for case in cases:
        hits = search(index_dir, case.q[:1000], case.lang, 10)
        ranks[case.lang].append(evaluate.rank_of([(h.id, h.rule, h.kind) for h in hits], case.expect))
    return ranks


def row(name: str, ranks: dict[str, list]) -> str:
    cells = []
    for lang in (*LANGS, "all"):
        values = [r for lst in ranks.values() for r in lst] if lang == "all" else ranks[lang]
        s = evaluate.summarize(values)
        cells.append(f"{s['mrr@10']:.3f} / {s['recall@3']:.3f}")
    return f"{name:<24}" + "  ".join(f"{c:>15}" for c in cells)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", default="unseen12,unseen13,unseen14")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print("edition add and publish (synthetic):")
        new_root, _ = published_copy(Path(folder) / "project")
        today_index, new_index = Path(folder) / "today", new_root / "build" / "search-index"
        build_index(load_rulebook(ROOT), today_index)
        print(f"\n{'MRR@10 / recall@3':<24}" + "  ".join(f"{lang:>15}" for lang in (*LANGS, "all")))
        for name in args.batches.split(","):
            file = f"questions_{name}.yaml"
            cases = evaluate.load_queries(evaluate.QUERIES.with_name(file))
            # the copy's batch, its labels remapped by `edition publish` (texts untouched)
            moved = evaluate.load_queries(new_root / "tests" / "search" / file)
            print(row(f"{name} today", measure(today_index, cases)))
            print(row(f"{name} next", measure(new_index, moved))
                  + f"   ({len(moved)} asked; {len(cases) - len(moved)} dropped with their rule)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
