"""numerals.py and its twin numerals.js read numbers alike: Chinese numerals 0–99 (and nothing else)
and numbers spelled out in English and Russian."""
import pytest

from tdarules.search.amounts import amounts
from tdarules.search.numerals import chinese_value, spelled_numbers

from node_module import needs_node, run_in_node

NUMERALS = ["一", "十", "十五", "三十", "三十五", "两", "〇", "九十九", "五五", "十十", "一百", "三十五六", "十二三", "x", "二十x"]
WORDS = ["rule thirty six", "rule thirty-six", "первое правило", "правило тридцать шесть", "rule nineteen",
         "сорок второе правило", "someone said five", "правило двадцать первое"]


@pytest.mark.parametrize("s, value", [("一", 1), ("十", 10), ("十五", 15), ("四十", 40), ("三十五", 35), ("两", 2),
                                      ("五五", None), ("十十", None), ("三十五六", None), ("二十x", None)])
def test_chinese_value(s, value):
    assert chinese_value(s) == value


def test_spelled_numbers():
    assert spelled_numbers("rule thirty-six") == "rule 36"
    assert spelled_numbers("правило тридцать шесть") == "правило 36"
    assert spelled_numbers("первое правило") == "1 правило"


def test_an_amount_that_is_no_numeral_is_left_out():
    """五五万 was a KeyError in amounts' own copy of the digits: a 500 on the API."""
    assert [a[0] for a in amounts("下注五五万 我推了一万")] == [10000]


@needs_node
def test_numerals_js_reads_numbers_as_numerals_py_does():
    runner = """import * as n from %s;
const { numerals, words } = JSON.parse(input);
process.stdout.write(JSON.stringify([numerals.map(n.chineseValue), words.map(n.spelledNumbers)]));
"""
    got = run_in_node(runner, ["numerals.js"], {"numerals": NUMERALS, "words": WORDS})
    assert got == [[chinese_value(s) for s in NUMERALS], [spelled_numbers(w) for w in WORDS]]
