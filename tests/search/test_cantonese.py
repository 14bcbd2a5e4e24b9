"""Written Cantonese, as Hong Kong players type it, is read as the Mandarin it stands for: its own
characters (佢 他, 咗 了, 喺 在, 睇 看 ...) fold the way Traditional ones do (analyzers.CANTONESE), on both
backends: the fallback ships the same table (pagefind/t2s.json), and the plan parity compares what each
side makes of a Cantonese question (test_plan_parity.READINGS)."""
from __future__ import annotations

from tdarules.search.analyzers import t2s
from tdarules.search.query import engine


def test_cantonese_characters_fold_to_the_mandarin_they_stand_for():
    assert t2s("佢哋攞咗啲碼") == "他们拿了些码"
    assert t2s("我未返到座位嗰陣佢已經派完牌") == "我未返到座位那阵他已经派完牌"


def test_characters_mandarin_uses_in_another_sense_fold_as_opencc_folds_them():
    assert t2s("邊池") == "边池"            # 邊 is also "which" in Cantonese, but the side pot's first
    assert t2s("關係") == "关系"            # 係 is "is" in Cantonese, and the Traditional form of 系


def test_a_cantonese_question_finds_the_rule_its_mandarin_twin_finds(index_dir):
    eng = engine(index_dir)
    mandarin = "他把一些大碼收在褲袋，不給人看到他有多少碼，會不會被沒收？"
    cantonese = "佢將啲大碼收喺褲袋，唔俾人睇到佢有幾多碼，會唔會俾人沒收？"
    assert "63" in [h.rule for h in eng.search(mandarin, "zh-Hant", 3)]      # chips out of view
    assert "63" in [h.rule for h in eng.search(cantonese, "zh-Hant", 3)]
