"""Validation of a change to the search's learning: the index is built with some tuning batches left out
of the learned model's training, and the API's engine is measured on those batches, per language and
per style (`kind`). The held-out batches are never read: a change is chosen on this, then measured once
on them (bench/search.py).

    .venv/bin/python bench/learned_validation.py [--hold dev25,dev26,dev27,dev28] [--failures ru/dispute]

Prints MRR@10 and recall@3 per row; ``--failures LANG/KIND`` lists that cell's questions whose first
right answer is below rank 2, with the engine's first four hits. ~1.5 min: the understanding is
computed afresh (a temporary cache folder), the index written into a temporary folder.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hold", default="dev25,dev26,dev27,dev28",
                        help="tuning batches left out of training and measured (comma-separated)")
    parser.add_argument("--failures", help="LANG/KIND: list that cell's questions ranked below 2")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        # the understanding's disk cache is keyed by the question files, not by which of them train:
        # a cache of its own, or the model trained on every batch would be read back
        os.environ["TDA_SEARCH_CACHE"] = str(Path(scratch) / "cache")
        from tdarules.loader import load_rulebook
        from tdarules.search import evaluate
        from tdarules.search.index import build_index
        from tdarules.search.query import engine

        held = [evaluate.TRAINING / f"questions_{name.strip()}.yaml" for name in args.hold.split(",")]
        missing = [path.name for path in held if path not in evaluate.TUNING]
        if missing:
            raise SystemExit(f"not a tuning batch: {', '.join(missing)}")
        evaluate.TUNING = tuple(path for path in evaluate.TUNING if path not in held)

        started = time.perf_counter()
        out = Path(scratch) / "index"
        build_index(load_rulebook(ROOT), out)
        print(f"index built without {args.hold} in {time.perf_counter() - started:.0f} s")
        eng = engine(out)
        ranks: dict[str, list[int | None]] = defaultdict(list)
        failures = []
        for path in held:
            for case in evaluate.load_queries(path):
                hits = eng.search(case.q, case.lang, 10)
                rank = evaluate.rank_of([(h.id, h.rule, h.kind) for h in hits], case.expect)
                for row in ("all", case.lang, f"{case.lang}/{case.kind}", f"*/{case.kind}"):
                    ranks[row].append(rank)
                if args.failures == f"{case.lang}/{case.kind}" and (rank is None or rank > 2):
                    failures.append((rank, case.q, case.expect, [h.id for h in hits[:4]]))
        print(f"{'':22s} {'n':>5s} {'MRR@10':>7s} {'R@3':>6s}")
        for row in sorted(ranks):
            summary = evaluate.summarize(ranks[row])
            print(f"{row:22s} {summary['n']:5d} {summary['mrr@10']:7.3f} {summary['recall@3']:6.3f}")
        for rank, q, expect, top in failures:
            print(f"rank {rank}: {q}\n    expected {expect}, got {top}")


if __name__ == "__main__":
    main()
