"""Chip amounts read as the betting rule they point to (amounts.py), the same in the fallback
(docs/assets/search/amounts.js, run in Node) for every query of the project's sets and tuning batches."""
from __future__ import annotations

import pytest
from node_module import needs_node, run_in_node

from tdarules.search.amounts import amount_rule, amounts
from tdarules.search.analyzers import fold, t2s
from tdarules.search.evaluate import DEV2, DEV3, DEV4, DEV5, DEV6, DEV7, DEV8, DEV9, DEV10, QUESTIONS, QUESTIONS_TUNE, load_queries

# (site language, what a player types, the rule its amounts point to or None), written from the rules
STORIES = [
    ("en", "facing a 1000 bet I silently put out 1400", "43-A"),            # 50% or more of the bet: a raise
    ("en", "facing a 1000 bet I silently put out 1200", "43-A"),            # less than 50%: a call, by 43 too
    ("en", "I put out 1400 without a word on a 1000 open", "43-A"),         # the bet named after the raise
    ("en", "threw a single 5000 chip at a 1000 bet without a word", "44"),
    ("en", "blinds 2k-4k, A bets 50k and B puts out one 1k chip", "41-D"),  # 41-D, the rule's own example
    ("en", "facing 1100 he put out a 500 and a 1000 chip silently", "45"),
    ("en", "put out two 1000 chips facing a 1200 bet", "45"),
    ("en", "bet was 325, I put out 525 expecting change", "61"),
    ("en", "A bets 8000 and B silently puts out 2000", None),             # no chip named: not an overchip
    ("en", "the dealer told me his bet was 5000 so I called 9000", None),  # a count someone told: rule 49
    ("en", "big blind posted 200, raise to 600, he dropped a 1k chip on top", None),   # prior chips: rule 46
    ("en", "seat 6 bet 1000 and seat 2 put out 1400", "43-A"),              # seat numbers are not amounts
    ("ru", "на ставку 300 кинул одну фишку 5000 молча", "44"),
    ("ru", "блайнды 2к-4к, он ставит 50к, а другой кладет одну фишку 1к", "41-D"),
    ("ru", "открыли на 1000, я молча выложил 1400", "43-A"),
    ("ru", "ставка 1000, он молча кладёт 50 тыс", None),                  # twice the bet or more: a plain raise
    ("ru", "против ставки 1100 я положил 1000 и 500 молча", "45"),
    ("zh-Hans", "前面下1000 我没说话扔了一个5000的码", "44"),
    ("zh-Hans", "对面下五万 他默默扔了个一千的码", "41-D"),
    ("zh-Hans", "对方下注1000我推了1400算什么", "43-A"),
    ("zh-Hant", "對方下1200，我沒講話推了兩個1000出去", "45"),
    ("zh-Hans", "我问荷官对面下多少，他说八千我就跟了", None),
    # Cantonese counts chips with 粒, says "and" with 同 and "bet" with 落
    ("zh-Hant", "盲注2000/4000，佢落咗50000，另一個靜靜雞擺咗一粒1000出嚟", "41-D"),
    ("zh-Hant", "對面開1100，佢冇出聲擺咗一粒500同一粒1000", "45"),
    ("zh-Hant", "佢bet 2000，我淨返三粒1000，冇講嘢成棟推出去", "45"),
]


@pytest.mark.parametrize("lang, typed, rule", STORIES)
def test_story(lang, typed, rule):
    assert amount_rule(t2s(fold(typed)), lang) == rule


def test_amounts_as_typed():
    assert [a[0] for a in amounts(fold("blinds 100/200, bet 1,500 then 2.5k and 3万, 五万"))] == [1500, 2500, 30000, 50000]
    assert amounts(fold("level 12, seat 7, 30 seconds left")) == []


RUNNER = """
import * as a from %s;
const { queries } = JSON.parse(input);
process.stdout.write(JSON.stringify(queries.map(([lang, text]) => [a.amountRule(text, lang), a.amounts(text)])));
"""


@needs_node
def test_fallback_reads_amounts_as_the_api_does():
    batches = (None, QUESTIONS, QUESTIONS_TUNE, DEV2, DEV3, DEV4, DEV5, DEV6, DEV7, DEV8, DEV9, DEV10)
    cases = [(c.lang, t2s(fold(c.q))) for batch in batches for c in (load_queries(batch) if batch else load_queries())]
    cases += [(lang, t2s(fold(typed))) for lang, typed, _ in STORIES]
    js = run_in_node(RUNNER, ["amounts.js"], {"queries": cases})
    differ = [f"{lang} {text!r}: py {amount_rule(text, lang)} {amounts(text)} / js {got}"
              for (lang, text), got in zip(cases, js)
              if got != [amount_rule(text, lang), [list(x) for x in amounts(text)]]]
    assert sum(rule is not None for rule, _ in js) >= 100, "the batches hold over a hundred amount stories"
    assert not differ, "\n".join(differ[:20])
