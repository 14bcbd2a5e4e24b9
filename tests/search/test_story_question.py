"""What a story asks counts again: the questions a long query ends with (its last sentence that ends
in "?" and those right before it) have their situation scores added once more (spec.yaml `situations.asked_*`), in the API's plan and the
fallback's alike, so the evening a player tells (the phones, the drive, the football) does not
outweigh the ruling they ask for."""
from __future__ import annotations

import pytest
from node_module import needs_node, run_in_node

from tdarules.search import query, situations, spec

# Written for this test (not a relevance batch): an evening full of phones (rule 5's matter), then
# what the player asks, which rule 16 answers (all-in hands shown face up).
NOISE = {
    "en": ("We drove down to the casino for the weekend series, my wife kept texting me photos of the dog and "
           "I kept checking my phone between hands, the whole table was on their phones honestly, one guy even "
           "took a phone call while he still had cards, and the guy next to me was watching a football game on "
           "his tablet with headphones all night. "),
    "ru": ("Приехали с другом в казино на выходные, жена всё время писала мне в телефон, я отвечал между "
           "раздачами, а сосед весь вечер смотрел футбол на планшете в наушниках. "),
}
ASKS = {"en": "When two players are all in, when do they have to turn their cards face up?",
        "ru": "Потом игрок пошёл олл-ин, а второй уравнял, когда они должны открыть карты?"}

LONG = "x" * spec.ASKED_MIN_CHARS
CASES = [
    (LONG + ". Who is right? Thanks.", "Who is right?"),                    # the last one that asks
    (LONG + ". Is it a call? Or a raise?", "Is it a call? Or a raise?"),    # the questions it ends with
    (LONG + ". Can I raise? He said no. Who is right?", "Who is right?"),   # not those before a statement
    (LONG + "。零头筹码是怎么处理的?真的没有补偿吗?现在想起来还是很心疼。", "零头筹码是怎么处理的?真的没有补偿吗?"),
    (LONG + "\nкто прав ?", "кто прав ?"),
    (LONG + "。荷官应该重发吗?", "荷官应该重发吗?"),                             # "？" once folded
    (LONG + ". ?", None),                                                   # a lone mark asks nothing
    (LONG + " no question at all.", None),
    ("Who is right?", None),                                               # short: a question, not a story
    (LONG + " is it a call?", None),                                       # the whole query is the sentence
]


@pytest.mark.parametrize("text, expected", CASES)
def test_the_question_a_story_asks(text, expected):
    assert situations.asked(text) == expected


@needs_node
def test_the_fallback_finds_the_same_question():
    runner = """
import { asked } from %s;
process.stdout.write(JSON.stringify(JSON.parse(input).map((t) => asked(t))));
"""
    assert run_in_node(runner, ["situations.js"], [text for text, _ in CASES]) == [expected for _, expected in CASES]


@pytest.mark.parametrize("lang", sorted(NOISE))
def test_a_story_finds_what_its_question_finds_despite_its_noise(index_dir, lang, monkeypatch):
    engine = query.engine(index_dir)
    alone = engine.search(ASKS[lang], lang, 3)[0].rule
    story = NOISE[lang] + ASKS[lang]
    assert engine.search(story, lang, 3)[0].rule == alone == "16"
    # the noise alone would win: the story's own words point to the phones
    monkeypatch.setattr(spec, "ASKED_WEIGHT", 0.0)
    assert engine.search(story, lang, 3)[0].rule == "5"
