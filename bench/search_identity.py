"""Record what the API engine answers for every labelled query (tests/search/*.yaml and
rulebook/training/), so a refactor of query understanding can be checked to change nothing:
run it before and after and compare the two files byte for byte.

    .venv/bin/python bench/search_identity.py /tmp/search_before.json [index dir]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from tdarules.search import evaluate, query
from tdarules.search.query import Engine, QueryError

ROOT = Path(__file__).resolve().parents[1]


def record(index_dir: Path) -> dict:
    # no CPU deadline: a query cut short on a busy machine would differ from one run to the next
    query.CPU_BUDGET = 1e6
    engine = Engine(index_dir)
    out = {}
    files = sorted((ROOT / "tests" / "search").glob("*.yaml")) + sorted((ROOT / "rulebook" / "training").glob("*.yaml"))
    for path in files:
        try:
            cases = evaluate.load_queries(path)
        except evaluate.QueryFileError:
            continue
        rows = []
        for case in cases:
            try:
                answer = engine.answer(case.q, case.lang, 10)
            except QueryError as error:
                rows.append([case.lang, case.q, f"error: {error}"])
                continue
            rows.append([case.lang, case.q, answer.corrected, answer.suggestion,
                         [[h.id, round(h.score, 6), h.snippet] for h in answer.hits]])
        out[str(path.relative_to(ROOT))] = rows
    return out


if __name__ == "__main__":
    index = Path(sys.argv[2]) if len(sys.argv) > 2 else ROOT / "build" / "search-index"
    Path(sys.argv[1]).write_text(json.dumps(record(index), ensure_ascii=False, indent=0), encoding="utf-8")
