"""Chinese same-sound slips: the corrector's quick test of a piece (`could_slip`, which keeps the
loop over a question's ~100 pieces from looking up each one's masks) never turns away a piece that
is one character off a term, so it changes no correction, only the time one takes."""
from __future__ import annotations

import pytest

from node_module import needs_node, run_in_node

from tdarules.search import evaluate, typos
from tdarules.search.index import query_understanding


@pytest.fixture(scope="module", params=["zh-Hans", "zh-Hant"])
def typo_data(request, rulebook) -> dict:
    return query_understanding(rulebook, request.param)["typos"]


@pytest.fixture(scope="module")
def corrector(typo_data) -> typos.Corrector:
    return typos.Corrector(typo_data)


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


def pieces_of_questions(corrector) -> set[str]:
    runs = {run for case in evaluate.tuning_cases() if case.lang.startswith("zh")
            for run in typos.CJK_RUN.findall(typos.fold_query(case.q, case.lang, typos.t2s))}
    return {run[i:i + n] for run in sorted(runs)[:400] for n in corrector.lengths
            for i in range(len(run) - n + 1)}


def test_what_the_quick_test_turns_away_is_no_slip_of_any_term(corrector):
    """Every piece of the questions' Chinese runs that it turns away is, by definition, no term's
    one-character slip; and it does turn most pieces away (the reason it is there)."""
    masks = {t[:k] + "\0" + t[k + 1:] for t in corrector.terms for k in range(len(t))}
    pieces = pieces_of_questions(corrector)
    turned_away = [p for p in pieces if p not in corrector.known and not corrector.could_slip(p)]
    assert len(turned_away) > len(pieces) / 2
    wrong = [p for p in turned_away if one_off(p, masks, corrector.known)]
    assert not wrong, wrong[:10]


@needs_node
def test_the_fallback_turns_away_the_same_pieces(corrector):
    """typos.js has the same quick test (the phone pays for each look-up too): on the questions'
    pieces and on every slip of a term it answers as `could_slip` does."""
    slips = {t[:k] + "口" + t[k + 1:] for t in corrector.terms for k in range(len(t))}
    pieces = sorted(p for p in pieces_of_questions(corrector) | slips if len(p) > 1)
    got = run_in_node("""
import { Corrector } from %s;
const { typos, pieces } = JSON.parse(input);
const c = new Corrector(typos);
process.stdout.write(JSON.stringify(pieces.map((p) => c.couldSlip(Array.from(p)))));
""", ["typos.js"], {"typos": {"terms": corrector.terms, "real": [], "sounds": []}, "pieces": pieces})
    wanted = [corrector.could_slip(p) for p in pieces]
    assert got == wanted, [p for p, a, b in zip(pieces, got, wanted) if a != b][:10]
    assert 0 < sum(wanted) < len(wanted)



# Sentences of everyday words where a piece across two of them is one same-sound character off a
# term (手是 ~ 手势, 一桌 ~ 移桌, 计是 ~ 计时, 主持 ~ 主池, 钱全 ~ 钱圈): read as typed.
JUNCTIONS = ["对手是顺子还要亮牌吗", "我们两个分到同一桌", "估计是他看错了", "主持人说开始", "他把钱全部推出去"]
# real slips beside everyday words (宣布, 提前, 怎么办) are still put right
SLIPS = {"他宣布下住三千": "他宣布下注三千", "荷管要提前说": "荷官要提前说", "少发一章牌怎么办": "少发一张牌怎么办",
         "最底加注是多少": "最低加注是多少"}


def test_a_slip_never_cuts_through_an_everyday_word(corrector, typo_data):
    unguarded = typos.Corrector({k: v for k, v in typo_data.items() if k != "guards"})
    for sentence in JUNCTIONS:
        assert unguarded.chinese(sentence) != sentence, f"{sentence}: no term is one character off a piece of it"
        assert corrector.chinese(sentence) == sentence
    for typed, meant in SLIPS.items():
        assert corrector.chinese(typed) == meant


def test_the_everyday_words_are_common_ones_and_no_terms(corrector):
    """jieba's commonest words, a few thousand (each ships to the phone), none a term (read whole)."""
    assert 1_000 < len(corrector.guards) < 5_000
    assert {"对手", "同一", "估计", "主持", "全部"} <= corrector.guards
    assert not corrector.guards & corrector.known
