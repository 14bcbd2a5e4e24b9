"""Evidence learned from labelled queries: which query keys point to which rules (logistic regression).

Why: the situation vocabulary (rulebook/situations.yaml) is written rule by rule from the texts; it
stops generalising to new players' words. The tuning batches hold ~6,000 questions labelled with the
rules that answer them, written blind from the rule texts by many hands; the words they share with a
new question say which rules it is about, including words no vocabulary entry holds.

The model: a multinomial logistic regression over the question's keys (the situation vocabulary's
comparison keys, :func:`.situations.query_keys`: stems, Chinese character pairs and characters,
concept names) and each pair of neighbouring Latin or Cyrillic keys (:func:`with_pairs`), each
present or not, with a weight per key and rule. It is discriminative: keys
that come together in one rule's questions share the evidence, and a key every rule's questions use
("dealer", "hand") earns none, where naive Bayes counted each key as new evidence, so a long story's
many words made it sure of one rule. A question that several rules answer counts once for each;
each rule's questions weigh as much in all as any other rule's (classes balanced).
Measured as a classifier alone on the tuning questions it was not trained on (rule MRR@10,
en / zh / ru), naive Bayes → this: dev11+dev12 0.885 / 0.929 / 0.868 → 0.916 / 0.920 / 0.891;
dev13 (stories, newcomers, disputes) 0.791 / 0.765 / 0.775 → 0.926 / 0.852 / 0.813.

Weights are kept as integers in 1 / ``SCALE`` (those under ``PRUNE`` dropped): a question's scores
are then sums of integers, the same in Python and JavaScript, and the fallback downloads fewer
digits. The ``TOP`` rules by score get ``WEIGHT`` × their odds against the best rule as situation
evidence (the best gets ``WEIGHT``), added to what the vocabulary found. A key seen in no more than
``MIN_COUNT`` questions is left out. In the engine, on the blind batches (unseen13-17, 1,480
questions; API / fallback MRR@10), naive Bayes → this: long stories 0.800 / 0.779 → 0.867 / 0.869,
all 0.870 / 0.857 → 0.880 / 0.876.

Trained at index time from :data:`.evaluate.TUNING` (never a held-out batch) and the site's own
documents (:func:`.index.learned_model`), per site language, with the same typo correction and keys
the engine applies at query time; shipped in meta.json and in
``tda-query.<lang>.json``; docs/assets/search/learned.js (``evidence``) is the twin.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import TypedDict

from . import situations, spec
from .situations import Vocabulary, round4

# spec.yaml's `learned` (the fallback's learned.js evidence reads the same)
C, SCALE, PRUNE = spec.LEARNED_C, spec.LEARNED_SCALE, spec.LEARNED_PRUNE
WEIGHT, TOP = spec.LEARNED_WEIGHT, spec.LEARNED_TOP
MIN_COUNT, PAIR_MIN_COUNT = spec.LEARNED_MIN_COUNT, spec.LEARNED_PAIR_MIN_COUNT
QUOTED_KEY = spec.LEARNED_QUOTED_KEY
PAIR = spec.LEARNED_PAIR       # joins a pair's two keys: no key holds it (keys are stems and Chinese characters)


class Model(TypedDict):
    """What :func:`train` makes (JSON, shipped in meta.json and in the fallback's data)."""
    rules: list[str]                # rule ids, sorted
    bias: list[int]                 # per rule, in 1 / SCALE
    keys: dict[str, list[int]]      # key → [rule index, weight in 1 / SCALE, rule index, weight, ...]


def with_pairs(keys: list[str]) -> list[str]:
    """``keys`` and each pair of neighbouring Latin or Cyrillic keys ("said+all-in", "silent+put"):
    what the model reads. A dispute turns on which action went with which word or amount, and single
    keys lose the order ("said all-in, then put in 3,000" and "put in 3,000, then said all-in" share
    their keys). Chinese keys are character pairs already.
    Trained without dev25-dev28 and measured on them (API MRR@10 / R@3), keys alone → with pairs
    (spec.yaml's pair_min_count): 0.928 / 0.970 → 0.933 / 0.975 (disputes 0.912 → 0.923, stories
    0.941 → 0.950); without dev20-dev24, 0.926 / 0.967 → 0.930 / 0.968. Pairs two keys apart as
    well: 0.929 / 0.974; all pairs of a question's first 30 keys: 0.893 / 0.948 (a story's many pairs
    made the model sure of one rule)."""
    out = list(keys)
    before = None                   # the previous key, when it is a Latin or Cyrillic one
    for key in keys:
        if key == QUOTED_KEY:       # says something of the whole question, not of a word
            continue
        latin = situations.CJK_RUN.fullmatch(key) is None
        if before is not None and latin:
            out.append(f"{before}{PAIR}{key}")
        before = key if latin else None
    return out


def train(examples: list[tuple[list[str], list[str]]]) -> Model:
    """``examples``: (a question's keys, the rules that answer it). The model as JSON data."""
    import numpy as np          # build time only: the server and the browser read the JSON
    from scipy.sparse import csr_matrix
    from sklearn.linear_model import LogisticRegression
    from threadpoolctl import threadpool_limits

    examples = [(with_pairs(asked), answer) for asked, answer in examples]
    seen: Counter[str] = Counter(key for asked, _ in examples for key in set(asked))
    columns = sorted(key for key, n in seen.items() if n > (PAIR_MIN_COUNT if PAIR in key else MIN_COUNT))
    column = {key: j for j, key in enumerate(columns)}
    rules = sorted({rule for _, answer in examples for rule in answer})
    index_of = {rule: i for i, rule in enumerate(rules)}
    if len(rules) < 2:          # nothing to tell apart
        return {"rules": rules, "bias": [0] * len(rules), "keys": {}}
    rows: list[int] = []
    cols: list[int] = []
    labels: list[int] = []
    for asked, answer in examples:
        present = sorted({column[key] for key in asked if key in column})
        for rule in sorted(set(answer)):
            rows += [len(labels)] * len(present)
            cols += present
            labels.append(index_of[rule])
    features = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(len(labels), len(columns)))
    # every rule is some question's label, so the fitted classes are 0 … len(rules) - 1 in order.
    # One BLAS thread: the products are small, and BLAS's thread per core spun for twice the CPU
    # (Chinese, 2 cores: 8.3 CPU-s against 4.2) in the same wall time, taken from the pages the build
    # renders beside the index. The model is the same, weight for weight.
    # Classes balanced (each rule's questions weigh as much in all as any other's): the rules asked
    # about most (the raise, the showdown) otherwise won the near cases by their share of the training
    # questions alone. Trained without a set of tuning batches and measured on them and dev13 (API
    # MRR@10): without dev25-dev28 0.931 → 0.936, without dev20-dev24 0.931 → 0.932.
    with threadpool_limits(limits=1):
        fitted = LogisticRegression(C=C, max_iter=1000, class_weight="balanced").fit(features, np.array(labels))
    coef, intercept = fitted.coef_, fitted.intercept_
    if len(rules) == 2:         # sklearn keeps one row for two classes: the second's against the first
        coef, intercept = np.vstack([-coef / 2, coef / 2]), np.array([-intercept[0] / 2, intercept[0] / 2])
    weights = np.rint(coef * SCALE).astype(int)
    keys: dict[str, list[int]] = {}
    for j, key in enumerate(columns):
        pairs = [(i, int(w)) for i, w in enumerate(weights[:, j]) if abs(w) >= PRUNE]
        if pairs:
            keys[key] = [x for pair in pairs for x in pair]
    bias = [int(round(b * SCALE)) for b in intercept]
    return {"rules": rules, "bias": bias, "keys": keys}


