"""Which betting rule a story's chip amounts point to: the bet faced against what was put out.

Why: "facing a 1000 bet I silently put out 1400" (Rule 43, the 50% standard), "…a single 5000 chip"
(44, an overchip), "…one 1k chip against 50k" (41-D, a tiny chip), "…a 500 and a 1000 against 1100"
(45, multiple chips), "…500 and 25 expecting change" (61) use the same words: bet, chips, silently,
call. Only the amounts and how they relate tell the rules apart, and words cannot weigh that: these
five rules were the commonest confusion in the blind query batches.

Text comes folded and in Simplified characters (analyzers.fold, t2s), as for query.mentioned_rule.
docs/assets/search/amounts.js (``amountRule``) reads amounts the same way, for the fallback, from the
same patterns (spec.yaml).
"""
from __future__ import annotations

from . import spec
from .numerals import chinese_value

# The patterns, the scales, the counts and the windows looked at are spec.yaml's `amounts`, which
# amounts.js reads too.
_P = spec.AMOUNT_PATTERNS
_AMOUNT, _NOT_BEFORE, _NOT_AFTER, _PAIR, _BLINDS = _P["amount"], _P["not_before"], _P["not_after"], _P["pair"], _P["blinds"]
_ONE_BEFORE, _A_BEFORE, _CHIP_AFTER, _COUNT_BEFORE = _P["one_before"], _P["a_before"], _P["chip_after"], _P["count_before"]
_AND, _CHANGE, _BET_BEFORE, _BET_AFTER = _P["and"], _P["change"], _P["bet_before"], _P["bet_after"]
_PRIOR, _TOLD, _TWO_TRIPS = _P["prior"], _P["told"], _P["two_trips"]
_SCALE, _COUNTS, SMALLEST = spec.SCALE, spec.COUNTS, spec.SMALLEST
_BEFORE, _AFTER, _STORY_AFTER = spec.AMOUNT_BEFORE, spec.AMOUNT_AFTER, spec.STORY_AFTER
_RULE, _TINY, _SHORT_RAISE = spec.AMOUNT_RULES, spec.TINY, spec.SHORT_RAISE


def _value(number: str, scale: str | None) -> float | None:
    value = float(number.replace(",", "")) if number[0].isascii() else chinese_value(number)
    return None if value is None else value * _SCALE.get((scale or "")[:1], 1)


def amounts(text: str) -> list[tuple[float, int, int]]:
    """The chip amounts of ``text``: (value, start, end), blinds and other numbers left out."""
    found = []
    for m in _AMOUNT.finditer(text):
        before, after = text[max(0, m.start() - _BEFORE):m.start()], text[m.end():m.end() + _AFTER]
        if _NOT_BEFORE.search(before) or _NOT_AFTER.search(after):
            continue
        value = _value(m["number"], m["scale"])
        if value is not None and value >= SMALLEST:
            found.append((value, m.start(), m.end()))
    paired = {j for i in range(len(found) - 1) if _PAIR.match(text[found[i][2]:found[i + 1][1]]) for j in (i, i + 1)}
    blinds = paired | {i for i, (_, start, _) in enumerate(found) if _BLINDS.search(text[max(0, start - _BEFORE):start])}
    return [a for i, a in enumerate(found) if i not in blinds]


def amount_rule(text: str, lang: str) -> str | None:
    """The rule (or the part that says it: 41-D, 43-A) the amounts of a folded, Simplified ``text``
    on the ``lang`` site point to, or None."""
    found = amounts(text)
    if len(found) < 2 or _PRIOR.search(text):
        return None
    script = "zh" if lang.startswith("zh") else lang
    before = [text[max(0, start - _BEFORE):start] for _, start, _ in found]
    after = [text[end:end + _STORY_AFTER] for _, _, end in found]
    if any(_TOLD.search(b) for b in before):
        return None
    chip_after = _CHIP_AFTER.get(script)
    single = {i for i in range(len(found))
              if _ONE_BEFORE[script].search(before[i])
              or (chip_after is not None and chip_after.search(after[i]) and (script != "en" or _A_BEFORE.search(before[i])))}
    counted = {i: _COUNTS[next(g for g in m.groupdict().values() if g)] for i in range(len(found))
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
        return _RULE["change"] if put > bet else None
    if together:
        return _RULE["together"] if put >= bet else None
    if single:
        return _RULE["overchip"] if put > bet else (_RULE["tiny_chip"] if put * _TINY <= bet else None)
    return _RULE["short_raise"] if bet < put < _SHORT_RAISE * bet else None
