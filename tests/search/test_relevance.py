"""Relevance floors (the figures themselves: bench/search.py). Floors sit below the measured
values so that a change that loses relevance fails, while small reorderings do not.

* tests/search/queries.yaml: the project's 130 queries (mostly the rules' own terms);
* tests/search/questions.yaml: 332 players' questions, situations, slang and typos in four
  languages, split into a tuning two thirds and a held-out third (evaluate.split). Measured after the
  concept layer, situation-level coverage and weak evidence (issue 13; glossary hits not counted,
  evaluate.rank_of): MRR@10 0.969–0.992 per language on the tuning set, 0.939–0.972 held out;
  recall@3 1.000 and 0.967–1.000.
  (Before the situation vocabulary: 0.54–0.61 and 0.40–0.68.)
* tests/search/questions_unseen.yaml: a held-out batch written without seeing the engine; its shape
  is tested, and a floor below its measured figures (MRR@10 0.794 en, 0.951 zh-Hant, 0.813 zh-Hans,
  0.886 ru; recall@3 0.857, 0.976, 0.884, 0.941): never tuned on, only guarded.
* tests/search/questions_unseen2.yaml: a second such batch, written after the first had been used to
  judge changes; the same floor (measured MRR@10 0.875 en, 0.895 zh-Hant, 0.878 zh-Hans, 0.867 ru;
  recall@3 0.938, 0.930, 0.927, 0.957), its figures are bench/search.py's `unseen2` rows.
* tests/search/questions_unseen3.yaml: a third, written before the engine work it measures (stop 17;
  measured after it: MRR@10 0.910 en, 0.817 zh-Hant, 0.782 zh-Hans, 0.792 ru; recall@3 0.918, 0.864,
  0.828, 0.892): the same floor.
* tests/search/questions_unseen4.yaml … questions_unseen9.yaml: later such batches, each written at
  the start of a session before its engine work; the same floor (UNSEEN_FLOORS).
* tests/search/questions_dev2.yaml … questions_dev9.yaml, questions_dev11.yaml: tuning batches written
  blind the same way, each measured before its vocabulary pass (dev11: before the learned evidence,
  stop 23); a higher floor (DEV_FLOORS). questions_dev10.yaml (stop 22) and questions_dev12.yaml
  (written as unseen10, measured blind at the start of stop 24) had no pass and keep UNSEEN_FLOORS. Since stop 23 every tuning batch is also what learned.py learns from.
The floors were raised at stop 20 to sit a few points below every batch's per-language figure then
(bench/search.py: unseen* MRR@10 ≥ 0.878, recall@3 ≥ 0.925; dev* ≥ 0.955 and ≥ 0.982). At stop 21 the
lowest were unseen7 zh-Hans 0.892 / 0.910 and dev9 en 0.957, zh-Hans recall@3 0.973: the floors hold.
At stop 22 the lowest unseen figures were unseen8 ru 0.891 / 0.940 and unseen7 zh-Hans 0.905 / 0.920;
dev10 (blind floor) 0.942–0.955 and 0.953–0.987."""
from collections import defaultdict

import pytest

from tdarules.search.evaluate import DEV2, DEV3, DEV4, DEV5, DEV6, DEV7, DEV8, DEV9, DEV10, DEV11, DEV12, QUESTIONS, UNSEEN, UNSEEN2, UNSEEN3, UNSEEN4, UNSEEN5, UNSEEN6, UNSEEN7, UNSEEN8, UNSEEN9, UNSEEN11, UNSEEN12, load_queries, rank_of, rule_of, split, summarize
from tdarules.search.query import search

CASES = load_queries()
QUESTION_CASES = split(load_queries(QUESTIONS))
FLOOR_RECALL_AT_3 = 0.97
FLOOR_PER_LANGUAGE = 0.95
# players' questions: per language, per third
# (held-out recall@3 was lowered 0.95 → 0.93 at stop 21, when '对方下注1000我推了1400算什么' (43) fell to
# 8th; stop 22's amounts put it first again (zh-Hans held-out 0.975 / 0.967), and the floor is back at 0.95)
QUESTION_FLOORS = {"tune": {"mrr@10": 0.96, "recall@3": 0.98}, "held-out": {"mrr@10": 0.92, "recall@3": 0.95}}
# (stop 20, per language: unseen–unseen6 MRR@10 0.878–1.000, recall@3 0.925–1.000; before it,
# unseen5 read 0.864–0.961 and 0.908–0.983, unseen6 0.865–0.917 and 0.910–0.970)
UNSEEN_FLOORS = {"mrr@10": 0.85, "recall@3": 0.90}
# the blind tuning batches after their vocabulary passes (stop 20, per language: dev2–dev7 MRR@10
# 0.955–0.995, recall@3 0.982–1.000)
DEV_FLOORS = {"mrr@10": 0.93, "recall@3": 0.97}
DEV_BATCHES = (DEV2, DEV3, DEV4, DEV5, DEV6, DEV7, DEV8, DEV9, DEV11)
# dev10 (stop 22) and dev12 (stop 24) had no vocabulary pass: their failures were read for general changes
# only (dev12 also trains the learned evidence), so they keep the blind batches' floor
BLIND = [UNSEEN, UNSEEN2, UNSEEN3, UNSEEN4, UNSEEN5, UNSEEN6, UNSEEN7, UNSEEN8, UNSEEN9, UNSEEN11, UNSEEN12, DEV10, DEV12, *DEV_BATCHES]


