"""Traditional → Simplified Chinese with OpenCC, the one conversion every part of the project uses
(the zh-Hans view, search indexing and queries, interface strings); and back, where the search
fallback needs the Traditional forms a player may type for Simplified words."""
from __future__ import annotations

import functools


@functools.cache
def _t2s():
    import opencc
    return opencc.OpenCC("t2s")


def simplified(text: str) -> str:
    """Traditional → Simplified with the same length, so offsets into the converted text point at
    the original too (search snippets highlight the Traditional text). OpenCC's phrase tables may
    change a phrase's length; where they would, convert character by character instead."""
    converted = _t2s().convert(text)
    if len(converted) == len(text):
        return converted
    return "".join(c2 if len(c2 := _t2s().convert(c)) == 1 else c for c in text)


@functools.cache
def _s2t():
    import opencc
    return opencc.OpenCC("s2t")


def traditional(text: str) -> str:
    """Simplified → Traditional (OpenCC's usual form of each character)."""
    return _s2t().convert(text)
