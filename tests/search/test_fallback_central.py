"""The fallback ranks a glossary term's rules up when the query names the term, as the index's
`central` field does for the API (fallback.withCentral, run in Node on static_index's data)."""
from __future__ import annotations


import pytest

from node_module import needs_node, run_in_node

pytestmark = needs_node

RUNNER = """
import * as f from %s;
import * as q from %s;
const { data, t2s, calls } = JSON.parse(input);
process.stdout.write(JSON.stringify(calls.map(([lang, text, rules]) => {
  const map = lang.startsWith("zh") ? t2s : null;
  const plan = q.understand(text, data[lang], map);
  const found = rules.map((r) => ({ id: r, rule: r, kind: "rule" }));
  return { situation: plan.situation, central: f.withCentral(plan, found, data[lang], map) };
})));
"""


@pytest.fixture(scope="module")
def js(query_env):
    env = query_env

    def run(*calls):
        return run_in_node(RUNNER, ["fallback.js", "query.js"], {**env, "calls": [list(c) for c in calls]})
    return run


def test_the_terms_rule_among_the_hits_ranks_up(js):
    alone, framed, with_words, missing, none = js(
        ("en", "SA", ["38", "36"]), ("zh-Hant", "SA 是什麼意思", ["38", "36"]),
        ("en", "substantial action before the burn", ["38", "36"]), ("en", "SA", ["38"]),
        ("en", "dealer burned two cards", ["38", "36"]))
    def boosted(got, rule, value):
        return got["central"][rule] == pytest.approx(max(got["situation"].get(rule, 0), value))
    assert boosted(alone, "36", 0.2)                               # the term is the whole query
    assert boosted(framed, "36", 0.2)                              # question framing is not "other words"
    assert boosted(with_words, "36", 0.2 * 0.4)
    # 38 is not the term's rule: no boost, only what the situation (learned evidence included) gave it
    assert alone["central"].get("38") == alone["situation"].get("38")
    # never adds a rule the text did not find: "SA" is a concept word (rulebook/situations.yaml), so 36
    # has its situation score, and only that
    assert missing["central"].get("36") == missing["situation"].get("36")
    assert none["central"] == none["situation"]                    # no term named: nothing changes
    for got in (alone, framed, with_words):                        # situation scores are kept, never lowered
        assert all(got["central"][k] >= v for k, v in got["situation"].items())
