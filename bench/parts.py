"""Does search land on the part that answers, or only on its rule? For the questions labelled with a
part ("43-B": dev29 on, unseen31 on), the API's engine measured twice:
by part (the label as written: only that part's hit counts) and by rule (any document of its rule
counts, as every earlier batch is labelled). Where the rule comes first but the part does not, it
says what led the rule's group instead: another part, a worked example, the rule's own text, an
addendum illustration.

    .venv/bin/python bench/parts.py [--failures dev29]

Reads the built index (build/search-index: `make build` or `rulebook index`). ``--failures`` lists a
tuning batch's questions whose rule came first and part did not; a held-out batch is measured, never
listed.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from tdarules.search import evaluate  # noqa: E402
from tdarules.search.query import engine  # noqa: E402


def names_a_part(label: str) -> bool:
    return evaluate.rule_of(label) != label


def batches() -> dict[str, Path]:
    """Every batch with a part label, by name (dev29, unseen31, ...)."""
    paths = [*evaluate.numbered_batches(evaluate.TRAINING, "dev"), *evaluate.unseen_batches()]
    return {p.stem.removeprefix("questions_"): p for p in paths
            if any(names_a_part(e) for c in evaluate.load_queries(p) for e in c.expect)}


def led_by(kind: str) -> str:
    """What kind of document led the rule's group (an example of part B is an example, not a part)."""
    return {"part": "another part", "example": "an example", "addendum": "an addendum illustration"}.get(kind, "the rule's own text")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failures", help="a tuning batch (e.g. dev29): list its questions whose rule came first and part did not")
    args = parser.parse_args()
    found = batches()
    if args.failures and (args.failures not in found or not args.failures.startswith("dev")):
        raise SystemExit(f"--failures takes a tuning batch with part labels: {', '.join(n for n in found if n.startswith('dev'))}")
    eng = engine(ROOT / "build" / "search-index")
    print(f"{'batch/lang':18} {'n':>4}  {'by part':>13}  {'by rule':>13}   rule first, part not: what led")
    for name, path in found.items():
        rows: dict[str, list[tuple[int | None, int | None]]] = defaultdict(list)
        led: dict[str, Counter[str]] = defaultdict(Counter)
        for case in evaluate.load_queries(path):
            if not any(names_a_part(e) for e in case.expect):
                continue
            hits = [(h.id, h.rule, h.kind) for h in eng.search(case.q, case.lang, 10)]
            by_part = evaluate.rank_of(hits, case.expect)
            by_rule = evaluate.rank_of(hits, [evaluate.rule_of(e) for e in case.expect])
            for row in (case.lang, "all"):
                rows[row].append((by_part, by_rule))
            if by_rule == 1 and by_part != 1:
                first = next(h for h in hits if h[2] != "glossary")
                for row in (case.lang, "all"):
                    led[row][led_by(first[2])] += 1
                if args.failures == name:
                    print(f"  {case.expect} led by {first[0]}: {case.q[:150]}")
        for row in [lang for lang in ("en", "zh-Hant", "zh-Hans", "ru") if lang in rows] + ["all"]:
            pairs = rows[row]
            part = evaluate.summarize([p for p, _ in pairs])
            rule = evaluate.summarize([r for _, r in pairs])
            what = ", ".join(f"{k} {n}" for k, n in led[row].most_common())
            print(f"{name + '/' + row:18} {len(pairs):4}  {part['mrr@10']:.3f} / {part['recall@3']:.3f}"
                  f"  {rule['mrr@10']:.3f} / {rule['recall@3']:.3f}   {what}")


if __name__ == "__main__":
    main()
