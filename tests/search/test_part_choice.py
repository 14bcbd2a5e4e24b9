"""A question about one part of a rule lands on that part, not on the rule's general part, one of
its examples or its addendum illustration: on the API, and on the fallback's plan and ranking (in
Node, given the API's candidates, as the plan parity does for every query). What it is chosen by
(`parts.PartChooser`) is tested alone here; that the two sides choose alike on made-up keys with many
ties is in test_ranking_parity.py."""
from __future__ import annotations

import pytest
from node_module import needs_node, run_in_node

from tdarules.search import evaluate
from tdarules.search.parts import PartChooser
from tdarules.search.query import engine

# (language, question, the part that rules on it): each was led by another part or an example before
QUESTIONS = [
    ("en", "in a limit game a short all-in raise came, can the first bettor raise again?", "47-B"),
    ("zh-Hant", "他沒說話只推出比跟注少的籌碼，要補足嗎？", "51-B"),
    ("zh-Hans", "同一副牌里出现两张一模一样的牌怎么办", "35-E"),
    ("ru", "в пот-лимите игрок объявил банк, дилер неправильно посчитал сумму", "52-B"),
]
RUNNER = """
import { plan } from %s;
import { rank } from %s;
const { data, t2s, cases } = JSON.parse(input);
process.stdout.write(JSON.stringify(cases.map(({ lang, q, hits }) =>
  rank(hits, plan(q, data[lang], lang.startsWith("zh") ? t2s : null), data[lang], 10).map((h) => [h.id, h.rule, h.kind]))));
"""
WEIGHTS = {"call": 1.0, "raise": 1.0, "undercall": 4.0, "chip": 0.5}
PARTS = {"51": [["51-A", ["call", "raise"]], ["51-B", ["call", "chip", "undercall"]], ["51-C", ["undercall"]]]}


def first_of_rule(hits: list[tuple[str, str, str]], rule: str) -> str:
    """The id of the document leading ``rule``'s group among (id, rule, kind) hits."""
    return next(i for i, r, kind in hits if r == rule and kind != "glossary")


@pytest.mark.parametrize(("lang", "q", "part"), QUESTIONS, ids=[lang for lang, _, _ in QUESTIONS])
def test_the_api_leads_with_the_part_asked_about(index_dir, lang, q, part):
    hits = [(h.id, h.rule, h.kind) for h in engine(index_dir).search(q, lang, 10)]
    assert first_of_rule(hits, evaluate.rule_of(part)) == part, hits


@needs_node
def test_the_fallback_leads_with_the_part_asked_about(index_dir, query_env):
    eng = engine(index_dir)
    cases = []
    for lang, q, _ in QUESTIONS:
        found = eng.candidates(eng.plan(q, lang), lang, 10)
        cases.append({"lang": lang, "q": q, "hits": [
            {"id": f["id"], "rule": f["rule"], "kind": f["kind"], "score": s, "title": f["title"], "url": f["url"]}
            for f, s in found.scored]})
    langs = {lang for lang, _, _ in QUESTIONS}
    orders = run_in_node(RUNNER, ["query.js", "ranking.js"],
                         {"data": {lang: query_env["data"][lang] for lang in langs}, "t2s": query_env["t2s"], "cases": cases})
    led = [first_of_rule(hits, evaluate.rule_of(part)) for hits, (_, _, part) in zip(orders, QUESTIONS)]
    assert led == [part for _, _, part in QUESTIONS], orders


def lead(keys: set[str], parts=PARTS) -> dict[str, str]:
    return PartChooser(parts, WEIGHTS).leads(sorted(keys))


def test_the_part_sharing_most_weight_for_its_length():
    # 51-B shares 5.0 of 5.5 (score 5.0 / √5.5 ≈ 2.13); 51-C all of its 4.0 (4.0 / √4 = 2.0)
    assert lead({"undercall", "call"}) == {"51": "51-B"}
    # a short part holding only the query's rare key beats a long one holding it among others
    assert lead({"undercall"}) == {"51": "51-C"}
    assert lead({"raise"}) == {"51": "51-A"}


def test_no_shared_key_or_no_parts_chooses_nothing():
    assert lead({"misdeal"}) == {}
    assert lead(set()) == {}
    assert lead({"chip"}, {"7": [["7-A", []], ["7-B", ["chip"]]]}) == {"7": "7-B"}    # a part without keys scores 0


def test_equal_scores_keep_reading_order():
    assert lead({"chip"}, {"9": [["9-A", ["chip"]], ["9-B", ["chip"]]]}) == {"9": "9-A"}
