"""Relevance floors (the figures themselves: bench/search.py). Floors sit below the measured
values so that a change that loses relevance fails, while small reorderings do not. Glossary hits
are never counted (evaluate.rank_of): the question is which rule answers.

* tests/search/queries.yaml: the project's 130 queries (mostly the rules' own terms): FLOOR_PER_LANGUAGE
  and FLOOR_RECALL_AT_3;
* the players' questions: 332 situations, questions, slang and typos in four languages, a tuning two
  thirds (rulebook/training/questions.yaml) and a held-out third (tests/search/questions.yaml): QUESTION_FLOORS;
* tests/search/questions_unseen*.yaml: held-out batches written blind from the rule texts, without
  seeing the engine, its vocabulary or any other batch; never tuned on, only guarded: UNSEEN_FLOORS;
  those in the seven styles (unseen13 on) pooled per language: SEVEN_STYLE_FLOORS;
* rulebook/training/questions_dev2.yaml … questions_dev12.yaml: tuning batches written blind the same way,
  each measured once before it was tuned on. Those with a pass of their own (vocabulary; for dev11,
  the learned evidence) have the higher DEV_FLOORS; dev10 and dev12 had none and keep UNSEEN_FLOORS. Every tuning batch is also what
  learned.py learns from."""

import pytest
from readings import hits

from tdarules.search.evaluate import DEV2, DEV3, DEV4, DEV5, DEV6, DEV7, DEV8, DEV9, DEV10, DEV11, DEV12, UNSEEN, UNSEEN2, UNSEEN3, UNSEEN4, UNSEEN5, UNSEEN6, UNSEEN7, UNSEEN8, UNSEEN9, UNSEEN11, UNSEEN12, UNSEEN13, load_queries, players_questions, rank_of, rule_of, summarize, unseen_batches

CASES = load_queries()
QUESTION_CASES = players_questions()
FLOOR_RECALL_AT_3 = 0.97
FLOOR_PER_LANGUAGE = 0.95
# players' questions: per language, per third
# (the held-out third has 22-30 questions a language: one question a place lower costs English 0.019)
QUESTION_FLOORS = {"tune": {"mrr@10": 0.96, "recall@3": 0.98}, "held-out": {"mrr@10": 0.90, "recall@3": 0.95}}
# the held-out batches, per language (and the blind tuning batches with no vocabulary pass)
UNSEEN_FLOORS = {"mrr@10": 0.85, "recall@3": 0.90}
# the blind tuning batches after their own tuning passes, per language
DEV_FLOORS = {"mrr@10": 0.93, "recall@3": 0.97}
DEV_BATCHES = (DEV2, DEV3, DEV4, DEV5, DEV6, DEV7, DEV8, DEV9, DEV11)
# dev10 and dev12 had no vocabulary pass: their failures were read for general changes
# only (dev12 also trains the learned evidence), so they keep the blind batches' floor
BLIND = [UNSEEN, UNSEEN2, UNSEEN3, UNSEEN4, UNSEEN5, UNSEEN6, UNSEEN7, UNSEEN8, UNSEEN9, UNSEEN11, UNSEEN12, DEV10, DEV12, *DEV_BATCHES]
# the held-out batches in the seven styles (stories, newcomers, disputes, transliteration, typos,
# situations, questions): unseen13 and every one after it, those to come included, pooled per
# language (1,270 questions each today), so a floor there moves only with a change that loses many
_UNSEEN = unseen_batches()
SEVEN_STYLES = tuple(_UNSEEN[_UNSEEN.index(UNSEEN13):])
# below today's figures (Russian 0.953 / 0.982 the lowest), above what the learned evidence weighed at
# 0.3 of a situation score gives (spec.yaml learned.weight; Russian 0.905)
SEVEN_STYLE_FLOORS = {"mrr@10": 0.91, "recall@3": 0.955}
SEVEN_STYLE_KINDS = {"story", "newcomer", "dispute", "translit", "typo", "situation", "question"}
# Every floor holds per language, and each language's tests go to the process that reads its queries for
# the plan parity too (readings.py): the engine reads each query once
LANGUAGES = ("en", "zh-Hant", "zh-Hans", "ru")


def test_enough_queries():
    assert len(CASES) >= 80
    assert {c.lang for c in CASES} == {"en", "zh-Hant", "zh-Hans", "ru"}
    questions = QUESTION_CASES["tune"] + QUESTION_CASES["held-out"]
    assert len(questions) >= 300
    for lang in ("en", "zh-Hant", "zh-Hans", "ru"):
        assert sum(c.lang == lang for c in questions) >= 75, lang
    assert 0.28 <= len(QUESTION_CASES["held-out"]) / len(questions) <= 0.38


def in_language(cases, lang):
    return [c for c in cases if c.lang == lang]


def ranks(index_dir, cases) -> list[int | None]:
    """Each case's rank, in the order of ``cases``."""
    return [rank_of(hits(index_dir, c.q, c.lang), c.expect) for c in cases]


def test_recall_floor(index_dir):
    """Pooled over the languages (the project's 130 queries, cheap to read where they fall)."""
    assert summarize([r for lang in LANGUAGES for r in ranks(index_dir, in_language(CASES, lang))])["recall@3"] >= FLOOR_RECALL_AT_3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_recall_floor_per_language(index_dir, lang):
    cases = in_language(CASES, lang)
    ranks_ = ranks(index_dir, cases)
    misses = [f"{c.q!r} → rank {r}" for c, r in zip(cases, ranks_) if not r or r > 3]
    assert summarize(ranks_)["recall@3"] >= FLOOR_PER_LANGUAGE, "\n".join(misses)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_numbers_rank_first(index_dir, lang):
    for case in CASES:
        if case.lang == lang and case.kind.startswith("number"):
            assert rank_of(hits(index_dir, case.q, lang), case.expect) == 1, case.q


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("third", ["tune", "held-out"])
def test_players_questions_floor(index_dir, lang, third):
    cases = in_language(QUESTION_CASES[third], lang)
    ranks_ = ranks(index_dir, cases)
    misses = [f"{c.q!r} → rank {r}" for c, r in zip(cases, ranks_) if not r or r > 3]
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


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("batch", BLIND, ids=lambda path: path.stem)
def test_blind_batch_floor(index_dir, batch, lang):
    """A floor, not a target: the unseen batches are never tuned on, the dev ones are (bench/search.py
    prints their figures)."""
    floors = DEV_FLOORS if batch in DEV_BATCHES else UNSEEN_FLOORS
    figures = summarize(ranks(index_dir, in_language(load_queries(batch), lang)))
    for measure, floor in floors.items():
        assert figures[measure] >= floor, f"{batch.stem} {lang} {measure} {figures[measure]:.3f}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_seven_styles_floor(rulebook, index_dir, lang):
    """What players write beyond keywords: long stories, newcomers without poker words, disputes with
    seats and amounts, Russian typed in Latin letters, pooled over the held-out batches written in those
    styles. A floor below today's figures (bench/search.py prints them per batch and style)."""
    edition = rulebook.edition(lang, "2024")
    cases = in_language([c for batch in SEVEN_STYLES for c in load_queries(batch)], lang)
    assert len(cases) >= 280 and {c.kind for c in cases} == SEVEN_STYLE_KINDS
    assert all(edition.rule(rule_of(e)) is not None for c in cases for e in c.expect)
    figures = summarize(ranks(index_dir, cases))
    for measure, floor in SEVEN_STYLE_FLOORS.items():
        assert figures[measure] >= floor, f"{lang} {measure} {figures[measure]:.3f}"
