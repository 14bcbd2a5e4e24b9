"""A story a player pastes is read, not refused: up to MAX_QUERY characters once normalised, within
the request's CPU budget, by the API and by the fallback's understanding alike."""
from __future__ import annotations

import time

import httpx
import pytest
from node_module import needs_node, run_in_node

from tdarules.search import query

# Written for this test (not a relevance batch): what matters is at the end, after the noise.
STORY = {
    "en": ("So last night I was at the casino with my friends from work, we had a few drinks lol, and we sat "
           "down at the tournament table around nine. The blinds were 200/400 by then and everyone was tired. "
           "Anyway the guy in seat 3 raised to 1200 and then the player in seat 5, who had been on his phone "
           "the whole time, pushed out 1500 in chips without saying a word. The dealer said it was a call "
           "because it was less than half of the raise, but he insisted he meant to raise. My buddy who plays "
           "online a lot said that is wrong. We argued for ten minutes until the floor came over. "),
    "ru": ("Вчера вечером были с друзьями в клубе, сидели долго, было весело и шумно, официантка всё время "
           "приносила кофе, а за соседним столом кто-то праздновал день рождения. Блайнды уже 200/400. "
           "Игрок на третьем месте поднял до 1200, а игрок на пятом месте, который всё время болтал по телефону, "
           "молча выдвинул 1500 фишками. Дилер сказал, что это колл, потому что меньше половины рейза, а он "
           "говорит, что хотел рейз. Спорили минут десять, пока не пришёл флор. "),
}


def _long(lang: str) -> str:
    text = STORY[lang]
    while len(text) < query.MAX_QUERY:
        text += STORY[lang]
    return text[:query.MAX_QUERY]


@pytest.mark.parametrize("lang", sorted(STORY))
def test_a_story_of_the_longest_length_is_answered(server_url, lang):
    story = _long(lang)
    assert len(story) == query.MAX_QUERY == 1000
    response = httpx.get(f"{server_url}/api/search", params={"q": story, "lang": lang}, timeout=30)
    assert response.status_code == 200 and response.json()["hits"]


def test_one_character_more_is_refused_with_a_clear_message(server_url):
    response = httpx.get(f"{server_url}/api/search", params={"q": _long("en") + "x", "lang": "en"})
    assert response.status_code == 400 and "at most 1000" in response.json()["error"]


@pytest.mark.parametrize("lang", sorted(STORY))
def test_a_story_costs_no_more_than_the_budget(index_dir, lang):
    engine = query.engine(index_dir)
    engine.answer("warm", lang, 10)
    started = time.thread_time()
    answer = engine.answer(_long(lang), lang, 10)
    spent = time.thread_time() - started
    assert answer.hits and spent < query.CPU_BUDGET * 3, spent      # the budget, plus the step that crosses it


# Words no rule holds (where, when, with whom), more of them than the words a query searches
NOISE = ("florbish granthum zelquor mivvet pondrake sashtel quillop rennivar tobbish wexford yarrimon "
         "clendish brovvel astiquen morrowdel plinthar")


@pytest.mark.parametrize("situation", ["a card was exposed by the dealer during the deal",
                                       "the button was short a card"])
def test_what_happened_is_searched_after_a_long_opening(index_dir, situation):
    """A story that opens with more words no rule holds than a query searches: the words that tell
    what happened, at its end, are still searched, and the story finds what they find alone."""
    engine = query.engine(index_dir)
    alone = [h.id for h in engine.search(situation, "en", 5)]
    assert [h.id for h in engine.search(f"{NOISE} {situation}", "en", 5)] == alone


RUNNER = """
import * as q from %s;
const { data, t2s, stories } = JSON.parse(input);
const out = stories.map(([lang, text]) => {
  const plan = q.understand(text, data[lang], lang.startsWith("zh") ? t2s : null);
  return { searches: plan.searches.length, situations: Object.keys(plan.situation || {}).length };
});
process.stdout.write(JSON.stringify(out));
"""


@needs_node
def test_the_fallback_understands_a_story_of_the_longest_length(query_env):
    stories = [[lang, _long(lang)] for lang in sorted(STORY)]
    out = run_in_node(RUNNER, ["query.js"], {**query_env, "stories": stories})
    assert all(o["searches"] > 0 and o["situations"] > 0 for o in out), out
