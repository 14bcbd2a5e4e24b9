"""The Python side of the fallback parity tests corrects queries as the engine does: with one
typos.Corrector per language's data, kept (built anew per query, building it was most of those
tests' minute and a half)."""
from __future__ import annotations

from tdarules.search.typos import Corrector

_BUILT: dict[int, tuple[dict, Corrector]] = {}


def corrector(typos: dict) -> Corrector:
    kept = _BUILT.get(id(typos))
    if kept is None or kept[0] is not typos:
        kept = _BUILT[id(typos)] = (typos, Corrector(typos))
    return kept[1]
