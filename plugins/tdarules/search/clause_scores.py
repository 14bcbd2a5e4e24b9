"""A query's clauses scored from a cache of each clause's scores over the documents.

Why: an index holds ~330 documents per language, and a query is an Or of 20–60 term and phrase
clauses. Whoosh (pure Python) built a matcher for every clause on every query, read its postings
and scored each posting again: cProfile put about half of a query's time there (stop 21). A clause's
BM25F score in a document does not depend on the rest of the query (its boost only multiplies it),
so Whoosh's own matcher computes a clause's scores once, the first time a query needs them, and
later queries add them up.

Memory stays bounded: a term is kept only when the index holds it (the lexicon bounds them), and
phrases, which come from what people type, are kept in a least-recently-used list.

The order is Whoosh's own: by score, then by document number (``TopCollector``). Sums may differ
from Whoosh's in the last bits of a float, as the additions come in another order.
"""
from __future__ import annotations

import heapq
import threading
import time
from collections import OrderedDict

from whoosh.query import Phrase, Term

PHRASES = 20_000         # phrase clauses kept per language: each is a few dozen (document, score) pairs

Postings = tuple[tuple[int, float], ...]


class ClauseScores:
    """One index's cache: clause → ((document number, score at boost 1), ...)."""

    def __init__(self, phrases: int = PHRASES):
        self._terms: dict[tuple[str, str], Postings] = {}
        self._phrases: OrderedDict[tuple, Postings] = OrderedDict()
        self._room = phrases
        self._lock = threading.Lock()

    def postings(self, searcher, clause: Term | Phrase) -> Postings:
        key, kept = self._place(clause)
        with self._lock:
            cached = kept.get(key)
            if cached is not None and kept is self._phrases:
                kept.move_to_end(key)
        if cached is None:
            cached = _score(searcher, clause.with_boost(1.0))
            if cached:                    # a word the index lacks costs a lookup, not a place here
                with self._lock:
                    kept[key] = cached
                    if len(self._phrases) > self._room:
                        self._phrases.popitem(last=False)
        return cached

    def cached(self, clause: Term | Phrase) -> bool:
        key, kept = self._place(clause)
        return key in kept

    def _place(self, clause: Term | Phrase) -> tuple[tuple, dict]:
        if isinstance(clause, Term):
            return (clause.fieldname, clause.text), self._terms
        return (clause.fieldname, tuple(clause.words), clause.slop), self._phrases

    def frequency(self, searcher, field: str, text: str) -> int:
        """How many documents hold the term (Whoosh's doc_frequency, from the same cache)."""
        return len(self.postings(searcher, Term(field, text)))

    def add(self, searcher, clauses: list[Term | Phrase], deadline: float) -> dict[int, float]:
        """{document number: the clauses' scores × their boosts, summed}. A clause not yet cached is
        skipped once the thread's CPU time passes ``deadline``: the hits so far are kept."""
        scores: dict[int, float] = {}
        for clause in clauses:
            if time.thread_time() > deadline and not self.cached(clause):
                continue
            boost = clause.boost
            for docnum, score in self.postings(searcher, clause):
                scores[docnum] = scores.get(docnum, 0.0) + score * boost
        return scores


def _score(searcher, clause: Term | Phrase) -> Postings:
    matcher = clause.matcher(searcher, searcher.context())
    found = []
    while matcher.is_active():
        found.append((matcher.id(), matcher.score()))
        matcher.next()
    return tuple(found)


def top(scores: dict[int, float], limit: int) -> list[tuple[int, float]]:
    """The ``limit`` best (document number, score): highest score first, then the lowest number."""
    return heapq.nsmallest(limit, scores.items(), key=lambda d: (-d[1], d[0]))
