"""Numbers as players write them out: Chinese numerals (一千, 三十五) and English and Russian number words
("thirty-six", "первое"). Shared by rule numbers (query) and chip amounts (amounts), which must read
them alike; docs/assets/search/numerals.js is the fallback's twin. The digits, the number words and
their Russian endings are spec.yaml's `numerals`."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from . import spec

CN_DIGITS = spec.CN_DIGITS


def chinese_value(s: str) -> int | None:
    """一 → 1, 十 → 10, 三十五 → 35, 四十 → 40: 0–99; None for anything else (五五, 十十)."""
    if "十" in s:
        tens, _, ones = s.partition("十")
        if len(tens) > 1 or len(ones) > 1 or "十" in ones or not all(c in CN_DIGITS for c in tens + ones):
            return None
        return (CN_DIGITS[tens] if tens else 1) * 10 + (CN_DIGITS[ones] if ones else 0)
    return CN_DIGITS[s] if len(s) == 1 and s in CN_DIGITS else None


_CN_ALL_DIGITS = dict(CN_DIGITS) | {"兩": 2}          # traditional 兩: running text is not folded to simplified first
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


# Numbers spelled out, as a whole query says a rule's ("rule thirty six", "первое правило тда"): whole
# queries only (resolve_number).
SPELLED_UNITS, SPELLED_TEENS, SPELLED_TENS = spec.SPELLED_UNITS, spec.SPELLED_TEENS, spec.SPELLED_TENS
_RU_END = spec.RU_END
_SPELLED_WORD: Callable[[Iterable[str]], str] = lambda words: "|".join(sorted(words, key=len, reverse=True))
SPELLED = re.compile(rf"(?<![\w-])(?:({_SPELLED_WORD(SPELLED_TENS)}){_RU_END}(?:[\s-]+({_SPELLED_WORD(SPELLED_UNITS)}){_RU_END})?"
                     rf"|({_SPELLED_WORD(SPELLED_TEENS)}){_RU_END}|({_SPELLED_WORD(SPELLED_UNITS)}){_RU_END})(?![\w-])")


def spelled_numbers(text: str) -> str:
    """``text`` (folded) with its spelled-out numbers 1–99 as digits ("thirty-six" → 36, "первое" → 1)."""
    def digits(m: re.Match[str]) -> str:
        if m.group(1):
            return str(SPELLED_TENS[m.group(1)] + (SPELLED_UNITS[m.group(2)] if m.group(2) else 0))
        return str(SPELLED_TEENS[m.group(3)] if m.group(3) else SPELLED_UNITS[m.group(4)])
    return SPELLED.sub(digits, text)
