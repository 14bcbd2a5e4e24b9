"""The clause-score cache (clause_scores.py) ranks as Whoosh's own search of the same Or does, keeps
its memory bounded, and stops scoring new clauses when the query's CPU time is spent."""
from __future__ import annotations

import pytest
from whoosh import index as whoosh_index
from whoosh.query import Or, Phrase, Term

from tdarules.search.clause_scores import ClauseScores, top

# clause sets of the shapes text_search builds: terms in two fields with boosts, phrases, ngrams,
# glossary keywords, a word the index lacks, one clause twice
CLAUSES = {
    "en": [Term("title", "misdeal"), Term("body", "misdeal"), Term("body", "card", boost=0.6),
           Phrase("body", ["all", "in"], boost=2.0), Term("terms", "all-in", boost=3.0),
           Term("central", "all-in", boost=1.5), Term("body", "zqxvrk"), Term("body", "card", boost=0.6)],
    "zh-Hans": [Term("ngram", "跟注", boost=0.4), Term("ngram", "加注", boost=0.4),
                Phrase("ngram", ["跟注", "注后", "后加"], slop=2, boost=1.5), Term("body", "弃牌")],
    "ru": [Term("body", "фишк"), Term("title", "фишк"), Phrase("body", ["олл", "ин"], boost=2.0),
           Term("body", "дилер", boost=0.6)],
}


@pytest.mark.parametrize("lang", sorted(CLAUSES))
def test_same_ranking_as_whoosh(index_dir, lang):
    searcher = whoosh_index.open_dir(index_dir / lang).searcher()
    clauses = CLAUSES[lang]
    whoosh = searcher.search(Or(clauses), limit=40)
    assert len(whoosh) > 3, "the clauses must match something for the comparison to mean anything"
    ours = top(ClauseScores().add(searcher, clauses, deadline=float("inf")), 40)
    assert [docnum for docnum, _ in ours] == [hit.docnum for hit in whoosh]
    assert [score for _, score in ours] == pytest.approx([hit.score for hit in whoosh], rel=1e-12)


def test_spent_budget_scores_only_what_is_cached(index_dir):
    searcher = whoosh_index.open_dir(index_dir / "en").searcher()
    scores = ClauseScores()
    clauses = [Term("body", "misdeal"), Term("body", "chip")]
    assert scores.add(searcher, clauses, deadline=-1.0) == {}
    scores.postings(searcher, clauses[0])
    spent = scores.add(searcher, clauses, deadline=-1.0)
    assert spent and spent == scores.add(searcher, clauses[:1], deadline=float("inf"))


def test_memory_is_bounded(index_dir):
    searcher = whoosh_index.open_dir(index_dir / "en").searcher()
    scores = ClauseScores(recent=2)
    cached = lambda clause: scores.postings(searcher, clause, deadline=-1.0) is not None   # noqa: E731 (a spent budget reads only the cache)
    phrases = [Phrase("body", words) for words in (["all", "in"], ["the", "dealer"], ["big", "blind"])]
    for phrase in phrases:
        assert scores.postings(searcher, phrase), f"{phrase} should match for the test to mean anything"
    assert not cached(phrases[0]) and cached(phrases[2])       # the least recently used went
    assert scores.postings(searcher, Term("body", "zqxvrk")) == ()
    assert scores.postings(searcher, Term("body", "misdeal"))
    assert cached(Term("body", "zqxvrk")) and not cached(phrases[1])   # a typed word is one of the recent
    assert cached(Term("body", "misdeal")) and cached(phrases[2])      # the index's words take no room
