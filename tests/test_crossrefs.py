"""Cross-reference phrasings as the three translations write them (found by grepping the sources)."""
from __future__ import annotations

import pytest

from tdarules.crossrefs import Ref, Target, find_refs, resolve
from tdarules.model import Edition


def refs(text: str, language: str) -> list[tuple]:
    found = find_refs(text, language)
    for ref in found:
        assert text[ref.start:ref.end] == ref.text      # spans are exact: the site links them as they are
    return [(r.text, r.kind, r.rule, r.part) for r in found]


@pytest.mark.parametrize("text, expected", [
    ("is treated the same (Rule 43).", [("Rule 43", "rule", "43", None)]),
    ("See also Rules 2 and 42.", [("Rules 2", "rule", "2", None), ("42", "rule", "42", None)]),
    ("See Rules 2, 3, 40 and 42.", [("Rules 2", "rule", "2", None), ("3", "rule", "3", None),
                                    ("40", "rule", "40", None), ("42", "rule", "42", None)]),
    ("or the player is all-in (Rule 45-B).", [("Rule 45-B", "rule", "45", "B")]),
    ("See Rules 35-D and 53-B.", [("Rules 35-D", "rule", "35", "D"), ("53-B", "rule", "53", "B")]),
    ("See also RP-14 Randomness)", [("RP-14", "procedure", "RP-14", None)]),
    ("in stud see RP-5-D.", [("RP-5-D", "procedure", "RP-5", "D")]),
    ("(See Recommended Procedure 1).", [("Recommended Procedure 1", "procedure", "RP-1", None)]),
    ("See Illustration Addendum.", [("Illustration Addendum", "addendum", None, None)]),
    ("or not. See Addendum.", [("Addendum", "addendum", None, None)]),
    ("chip stacks (Rule 25).", [("Rule 25", "rule", "25", None)]),
    ("(See also Rule 65).", [("Rule 65", "rule", "65", None)]),
    ("premature cards (Rule 39 and RP-5), disordered", [("Rule 39", "rule", "39", None), ("RP-5", "procedure", "RP-5", None)]),
    ("house policy or Rule 1 and may be ruled a call", [("Rule 1", "rule", "1", None)]),
    ("See also Rule 43, Example 2 in Illustration Addendum.", [("Rule 43", "rule", "43", None),
                                                             ("Illustration Addendum", "addendum", "43", None)]),
    ("not a rule: 50-100 blinds, 2-motion raises, Rules and Procedures", []),
])
def test_english(text, expected):
    assert refs(text, "en") == expected


def test_english_range_is_one_ref():
    [ref] = find_refs("See Rules 41-45.", "en")
    assert (ref.text, ref.kind, ref.rule, ref.last, ref.rules) == ("Rules 41-45", "range", "41", "45",
                                                                   ("41", "42", "43", "44", "45"))


@pytest.mark.parametrize("text, expected", [
    ("（參考規則43）", [("規則43", "rule", "43", None)]),
    ("並以規則 1 作為主要指南", [("規則 1", "rule", "1", None)]),
    ("另見規則2和規則42。", [("規則2", "rule", "2", None), ("規則42", "rule", "42", None)]),
    ("參考規則2,3,40和42。", [("規則2", "rule", "2", None), ("3", "rule", "3", None),
                          ("40", "rule", "40", None), ("42", "rule", "42", None)]),
    ("（參見規則45-B）", [("規則45-B", "rule", "45", "B")]),
    ("參見規則35-D和53-B。", [("規則35-D", "rule", "35", "D"), ("53-B", "rule", "53", "B")]),
    ("禮儀違規行為將受到第71條的執行措施", [("第71條", "rule", "71", None)]),
    ("則下注受規則第43條中的50%標準規範", [("規則第43條", "rule", "43", None)]),
    ("根據第51-B條規則，由於B", [("第51-B條規則", "rule", "51", "B")]),
    ("根據規則 51-A，C 已經", [("規則 51-A", "rule", "51", "A")]),
    ("案例3: 與上述第2條相同", []),                      # "no. 2 above": an example, not a rule
    ("被視為全下。參考附錄", [("附錄", "addendum", None, None)]),
    ("另見插圖附錄。另見規則57。", [("插圖附錄", "addendum", None, None), ("規則57", "rule", "57", None)]),
    ("參考比賽流程。", [("比賽流程", "addendum", None, None)]),   # 10-B renders "See Illustration Addendum" so
    ("（參考建議流程1）", [("建議流程1", "procedure", "RP-1", None)]),
    ("請參見推薦流程5。", [("推薦流程5", "procedure", "RP-5", None)]),
    ("若出現提前發出牌，請見RP-5-D。", [("RP-5-D", "procedure", "RP-5", "D")]),
    ("（規則39和RP-5）", [("規則39", "rule", "39", None), ("RP-5", "procedure", "RP-5", None)]),
    ("請參閱規則43，附錄中的示例2。", [("規則43", "rule", "43", None), ("附錄", "addendum", "43", None)]),
    ("根據規則43中的50%的原則", [("規則43", "rule", "43", None)]),
])
def test_chinese(text, expected):
    assert refs(text, "zh-Hant") == expected


