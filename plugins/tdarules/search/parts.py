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
(meta.json and tda-query.<lang>.json); :func:`best_part` is what ``ranking.rerank`` asks, and
``bestPart`` in ``docs/assets/search/ranking.js`` is its twin. Both add the weights key by key in the
shipped order, so their floats are the same.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping
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


def best_part(rule: str, keys: Collection[str], parts: PartKeys, weights: Mapping[str, float]) -> str | None:
    """The id of ``rule``'s part that the query's ``keys`` point to, or None when they share no key
    with any of its parts (or it has fewer than two). Equal scores: the first in reading order."""
    best, chosen = 0.0, None
    for part_id, own in parts.get(rule, ()):
        got = total = 0.0
        for key in own:               # one addition at a time in shipped order, as ranking.js adds them
            weight = weights[key]
            total += weight
            if key in keys:
                got += weight
        score = got / math.sqrt(total) if total else 0.0
        if score > best:
            best, chosen = score, part_id
    return chosen
