"""What the API's engine makes of a query, kept for the test process: the relevance floors and the
Python side of the plan parity ask the engine the same ~4,600 queries a language, and reading each
one once is what both need (tests/conftest.py sends a language's tests of both files to one process).

A reading takes the steps `Engine.answer` takes, through the engine's own methods: the plan, then its
rule number's hits (`jump_hits`), or the index's candidates and their ranking (`ranked`: what the
hits are and in what order; their snippets, a tenth of a query's time, are tested on their own). The
query is read as typed (the query files hold valid queries) and without the request's CPU deadline: the
comparison with the fallback needs the whole plan, and in a process that keeps ~5,000 readings one full
pass of the garbage collector takes ~140 ms of CPU, more than a request's whole budget (100 ms), so the
story it falls in loses its learned evidence. The deadline has tests of its own (test_hardening.py,
test_long_input.py)."""
from __future__ import annotations

import gc
from dataclasses import dataclass
from pathlib import Path

from tdarules.search.query import engine


@dataclass(frozen=True)
class Reading:
    plan: dict
    scored: list | None         # the candidates before ranking; None when the plan jumps or has nothing to search
    order: list[str] | None     # the ranked ids, top 10; None when there was nothing to rank
    hits: list[tuple[str, str, str]]     # (id, rule, kind) of the hits `search` returns, in order


# (index, language, query, whether the plan carries the raw "did you mean") → reading
_readings: dict[tuple[str, str, str, bool], Reading] = {}
# The readings stay to the end of the process, and the collector's full passes would walk them again
# and again as they grow (~8% of the time to make them): they are moved out of its sight (gc.freeze)
# every FREEZE_EVERY readings.
FREEZE_EVERY = 256


def hits(index_dir: Path, q: str, lang: str) -> list[tuple[str, str, str]]:
    """What `search(index_dir, q, lang, 10)` finds, as (id, rule, kind): a reading made with the
    "did you mean" serves too (nothing else in the plan depends on it)."""
    known = _readings.get((str(index_dir), lang, q, True))
    return (known or read(index_dir, q, lang)).hits


def read(index_dir: Path, q: str, lang: str, *, propose: bool = False) -> Reading:
    """``propose``: the plan carries the raw "did you mean" (as `Engine.plan` has it)."""
    key = (str(index_dir), lang, q, propose)
    if key in _readings:
        return _readings[key]
    eng = engine(index_dir)
    eng.warm_language(lang)
    plan = eng.plan(q, lang, propose=propose)
    jumped = eng.jump_hits(plan, lang, 10)
    if jumped is not None:
        reading = Reading(plan, None, None, [(h.id, h.rule, h.kind) for h in jumped])
    else:
        found = eng.candidates(plan, lang, 10)
        ranked = [] if found is None else [fields for fields, _ in eng.ranked(found, plan, lang, 10)]
        reading = Reading(plan, None if found is None else found.scored, None if found is None else [f["id"] for f in ranked],
                          [(f["id"], f["rule"], f["kind"]) for f in ranked])
    _readings[key] = reading
    if len(_readings) % FREEZE_EVERY == 0:
        gc.freeze()
    return reading
