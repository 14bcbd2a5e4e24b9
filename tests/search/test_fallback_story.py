"""A story a player pastes, read by the fallback (docs/assets/search/query.js storySearches and
mergeByRarity; run in Node on static_index's data): no search that wants
every word of it, its words asked one by one, those the learned evidence ties to a rule first and
those the records lack not at all, and records scored by the rarity of the words they hold."""
from __future__ import annotations

import math

import pytest
from node_module import NodeSession, needs_node

from tdarules.search import spec
from tdarules.search.spec import HAS_CJK
from tdarules.search.evaluate import DEV13, load_queries

pytestmark = needs_node

HANDLER = """
import * as q from %s;
const handle = ({ data, t2s }, calls) => calls.map(([fn, lang, ...args]) => {
  const d = data[lang], map = lang && lang.startsWith("zh") ? t2s : null;
  switch (fn) {
    case "understand": { const p = q.understand(args[0], d, map); return { story: p.story, searches: p.searches }; }
    case "carry": return args[0].map((w) => q.wordCarry(w, d));
    case "merge": return q.mergeByRarity(args[0], args[1]);
  }
  throw new Error(fn);
});
"""


@pytest.fixture(scope="module")
def js(query_env):
    with NodeSession(HANDLER, ["query.js"], query_env) as session:
        yield session.calls


# Written for this test (not a relevance batch): where, when and with whom first, the ruling asked last.
STORIES = {
    "en": ("So this was at my local card room on a Friday night, I had been there since six with two guys "
           "from work, we ordered pizza and the music was way too loud. Somewhere around level nine, blinds "
           "300/600, the player under the gun was still thinking when the woman two seats to his left "
           "announced raise out of turn and pushed her chips forward. The floor said the out-of-turn action "
           "is binding if the action to her does not change. Is that right?"),
    "ru": ("Вчера были с другом в клубе на турнире, пришли к семи, долго искали парковку, взяли кофе, за "
           "соседним столом праздновали день рождения. На третьем уровне игрок под пушкой ещё думал, а девушка "
           "через два места от него объявила рейз вне очереди и двинула фишки вперёд. Флор сказал, что действие "
           "вне очереди обязательно, если действие до неё не изменилось. Это правильно?"),
    "zh-Hans": ("上周六我和同事去俱乐部打比赛，路上堵车，到了先吃了碗面，旁边桌在过生日很吵。打到第三个级别的时候，"
                "枪口位还在思考，他左边隔两个位置的女士就抢先说了加注，还把筹码推了出去。裁判说如果轮到她之前的"
                "行动没有改变，抢先行动是有约束力的。这样对吗？"),
}
# a word of the ruling, at the end of the story; words of the evening the records lack
ASKED = {"en": "binding", "ru": "очереди"}
NOT_IN_THE_RECORDS = {"en": ["pizza", "friday"], "ru": ["парковку", "кофе"]}


def texts(plan):
    return [s["text"] for s in plan["searches"]]


def one_word(text):
    """A word, a term of a few words, or a Chinese word (spaced out one character a word)."""
    if HAS_CJK.search(text):
        return len(text.replace('"', "").replace(" ", "")) <= 6
    return len(text.split()) <= 3


@pytest.mark.parametrize("lang", sorted(STORIES))
def test_a_story_is_asked_word_by_word_never_whole(js, lang):
    plan, = js(("understand", lang, STORIES[lang]))
    assert plan["story"]
    asked = texts(plan)
    # Pagefind wants every word of a search: the whole story would find nothing
    assert all(one_word(t) for t in asked), asked
    assert len(asked) <= spec.DATA["fallback"]["story_searches"]
    if lang.startswith("zh"):                     # a Chinese word or pair as a phrase, asked once
        assert all(t.startswith('"') for t in asked), asked
    else:
        assert ASKED[lang] in asked, asked        # not only the story's first words
        assert not set(NOT_IN_THE_RECORDS[lang]) & set(asked), asked


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_words_that_carry_are_asked_first(js, lang):
    plan, = js(("understand", lang, STORIES[lang]))
    asked = texts(plan)
    words = [w for w in asked if " " not in w]
    carry, = js(("carry", lang, words + NOT_IN_THE_RECORDS[lang]))
    known = carry[:len(words)]
    assert known == sorted(known, reverse=True), list(zip(words, known))
    assert carry[len(words):] == [None] * len(NOT_IN_THE_RECORDS[lang])    # the records lack them
    assert known[0] > 0 and known[-1] < known[0]


def test_a_question_is_no_story(js):
    plan, = js(("understand", "en", "dealer exposed my card"))
    assert not plan["story"] and texts(plan) == ["dealer exposed card", "dealer", "exposed", "card"]


def test_every_story_of_the_development_batch_is_read_as_one(js):
    """dev13 (a tuning batch): its stories are stories, its questions are not."""
    cases = [c for c in load_queries(DEV13) if c.kind in ("story", "question")]
    plans = js(*[("understand", c.lang, c.q) for c in cases])
    for case, plan in zip(cases, plans):
        assert plan["story"] == (case.kind == "story"), case.q
        if plan["story"]:
            assert all(one_word(t) for t in texts(plan)), case.q


def test_records_score_the_rarity_of_the_words_they_hold(js):
    common = {"weight": 1, "results": [{"id": "a", "score": 4}, {"id": "b", "score": 2}, {"id": "c", "score": 4}]}
    rare = {"weight": 1, "results": [{"id": "b", "score": 9}]}
    nothing = {"weight": 1, "results": []}
    merged, = js(("merge", None, [common, rare, nothing], 12))
    # b holds the rare word (log 12/1) and half of the common one's best (log 12/3 × 2/4); a and c the common one
    assert [r["id"] for r in merged["results"]] == ["b", "a", "c"]
    b, a = math.log(12) + math.log(4) / 2, math.log(4)
    assert merged["shares"] == pytest.approx([1, a / b, a / b])
