"""The API's clauses built from a query's words alone (search/clauses.py), with no index: the index's
answers come in as a frequency table and a near-spellings function made up here, so each rule of the
clause builder is seen on its own."""
from __future__ import annotations

import pytest
from whoosh.query import Phrase

from tdarules.search import clauses, spec
from tdarules.search.analyzers import analyzer_for

HELD = {("body", "dealer"): 3, ("title", "dealer"): 1, ("body", "player"): 40, ("title", "player"): 2,
        ("body", "exposed"): 2, ("body", "card"): 9, ("ngram", "发牌"): 3, ("ngram", "牌员"): 2, ("ngram", "玩家"): 60}
COMMON = 30.0                                          # "player" is in more body texts than this


def frequency(field: str, word: str) -> int:
    return HELD.get((field, word), 0)


def near(field: str, word: str, distance: int) -> list[str]:
    return {"delaer": ["dealer", "delay"], "expossed": ["exposed"]}.get(word, []) if field == "body" else []


def build(text: str, lang: str = "en", terms=()):
    analyzer = analyzer_for(lang)
    plain = [t.text for t in analyzer(text)]
    return clauses.build_clauses(list(dict.fromkeys(plain)), text, plain, terms, lang,
                                 lambda name: tuple(t.text for t in analyzer(name)), frequency, COMMON, near)


def kinds(built) -> list[tuple]:
    return [(type(c).__name__, c.fieldname, getattr(c, "text", None) or tuple(getattr(c, "words", ())), c.boost)
            for c in built.clauses]


def test_a_word_in_most_documents_of_a_field_is_not_searched_there():
    found = kinds(build("player"))
    assert ("Term", "title", "player", 1.0) in found and ("Term", "body", "player", 1.0) not in found


def test_a_word_the_texts_lack_is_searched_by_its_near_spellings():
    built = build("delaer")
    assert ("Term", "body", "dealer", spec.FUZZY_BOOST) in kinds(built)
    assert {"dealer", "delay"} <= built.highlight                     # a snippet marks what was found
    assert ("Term", "body", "delaer", 1.0) in kinds(built)             # and the word as typed
    assert not [c for c in kinds(build("xyz")) if c[3] == spec.FUZZY_BOOST]      # under 4 letters: as typed


def test_at_most_three_unknown_words_are_expanded():
    asked = []
    words = ["zqavrka", "zqbvrkb", "zqcvrkc", "zqdvrkd", "zqevrke"]
    clauses.build_clauses(words, " ".join(words), words, (), "en", lambda name: (), frequency, COMMON,
                          lambda field, word, distance: asked.append(word) or [])
    assert len(set(asked)) == spec.MAX_FUZZY_WORDS


@pytest.mark.parametrize("text, phrased", [("dealer exposed card", True), ("dealer", False),
                                           ("dealer exposed a card to the player", False)])
def test_a_short_question_is_also_a_phrase(text, phrased):
    phrases = [c for c in kinds(build(text)) if c[0] == "Phrase"]
    assert bool(phrases) == phrased
    assert all(boost == spec.PHRASE_BOOST for *_, boost in phrases)


def test_a_chinese_run_is_searched_as_bigrams_and_their_phrase():
    built = build("发牌员", "zh-Hans")
    found = kinds(built)
    assert ("Term", "ngram", "发牌", spec.NGRAM_BOOST) in found and ("Term", "ngram", "牌员", spec.NGRAM_BOOST) in found
    [phrase] = [c for c in built.clauses if isinstance(c, Phrase) and c.fieldname == "ngram"]
    assert phrase.words == ["发牌", "牌员"] and phrase.slop == spec.NGRAM_SLOP
    assert {"发牌", "牌员"} <= built.grams
    assert ("Term", "ngram", "玩家", spec.NGRAM_BOOST) not in kinds(build("玩家", "zh-Hans"))    # too common


def test_a_glossary_term_counts_whole_alone_and_a_share_beside_other_words():
    term = {"id": "all-in", "keys": [], "abbreviations": [], "renderings": {"en": ["all-in"]}}
    alone = kinds(build("", terms=[term]))
    assert ("Term", "terms", "all-in", spec.TERM_BOOST) in alone and ("Term", "central", "all-in", spec.CENTRAL_BOOST) in alone
    beside = kinds(build("dealer", terms=[term]))
    assert ("Term", "central", "all-in", pytest.approx(spec.CENTRAL_BOOST * spec.TERM_SHARE)) in beside


def test_a_story_searches_the_words_the_texts_hold_first_in_its_order():
    story = [f"place{i}" for i in range(spec.MAX_WORDS)] + ["dealer", "exposed", "card"]
    kept = clauses.words_searched(story, frequency)
    assert len(kept) == spec.MAX_WORDS and kept[-3:] == ["dealer", "exposed", "card"]
    assert kept[:-3] == story[:spec.MAX_WORDS - 3]
    assert clauses.words_searched(story[:5], frequency) == story[:5]
