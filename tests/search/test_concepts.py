"""The concept layer of rulebook/situations.yaml (``concepts:``): a player's word for a concept is
compared as the concept's name, in phrases and queries alike, so a phrase written with one word
answers a question typed with another; a number that can only be an amount counts as the word
"amount"; a word claimed by two concepts is reported with file and line. The JS fallback gives the
same situation scores (docs/assets/search/situations.js, run in Node)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tdarules.loader import RulebookError, load_rulebook
from tdarules.search import situations
from tdarules.search.analyzers import t2s

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def prepared(rulebook):
    return {lang: situations.Vocabulary(situations.prepare(rulebook.situations, lang, t2s))
            for lang in ("en", "zh-Hant", "zh-Hans", "ru")}


def query_keys(prepared, lang, text):
    return situations.query_keys(text, lang, prepared[lang], t2s)


@pytest.mark.parametrize("lang, one, other", [
    ("en", "he swore at the dealer", "he yelled at the dealer"),       # irregular past
    ("en", "guy keeps cursing the dealer", "guy keeps insulting the dealer"),
    ("en", "he is taking forever", "he is stalling"),                  # a word sequence
    ("ru", "он обматерил дилера", "он оскорбил дилера"),               # inflected forms
    ("ru", "соперник засветил карты", "соперник засветилась карты"),
    ("zh-Hant", "他對荷官爆粗口", "他對荷官說髒話"),
    ("zh-Hans", "他一直拖时间", "他一直倒计时"),                        # Simplified folds the same
    # an English concept word typed on the zh and ru sites is read as that language's word for it,
    # so it meets that language's phrases, not only the English ones
    ("zh-Hant", "他是我的buddy", "他是我的朋友"),
    ("ru", "мы с ним buddy", "мы с ним друзья"),
])
def test_concept_words_compare_as_the_concept(prepared, lang, one, other):
    a, b = query_keys(prepared, lang, one), query_keys(prepared, lang, other)
    assert a == b


@pytest.mark.parametrize("lang, query, rule", [
    ("en", "the guy next to me swore at the dealer", {"70", "71"}),
    ("ru", "он обматерил дилера", {"70", "71"}),
    ("zh-Hant", "有人罵荷官", {"70", "71"}),
    ("en", "my opponent is taking forever", {"29", "RP-19"}),
])
def test_a_phrase_answers_a_question_in_other_words(prepared, lang, query, rule):
    found = situations.match(query_keys(prepared, lang, query), prepared[lang])
    assert found and max(found, key=found.get) in rule, found


def test_numbers_that_can_only_be_amounts_count_as_amounts(prepared):
    amount = prepared["en"].data["concepts"]["amount"]
    assert amount == ["amount"]
    assert set(amount) <= set(query_keys(prepared, "en", "he bet 1000 i raised to 1400"))
    assert set(amount) <= set(query_keys(prepared, "en", "opened 5k"))
    assert not set(amount) & set(query_keys(prepared, "en", "two cards and 3 players"))   # counts
    zh = prepared["zh-Hans"].data["concepts"]["amount"]
    assert set(zh) <= set(query_keys(prepared, "zh-Hans", "对方下注1000我推了1400"))
    ru = prepared["ru"].data["concepts"]["amount"]
    assert set(ru) <= set(query_keys(prepared, "ru", "поставил 1000"))
    assert zh and ru                       # else the two checks above hold for nothing


def test_a_word_of_two_concepts_is_reported_with_its_line(tmp_path):
    shutil.copytree(ROOT / "rulebook", tmp_path / "rulebook")
    path = tmp_path / "rulebook" / "situations.yaml"
    text = path.read_text(encoding="utf-8")
    marker = "    en: [misdeal, misdealt,"
    assert marker in text
    text = text.replace(marker, "    en: [misdeal, swore, misdealt,", 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulebookError) as error:
        load_rulebook(tmp_path)
    assert "rulebook/situations.yaml:" in str(error.value) and "'swore'" in str(error.value)