def test_chinese_range_and_simplified():
    [ref] = find_refs("將綜合參考規則41-45進行以下處理", "zh-Hant")
    assert (ref.text, ref.kind, ref.rule, ref.last) == ("規則41-45", "range", "41", "45")
    assert refs("另见规则2和规则42。参考附录", "zh-Hans") == [
        ("规则2", "rule", "2", None), ("规则42", "rule", "42", None), ("附录", "addendum", None, None)]
    assert refs("第71条的执行措施，推荐流程5", "zh-Hans") == [("第71条", "rule", "71", None), ("推荐流程5", "procedure", "RP-5", None)]


@pytest.mark.parametrize("text, expected", [
    ("действует порог 50% (правило 43).", [("правило 43", "rule", "43", None)]),
    ("См. также правила 2 и 42.", [("правила 2", "rule", "2", None), ("42", "rule", "42", None)]),
    ("о нарушениях правил 2 и 70, с особым", [("правил 2", "rule", "2", None), ("70", "rule", "70", None)]),
    ("рейз до 650 по правилу 49.", [("правилу 49", "rule", "49", None)]),
    ("в соответствии с правилом 45", [("правилом 45", "rule", "45", None)]),
    ("получает штраф (см. 71-B).", [("71-B", "rule", "71", "B")]),
    ("исправляет ставку по 51-B.", [("51-B", "rule", "51", "B")]),
    ("наказуемый. См. также 15-B.", [("15-B", "rule", "15", "B")]),
    ("ценность банка (см. правило 13-A).", [("правило 13-A", "rule", "13", "A")]),
    ("ранние карты — см. Recommended Procedure 5.", [("Recommended Procedure 5", "procedure", "RP-5", None)]),
    ("см. RP-5 и RP-14", [("RP-5", "procedure", "RP-5", None), ("RP-14", "procedure", "RP-14", None)]),
    ("на блайнды (см. Addendum).", [("Addendum", "addendum", None, None)]),
    ("процессу (см. Illustration Addendum).", [("Illustration Addendum", "addendum", None, None)]),
    ("подробнее см. приложение.", [("приложение", "addendum", None, None)]),
    ("D) Приложения для ставок, чарты", []),               # betting apps, not the addendum
    ("подчиняются правилам зала; правило 50% действует", []),
    ("Пример 1-A: THE 50-100", []),
    ("см. правила 41-45", [("правила 41-45", "range", "41", None)]),
])
def test_russian(text, expected):
    assert refs(text, "ru") == expected


def _edition() -> Edition:
    return Edition.model_validate({
        "edition": "2024", "language": "en", "source": "x", "title": "T",
        "rules": {"43": {"title": "Raise Amounts", "parts": {"A": ["a"], "B": ["b"]}},
                  "45": {"title": "Multiple Chip Betting", "parts": {"A": ["a"], "B": ["b"]}},
                  "11": {"title": "Balancing", "parts": {"D": ["d"]}}},
        "procedures": {"RP-5": {"title": "Premature cards", "parts": {"D": ["d"]}}},
        "addendum": {"43": {"examples": {"1": ["e"]}}, "11-D": {"examples": {"1": ["e"]}}},
    })


def test_resolve():
    edition = _edition()
    [a, b] = find_refs("Rules 43 and 45-B", "en")
    assert resolve(edition, a) == Target("rule", "43")
    assert resolve(edition, b) == Target("rule", "45", "B")
    assert resolve(edition, find_refs("Rule 45-E", "en")[0]) is None
    assert resolve(edition, find_refs("Rule 44", "en")[0]) is None
    assert resolve(edition, find_refs("RP-5-D", "en")[0]) == Target("procedure", "RP-5", "D")
    addendum = find_refs("See Illustration Addendum", "en")[0]
    assert resolve(edition, addendum, "43") == Target("addendum", "43", None, "43")
    assert resolve(edition, addendum, "11", "D") == Target("addendum", "11", "D", "11-D")
    assert resolve(edition, addendum, "45") is None
    assert resolve(edition, find_refs("Rules 43-45", "en")[0]) is None        # 44 missing
    assert Target("rule", "43", "B").url("zh-Hant") == "/zh-Hant/rules/43/#43-B"
    assert Target("addendum", "11", "D", "11-D").url("en") == "/en/rules/11/#addendum-11-D"


def test_ref_is_frozen():
    import dataclasses
    ref = Ref(0, 7, "43", None, "rule", "Rule 43")
    with pytest.raises(dataclasses.FrozenInstanceError):
        ref.rule = "44"
    assert ref.rule == "43"


def test_lowercase_rules_range_in_running_text():
    refs = find_refs("the call and raise rules 41-45 apply as follows", "en")
    assert [(r.kind, r.rule, r.text) for r in refs] == [("range", "41", "rules 41-45")]
    assert refs[0].rules == ("41", "42", "43", "44", "45")


def test_bare_part_after_see_also_in_english():
    # rule 58: "… subject to penalty. See also 15-B." — the QA report flagged every translation for citing it
    refs = find_refs("folds subject to penalty. See also 15-B.", "en")
    assert [(r.text, r.rule, r.part) for r in refs] == [("15-B", "15", "B")]
    assert find_refs("see 3 players", "en") == []
