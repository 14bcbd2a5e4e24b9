"""Which part of a rule a query is about: the part whose situation-vocabulary keys it shares most.

Ranking groups hits by rule and shows one document per rule first. Whoosh's best document of the
rule is often the part with the rule's general words (most often part A) rather than the part that
rules on the question: an undercall question lands on 51-A ("verbal declarations") rather than
51-B ("a player undercalls…"). Floor staff want the ruling's own text, so the rule's first document
is the part that shares the most key weight with the query, divided by the square root of the
part's own key weight (a long part holds more keys by its length alone). Keys are
:func:`.situations.query_keys`, as the situation vocabulary and the learned evidence read a query;
only keys the vocabulary weighs count (its ``weights``: a rare key weighs more), so what is shipped
to the fallback stays small.

:func:`part_keys` runs at index time, once per language, and is shipped in the query understanding
(meta.json and tda-query.<lang>.json); :class:`PartChooser` reads them for ``ranking.rank``, and
``partLeads`` in ``docs/assets/search/ranking.js`` is its twin. Both add the weights key by key in
sorted order, so their floats are the same.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import situations

# rule → [[part id, [its keys the vocabulary weighs, sorted]], …], for rules of two parts or more
# (lists, not tuples: it travels as JSON in meta.json and the fallback's data)
PartKeys = dict[str, list[list[Any]]]


def part_keys(parts: Iterable[tuple[str, str, str]], lang: str, vocabulary: situations.Vocabulary,
              to_simplified: Callable[[str], str]) -> PartKeys:
    """The weighed keys of every part, given as (rule, part id, text) in reading order."""
    weights = vocabulary.data["weights"]
    by_rule: PartKeys = {}
    for rule, part_id, text in parts:
        keys = sorted({k for k in situations.query_keys(text, lang, vocabulary, to_simplified) if k in weights})
        by_rule.setdefault(rule, []).append([part_id, keys])
    return {rule: own for rule, own in by_rule.items() if len(own) > 1}


class PartChooser:
    """One language's part keys read for choosing: which parts hold each key, and each part's norm
    (the square root of its keys' weight, added in shipped order). Made once per index: a query then
    costs the postings of its own keys, not a pass over every part of every rule it found."""

    def __init__(self, parts: PartKeys, weights: Mapping[str, float]):
        self.weights = weights
        self.ids = {rule: [part_id for part_id, _ in own] for rule, own in parts.items()}
        self.norms: dict[str, list[float]] = {}
        self.postings: dict[str, list[tuple[str, int]]] = {}
        for rule, own in parts.items():
            norms = self.norms[rule] = []
            for i, (_, keys) in enumerate(own):
                total = 0.0
                for key in keys:
                    total += weights[key]
                    self.postings.setdefault(key, []).append((rule, i))
                norms.append(math.sqrt(total))

    def leads(self, keys: list[str]) -> dict[str, str]:
        """{rule: the id of its part the query's ``keys`` (sorted, as the plan has them) point to}, for
        every rule of two parts or more with one that shares a key. The weights are added key by key in
        sorted order, as ranking.js adds them; equal scores keep the first part in reading order."""
        got: dict[str, list[float]] = {}
        for key in keys:
            for rule, i in self.postings.get(key, ()):
                sums = got.get(rule)
                if sums is None:
                    sums = got[rule] = [0.0] * len(self.ids[rule])
                sums[i] += self.weights[key]
        out = {}
        for rule, sums in got.items():
            best, chosen = 0.0, None
            for i, (share, norm) in enumerate(zip(sums, self.norms[rule])):
                score = share / norm if norm else 0.0
                if score > best:
                    best, chosen = score, self.ids[rule][i]
            if chosen is not None:
                out[rule] = chosen
        return out
