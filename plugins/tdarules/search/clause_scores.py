"""A query's clauses scored from a cache of each clause's scores over the documents.

Why: an index holds ~330 documents per language, and a query is an Or of 20–60 term and phrase
clauses. Whoosh (pure Python) built a matcher for every clause on every query, read its postings
and scored each posting again: cProfile put about half of a query's time there. A clause's
BM25F score in a document does not depend on the rest of the query (its boost only multiplies it),
so Whoosh's own matcher computes a clause's scores once, the first time a query needs them, and
later queries add them up.

Memory stays bounded: the index's own words are kept (its lexicon bounds them); phrases and words
the index lacks, which come from what people type, are kept in a least-recently-used list.

The order is Whoosh's own: by score, then by document number (``TopCollector``). Sums may differ
from Whoosh's in the last bits of a float, as the additions come in another order.
"""
from __future__ import annotations

import heapq
import threading
import time
from collections import OrderedDict
from typing import Any, overload

from whoosh.query import Phrase, Term

RECENT = 20_000        # phrases and absent words kept per language: a few dozen (document, score) pairs each

Postings = tuple[tuple[int, float], ...]
# a clause without its boost: (field, word) for a term, (field, words, slop) for a phrase
Key = tuple[str, str] | tuple[str, tuple[str, ...], int]


class ClauseScores:
    """One index's cache: clause → ((document number, score at boost 1), ...)."""

    def __init__(self, recent: int = RECENT):
        self._terms: dict[Key, Postings] = {}          # the index's own words: its lexicon bounds them
        self._recent: OrderedDict[Key, Postings] = OrderedDict()    # what people type: least recently used go
        self._room = recent
        self._lock = threading.Lock()

    @overload
    def postings(self, searcher: Any, clause: Term | Phrase, deadline: None = None) -> Postings: ...
    @overload
    def postings(self, searcher: Any, clause: Term | Phrase, deadline: float | None) -> Postings | None: ...

    def postings(self, searcher: Any, clause: Term | Phrase, deadline: float | None = None) -> Postings | None:
        """The clause's (document number, score at boost 1) pairs; None when they are not cached yet
        and the thread's CPU time is past ``deadline`` (the clock is read only then: a read cost
        ~100 µs in this sandbox)."""
        key = _key(clause)
        # the index's words are only ever added: read without the lock (one dict read, atomic)
        cached = self._terms.get(key)
        if cached is None:
            with self._lock:
                cached = self._recent.get(key)
                if cached is not None:
                    self._recent.move_to_end(key)
        if cached is None:
            if deadline is not None and time.thread_time() > deadline:
                return None
            cached = _score(searcher, key)
            with self._lock:
                if cached and isinstance(clause, Term):
                    self._terms[key] = cached
                else:
                    self._recent[key] = cached
                    if len(self._recent) > self._room:
                        self._recent.popitem(last=False)
        return cached

    def frequency(self, searcher: Any, field: str, text: str) -> int:
        """How many documents hold the term (Whoosh's doc_frequency, from the same cache). Asked of
        ~80 words a query: a word of the index is answered without making its clause."""
        cached = self._terms.get((field, text))
        return len(cached if cached is not None else self.postings(searcher, Term(field, text)))

    def add(self, searcher: Any, clauses: list[Term | Phrase], deadline: float) -> dict[int, float]:
        """{document number: the clauses' scores × their boosts, summed}. A clause not yet cached is
        skipped once the thread's CPU time passes ``deadline``: the hits so far are kept."""
        scores: dict[int, float] = {}
        for clause in clauses:
            boost = clause.boost
            for docnum, score in self.postings(searcher, clause, deadline) or ():
                scores[docnum] = scores.get(docnum, 0.0) + score * boost
        return scores


def _key(clause: Term | Phrase) -> Key:
    if isinstance(clause, Term):
        return clause.fieldname, clause.text
    return clause.fieldname, tuple(clause.words), clause.slop


def _score(searcher: Any, key: Key) -> Postings:
    clause = Term(*key) if len(key) == 2 else Phrase(key[0], list(key[1]), slop=key[2])   # boost 1
    matcher = clause.matcher(searcher, searcher.context())
    found: list[tuple[int, float]] = []
    while matcher.is_active():
        found.append((matcher.id(), matcher.score()))
        matcher.next()
    return tuple(found)


def top(scores: dict[int, float], limit: int) -> list[tuple[int, float]]:
    """The ``limit`` best (document number, score): highest score first, then the lowest number."""
    return heapq.nsmallest(limit, scores.items(), key=lambda d: (-d[1], d[0]))
