"""Which betting rule a story's chip amounts point to: the bet faced against what was put out.

Why: "facing a 1000 bet I silently put out 1400" (Rule 43, the 50% standard), "…a single 5000 chip"
(44, an overchip), "…one 1k chip against 50k" (41-D, a tiny chip), "…a 500 and a 1000 against 1100"
(45, multiple chips), "…500 and 25 expecting change" (61) use the same words: bet, chips, silently,
call. Only the amounts and how they relate tell the rules apart, and words cannot weigh that: these
five rules were the commonest confusion in the blind query batches.

Text comes folded and in Simplified characters (analyzers.fold, t2s), as for query.mentioned_rule.
docs/assets/search/amounts.js (``amountRule``) reads amounts the same way, for the fallback; the
patterns below keep to what Python's re and JavaScript's RegExp (with the u flag) read alike.
"""
from __future__ import annotations

import re

from .numerals import chinese_value

# a number as typed: 1400, 1,400, 1.5k, 50к, 50 тыс, 3万, 一千, 五万 (a Chinese numeral only before 千/万)
_AMOUNT = re.compile(
    r"(?<![a-zа-я0-9.,])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+(?:\.[0-9]+)?|[一二两三四五六七八九十]{1,2}(?=[千万]))"
    r"\s*(k|к|тыс[а-я]*|千|万|w)?(?![a-zа-я0-9])")
_SCALE = {"k": 1000, "к": 1000, "т": 1000, "千": 1000, "万": 10000, "w": 10000}     # by first letter (тыс)
SMALLEST = 25              # below: seats, levels, players, minutes, not chips

# what a number is not: seats, tables, levels, rules, the pot, time, counts of players or hands
_NOT_BEFORE = re.compile(r"(?:seat|table|level|rule|pot(?: was| is)?|стол[а-я]*|мест[а-я]*|уров[а-я]*|правил[а-я]*|номер|банк|底池|#|№|第)\s*$")
_NOT_AFTER = re.compile(r"^\s*(?:sec|min|hour|seat|player|hand|level|сек|мин|час|мест|игрок|раздач|уров|秒|分钟|小时|号|位|人|把|手|级|条)")
# blinds and levels come in pairs: 2k-4k, 100/200, 2к/4к
_PAIR = re.compile(r"^\s*[-/]\s*$")
_BLINDS = re.compile(r"(?:blinds?|блайнд[а-я]*|盲注?)\s*(?:are|were|at|of|по)?\s*$")

# one chip: "one 1k chip", "a single 5000 chip", "a 5000 chip", "одну фишку 1к", "фишку 5000", "一个1000的码"
_ONE_BEFORE = {"en": re.compile(r"(?<![a-z])(?:one|single)\s+(?:[a-z]+\s+)?$"),
               "ru": re.compile(r"(?:одн[а-я]*\s+(?:[а-я]+\s+)?(?:фишк[а-я]*\s+)?|(?<![а-я])фишк[уа]\s+)(?:по\s+|в\s+|номиналом\s+)?$"),
               "zh": re.compile(r"(?:一|1|了)\s*[个颗枚只张]$")}
_A_BEFORE = re.compile(r"(?<![a-z])an?\s+(?:[a-z]+\s+)?$")            # "a 5000 chip": only with "chip" after it
_CHIP_AFTER = {"en": re.compile(r"^\s*(?:[a-z]+\s+)?chip(?!s)"), "ru": re.compile(r"^\s*(?:одн[а-я]*\s+)?фишк(?:у|а|ой)(?![а-я])")}
# several chips of one value: "two 1000 chips", "две фишки по 25", "три по 500", "两个1000"
_COUNT_BEFORE = re.compile(r"(?:(?<![a-z])(two|three|four|five|six)|(?<![а-я])(две|два|три|четыре|пять|шесть)(?:\s+фишк[а-я]*)?(?:\s+по)?"
                           r"|([两二三四五六])\s*[个颗枚只张])\s*$")
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "две": 2, "два": 2, "три": 3, "четыре": 4, "пять": 5,
           "шесть": 6, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6}
# two amounts put out together: "a 500 and a 1000", "1000 и 500", "1000和500"
_AND = re.compile(r"^\s*(?:chips?\s+)?(?:and|plus|и|和|跟|加|\+)\s*(?:a|an|one|одн[а-я]*|一个|一颗)?\s*$")
_CHANGE = re.compile(r"change|chnage|[0-9]+ back|сдач|找零|找钱|找回|退回")
# the bet faced: "facing a 1000 bet", "bet 1000", "на ставку 300", "против бета 1200", "下注1000", "面对1000的下注"
_BET_BEFORE = re.compile(r"(?:(?<![a-z])(?:bets?|betting|open(?:s|ed|ing)?|opening bet(?: was| of| is)?|opener bet|facing(?: a| an)?|against(?: a| an)?|on a|into"
                         r"|raised? to|raises to|shoved?(?: for)?|all in for|call)"
                         r"|(?<![а-я])(?:ставк[а-я]*|став[а-я]*|поставил[а-я]*|открыл[а-я]*(?:\s+на)?|бет[а-я]*|против(?:\s+[а-я]+)?|на|рейз[а-я]*(?:\s+до)?)"
                         r"|(?:下注?了?|加注?到|面对|开了?|跟))\s*$")
