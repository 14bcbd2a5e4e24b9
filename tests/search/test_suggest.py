"""Glossary entry first when the query is exactly the term; "did you mean" when nothing matches
(tdarules.search.suggest, through the engine and over real HTTP)."""
from __future__ import annotations

import httpx
import pytest

from tdarules.search import suggest
from tdarules.search.query import engine, search


@pytest.mark.parametrize("a, b, d", [
    ("misdeal", "misdeal", 0), ("misdael", "misdeal", 1), ("mnimum", "minimum", 1), ("stirng", "string", 1),
    ("strnig", "string", 1), ("raies", "raise", 1), ("abcd", "bacd", 1), ("kitten", "sitting", 3),
    ("最低加注", "最底加住", 2), ("", "abc", 3),
])
def test_damerau_distance(a, b, d):
    assert suggest.distance(a, b, 5) == d
    assert suggest.distance(a, b, d - 1 if d else 0) == (d if d == 0 else d)  # limit + 1 once past it


def ids(hits):
    return [h.id for h in hits]


@pytest.mark.parametrize("q, lang, term", [
    ("string bet", "en", "term-string-bet"), ("String Bets", "en", "term-string-bet"),
    ("ＳＴＲＩＮＧ　ＢＥＴ", "en", "term-string-bet"),          # full width, ideographic space
    ("string-bet", "en", "term-string-bet"), ("OOT", "en", "term-out-of-turn"), ("oot", "en", "term-out-of-turn"),
    ("Стринг-бет", "ru", "term-string-bet"),                     # another ending of стринг-беты
    ("string bet", "ru", "term-string-bet"),                     # the English term on the Russian site
    ("分段下注", "zh-Hans", "term-string-bet"), ("最低加注", "zh-Hant", "term-minimum-raise"),
    ("最低加註", "zh-Hans", "term-minimum-raise"), ("全 下", "zh-Hant", "term-all-in"),
    ("all-in", "zh-Hant", "term-all-in"), ("misdael", "en", "term-misdeal"),   # typo corrected first
])
def test_exact_term_puts_its_glossary_entry_first(index_dir, q, lang, term):
    hits = search(index_dir, q, lang, 10)
    assert hits[0].id == term and hits[0].kind == "glossary", ids(hits)
    assert hits[0].url == f"/{lang}/glossary/#{term}"
    assert any(h.kind != "glossary" for h in hits[1:4]), "the rules follow"
    assert ids(hits).count(term) == 1


@pytest.mark.parametrize("q, lang, term, rule", [
    ("what is a string bet", "en", "term-string-bet", "56"),
    ("string bet with two motions", "en", "term-string-bet", "56"),
    ("что такое стринг-бет", "ru", "term-string-bet", "56"),
    ("什麼是分段下注", "zh-Hant", "term-string-bet", "56"),
])
def test_otherwise_the_entry_follows_the_rule_that_defines_it(index_dir, q, lang, term, rule):
    found = ids(search(index_dir, q, lang, 10))
    assert term in found, found
    first_of_rule = next(i for i, h in enumerate(search(index_dir, q, lang, 10)) if h.rule == rule and h.kind != "glossary")
    assert found.index(term) > first_of_rule, found


@pytest.mark.parametrize("q, lang, proposal", [
    ("xtrng bte", "en", "string bets"),           # two slips in a word: beyond the automatic correction
    ("mysdael", "en", "misdeal"),                 # two slips ("misdaelt" is one from misdealt, a concept word)
    ("stirng bte", "en", None),                   # one slip: corrected and found, nothing to propose
    ("dead buttonn rull", "en", None),            # has hits: no proposal asked for
    ("stirng bte", "zh-Hant", "分段下注"),          # the English term mistyped on the Chinese site → its zh-Hant name
    ("mnimum rasie", "zh-Hans", "最低加注"),
    ("мисдилл", "ru", None),
])
def test_did_you_mean(index_dir, q, lang, proposal):
    eng = engine(index_dir)
    hits = eng.search(q, lang, 10)
    if proposal is None:
        assert hits, "a query that finds something"
        return
    assert hits == [], ids(hits)
    assert eng.suggestion(q, lang) == proposal
    assert eng.search(proposal, lang, 10), "the proposal finds something"


@pytest.mark.parametrize("q, lang", [("xqzvw", "en"), ("zzzz qqqq", "ru")])
def test_no_proposal_when_nothing_is_near(index_dir, q, lang):
    eng = engine(index_dir)
    assert eng.search(q, lang, 10) == []
    assert eng.suggestion(q, lang) is None


def test_api_sends_the_suggestion_only_when_nothing_matched(server_url):
    body = httpx.get(f"{server_url}/api/search", params={"q": "stirng bte", "lang": "zh-Hant"}, timeout=10).json()
    assert body == {"hits": [], "suggestion": "分段下注"}
    again = httpx.get(f"{server_url}/api/search", params={"q": body["suggestion"], "lang": "zh-Hant"}, timeout=10).json()
    assert again["hits"][0]["id"] == "term-string-bet" and "suggestion" not in again
    nothing = httpx.get(f"{server_url}/api/search", params={"q": "xqzvw", "lang": "en"}, timeout=10).json()
    assert nothing == {"hits": []}


def test_api_glossary_first_over_http(server_url):
    hits = httpx.get(f"{server_url}/api/search", params={"q": "Ｓｔｒｉｎｇ Ｂｅｔ", "lang": "ru"}, timeout=10).json()["hits"]
    assert hits[0]["id"] == "term-string-bet" and hits[0]["url"] == "/ru/glossary/#term-string-bet"
    assert hits[1]["rule"] == "56"
