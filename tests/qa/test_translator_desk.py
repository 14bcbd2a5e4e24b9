"""What a translator does with a finding: one finding per cause (its other reports listed under it as
occurrences), numbers read however the translation writes them, the same grouping in `rulebook qa --json`,
and a QA page that says where (a deep link), what, what to do and how to acknowledge each finding."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from decimal import Decimal

import pytest

from tdarules.qa import numbers
from tdarules.qa.report import findings_for, run, summary, unknown_acknowledgements
from tdarules.units import fingerprint

from .conftest import ROOT, make_rulebook


@pytest.fixture(scope="module")
def grouped(real_rulebook):
    return {lang: {f.id: f for f in findings_for(real_rulebook, lang, grouped=True)} for lang in ("zh-Hant", "ru")}


# ------------------------------------------------------------------------------------------ numbers

def test_a_range_of_chinese_ordinals_covers_every_number_between():
    # "3rd – 4th – 5th – 6th – 7th street" is 第三街至第七街 in the Chinese
    assert numbers.compare("3rd – 4th – 5th – 6th – 7th street in 7-stud", "在七張梭哈中則是第三街至第七街等", "zh-Hant") == ([], [])
    assert {Decimal(4), Decimal(5), Decimal(6)} <= numbers.spoken("第三街到第七街", "zh-Hant")
    # a range reads only what lies between its ends: "第三街" alone is 3, nothing more
    assert Decimal(5) not in numbers.spoken("第三街和第七街", "zh-Hant")


def test_the_numbers_check_reads_the_real_chinese_streets(real_rulebook):
    found = {f.id for f in findings_for(real_rulebook, "zh-Hant", ("numbers",))}
    assert not any(i.startswith("numbers:addendum-43:1:") for i in found), sorted(found)


def test_chinese_numerals_come_from_one_reader():
    from tdarules.search import numerals
    assert numbers.chinese_numeral is numerals.chinese_number
    assert numerals.chinese_number("一萬二千") == 12000 and numerals.chinese_number("三十五") == 35


# ----------------------------------------------------------------------------------------- grouping

def test_one_term_choice_is_one_finding_with_its_places_under_it(real_rulebook, grouped):
    flat = [f for f in findings_for(real_rulebook, "zh-Hant", ("terminology",)) if f.detail == "chips=籌碼"]
    assert len(flat) > 20                                      # the flat report: one finding per place
    chips = [f for f in grouped["zh-Hant"].values() if f.kind == "terminology" and f.params["used"] == "籌碼"]
    assert len(chips) == 1
    [group] = chips
    assert group.id == "terminology:chips=籌碼" and group.unit == "" and group.params["usual"] == "計分牌"
    assert sorted(o.id for o in group.occurrences) == sorted(f.id for f in flat)
    assert group.params["places"] == len(flat)


def test_a_dropped_reference_is_one_finding_and_its_number_an_occurrence(grouped):
    ru = grouped["ru"]
    # "Rule 40-C" and "Rule 45-B" are missing from the Russian 43-A: the numbers 40 and 45 with them
    for ref, number in (("40-C", "40"), ("45-B", "45")):
        finding = ru[f"crossrefs:43-A:1:-{ref}"]
        assert [o.id for o in finding.occurrences] == [f"numbers:43-A:1:-{number}"]
        assert f"numbers:43-A:1:-{number}" not in ru
    # 1000 and 1400 are amounts of the example, not rule numbers: their own findings
    assert "numbers:43-A:1:-1000" in ru and "numbers:43-A:1:-1400" in ru


def test_a_number_that_is_also_an_amount_stays_its_own_finding():
    en = {"1": {"title": "One", "blocks": ["See Rule 2. Raise to 2 more."]}, "2": {"title": "Two", "blocks": ["x"]}}
    tr = {"1": {"title": "一", "blocks": ["加注。"]}, "2": {"title": "二", "blocks": ["x"]}}
    found = {f.id: f for f in findings_for(make_rulebook(en, tr), "zh-Hant", ("numbers", "crossrefs"), grouped=True)}
    assert "numbers:1:1:-2" in found and found["crossrefs:1:1:-2"].occurrences == ()


def _chips_rulebook(acks):
    en = {str(n): {"title": f"R{n}", "blocks": [f"The chips stay {n}."]} for n in range(1, 6)}
    tr = {str(n): {"title": f"規{n}", "blocks": [f"{'計分牌' if n in (1, 4) else '籌碼'}留下{n}。"]} for n in range(1, 6)}
    prints = {f"{n}:{u}": fingerprint(t) for n in range(1, 6) for u, t in (("title", f"R{n}"), ("1", f"The chips stay {n}."))}
    glossary = [{"id": "chips", "en": ["chip", "chips"], "zh_hant": ["籌碼", "計分牌"], "ru": ["фишки"]}]
    return make_rulebook(en, tr, glossary=glossary, review={"fingerprints": prints, "acknowledgements": acks})


ACK = {"reason": "house style", "reviewer": "qa-test", "date": "2026-12-01"}


def test_acknowledging_the_group_acknowledges_every_occurrence():
    rb = _chips_rulebook([{"finding": "terminology:chips=計分牌", **ACK}])
    [group] = findings_for(rb, "zh-Hant", ("terminology",), grouped=True)
    assert group.acknowledged["reviewer"] == "qa-test"
    assert [o.unit for o in group.occurrences] == ["1:1", "4:1"] and all(o.acknowledged for o in group.occurrences)
    assert summary([group]) == {}
    assert unknown_acknowledgements(rb, [group]) == []


def test_acknowledging_one_occurrence_keeps_the_group_open_until_all_are():
    rb = _chips_rulebook([{"finding": "terminology:1:1:chips=計分牌", **ACK}])
    [group] = findings_for(rb, "zh-Hant", ("terminology",), grouped=True)
    assert group.acknowledged is None and [bool(o.acknowledged) for o in group.occurrences] == [True, False]
    assert summary([group]) == {"zh-Hant": {"terminology": 1}}
    assert unknown_acknowledgements(rb, [group]) == []                # an occurrence's id is a finding's id
    rb = _chips_rulebook([{"finding": f"terminology:{n}:1:chips=計分牌", **ACK} for n in (1, 4)])
    [group] = findings_for(rb, "zh-Hant", ("terminology",), grouped=True)
    assert group.acknowledged and group.acknowledged["reviewer"] == "qa-test"


def test_the_real_acknowledgements_still_match(real_rulebook):
    assert unknown_acknowledgements(real_rulebook, run(real_rulebook)) == []
    ru = {f.id: f for f in run(real_rulebook, ("ru",))}
    occurrence = next(o for f in ru.values() for o in f.occurrences if o.id == "terminology:35-A:1:misdeal=недосдача")
    assert occurrence.acknowledged


def test_cli_json_carries_the_grouping():
    result = subprocess.run([sys.executable, "-m", "tdarules.cli", "qa", "--root", str(ROOT), "--json",
                             "--lang", "zh-Hant", "--kind", "terminology"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    chips = [f for f in data["findings"] if f["id"] == "terminology:chips=籌碼"]
    assert len(chips) == 1 and len(chips[0]["occurrences"]) > 20
    assert {"id", "unit", "url", "acknowledged"} <= chips[0]["occurrences"][0].keys()
    assert chips[0]["occurrences"][0]["url"].startswith("/zh-Hant/")
    assert data["summary"]["zh-Hant"]["terminology"] == sum(1 for f in data["findings"] if not f["acknowledged"])


# --------------------------------------------------------------------------------------- the page

@pytest.fixture(scope="module")
def pages(real_rulebook):
    from tdarules.site.workbench import Workbench, qa_page
    from tdarules.strings import Strings
    wb = Workbench(real_rulebook, Strings.load(ROOT / "rulebook" / "ui" / "site.yaml"))
    return {lang: qa_page(wb, lang) for lang in ("ru", "zh-Hant", "zh-Hans")}


def cards(html: str) -> list[str]:
    return re.findall(r'<article class="tda-finding".*?</article>', html, re.S)


def test_every_finding_links_to_its_own_unit(pages):
    ru = pages["ru"]
    card = next(c for c in cards(ru) if 'id="f-crossrefs-43-A-1_-40-C"' in c or "crossrefs:43-A:1:-40-C" in c)
    assert 'href="/ru/rules/43/#43-A"' in card
    assert re.search(r'href="/ru/rules/47/#example-47-\d[^"]*"', ru)            # example units: their anchors
    assert 'href="/ru/#section-general-concepts"' in ru                          # section titles: the home page


def test_every_finding_says_how_to_fix_and_how_to_acknowledge_it(pages):
    ru = pages["ru"]
    assert "rulebook export --lang ru -o ru.xlf" in ru and "rulebook import-translation ru.xlf" in ru
    assert "rulebook/review/ru.yaml" in ru
    from html import unescape
    from ruamel.yaml import YAML
    for card in cards(ru.split('id="english"')[0]):
        finding_id = unescape(re.search(r'data-finding="([^"]+)"', card).group(1))
        assert 'class="tda-finding-fix"' in card
        snippet = unescape(re.search(r"<pre[^>]*><code>(.*?)</code></pre>", card, re.S).group(1))
        [entry] = YAML(typ="safe").load(snippet)               # what a reviewer pastes reads back as this finding
        assert entry == {"finding": finding_id, "reason": "", "reviewer": "", "date": "YYYY-MM-DD"}
    assert "rulebook export --lang zh-Hant -o zh-Hant.xlf" in pages["zh-Hant"]


def test_texts_are_shown_whole_and_the_front_matter_has_a_name(pages, real_rulebook):
    ru = pages["ru"]
    long_english = max((u.text.text for u in __import__("tdarules.units", fromlist=["x"]).rule_units(
        real_rulebook.edition("en"), "RP-10")), key=len)
    assert len(long_english) > 400
    from markupsafe import escape
    assert str(escape(long_english)) in ru
    assert '<span class="tda-num">—</span>' not in ru and 'data-rule="-"' not in ru


def test_zh_hans_points_to_the_zh_hant_findings_instead_of_repeating_them(pages):
    hans = pages["zh-Hans"]
    assert not cards(hans.split('id="english"')[0])
    assert 'href="/zh-Hant/qa/"' in hans
    assert len(cards(pages["zh-Hant"])) > 30


def test_one_card_per_cause(pages, grouped):
    ru_cards = cards(pages["ru"].split('id="english"')[0])
    assert len(ru_cards) == len(grouped["ru"])
    chips = [c for c in cards(pages["zh-Hant"]) if 'data-finding="terminology:chips=籌碼"' in c]
    assert len(chips) == 1 and chips[0].count('class="tda-occurrence"') > 20


def test_an_excerpt_is_cut_at_word_boundaries_with_an_ellipsis():
    from tdarules.site.workbench import Page
    text = " ".join(f"word{n}" for n in range(60)) + " фишки " + " ".join(f"tail{n}" for n in range(60))
    cut = Page.excerpt(text, "фишки")
    assert cut.startswith("…word") and cut.endswith("…") and "фишки" in cut
    assert all(w in text.split() for w in cut.strip("…").split())          # whole words only
    assert Page.excerpt("short фишки text", "фишки") == "short фишки text"
    chinese = "甲" * 100 + "籌碼" + "乙" * 100
    assert Page.excerpt(chinese, "籌碼") == "…" + "甲" * 60 + "籌碼" + "乙" * 60 + "…"
