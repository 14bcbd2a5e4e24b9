"""Numbers in running text, per language: digits with thousands separators, Chinese numerals, words.

`digits(text, language)` are the numbers written as numerals ("1,000", "1 000", "１０００", "2.5");
`spoken(text, language)` the numbers written as words ("two", "兩百", "третий"). The numbers check
wants every English numeral somewhere in the translation (as a numeral or a word) and no numeral in
the translation that the English has neither as a numeral nor as a word.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from decimal import Decimal, InvalidOperation

from ..search.numerals import chinese_number as chinese_numeral

# "1,000" / "1 000" (Russian typography) / "2.5" / "2k" (= 2000); a number glued to a letter before it is
# a name, not a quantity ("H4H"). "2,3,40" is a list: a thousands group needs exactly three digits.
_EDGE = r"(?<![\d])(?<!\d\.)(?<![A-Za-z])"
_K = r"(?P<k>[kK](?![A-Za-z]))?"
_DIGITS = {
    "en": re.compile(_EDGE + r"(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?!\d)" + _K),
    "zh": re.compile(_EDGE + r"(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?!\d)" + _K + "(?P<zu>[百千萬万])?"),   # 5千
    # NFKC has turned no-break and thin spaces into plain spaces by the time this runs
    "ru": re.compile(_EDGE + r"(?<!\d )(?P<n>\d{1,3}(?: \d{3})+(?!\d)|\d{1,3}(?:,\d{3})+(?!\d)"
                     r"|\d+(?:[.,]\d+)?)(?!\d)" + _K),
}

_EN_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "hundred": 100, "thousand": 1000, "first": 1, "second": 2, "third": 3, "fourth": 4,
    "fifth": 5, "once": 1, "twice": 2, "double": 2, "single": 1, "half": 50, "both": 2, "pair": 2,
    "heads-up": 2, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
}
# Russian: whole word forms (prefixes would catch "движение" for "дв…").
_RU_WORDS: dict[str, int] = {}
for _value, _forms in {
    1: "один одна одно одного одной одном одну одним одни первый первая первое первого первой первом первую первым первые",
    2: "два две двух двум двумя второй вторая второе второго втором вторую вторым оба обе обоих дважды двойной",
    3: "три трёх трех трём трем тремя третий третья третье третьего третьей третьем",
    4: "четыре четырёх четырех четвёртый четвертый четвёртого четвертого",
    5: "пять пяти пятый пятая пятого", 6: "шесть шести шестой", 7: "семь семи седьмой",
    8: "восемь восьми восьмой", 9: "девять девяти девятый", 10: "десять десяти десятый",
    12: "двенадцать", 15: "пятнадцать пятнадцати", 20: "двадцать двадцати", 30: "тридцать тридцати",
    50: "пятьдесят половина половину половины", 100: "сто ста", 1000: "тысяча тысячи тысяч",
}.items():
    for _form in _forms.split():
        _RU_WORDS[_form] = _value

_ZH_RUN = re.compile("[零〇一二兩两三四五六七八九十百千萬万]+")
# "第三街至第七街" (3rd to 7th street): a range of two numerals names every number between its ends
_ZH_RANGE = re.compile(r"第?(?P<a>[零〇一二兩两三四五六七八九十]+)\w?\s*[至到~～－—–-]\s*第?(?P<b>[零〇一二兩两三四五六七八九十]+)")
_RANGE_SPAN = 20          # a longer "range" is two amounts ("一至五十"), not a list of ordinals
_ZH_EXTRA = {"半": 50, "雙": 2, "双": 2, "倍": 2, "單": 1, "单": 1}


def _family(language: str) -> str:
    return "zh" if language.startswith("zh") else ("ru" if language == "ru" else "en")


def _value(token: str) -> Decimal | None:
    cleaned = re.sub(r"[,\u00a0\u202f ]", "", token) if re.search(r"[,\u00a0\u202f ]\d{3}", token) else token
    try:
        return Decimal(cleaned.replace(",", "."))
    except InvalidOperation:
        return None


def digits(text: str, language: str) -> Counter:
    """Numbers written with numerals, as values: "1,000" and "1 000" are both 1000."""
    text = unicodedata.normalize("NFKC", text)         # full-width "１０００" → "1000"
    out: Counter = Counter()
    for match in _DIGITS[_family(language)].finditer(text):
        value = _value(match.group("n"))
        if value is not None and match.group("k"):
            value *= 1000
        if value is not None and match.groupdict().get("zu"):
            value *= {"百": 100, "千": 1000, "萬": 10_000, "万": 10_000}[match.group("zu")]
        if value is not None:
            out[value.to_integral() if value == value.to_integral() else value.normalize()] += 1
    return out


def spoken(text: str, language: str) -> set[Decimal]:
    """Numbers written as words (or Chinese numerals): only ever used to excuse a mismatch."""
    family = _family(language)
    values: set[int] = set()
    if family == "zh":
        for run in _ZH_RUN.findall(text):
            value = chinese_numeral(run)
            if value is not None:
                values.add(value)
        for match in _ZH_RANGE.finditer(text):
            low, high = chinese_numeral(match.group("a")), chinese_numeral(match.group("b"))
            if low is not None and high is not None and 0 < high - low <= _RANGE_SPAN:
                values.update(range(low, high + 1))
        values.update(v for c, v in _ZH_EXTRA.items() if c in text)
    else:
        table = _RU_WORDS if family == "ru" else _EN_WORDS
        for word in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)?", text.lower()):
            if word in table:
                values.add(table[word])
    return {Decimal(v) for v in values}


def compare(english: str, translation: str, language: str) -> tuple[list[Decimal], list[Decimal]]:
    """(English numerals the translation lacks, numerals of the translation the English lacks)."""
    en_digits, tr_digits = digits(english, "en"), digits(translation, language)
    en_any = set(en_digits) | spoken(english, "en")
    tr_any = set(tr_digits) | spoken(translation, language)
    missing = sorted(v for v in en_digits if v not in tr_any)
    extra = sorted(v for v in tr_digits if v not in en_any)
    return missing, extra
