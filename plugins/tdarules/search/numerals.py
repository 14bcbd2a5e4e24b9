"""Numbers as players write them out: Chinese numerals (一千, 三十五) and English and Russian number words
("thirty-six", "первое"). Shared by rule numbers (query) and chip amounts (amounts), which must read
them alike; docs/assets/search/numerals.js is the fallback's twin."""
from __future__ import annotations

import re

CN_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {"〇": 0, "两": 2}


def chinese_value(s: str) -> int | None:
    """一 → 1, 十 → 10, 三十五 → 35, 四十 → 40: 0–99; None for anything else (五五, 十十)."""
    if "十" in s:
        tens, _, ones = s.partition("十")
        if len(tens) > 1 or len(ones) > 1 or "十" in ones or not all(c in CN_DIGITS for c in tens + ones):
            return None
        return (CN_DIGITS[tens] if tens else 1) * 10 + (CN_DIGITS[ones] if ones else 0)
    return CN_DIGITS[s] if len(s) == 1 and s in CN_DIGITS else None


_CN_ALL_DIGITS = CN_DIGITS | {"兩": 2}          # traditional 兩: running text is not folded to simplified first
_CN_UNITS = {"十": 10, "百": 100, "千": 1000}
_CN_MYRIADS = {"萬": 10_000, "万": 10_000}


def chinese_number(run: str) -> int | None:
    """A whole run of Chinese numerals of any size, as running text writes amounts (the QA numbers
    check; Python only): 兩百 → 200, 三十 → 30, 十五 → 15, 一萬二千 → 12000, 二五 → 25 (digit by digit)."""
    if run and all(c in _CN_ALL_DIGITS for c in run):
        return int("".join(str(_CN_ALL_DIGITS[c]) for c in run))
    total, section, digit = 0, 0, None
    for char in run:
        if char in _CN_ALL_DIGITS:
            digit = _CN_ALL_DIGITS[char]
        elif char in _CN_UNITS:
            section += (digit if digit is not None else 1) * _CN_UNITS[char]
            digit = None
        elif char in _CN_MYRIADS:
            total += (section + (digit or 0)) * _CN_MYRIADS[char]
            section, digit = 0, None
        else:
            return None
    return total + section + (digit or 0)


# Numbers spelled out, as a whole query says a rule's ("rule thirty six", "первое правило тда",
# "правило тридцать шесть"): 1–99, cardinals and ordinals, English and Russian. Whole queries only
# (resolve_number): inside a question "one rule" or "первое правило" is seldom a rule's number.
SPELLED_UNITS = {"one": 1, "first": 1, "two": 2, "second": 2, "three": 3, "third": 3, "four": 4, "fourth": 4,
                 "five": 5, "fifth": 5, "six": 6, "sixth": 6, "seven": 7, "seventh": 7, "eight": 8, "eighth": 8,
                 "nine": 9, "ninth": 9, "один": 1, "одно": 1, "перв": 1, "два": 2, "две": 2, "втор": 2, "три": 3,
                 "трет": 3, "четыре": 4, "четверт": 4, "пять": 5, "пят": 5, "шесть": 6, "шест": 6, "семь": 7,
                 "седьм": 7, "восемь": 8, "восьм": 8, "девять": 9, "девят": 9}
SPELLED_TEENS = {"ten": 10, "tenth": 10, "eleven": 11, "eleventh": 11, "twelve": 12, "twelfth": 12, "thirteen": 13,
                 "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
                 "десят": 10, "одиннадцат": 11, "двенадцат": 12, "тринадцат": 13, "четырнадцат": 14,
                 "пятнадцат": 15, "шестнадцат": 16, "семнадцат": 17, "восемнадцат": 18, "девятнадцат": 19}
SPELLED_TENS = {"twenty": 20, "twentieth": 20, "thirty": 30, "thirtieth": 30, "forty": 40, "fortieth": 40,
                "fifty": 50, "fiftieth": 50, "sixty": 60, "sixtieth": 60, "seventy": 70, "seventieth": 70,
                "двадцат": 20, "тридцат": 30, "сорок": 40, "сороков": 40, "пятьдесят": 50, "пятидесят": 50,
                "шестьдесят": 60, "шестидесят": 60, "семьдесят": 70, "семидесят": 70}
_RU_END = r"(?:ь|ый|ое|ая|ого|ому|ом|ой|ые|ых|ий|ье|ья|а|и|ю|у|е|я)?"
_SPELLED_WORD = lambda words: "|".join(sorted(words, key=len, reverse=True))
SPELLED = re.compile(rf"(?<![\w-])(?:({_SPELLED_WORD(SPELLED_TENS)}){_RU_END}(?:[\s-]+({_SPELLED_WORD(SPELLED_UNITS)}){_RU_END})?"
                     rf"|({_SPELLED_WORD(SPELLED_TEENS)}){_RU_END}|({_SPELLED_WORD(SPELLED_UNITS)}){_RU_END})(?![\w-])")


def spelled_numbers(text: str) -> str:
    """``text`` (folded) with its spelled-out numbers 1–99 as digits ("thirty-six" → 36, "первое" → 1)."""
    def digits(m: re.Match) -> str:
        if m.group(1):
            return str(SPELLED_TENS[m.group(1)] + (SPELLED_UNITS[m.group(2)] if m.group(2) else 0))
        return str(SPELLED_TEENS[m.group(3)] if m.group(3) else SPELLED_UNITS[m.group(4)])
    return SPELLED.sub(digits, text)
