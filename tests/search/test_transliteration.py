"""Russian typed in Latin letters is read in Cyrillic on the Russian site, by the API
(search/transliteration.py) and by the fallback (docs/assets/search/transliteration.js) alike."""
from __future__ import annotations

import pytest
from correctors import corrector
from node_module import needs_node, run_in_node

from tdarules.search import query
from tdarules.search.analyzers import t2s
from tdarules.search.typos import question_text

# (typed, as the same player would write it in Cyrillic): schemes mixed on purpose (y/j, kh/h,
# ' or nothing for ь), English poker words left in.
TYPED = [
    ("diler sluchayno otkryl moyu kartu", "дилер случайно открыл мою карту"),
    ("skolko vremeni na reshenie", "сколько времени на решение"),
    ("igrok pokazal kartu do vskrytiya", "игрок показал карту до вскрытия"),
    ("minimalnyj reyz", "минимальный рейз"),
    ("chto delat' esli diler oshibsya", "что делать если дилер ошибся"),
    ("ja ne uslyshal reyz", "я не услышал рейз"),
]
LEFT_AS_TYPED = ["string bet", "button", "all-in", "strng bet"]     # English on the Russian site, typo included
# a short word beside them reads as the site's word it spells, not letter by letter: "eto" is это (not
# ето), "est" есть (not ест)
SHORT = [("igrok skazal chto eto string bet", "это"), ("est li limit vremeni na hod", "есть")]
# beside read words, an English word joined by a hyphen stays whole (not "heads-уп", "алл-ин"), and an
# apostrophe after a final consonant is the soft sign (not "говорит'")
MIXED = [("u nas byl heads-up, diler otkryl kartu", "у нас был heads-up, дилер открыл карту"),
         ("on skazal all-in a potom govorit' chto net", "он сказал all-in а потом говорить что нет")]

RUNNER = """
import * as t from %s;
import * as q from %s;
const { data, queries } = JSON.parse(input);
const c = t.correctorFor(data.ru.typos);
process.stdout.write(JSON.stringify(queries.map((text) => c.correct(q.fold(text, null)))));
"""


@pytest.fixture(scope="module")
def ru(query_env):
    return corrector(query_env["data"]["ru"]["typos"])


def test_latin_russian_is_read_in_cyrillic(ru):
    for typed, cyrillic in TYPED:
        read = question_text(typed, "ru", ru)
        assert read.split()[0] == cyrillic.split()[0] and not any(c.isascii() and c.isalpha() for c in read), (typed, read)


def test_english_words_on_the_russian_site_stay_as_typed(ru):
    for typed in LEFT_AS_TYPED:
        read = question_text(typed, "ru", ru)
        assert read.isascii(), (typed, read)


def test_a_short_word_reads_as_the_word_it_spells(ru):
    for typed, word in SHORT:
        assert word in question_text(typed, "ru", ru).split(), typed


def test_hyphenated_english_words_stay_whole_and_a_final_apostrophe_is_a_soft_sign(ru):
    for typed, read in MIXED:
        assert question_text(typed, "ru", ru) == read


def test_the_english_site_reads_no_transliteration(query_env):
    en = corrector(query_env["data"]["en"]["typos"])
    assert question_text("skolko vremeni na reshenie", "en", en).isascii()


def test_api_answers_latin_russian_as_it_answers_cyrillic(index_dir):
    engine = query.engine(index_dir)
    for typed, cyrillic in TYPED:
        latin = [h.id for h in engine.search(typed, "ru", 5)]
        native = [h.id for h in engine.search(cyrillic, "ru", 5)]
        assert latin and latin[0] == native[0], (typed, latin, native)


@needs_node
def test_the_fallback_reads_them_as_the_api_does(query_env, ru):
    """Every typed form above, and each word of them alone."""
    queries = [t for t, _ in TYPED + SHORT + MIXED] + LEFT_AS_TYPED + sorted({w for t, _ in TYPED for w in t.split()})
    js = run_in_node(RUNNER, ["typos.js", "query.js"], {**query_env, "queries": queries})
    python = [ru.correct(query.fold_query(q, "ru", t2s)) for q in queries]
    assert js == python