def test_enough_queries():
    assert len(CASES) >= 80
    assert {c.lang for c in CASES} == {"en", "zh-Hant", "zh-Hans", "ru"}
    questions = QUESTION_CASES["tune"] + QUESTION_CASES["held-out"]
    assert len(questions) >= 300
    for lang in ("en", "zh-Hant", "zh-Hans", "ru"):
        assert sum(c.lang == lang for c in questions) >= 75, lang
    assert 0.28 <= len(QUESTION_CASES["held-out"]) / len(questions) <= 0.38


@pytest.fixture(scope="module")
def ranks(index_dir):
    out = defaultdict(list)
    for case in CASES:
        hits = search(index_dir, case.q, case.lang, 10)
        out[case.lang].append((case, rank_of([(h.id, h.rule, h.kind) for h in hits], case.expect)))
    return out


def test_recall_floor(ranks):
    everything = [r for runs in ranks.values() for _, r in runs]
    summary = summarize(everything)
    misses = [f"{c.lang} {c.q!r} → rank {r}" for runs in ranks.values() for c, r in runs if not r or r > 3]
    assert summary["recall@3"] >= FLOOR_RECALL_AT_3, "\n".join(misses)
    for lang, runs in ranks.items():
        assert summarize([r for _, r in runs])["recall@3"] >= FLOOR_PER_LANGUAGE, lang


def test_rule_numbers_rank_first(ranks):
    for runs in ranks.values():
        for case, rank in runs:
            if case.kind.startswith("number"):
                assert rank == 1, (case.lang, case.q)


@pytest.mark.parametrize("third", ["tune", "held-out"])
def test_players_questions_floor(index_dir, third):
    by_lang = defaultdict(list)
    misses = []
    for case in QUESTION_CASES[third]:
        hits = search(index_dir, case.q, case.lang, 10)
        rank = rank_of([(h.id, h.rule, h.kind) for h in hits], case.expect)
        by_lang[case.lang].append(rank)
        if not rank or rank > 3:
            misses.append(f"{case.lang} {case.q!r} → rank {rank}")
    for lang, ranks_ in by_lang.items():
        figures = summarize(ranks_)
        for measure, floor in QUESTION_FLOORS[third].items():
            assert figures[measure] >= floor, f"{third} {lang} {measure} {figures[measure]:.3f}\n" + "\n".join(misses)


UNSEEN_KINDS = {"situation", "question", "slang", "typo", "mixed", "term", "number"}


@pytest.mark.parametrize("batch", BLIND, ids=lambda path: path.stem)
def test_blind_batch_is_well_formed(rulebook, batch):
    """Every query of each batch written blind can be scored: enough per language, known kinds, and each
    expected id is a rule (or RP) of the 2024 edition in the query's language, written as a whole
    rule so that any hit of that rule counts."""
    cases = load_queries(batch)
    problems = []
    for lang in ("en", "zh-Hant", "zh-Hans", "ru"):
        if sum(c.lang == lang for c in cases) < 30:
            problems.append(f"{lang}: fewer than 30 queries")
    seen = set()
    for case in cases:
        where = f"{case.lang} {case.q!r}"
        if (case.lang, case.q) in seen:
            problems.append(f"{where}: duplicate")
        seen.add((case.lang, case.q))
        if not case.q.strip() or not case.expect:
            problems.append(f"{where}: empty query or expectation")
        if case.kind not in UNSEEN_KINDS:
            problems.append(f"{where}: unknown kind {case.kind!r}")
        edition = rulebook.edition(case.lang, "2024")
        for rule_id in case.expect:
            if rule_of(rule_id) != rule_id or edition.rule(rule_id) is None:
                problems.append(f"{where}: {rule_id!r} is not a rule of the 2024 edition")
    assert not problems, "\n".join(problems)
    assert {c.kind for c in cases} == UNSEEN_KINDS
    assert len({r for c in cases for r in c.expect}) >= 60     # spread over the rules, not the famous few


@pytest.mark.parametrize("batch", BLIND, ids=lambda path: path.stem)
def test_blind_batch_floor(index_dir, batch):
    """A floor, not a target: the unseen batches are never tuned on, the dev ones are (bench/search.py
    prints their figures)."""
    floors = DEV_FLOORS if batch in DEV_BATCHES else UNSEEN_FLOORS
    by_lang = defaultdict(list)
    for case in load_queries(batch):
        hits = search(index_dir, case.q, case.lang, 10)
        by_lang[case.lang].append(rank_of([(h.id, h.rule, h.kind) for h in hits], case.expect))
    for lang, ranks_ in by_lang.items():
        figures = summarize(ranks_)
        for measure, floor in floors.items():
            assert figures[measure] >= floor, f"{batch.stem} {lang} {measure} {figures[measure]:.3f}"
