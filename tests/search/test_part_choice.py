"""A question about one part of a rule lands on that part, not on the rule's general part, one of
its examples or its addendum illustration: on the API, and on the fallback's plan and ranking (in
Node, given the API's candidates, as the plan parity does for every query). What it is chosen by
(`parts.PartChooser`) is tested alone here; that the two sides choose alike on made-up keys with many
ties is in test_ranking_parity.py."""
from __future__ import annotations

import pytest
from node_module import needs_node, run_in_node

from tdarules.search import evaluate
from tdarules.search.parts import PartChooser, known_keys, part_model
from tdarules.search.query import engine

# (language, question, the part that rules on it): each was led by another part or an example before
QUESTIONS = [
    ("en", "in a limit game a short all-in raise came, can the first bettor raise again?", "47-B"),
    ("zh-Hant", "他沒說話只推出比跟注少的籌碼，要補足嗎？", "51-B"),
    ("zh-Hans", "同一副牌里出现两张一模一样的牌怎么办", "35-E"),
    ("ru", "в пот-лимите игрок объявил банк, дилер неправильно посчитал сумму", "52-B"),
    # ... and these by the parts' own words too: the question's words are not the part's (tuning batch dev29)
    ("en", "can i reply to a whatsapp while i still got cards in front of me or only after i fold", "5-C"),
    ("zh-Hant", "河牌2號嘴巴說「兩萬」但手只推出一個五千，6號就跟了五千，開牌2號贏，2號說6號要補到兩萬，6號說沒聽到，裁判該怎麼判？", "40-A"),
    ("zh-Hans", "river大家都check，另外两个人都盖牌muck了，我还要不要show才能拿pot", "17-B"),
    ("ru", "Когда за столом остались двое, кто кладёт маленькую обязательную ставку, а кто большую?", "34-B"),
]
RUNNER = """
import { plan } from %s;
import { rank } from %s;
const { data, t2s, cases } = JSON.parse(input);
process.stdout.write(JSON.stringify(cases.map(({ lang, q, hits }) =>
  rank(hits, plan(q, data[lang], lang.startsWith("zh") ? t2s : null), data[lang], 10).map((h) => [h.id, h.rule, h.kind]))));
"""
# a made-up part model (learned.train's form: classes sorted, integer weights as [class, weight, ...])
MODEL = {"rules": ["51-A", "51-B", "51-C", "7-A", "7-B"], "bias": [5, 0, -5, 0, 10],
         "keys": {"undercall": [1, 40, 2, 30], "raise": [0, 30], "call": [0, 10, 1, 10],
                  "phone": [3, 20], "undercall+call": [2, 50]}}


def first_of_rule(hits: list[tuple[str, str, str]], rule: str) -> str:
    """The id of the document leading ``rule``'s group among (id, rule, kind) hits."""
    return next(i for i, r, kind in hits if r == rule and kind != "glossary")


@pytest.mark.parametrize(("lang", "q", "part"), QUESTIONS, ids=[f"{lang}-{part}" for lang, _, part in QUESTIONS])
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


def lead(keys: set[str], model=MODEL) -> dict[str, str]:
    return PartChooser(model).leads(sorted(keys))


def test_the_part_the_model_scores_highest_among_the_rules_parts():
    assert lead({"undercall"}) == {"51": "51-B"}                 # 0 + 40 against 5 and -5 + 30
    assert lead({"undercall", "undercall+call"}) == {"51": "51-C"}    # -5 + 30 + 50: the pair decides
    assert lead({"raise"}) == {"51": "51-A"}
    # a part no key weighs on keeps its bias: 7-B's 10 against 7-A's 0 + 20
    assert lead({"phone"}) == {"7": "7-A"} and lead({"phone", "raise"}) == {"7": "7-A", "51": "51-A"}


def test_no_key_the_model_weighs_chooses_nothing():
    assert lead({"misdeal"}) == {}
    assert lead(set()) == {}


def test_equal_scores_keep_reading_order():
    model = {"rules": ["9-A", "9-B"], "bias": [0, 0], "keys": {"chip": [0, 20, 1, 20]}}
    assert lead({"chip"}, model) == {"9": "9-A"}


def test_the_plan_carries_the_keys_and_pairs_the_model_weighs_sorted():
    assert known_keys(MODEL, ["undercall", "call", "misdeal"]) == ["call", "undercall", "undercall+call"]
    assert known_keys(None, ["call"]) == [] and known_keys({"rules": [], "bias": [], "keys": {}}, ["call"]) == []


def test_the_model_learns_parts_from_labelled_questions_and_the_parts_texts():
    texts = [("51-A", ["verbal", "declaration"]), ("51-B", ["undercall", "chip"]), ("51-C", ["pot", "limit"])]
    asked = [(["short", "call", "chip"], ["51-B"])] * 4 + [(["said", "call"], ["51-A"])] * 4 + \
            [(["short", "call"], ["51"])] * 4 + [(["misdeal"], ["35-A"])] * 4     # a rule, or a part not given: not counted
    model = part_model(asked, texts)
    assert model["rules"] == ["51-A", "51-B", "51-C"]
    assert lead({k for k in ("short", "call", "chip") if k in model["keys"]}, model) == {"51": "51-B"}
