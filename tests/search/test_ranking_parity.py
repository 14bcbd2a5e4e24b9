"""The final order of hits is one algorithm on both sides: the API's `ranking.rerank` and the
fallback's `rerank` (docs/assets/search/ranking.js), given the same hits, the same situation
scores and the same query keys, return the same ids in the same order, ties included. The hits are
made up over the real rulebook's documents, with scores drawn from a few values so that groups tie
often; so is the part model, from a few keys, weights and biases so that parts tie too."""
from __future__ import annotations

import random

from node_module import needs_node, run_in_node

from tdarules import urls
from tdarules.search.index import documents
from tdarules.search.parts import PartChooser
from tdarules.search.ranking import rerank

RUNNER = """
import { rerank } from %s;
const { cases, rules, parts } = JSON.parse(input);
const data = { rules, parts };
console.log(JSON.stringify(cases.map(({ hits, situation, keys }) =>
  rerank(hits, situation, data, 10, keys).map((h) => h.id))));
"""
SCORES = (1.0, 0.8, 0.5, 0.5, 0.3, 0.3)
KEYS = ("call", "raise", "chip", "dealer", "phone", "deck")


def made_up_parts(docs, seed: int = 11):
    """A part model (learned.train's form) over the rulebook's parts of rules with two or more: each key
    weighs on one to four parts, weights and biases drawn from a few integers."""
    rng = random.Random(seed)
    by_rule: dict[str, list[str]] = {}
    for d in docs:
        if d.kind == "part":
            by_rule.setdefault(d.rule, []).append(d.id)
    classes = sorted(part for own in by_rule.values() if len(own) > 1 for part in own)
    keys = {}
    for key in KEYS:
        weighed = sorted(rng.sample(range(len(classes)), rng.randint(1, 4)))
        keys[key] = [x for i in weighed for x in (i, rng.choice((10, 20, 20, 30)))]
    return {"rules": classes, "bias": [rng.choice((0, 0, 10)) for _ in classes], "keys": keys}


def made_up_cases(docs, count: int, seed: int = 7):
    rng = random.Random(seed)
    targets = [d.id for d in docs if d.kind in ("rule", "procedure", "part")]
    cases = []
    for _ in range(count):
        picked = rng.sample(docs, rng.randint(0, 14))
        scored = sorted(((d, rng.choice(SCORES)) for d in picked), key=lambda p: -p[1])   # engines give best first
        situation = {t: rng.choice((0.5, 1.0)) for t in rng.sample(targets, rng.randint(0, 3))}
        cases.append((scored, situation, sorted(rng.sample(KEYS, rng.randint(0, 3)))))
    return cases


@needs_node
def test_rerank_and_rank_hits_give_the_same_order(rulebook):
    edition = rulebook.edition("en")
    docs = documents(edition, rulebook.glossary)
    fields = {d.id: {"id": d.id, "rule": d.rule, "kind": d.kind, "order": i} for i, d in enumerate(docs)}
    rule_docs: dict[str, list[dict]] = {}
    for d in docs:
        if d.kind != "glossary":
            rule_docs.setdefault(d.rule, []).append(fields[d.id])
    rules = [{"id": r.id, "title": r.title.text, "url": urls.rule_url("en", r.id), "parts": "".join(r.parts)}
             for r in edition.all_rules()]     # static_index.ShippedRule
    cases = made_up_cases([d for d in docs if d.kind != "glossary" or d.rule], 400)
    parts = made_up_parts(docs)
    chooser = PartChooser(parts)
    python = [[f["id"] for f, _ in rerank([(fields[d.id], s) for d, s in scored], situation, rule_docs, 10,
                                          chooser.leads(keys).get if keys else None)]
              for scored, situation, keys in cases]
    payload = {"rules": rules, "parts": parts, "cases": [
        {"hits": [{"id": d.id, "rule": d.rule, "kind": d.kind, "score": s, "title": "", "url": ""} for d, s in scored],
         "situation": situation, "keys": keys} for scored, situation, keys in cases]}
    browser = run_in_node(RUNNER, ["ranking.js"], payload)
    differ = [(i, p, b) for i, (p, b) in enumerate(zip(python, browser)) if p != b]
    assert not differ, f"{len(differ)} of {len(cases)} orders differ, first: {differ[0]}"
    ties = sum(1 for scored, _, _ in cases if len({s for _, s in scored}) < len(scored))
    assert ties > 100                                  # the comparison covered ties, not only clear orders
    # and rules led by a part their keys chose, that Whoosh's order alone would not have put first
    led = sum(1 for (scored, situation, keys), ids in zip(cases, python) if keys and ids != [
        f["id"] for f, _ in rerank([(fields[d.id], s) for d, s in scored], situation, rule_docs, 10)])
    assert led > 50
