"""Written Cantonese, as Hong Kong players type it, is read as the Mandarin it stands for: its own
characters (佢 他, 咗 了, 喺 在, 睇 看 ...) fold the way Traditional ones do (analyzers.CANTONESE), and its
own words (係 是, 係咪 是不是, 派牌 发牌, 呢鋪 这手: spec.yaml `cantonese_words`) are read as Mandarin ones in a
query, on both backends: the fallback ships the same tables (pagefind/t2s.json, spec.js), and the plan
parity compares what each side makes of a Cantonese question (test_plan_parity.READINGS)."""
from __future__ import annotations

from tdarules.search.analyzers import t2s
from tdarules.search.query import engine
from tdarules.search.typos import fold_query


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


def test_cantonese_words_in_a_query_read_as_mandarin_ones():
    assert fold_query("佢推晒，我跟，係咪要反牌", "zh-Hant", t2s) == "他全下,我跟,是不是要亮牌"
    assert fold_query("荷官派錯牌，呢鋪點處理？", "zh-Hant", t2s) == "荷官发错牌,这手怎么处理?"
    # typed in Simplified too (Guangzhou), and on the zh-Hans site
    assert fold_query("佢系咪要反牌", "zh-Hans", t2s) == "他是不是要亮牌"


def test_the_cantonese_is_reads_as_is_but_not_inside_mandarin_words():
    # 係 (系 after the fold) is Cantonese for 是; Mandarin's 关系, 联系, 系统 keep theirs
    assert fold_query("我係莊家，但係佢話唔係", "zh-Hant", t2s) == "我是庄家,但是他话不是"
    assert fold_query("淨係擺咗一粒碼", "zh-Hant", t2s) == "净是摆了一粒码"
    assert fold_query("這跟我沒關係，請聯繫系統管理員", "zh-Hant", t2s) == "这跟我没关系,请联系系统管理员"


def test_words_that_mean_otherwise_in_mandarin_read_as_cantonese_only_in_a_cantonese_query():
    # 跟住 "then", 加埋 "on top", 唔該 "thanks": in a query that writes Cantonese (佢, 嘅, 唔 ...)
    assert fold_query("佢跟住話唔該，加埋我嘅碼", "zh-Hant", t2s) == "他接着话谢谢,加上我的码"
    # without a Cantonese character they are left for the slip reading (他说跟住: 跟注) and Mandarin
    assert fold_query("他说跟住", "zh-Hans", t2s) == "他说跟住"
    assert fold_query("你不該這樣做", "zh-Hant", t2s) == "你不该这样做"


def test_words_mandarin_uses_in_another_sense_are_left_alone():
    for mandarin in ("点算筹码", "打电话", "仲裁", "掉落在地上"):
        assert fold_query(mandarin, "zh-Hans", t2s) == mandarin
    assert fold_query("係咪", "en", t2s) == "係咪"          # a query on the English site is not read as Chinese


def test_cantonese_questions_find_the_rules_their_mandarin_twins_find(index_dir):
    eng = engine(index_dir)
    for mandarin, cantonese, rule in [
            ("他把一些大码藏起来放在裤袋，是不是不行？", "佢收埋啲大碼喺褲袋，係咪唔得？", "63"),   # chips out of view
            ("发牌发错了，是不是整手重新发？", "派牌派錯咗，係咪成鋪重新派過？", "35")]:          # misdeal
        assert rule in [h.rule for h in eng.search(mandarin, "zh-Hant", 3)], mandarin
        assert rule in [h.rule for h in eng.search(cantonese, "zh-Hant", 3)], cantonese
