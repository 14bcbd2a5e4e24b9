"""The index's words per field, for a mistyped word's near neighbours (the fuzzy expansions).

Why not Whoosh's ``terms_within``: for every word it built a Levenshtein automaton and walked the term
file with it, ~8 ms a word under cProfile, the largest cost left in a query that has an unknown word.
A language's index has a few thousand words; grouped by first letter, the few of the right
length are compared with rapidfuzz, in Whoosh's own order and by Whoosh's rule: the first ``prefix``
letters equal, the rest within ``maxdist`` plain edits (a transposition is two).
"""
from __future__ import annotations

from typing import Any

from rapidfuzz.distance import Levenshtein


class Lexicon:
    def __init__(self, reader: Any, fields: tuple[str, ...], prefix: int = 1):     # a Whoosh IndexReader
        self.prefix = prefix
        self._words: dict[str, dict[str, list[str]]] = {}
        for field in fields:
            decode = reader.schema[field].from_bytes
            groups = self._words[field] = {}
            for word in sorted(decode(raw) for raw in reader.lexicon(field)):   # the term file's order
                groups.setdefault(word[:prefix], []).append(word)

    def within(self, field: str, word: str, maxdist: int) -> list[str]:
        """The field's words ``maxdist`` edits or fewer from ``word`` after its first letters, sorted."""
        head, rest = word[:self.prefix], word[self.prefix:]
        return [other for other in self._words.get(field, {}).get(head, ())
                if abs(len(other) - len(word)) <= maxdist
                and Levenshtein.distance(rest, other[self.prefix:], score_cutoff=maxdist) <= maxdist]
