"""Evidence learned from labelled queries: which query keys point to which rules (naive Bayes).

Why: the situation vocabulary (rulebook/situations.yaml) is written rule by rule from the texts; it
stopped generalising to new players' words (tuning batches 0.97, new blind batches 0.92-0.93
MRR@10). The tuning batches hold ~5,500 questions labelled with the rules that answer them,
written blind from the rule texts by many hands; the words they share with a new question say which
rules it is about, including words no vocabulary entry holds. Measured before adoption on batches it
was not trained on (MRR@10 over /api/search): dev10 0.952 → 0.977, dev11 (blind, en + ru)
0.953 → 0.981.

The model: for each rule r, how many training questions it answers (n_r) and for each key k (the
situation vocabulary's comparison keys, :func:`.situations.query_keys`: stems, Chinese character
pairs and characters, concept names) how many of them hold it (n_kr). A question's keys that the
model knows score each rule ``log(n_r / n) + Σ_k log((n_kr + ALPHA) / (n_r + 2 ALPHA))``, softmaxed
into a posterior; the ``TOP`` rules get ``WEIGHT`` × their posterior as situation evidence, added
to what the vocabulary found. A key seen in no more than ``MIN_COUNT`` questions is left out.

Trained at index time from :data:`.evaluate.TUNING` (never a held-out batch), per site language,
with the same typo correction and keys the engine applies at query time; shipped in meta.json and in
``tda-query.<lang>.json``; docs/assets/search/learned.js (``evidence``) is the twin.
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from functools import cached_property
from typing import TypedDict

from . import situations, spec
from .situations import Vocabulary, round4

# spec.yaml's `learned` (the fallback's learned.js evidence reads the same)
ALPHA, WEIGHT, TOP, MIN_COUNT = spec.LEARNED_ALPHA, spec.LEARNED_WEIGHT, spec.LEARNED_TOP, spec.LEARNED_MIN_COUNT


class Model(TypedDict):
    """What :func:`train` makes (JSON, shipped in meta.json and in the fallback's data)."""
    rules: list[str]                # rule ids, sorted
    counts: list[int]               # n_r, per rule
    keys: dict[str, list[int]]      # key → [rule index, n_kr, rule index, n_kr, ...]


# the logarithms evidence() adds up: per rule its prior and log(n_r + 2 ALPHA), per key its
# (rule index, gain) pairs
Logs = tuple[list[float], list[float], dict[str, list[tuple[int, float]]]]


def train(examples: list[tuple[list[str], list[str]]]) -> Model:
    """``examples``: (a question's keys, the rules that answer it). The model as JSON data:
    ``rules`` (ids, sorted), ``counts`` (n_r) and ``keys``: {key: [rule index, n_kr, ...]}."""
    per_rule: Counter[str] = Counter()
    per_key: dict[str, Counter[str]] = defaultdict(Counter)
    seen: Counter[str] = Counter()
    for asked, rules in examples:
        keys = set(asked)
        for rule in set(rules):
            per_rule[rule] += 1
            for key in keys:
                per_key[key][rule] += 1
        seen.update(keys)
    rules = sorted(per_rule)
    index = {rule: i for i, rule in enumerate(rules)}
    kept: dict[str, list[int]] = {}
    for key in sorted(per_key):
        if seen[key] > MIN_COUNT:
            kept[key] = [x for rule, n in sorted(per_key[key].items(), key=lambda item: index[item[0]])
                         for x in (index[rule], n)]
    return {"rules": rules, "counts": [per_rule[r] for r in rules], "keys": kept}


def evidence(learned: LearnedModel | None, keys: list[str]) -> dict[str, float]:
    """{rule: WEIGHT × posterior} for the ``TOP`` rules, from the keys of a question the model knows;
    {} when it knows none. Rounded to four decimals, as the JS twin is."""
    if not learned:
        return {}
    model = learned.model
    known = sorted(k for k in set(keys) if k in model["keys"])     # sorted: the same sums as the JS
    if not known:
        return {}
    priors, sizes, gains = learned.logs
    n, log_alpha = len(known), math.log(ALPHA)
    scores = [prior - n * size + n * log_alpha for prior, size in zip(priors, sizes)]
    for key in known:
        for rule, gain in gains[key]:
            scores[rule] += gain
    best = max(scores)
    weights = [math.exp(s - best) for s in scores]
    norm = sum(weights)
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))[:TOP]
    found = {model["rules"][i]: round4(WEIGHT * weights[i] / norm) for i in order}
    return {rule: score for rule, score in found.items() if score > 0}     # a 0 would still add its rule


class LearnedModel:
    """A language's trained model (:func:`train`, JSON in meta.json) and the logarithms :func:`evidence`
    adds up, computed once per object (a Chinese question reads ~2,000 of them): the engine holds one
    per language, so nothing outlives the index it was read from."""

    def __init__(self, model: Model):
        self.model = model

    @cached_property
    def logs(self) -> Logs:
        # each is the same expression as the JS twin's, so the sums are the same floats
        counts = self.model["counts"]
        total = sum(counts)
        priors = [math.log(n / total) for n in counts]
        sizes = [math.log(n + 2 * ALPHA) for n in counts]
        gains = {key: [(pairs[j], math.log(pairs[j + 1] + ALPHA) - math.log(ALPHA)) for j in range(0, len(pairs), 2)]
                 for key, pairs in self.model["keys"].items()}
        return priors, sizes, gains

    @classmethod
    def of(cls, model: Model | None) -> LearnedModel | None:
        return cls(model) if model else None


def situation_scores(keys: list[str], vocabulary: Vocabulary, model: LearnedModel | None) -> dict[str, float]:
    """{rule or part id: score}: what the vocabulary matches (:func:`.situations.match`), with the
    learned evidence added to each rule's score."""
    found = situations.match(keys, vocabulary)
    for rule, score in (evidence(model, keys) if model else {}).items():
        found[rule] = round4(found.get(rule, 0.0) + score)
    return found
