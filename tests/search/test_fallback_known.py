"""The fallback asks Pagefind only for words the records have (docs/assets/search/known.js): Pagefind
shortens a word it lacks until something matches ("chek" → the examples' player "c"), which hid the
"did you mean" offline on the zh and ru sites. Run in Node on the data static_index writes."""
from __future__ import annotations


import pytest
from node_module import NodeSession, needs_node

from tdarules.search.analyzers import fold
from tdarules.search.index import documents
from tdarules.search.typos import LATIN_OR_CYRILLIC

LANGS = ("en", "zh-Hant", "zh-Hans", "ru")
pytestmark = needs_node

HANDLER = """
import * as k from %s;
import * as q from %s;
const handle = ({ data, t2s }, calls) => calls.map(([fn, lang, text]) => {
  const d = data[lang], v = k.vocabulary(d);
  if (fn === "words") return [...v.words].sort();
  if (fn === "only") return k.knownOnly(text, v);
  const plan = q.understand(text, d, lang.startsWith("zh") ? t2s : null);
  const searches = k.knownSearches(plan.searches, v).map((s) => s.text);
  if (fn === "found") return [searches, Object.keys(plan.situation).sort()];
  return searches;
});
"""


@pytest.fixture(scope="module")
def js(query_env):
    with NodeSession(HANDLER, ["known.js", "query.js"], query_env) as session:
        yield session.calls


def test_the_vocabulary_is_the_records_words(js, rulebook):
    got = js(*(("words", lang, "") for lang in LANGS))
    for lang, words in zip(LANGS, got):
        docs = documents(rulebook.edition(lang), rulebook.glossary)
        want = sorted({w for d in docs for w in LATIN_OR_CYRILLIC.findall(fold(f"{d.title}\n{d.body}"))})
        assert words == sorted(want), lang          # JS sort and Python sort agree on these strings
        assert "c" in words                          # the examples' players: what "chek" fell back to


MISTYPED = ["chek", "chekc", "bte", "cal", "folld", "anet", "blnd", "rasie", "mucck", "xqzvw"]


def test_pagefind_is_asked_nothing_when_the_api_finds_nothing(js, index_dir):
    """Where the API finds nothing (and proposes something), no word is left to ask Pagefind; where
    it finds something (ru corrects "chek" to "check", a word of its glossary), a search is left, or
    the situation vocabulary found it on both sides (ru "blnd" → "blind": the concept layer's English
    phrases, rules 33 and 34) with no word left that Pagefind could match."""
    from tdarules.search.query import Engine
    engine = Engine(index_dir)
    cases = [(lang, typed) for lang in ("zh-Hant", "zh-Hans", "ru") for typed in MISTYPED]
    got = js(*(("found", lang, typed) for lang, typed in cases))
    found = {case: bool(engine.search(case[1], case[0], 10)) for case in cases}
    assert [(case, bool(s or rules)) for case, (s, rules) in zip(cases, got)] == [(case, found[case]) for case in cases]
    for case, (searches, rules) in zip(cases, got):     # a situation-only answer: the API agrees on the rules
        if rules and not searches:
            assert sorted(h["id"] if isinstance(h, dict) else getattr(h, "id", h)
                          for h in engine.search(case[1], case[0], 10)) == rules, case
    assert not found[("zh-Hant", "chek")] and found[("ru", "chek")]


def test_known_words_stay(js):
    en_check, zh_check, ru_check, en_forms, zh_mixed, ru_mixed, fullwidth, snowball = js(
        ("searches", "en", "check"), ("searches", "zh-Hant", "check"), ("searches", "ru", "check"),
        ("only", "en", "raising bets"), ("only", "zh-Hant", '"chek 加 注"'), ("only", "ru", "рейз chek"),
        ("only", "en", "Ｓｔｒｉｎｇ bet"), ("only", "en", "reopenning the bet"))
    assert en_check and ru_check
    assert zh_check and all("过 牌" in s for s in zh_check)       # the glossary's rendering, not "check"
    assert en_forms == "raising bets"                              # by stem: raise, bet
    assert zh_mixed == '"加 注"'                                   # the phrase loses only the unknown word
    assert ru_mixed == "рейз"
    assert fullwidth == "Ｓｔｒｉｎｇ bet"                         # folded before it is looked up
    assert snowball == "reopenning the bet"                        # Snowball's stem "reopen" is a word
