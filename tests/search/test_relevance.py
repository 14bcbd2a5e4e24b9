"""Relevance floor on tests/search/queries.yaml (the figures themselves: bench/search.py)."""
from collections import defaultdict

import pytest

from tdarules.search.evaluate import load_queries, rank_of, summarize
from tdarules.search.query import search

CASES = load_queries()
FLOOR_RECALL_AT_3 = 0.85
FLOOR_PER_LANGUAGE = 0.8


def test_enough_queries():
    assert len(CASES) >= 80
    assert {c.lang for c in CASES} == {"en", "zh-Hant", "zh-Hans", "ru"}


@pytest.fixture(scope="module")
def ranks(index_dir):
    out = defaultdict(list)
    for case in CASES:
        hits = search(index_dir, case.q, case.lang, 10)
        out[case.lang].append((case, rank_of([(h.id, h.rule, h.kind) for h in hits], case.expect)))
    return out


def test_recall_floor(ranks):
    everything = [r for runs in ranks.values() for _, r in runs]
    summary = summarize(everything)
    misses = [f"{c.lang} {c.q!r} → rank {r}" for runs in ranks.values() for c, r in runs if not r or r > 3]
    assert summary["recall@3"] >= FLOOR_RECALL_AT_3, "\n".join(misses)
    for lang, runs in ranks.items():
        assert summarize([r for _, r in runs])["recall@3"] >= FLOOR_PER_LANGUAGE, lang


def test_rule_numbers_rank_first(ranks):
    for runs in ranks.values():
        for case, rank in runs:
            if case.kind.startswith("number"):
                assert rank == 1, (case.lang, case.q)
