"""Each QA check on small constructed cases: one that must be found, one that must not."""
from __future__ import annotations

from decimal import Decimal

from tdarules.qa import numbers
from tdarules.qa.checks import (Subject, coverage, crossref_check, english_crossrefs, length_check, number_check,
                                staleness, terminology)
from tdarules.qa.report import findings_for
from tdarules.units import fingerprint

from .conftest import make_rulebook


def rule(title, *blocks, parts=None):
    out = {"title": title}
    if blocks:
        out["blocks"] = list(blocks)
    if parts:
        out["parts"] = parts
    return out


def codes(found):
    return sorted((f.unit, f.code, f.params.get("number") or f.params.get("target") or "") for f in found)


# ------------------------------------------------------------------------------------------- numbers

def test_number_parsing_across_scripts():
    assert numbers.digits("bets 1,000 then 1400 and 2.5", "en") == {Decimal(1000): 1, Decimal(1400): 1, Decimal("2.5"): 1}
    assert set(numbers.digits("ставка 1 000 и 1\u00a0400", "ru")) == {Decimal(1000), Decimal(1400)}
    assert set(numbers.digits("下注１，０００", "zh-Hant")) == {Decimal(1000)}
    assert numbers.chinese_numeral("兩百") == 200
    assert numbers.chinese_numeral("三十五") == 35
    assert numbers.chinese_numeral("十五") == 15
    assert numbers.chinese_numeral("一萬二千") == 12000
    assert Decimal(25) in numbers.spoken("最多二十五秒", "zh-Hant")
    assert Decimal(3) in numbers.spoken("третий игрок", "ru")


def test_numbers_found_when_missing_or_different():
    rb = make_rulebook({"1": rule("Clock", "A player has 30 seconds; the bet is 1,000.")},
                       {"1": rule("計時", "玩家有三十秒；下注為1500。")})
    found = list(number_check(Subject(rb, "zh-Hant")))
    assert codes(found) == [("1:1", "numbers.extra", "1500"), ("1:1", "numbers.missing", "1000")]


def test_numbers_silent_when_numerals_and_separators_differ_only_in_form():
    rb = make_rulebook({"1": rule("Clock", "A player has 30 seconds and two cards; the bet is 1,000.")},
                       {"1": rule("計時", "玩家有三十秒和2張牌；下注為1000。")})
    assert list(number_check(Subject(rb, "zh-Hant"))) == []
    rb = make_rulebook({"1": rule("Clock", "The bet is 1,000 or 25,000.")},
                       {"1": rule("Часы", "Ставка 1 000 или 25\u00a0000.")}, language="ru")
    assert list(number_check(Subject(rb, "ru"))) == []


# ------------------------------------------------------------------------------------------ coverage

def test_coverage_reports_missing_extra_split_and_ours():
    en = {"1": rule("One", parts={"A": ["a text"], "B": ["b one", "b two"]}),
          "2": rule("Two", "text")}
    tr = {"1": rule({"text": "一", "by": "ours"}, parts={"A": ["甲"], "B": ["乙"], "C": ["多出"]}),
          "2": rule("二", "文")}
    found = codes(coverage(Subject(make_rulebook(en, tr), "zh-Hant")))
    assert ("1-B", "coverage.split", "") in found
    assert ("1-C", "coverage.extra", "") in found
    assert ("1:title", "coverage.ours", "") in found
    rb = make_rulebook(en, {"1": rule("一", parts={"A": ["甲"], "B": {"blocks": [], "defects": [{"kind": "missing-text"}]}}),
                            "2": rule("二", "文")})
    assert codes(coverage(Subject(rb, "zh-Hant"))) == [("1-B", "coverage.missing_text", "")]


def test_coverage_silent_when_complete():
    en = {"1": rule("One", "x", parts={"A": ["a"]})}
    tr = {"1": rule("一", "甲", parts={"A": ["乙"]})}
    assert list(coverage(Subject(make_rulebook(en, tr), "zh-Hant"))) == []


# ----------------------------------------------------------------------------------------- crossrefs

def test_crossrefs_different_targets_and_nonexistent():
    en = {"1": rule("One", "See Rule 2 and Rule 3-A."), "2": rule("Two", "x"),
          "3": rule("Three", parts={"A": ["a"]})}
    tr = {"1": rule("一", "參見規則2和規則4。"), "2": rule("二", "文"), "3": rule("三", parts={"A": ["甲"]})}
    found = codes(crossref_check(Subject(make_rulebook(en, tr), "zh-Hant")))
    assert ("1:1", "crossrefs.missing", "3-A") in found
    assert ("1:1", "crossrefs.extra", "4") in found
    assert ("1:1", "crossrefs.broken", "規則4") in found


def test_crossrefs_silent_when_the_same():
    en = {"1": rule("One", "See Rule 2."), "2": rule("Two", "x")}
    tr = {"1": rule("一", "參見規則2。"), "2": rule("二", "文")}
    assert list(crossref_check(Subject(make_rulebook(en, tr), "zh-Hant"))) == []


def test_english_misnamed_reference():
    en = {"1": rule("One", "See also Rule 2 Spreading the Pot"), "2": rule("Bounty chips", "x"),
          "3": rule("Spreading the Pot", "y")}
    rb = make_rulebook(en, {})
    found = list(english_crossrefs(rb))
    assert [(f.unit, f.code, f.params["named"]) for f in found] == [("1:1", "crossrefs.misnamed_english", "3")]
    good = make_rulebook({**en, "1": rule("One", "See also Rule 3 Spreading the Pot")}, {})
    assert list(english_crossrefs(good)) == []


