"""The fallback's "did you mean" and glossary-first decisions are the API's: query.js's suggestion()
and understand().exact run in Node on the data static_index writes, against tdarules.search.suggest
(and the engine) in Python, for every query of both relevance sets and a set of mistyped ones."""
from __future__ import annotations


import pytest
from correctors import corrector
from node_module import needs_node, run_in_node

from tdarules.search import suggest
from tdarules.search.analyzers import t2s
from tdarules.search.evaluate import QUESTIONS, QUESTIONS_TUNE, load_queries
from tdarules.search.typos import fold_query

pytestmark = needs_node

MISTYPED = [
    ("en", "xtrng bte"), ("en", "misdaelt"), ("en", "dead buton"), ("en", "Ｓｔｒｉｎｇ　Ｂｅｔ"), ("en", "xqzvw"),
    ("en", "substnatail actoin"), ("en", "obligatry rais"), ("zh-Hant", "stirng bte"), ("zh-Hant", "全 下"),
    ("zh-Hant", "最底加住注"), ("zh-Hans", "mnimum rasie"), ("zh-Hans", "最低加註"), ("zh-Hans", "边持"),
    ("ru", "мисдилл"), ("ru", "стринг-бет"), ("ru", "all in"), ("ru", "сущетсвенное дейсвтие"), ("ru", "zzzz"),
    # run together: Russian ones are split into two vocabulary words; English ones are not ("something"
    # would become "some thing"), so these two check that both sides leave them whole
    ("en", "checkraise"), ("en", "deadbutton"), ("ru", "точныйстек"), ("ru", "мисдилстек"),
]

RUNNER = """
import * as q from %s;
const { data, t2s, queries } = JSON.parse(input);
process.stdout.write(JSON.stringify(queries.map(([lang, text]) => {
  const d = data[lang], map = lang.startsWith("zh") ? t2s : null;
  const exact = q.understand(text, d, map).exact;
  return { suggestion: q.suggestion(text, d, map), exact: exact === null || exact === undefined ? null : d.glossary[exact][2] };
})));
"""


@pytest.fixture(scope="module")
def data(query_env):
    return query_env


def queries():
    cases = load_queries() + load_queries(QUESTIONS) + load_queries(QUESTIONS_TUNE)
    return [(c.lang, c.q) for c in cases] + MISTYPED


def python_side(data, lang, text):
    d = data["data"][lang]
    folded = fold_query(text, lang, t2s)
    corrected = corrector(d["typos"]).correct(folded)
    glossary = [(g[0], g[1]) for g in d["glossary"]]
    proposal = suggest.suggest(corrected, glossary, d["typos"], lambda i: d["glossary"][i][3])
    if proposal and fold_query(proposal, lang, t2s) == folded:
        proposal = None
    forms = suggest.term_forms(glossary)
    exact = suggest.exact_term(folded, forms)
    if exact is None:
        exact = suggest.exact_term(corrected, forms)
    return {"suggestion": proposal, "exact": None if exact is None else d["glossary"][exact][2]}


def test_same_decisions_as_python(data):
    asked = queries()
    js = run_in_node(RUNNER, ["query.js"], {**data, "queries": asked}, timeout=180)
    differ = [(lang, q, got, python_side(data, lang, q)) for (lang, q), got in zip(asked, js)
              if got != python_side(data, lang, q)]
    assert not differ, "\n".join(map(str, differ[:20]))
    # and they decide something: the mistyped set has proposals and exact terms in every language
    decided = dict(zip(asked, js))
    assert decided[("zh-Hant", "stirng bte")]["suggestion"] == "分段下注"
    assert decided[("ru", "стринг-бет")]["exact"] == "string-bet"
    assert decided[("en", "Ｓｔｒｉｎｇ　Ｂｅｔ")]["exact"] == "string-bet"
    assert decided[("zh-Hans", "最低加註")]["exact"] == "minimum-raise"


def test_engine_agrees_with_the_pure_functions(index_dir, data):
    from tdarules.search.query import engine
    eng = engine(index_dir)
    proposed = 0
    for lang, q in MISTYPED:
        mine = python_side(data, lang, q)
        term = eng.exact_term(q, lang)
        assert (term and term["id"]) == mine["exact"] or (term is None and mine["exact"] is None), (lang, q)
        if not eng.search(q, lang, 10):
            proposal = eng.suggestion(q, lang)
            assert proposal in (None, mine["suggestion"]), (lang, q, proposal)
            proposed += proposal is not None
    assert proposed, "an engine that never proposes anything agrees with nothing"