_BET_AFTER = re.compile(r"^\s*(?:(?:chips?\s+)?(?:bet|open|raise|shove)|(?:的)?(?:下注|注)|(?:бет|ставк))")
# stories the amounts do not settle: prior chips left out (46), a count someone told (49, 40), a bet
# made in two trips (56)
_PRIOR = re.compile(r"on top|сверху|上去|叠|posted|blind chips|лежал|放着|big blind|大盲|(?<![a-z])bb(?![a-z])|(?<![а-я])бб(?![а-я])")
_TOLD = re.compile(r"(?:(?<![a-z])(?:said|says|told|asked|counted)|(?<!не )(?:сказал|говорит|спросил)|(?<![没不])(?:说|问|喊)(?!话))[^0-9]{0,20}$")
_TWO_TRIPS = re.compile(r"(?<![a-z])more(?![a-z])|went back|back for|(?<![а-я])ещ[её]|полез|дозакин")

def _value(number: str, scale: str | None) -> float | None:
    value = float(number.replace(",", "")) if number[0].isascii() else chinese_value(number)
    return None if value is None else value * _SCALE.get((scale or "")[:1], 1)


def amounts(text: str) -> list[tuple[float, int, int]]:
    """The chip amounts of ``text``: (value, start, end), blinds and other numbers left out."""
    found = []
    for m in _AMOUNT.finditer(text):
        before, after = text[max(0, m.start() - 24):m.start()], text[m.end():m.end() + 12]
        if _NOT_BEFORE.search(before) or _NOT_AFTER.search(after):
            continue
        value = _value(m.group(1), m.group(2))
        if value is not None and value >= SMALLEST:
            found.append((value, m.start(), m.end()))
    paired = {j for i in range(len(found) - 1) if _PAIR.match(text[found[i][2]:found[i + 1][1]]) for j in (i, i + 1)}
    blinds = paired | {i for i, (_, start, _) in enumerate(found) if _BLINDS.search(text[max(0, start - 24):start])}
    return [a for i, a in enumerate(found) if i not in blinds]


def amount_rule(text: str, lang: str) -> str | None:
    """The rule (or the part that says it: 41-D, 43-A) the amounts of a folded, Simplified ``text``
    on the ``lang`` site point to, or None."""
    found = amounts(text)
    if len(found) < 2 or _PRIOR.search(text):
        return None
    script = "zh" if lang.startswith("zh") else lang
    before = [text[max(0, start - 24):start] for _, start, _ in found]
    after = [text[end:end + 16] for _, _, end in found]
    if any(_TOLD.search(b) for b in before):
        return None
    chip_after = _CHIP_AFTER.get(script)
    single = {i for i in range(len(found))
              if _ONE_BEFORE[script].search(before[i])
              or (chip_after is not None and chip_after.search(after[i]) and (script != "en" or _A_BEFORE.search(before[i])))}
    counted = {i: _COUNTS[next(g for g in m.groups() if g)] for i in range(len(found))
               if (m := _COUNT_BEFORE.search(before[i])) is not None}
    joined = {j for i in range(len(found) - 1) if _AND.match(text[found[i][2]:found[i + 1][1]]) for j in (i, i + 1)}
    together = joined | set(counted) | (single if len(single) > 1 else set())
    loose = [i for i in range(len(found)) if i not in together and i not in single]
    bets = [i for i in loose if _BET_BEFORE.search(before[i]) or _BET_AFTER.search(after[i])]
    if not (bets or loose):
        return None
    bet_index = (bets or loose)[0]
    bet = found[bet_index][0]
    if together:
        put = sum(found[i][0] * counted.get(i, 1) for i in together)
    elif single:
        put = found[min(single)][0]
    else:
        later = [i for i in loose if i != bet_index]
        if len(later) != 1 or _TWO_TRIPS.search(text):
            return None
        put = found[later[0]][0]
    if _CHANGE.search(text):
        return "61" if put > bet else None
    if together:
        return "45" if put >= bet else None
    if single:
        return "44" if put > bet else ("41-D" if put * 5 <= bet else None)
    return "43-A" if bet < put < 2 * bet else None
