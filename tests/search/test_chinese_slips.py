"""Chinese same-sound slips: the corrector's quick test of a piece (`could_slip`, which keeps the
loop over a question's ~100 pieces from looking up each one's masks) never turns away a piece that
is one character off a term, so it changes no correction, only the time one takes."""
from __future__ import annotations

import pytest

from tdarules.search import evaluate, typos
from tdarules.search.index import query_understanding


@pytest.fixture(scope="module", params=["zh-Hans", "zh-Hant"])
def corrector(request, rulebook) -> typos.Corrector:
    return typos.Corrector(query_understanding(rulebook, request.param)["typos"])


def one_off(piece: str, masks: set[str], terms: set[str]) -> bool:
    """Whether a term differs from ``piece`` in exactly one place: ``masks`` holds each term with one
    place blanked ("加?"), and ``piece`` is no term itself."""
    return piece not in terms and any(piece[:k] + "\0" + piece[k + 1:] in masks for k in range(len(piece)))


def test_every_piece_one_character_off_a_term_may_be_a_slip(corrector):
    swaps = sorted({c for t in corrector.terms for c in t})[:40]
    checked = 0
    for term in corrector.terms:
        for k in range(len(term)):
            for other in swaps:
                if other != term[k]:
                    assert corrector.could_slip(term[:k] + other + term[k + 1:]), (term, k, other)
                    checked += 1
    assert checked > 10_000


def test_what_the_quick_test_turns_away_is_no_slip_of_any_term(corrector):
    """Every piece of the questions' Chinese runs that it turns away is, by definition, no term's
    one-character slip; and it does turn most pieces away (the reason it is there)."""
    runs = {run for case in evaluate.tuning_cases() if case.lang.startswith("zh")
            for run in typos.CJK_RUN.findall(typos.fold_query(case.q, case.lang, typos.t2s))}
    masks = {t[:k] + "\0" + t[k + 1:] for t in corrector.terms for k in range(len(t))}
    pieces = {run[i:i + n] for run in sorted(runs)[:400] for n in corrector.lengths
              for i in range(len(run) - n + 1)}
    turned_away = [p for p in pieces if p not in corrector.known and not corrector.could_slip(p)]
    assert len(turned_away) > len(pieces) / 2
    wrong = [p for p in turned_away if one_off(p, masks, corrector.known)]
    assert not wrong, wrong[:10]