# --------------------------------------------------------------------------------------- terminology

GLOSSARY = [{"id": "all-in", "en": ["all-in"], "zh-Hant": ["全下", "全押"], "ru": ["ол-ин", "all-in"]},
            {"id": "bet", "en": ["bet"], "zh-Hant": ["下注"], "ru": ["ставка", "ставки", "ставку"]}]


def test_terminology_minority_rendering_reported():
    en = {str(n): rule(f"R{n}", "The player is all-in.") for n in range(1, 5)}
    tr = {"1": rule("一", "玩家全下。"), "2": rule("二", "玩家全下。"), "3": rule("三", "玩家全下。"),
          "4": rule("四", "玩家全押。")}
    found = list(terminology(Subject(make_rulebook(en, tr, glossary=GLOSSARY), "zh-Hant")))
    assert [(f.unit, f.params["used"], f.params["usual"]) for f in found] == [("4:1", "全押", "全下")]


def test_terminology_inflections_are_one_rendering():
    en = {str(n): rule(f"R{n}", "The bet stands.") for n in range(1, 4)}
    tr = {"1": rule("a", "Ставка остаётся."), "2": rule("b", "Ставки нет."), "3": rule("c", "Сделать ставку.")}
    rb = make_rulebook(en, tr, language="ru", glossary=GLOSSARY)
    assert list(terminology(Subject(rb, "ru"))) == []


# -------------------------------------------------------------------------------------------- length

def _length_book(outlier: str):
    sentence = "The dealer announces the bet and the player acts in turn after the announcement is made."
    en = {str(n): rule(f"R{n}", sentence) for n in range(1, 12)}
    zh = "荷官宣布下注金額之後，玩家按照順序依次行動，不得提前行動。"
    tr = {str(n): rule(f"{n}", zh[: 28 + n % 3]) for n in range(1, 11)}
    tr["11"] = rule("十一", outlier)
    return make_rulebook(en, tr)


def test_length_outlier_against_the_pair_ratio():
    found = list(length_check(Subject(_length_book("荷官。"), "zh-Hant")))
    assert [(f.unit, f.code) for f in found] == [("11:1", "length.short")]
    found = list(length_check(Subject(_length_book("荷官宣布下注金額之後，玩家按照順序依次行動。" * 4), "zh-Hant")))
    assert [(f.unit, f.code) for f in found] == [("11:1", "length.long")]


def test_length_silent_for_ordinary_ratio():
    assert list(length_check(Subject(_length_book("荷官宣布下注金額之後，玩家按照順序依次行動，不得提前。"), "zh-Hant"))) == []


# ----------------------------------------------------------------------------------------- staleness

def test_stale_when_english_changed_since_translation():
    en = {"1": rule("One", "The new English text.")}
    tr = {"1": rule("一", "舊的譯文。")}
    review = {"fingerprints": {"1:title": fingerprint("One"), "1:1": fingerprint("The old English text.")}}
    found = list(staleness(Subject(make_rulebook(en, tr, review=review), "zh-Hant")))
    assert [(f.unit, f.code) for f in found] == [("1:1", "staleness.stale")]


def test_not_stale_when_fingerprint_matches_and_untracked_when_missing():
    en = {"1": rule("One", "Text  with   spacing.")}
    tr = {"1": rule("一", "譯文。")}
    review = {"fingerprints": {"1:title": fingerprint("One"), "1:1": fingerprint("Text with spacing.")}}
    assert list(staleness(Subject(make_rulebook(en, tr, review=review), "zh-Hant"))) == []
    found = list(staleness(Subject(make_rulebook(en, tr, review={"fingerprints": {}}), "zh-Hant")))
    assert {f.code for f in found} == {"staleness.untracked"}


# ---------------------------------------------------------------------------------- acknowledgements

def test_acknowledged_finding_carries_reason_and_reviewer():
    en = {"1": rule("Clock", "A player has 30 seconds.")}
    tr = {"1": rule("計時", "玩家有20秒。")}
    review = {"fingerprints": {"1:title": fingerprint("Clock"), "1:1": fingerprint("A player has 30 seconds.")},
              "acknowledgements": [{"finding": "numbers:1:1:-30", "reason": "house uses 20", "reviewer": "qa-test",
                                    "date": "2026-12-01"}]}
    found = findings_for(make_rulebook(en, tr, review=review), "zh-Hant", ("numbers",))
    by_id = {f.id: f for f in found}
    assert by_id["numbers:1:1:-30"].acknowledged["reviewer"] == "qa-test"
    assert by_id["numbers:1:1:+20"].acknowledged is None


def test_number_forms_that_are_not_quantities_or_are_abbreviated():
    assert set(numbers.digits("During H4H play, 3 minutes", "en")) == {Decimal(3)}
    assert set(numbers.digits("blinds 2k-4k. A bets 50k", "en")) == {Decimal(2000), Decimal(4000), Decimal(50000)}
    assert set(numbers.digits("參考規則2,3,40和42", "zh-Hant")) == {Decimal(2), Decimal(3), Decimal(40), Decimal(42)}
    assert set(numbers.digits("退還200，剩下的1,000", "zh-Hant")) == {Decimal(200), Decimal(1000)}
    assert set(numbers.digits("推出了一個5千的籌碼", "zh-Hant")) == {Decimal(5000)}
