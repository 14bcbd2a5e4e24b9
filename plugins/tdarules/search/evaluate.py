"""Relevance measures shared by tests/search and bench/search.py (MRR@10, recall@3)."""
from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

QUERIES = Path(__file__).resolve().parents[3] / "tests" / "search" / "queries.yaml"
QUESTIONS = QUERIES.with_name("questions.yaml")     # players' questions, split into tune / held-out
FRESH = QUERIES.with_name("questions_fresh.yaml")   # a later held-out batch, reported on its own
DEV = QUERIES.with_name("questions_dev.yaml")       # a later tuning batch
# Tuning batches written blind from the rule texts alone, like the held-out ones below, each measured
# once before anything was tuned on it. dev10 and dev12 had no vocabulary pass of their own: their
# failures guided general changes only. dev12 was written as a held-out batch (so there is no unseen10).
DEV2 = QUERIES.with_name("questions_dev2.yaml")
DEV3 = QUERIES.with_name("questions_dev3.yaml")
DEV4 = QUERIES.with_name("questions_dev4.yaml")
DEV5 = QUERIES.with_name("questions_dev5.yaml")
DEV6 = QUERIES.with_name("questions_dev6.yaml")
DEV7 = QUERIES.with_name("questions_dev7.yaml")
DEV8 = QUERIES.with_name("questions_dev8.yaml")
DEV9 = QUERIES.with_name("questions_dev9.yaml")
DEV10 = QUERIES.with_name("questions_dev10.yaml")
DEV11 = QUERIES.with_name("questions_dev11.yaml")
DEV12 = QUERIES.with_name("questions_dev12.yaml")
# Held-out batches, never tuned on, written blind by hands that never saw the engine or its
# vocabulary; from unseen3 on, each was written before the engine work it was first used to judge,
# so its figure is the one that says how the engine does on new questions.
UNSEEN = QUERIES.with_name("questions_unseen.yaml")
UNSEEN2 = QUERIES.with_name("questions_unseen2.yaml")
UNSEEN3 = QUERIES.with_name("questions_unseen3.yaml")
UNSEEN4 = QUERIES.with_name("questions_unseen4.yaml")
UNSEEN5 = QUERIES.with_name("questions_unseen5.yaml")
UNSEEN6 = QUERIES.with_name("questions_unseen6.yaml")
UNSEEN7 = QUERIES.with_name("questions_unseen7.yaml")
UNSEEN8 = QUERIES.with_name("questions_unseen8.yaml")
UNSEEN9 = QUERIES.with_name("questions_unseen9.yaml")
UNSEEN11 = QUERIES.with_name("questions_unseen11.yaml")
UNSEEN12 = QUERIES.with_name("questions_unseen12.yaml")

# What the learned evidence (learned.py) is trained on: the tuning batches, never a held-out one
# (questions.yaml: its tuning two thirds only; fresh, unseen*: never)
TUNING = (QUESTIONS, DEV, DEV2, DEV3, DEV4, DEV5, DEV6, DEV7, DEV8, DEV9, DEV10, DEV11, DEV12)


@dataclass
class Case:
    lang: str
    q: str
    expect: list[str]
    kind: str = ""


class QueryFileError(ValueError):
    """A labelled query file that cannot be read: names the file and where (the index build learns
    from these files, so a broken one must stop it with a message, not a traceback)."""


def load_queries(path: Path = QUERIES) -> list[Case]:
    path = Path(path)
    try:
        # libyaml's loader when PyYAML has it: ~10x faster on the ~7,000 queries the index build learns from
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (yaml.YAMLError, UnicodeDecodeError) as error:
        mark = getattr(error, "problem_mark", None)
        where = f":{mark.line + 1}" if mark is not None else ""
        raise QueryFileError(f"{path}{where}: {' '.join(str(error).split())}") from None
    cases = []
    for number, c in enumerate((data or {}).get("queries") or [], 1):
        try:
            cases.append(Case(c["lang"], str(c["q"]), [str(e) for e in c["expect"]], c.get("kind", "")))
        except (KeyError, TypeError) as error:
            raise QueryFileError(f"{path}: query #{number}: needs lang, q and expect ({error!r})") from None
    if not cases:
        raise QueryFileError(f"{path}: no queries")
    return cases


def held_out(case: Case) -> bool:
    """The held-out third: sha1("lang|q") mod 3 == 0. Fixed by the text alone, so adding queries never
    moves an old one between the thirds."""
    digest = hashlib.sha1(f"{case.lang}|{case.q}".encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % 3 == 0


def split(cases: list[Case]) -> dict[str, list[Case]]:
    """{"tune": two thirds, "held-out": one third} (see :func:`held_out`)."""
    return {"tune": [c for c in cases if not held_out(c)], "held-out": [c for c in cases if held_out(c)]}


def rule_of(doc_id: str) -> str:
    """'43-A' → '43'; 'RP-5-A' → 'RP-5'; 'example-43-1-A' → '43'; 'addendum-40-A' → '40'."""
    doc_id = re.sub(r"^(?:example|addendum)-", "", doc_id)
    m = re.match(r"^(RP-\d+|\d+)", doc_id)
    return m.group(1) if m else doc_id


def relevant(hit_id: str, hit_rule: str, hit_kind: str, expect: list[str]) -> bool:
    if hit_kind == "glossary":
        return any(e == hit_id for e in expect)
    for e in expect:
        if e == hit_id:
            return True
        if rule_of(e) == e and hit_rule == e:       # a rule id: any document of that rule
            return True
    return False


def rank_of(hits, expect: list[str], glossary_counts: bool = False) -> int | None:
    """1-based rank of the first relevant hit; hits are (id, rule, kind) triples.

    Glossary hits are not counted (neither right nor a place in the list): a definition next to the
    rule it belongs to, or first when the query is exactly the term (the intended answer then), is
    not a wrong rule. ``glossary_counts=True`` is the older, stricter scoring that counts each
    glossary entry as a miss in its place (bench/search.py prints both)."""
    rank = 0
    for hit_id, hit_rule, kind in hits:
        if kind == "glossary" and not glossary_counts and not any(e == hit_id for e in expect):
            continue
        rank += 1
        if relevant(hit_id, hit_rule, kind, expect):
            return rank
    return None


def held_out_cases() -> list[Case]:
    """questions.yaml's held-out third, fresh and every unseen batch (those to come included)."""
    cases = split(load_queries(QUESTIONS))["held-out"] + load_queries(FRESH)
    for path in sorted(QUERIES.parent.glob("questions_unseen*.yaml")):
        cases += load_queries(path)
    return cases


@functools.cache
def tuning_cases() -> tuple[Case, ...]:
    """Every case of :data:`TUNING`, except those whose text a held-out batch also holds (writers
    working blind sometimes type the same short question: "第40条"). Read once per process: every
    language's index and fallback data learn from them."""
    held = {(c.lang, c.q.strip().lower()) for c in held_out_cases()}
    out = []
    for path in TUNING:
        cases = load_queries(path)
        out += [c for c in (split(cases)["tune"] if path == QUESTIONS else cases) if (c.lang, c.q.strip().lower()) not in held]
    return tuple(out)


def summarize(ranks: list[int | None]) -> dict[str, float]:
    n = len(ranks) or 1
    return {
        "n": len(ranks),
        "mrr@10": sum(1 / r for r in ranks if r and r <= 10) / n,
        "recall@3": sum(1 for r in ranks if r and r <= 3) / n,
    }
