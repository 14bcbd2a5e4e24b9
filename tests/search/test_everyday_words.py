"""An everyday word of the language is no typo, though the site has no such word and has one a letter
away: "dinner" is not read as "winner", "cash" as "wash", "шесть" as "есть", "кафе" as "каре" (the
words ship in the typo data: typos.everyday_words; the fallback reads the same list, and the plan
parity compares both sides on such questions: test_plan_parity.READINGS)."""
from __future__ import annotations

import pytest

from tdarules.search import typos
from tdarules.search.index import query_understanding

EVERYDAY = {"en": ["dinner", "cash", "whole", "home", "hadn", "couldn", "real", "busy", "sent"],
            "ru": ["шесть", "кафе", "папа", "дома", "мама", "вдруг", "тогда", "правда", "этого"]}
TYPOS = {"en": {"misdael": "misdeal", "tournamnet": "tournament", "acceptible": "acceptable", "buton": "button"},
         "ru": {"мисдилл": "мисдил", "штарф": "штраф", "накзание": "наказание", "игорк": "игрок"}}


@pytest.fixture(scope="module", params=["en", "ru"])
def typo_data(request, rulebook) -> tuple[str, dict]:
    return request.param, query_understanding(rulebook, request.param)["typos"]


def test_everyday_words_are_no_typos_and_typos_still_are(typo_data):
    lang, data = typo_data
    corrector = typos.Corrector(data)
    unguarded = typos.Corrector({k: v for k, v in data.items() if k != "everyday"})
    for word in EVERYDAY[lang]:
        assert unguarded.word(word) is not None, f"{word}: no site word is a letter away"
        assert corrector.word(word) is None, word
    for typed, meant in TYPOS[lang].items():
        assert corrector.word(typed) == meant


def test_only_the_words_a_correction_would_reach_are_shipped(typo_data):
    """Each shipped word is one the corrector would otherwise change (the rest weigh on the phone's
    download for nothing), and none is a site word."""
    lang, data = typo_data
    unguarded = typos.Corrector({k: v for k, v in data.items() if k != "everyday"})
    everyday = data["everyday"]
    assert 1_000 < len(everyday) < 6_000
    assert all(unguarded.word(w) is not None for w in everyday)
    assert not set(everyday) & set(data["words"])