def evidence(model: Model | None, keys: list[str]) -> dict[str, float]:
    """{rule: WEIGHT × its odds against the best rule} for the ``TOP`` rules, from the keys of a
    question the model knows; {} when it knows none. Rounded to four decimals, as the JS twin is."""
    if not model:
        return {}
    known = [k for k in set(with_pairs(keys)) if k in model["keys"]]
    if not known:
        return {}
    scores = list(model["bias"])        # integers: the same sums in any order and in the JS
    for key in known:
        pairs = model["keys"][key]
        for j in range(0, len(pairs), 2):
            scores[pairs[j]] += pairs[j + 1]
    best = max(scores)
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))[:TOP]
    found = {model["rules"][i]: round4(WEIGHT * math.exp((scores[i] - best) / SCALE)) for i in order}
    return {rule: score for rule, score in found.items() if score > 0}     # a 0 would still add its rule


def situation_scores(keys: list[str], vocabulary: Vocabulary, model: Model | None) -> dict[str, float]:
    """{rule or part id: score}: what the vocabulary matches (:func:`.situations.match`), with the
    learned evidence added to each rule's score."""
    found = situations.match(keys, vocabulary)
    for rule, score in (evidence(model, keys) if model else {}).items():
        found[rule] = round4(found.get(rule, 0.0) + score)
    return found
