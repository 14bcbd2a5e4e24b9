"""Part letters typed with a Russian keyboard, and digits from other scripts, read the same by the API
(query.py) and by the browser (number.js: the number box and the offline search): the pages label
parts with Latin letters, so a Cyrillic look-alike is the Latin letter it shows."""
from __future__ import annotations

import pytest

from node_module import needs_node, run_in_node
from tdarules.search.query import engine, part_reading, search

pytestmark = needs_node

READS = [
    # lang, typed, (rule, part) it opens; None: no rule number
    ("ru", "51-В", ("51", "B")), ("ru", "51-в", ("51", "B")), ("ru", "45-В", ("45", "B")),
    ("ru", "35-С", ("35", "C")), ("ru", "35-Е", ("35", "E")), ("ru", "35е", ("35", "E")),
    ("ru", "РП-10-Н", ("RP-10", "H")), ("ru", "рп 10н", ("RP-10", "H")), ("ru", "правило 43-А", ("43", "A")),
    ("ru", "правило 45в", ("45", "B")), ("ru", "43в правило", ("43", "B")),
    ("ru", "правило 51б", ("51", "B")),                 # no look-alike: B by place and by sound alike
    ("ru", "правило 45-B", ("45", "B")), ("ru", "правило 51-C", ("51", "C")),   # Latin inside Russian words
    ("en", "rule 45-в", ("45", "B")),                   # Cyrillic inside English words
    ("ru", "43-С", ("43", None)),                       # rule 43 has no part C: the rule
    ("ru", "47-е правило", ("47", None)),               # an ordinal, not part E
    ("ru", "35-г", None), ("ru", "35-д", None),         # by place D and E, by sound G and D: not guessed
    # digits: ASCII after NFKC on both sides
    ("en", "𝟒𝟑", ("43", None)), ("en", "４３", ("43", None)), ("en", "٤٣", None), ("en", "४३", None),
    ("ru", "правило ٤٣", None), ("en", "rule 𝟒𝟑b", ("43", "B")),
]

RUNNER = """
import * as q from %s;
import * as n from %s;
const { data, calls, readings } = JSON.parse(input);
process.stdout.write(JSON.stringify({
  resolved: calls.map(([lang, text]) => q.resolveNumber(text, data[lang])),
  readings: readings.map(([text, id, part]) => n.partReading(text, id, part)),
}));
"""

READINGS = [   # typed, rule, part → what the number box and `rulebook search` say
    ("45-В", "45", "B", "45-В → 45-B"), ("  правило 43б ", "43", "B", "правило 43б → 43-B"),
    ("rule 45-в", "45", "B", "rule 45-в → 45-B"), ("РП-10-Н", "RP-10", "H", "РП-10-Н → RP-10-H"),
    ("45-B", "45", "B", None), ("45b", "45", "B", None), ("правило 45", "45", None, None),
    ("47-е правило", "47", None, None),
]


@pytest.fixture(scope="module")
def browser(query_env):
    return run_in_node(RUNNER, ["query.js", "number.js"],
                       {"data": query_env["data"], "calls": [[lang, q] for lang, q, _ in READS],
                        "readings": [list(r[:3]) for r in READINGS]})


def test_the_browser_reads_cyrillic_part_letters_as_their_latin_look_alikes(browser):
    got = [None if r is None else (r["id"], r["part"]) for r in browser["resolved"]]
    assert got == [expected for _, _, expected in READS]


def test_the_api_reads_them_as_the_browser_does(index_dir):
    found = engine(index_dir)
    got = [found.resolve_number(q, lang) for lang, q, _ in READS]
    assert got == [expected for _, _, expected in READS]


@pytest.mark.parametrize("q, lang, first", [("51-В", "ru", "51-B"), ("45-в", "ru", "45-B"),
                                            ("35-С", "ru", "35-C"), ("𝟒𝟑", "en", "43")])
def test_search_opens_the_part_the_reader_sees(index_dir, q, lang, first):
    assert search(index_dir, q, lang, 3)[0].id == first


def test_both_sides_say_when_a_letter_was_read_as_another(browser):
    assert browser["readings"] == [r[3] for r in READINGS]
    assert [part_reading(*r[:3]) for r in READINGS] == [r[3] for r in READINGS]


def test_rulebook_search_says_which_part_it_opens(index_dir, capsys):
    from tdarules.search.cli import main_search
    assert main_search("45-В", "ru", 3, index_dir) == 0
    out = capsys.readouterr()
    assert "45-В → 45-B" in out.err
    assert out.out.splitlines()[0].split()[1] == "45-B"
    assert main_search("45-B", "ru", 3, index_dir) == 0
    assert "→" not in capsys.readouterr().err


MENTIONS = [("что в правиле 45-в про фишки", "45-B"), ("правило 51с и колл", "51-C"), ("по правилу 43-б", "43-B"),
            ("по правилу 51 с фишками", "51"), ("правило 35-д про рейз", "35"), ("rule 43-в min raise", "43-B")]


def test_a_part_named_inside_a_question_reads_alike_on_both_sides():
    from tdarules.search.analyzers import t2s
    from tdarules.search.query import mentioned_rule
    from tdarules.search.situations import fold as py_fold
    runner = """
import * as n from %s;
process.stdout.write(JSON.stringify(JSON.parse(input).map((q) => n.mentionedRule(n.fold(q)))));
"""
    js = run_in_node(runner, ["number.js"], [q for q, _ in MENTIONS])
    assert js == [rule for _, rule in MENTIONS]
    assert [mentioned_rule(t2s(py_fold(q))) for q, _ in MENTIONS] == js
