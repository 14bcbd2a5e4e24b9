"""Chinese typed in pinyin is read in characters on the zh sites (a phone without a Chinese keyboard),
by the API (typos.read_pinyin) and by the fallback (docs/assets/search/typos.js readPinyin) alike:
the poker terms and the words the rules use, typed as one word or a word a syllable."""
from __future__ import annotations

import pytest
from correctors import corrector
from node_module import needs_node, run_in_node

from tdarules.search import query, typos
from tdarules.search.analyzers import t2s

# (site, typed, as a Chinese keyboard writes it): whole words, one syllable a word, pinyin inside a
# Chinese sentence, English words beside it
TYPED = [
    ("zh-Hans", "bianchi zenme fen", "边池怎么分"),
    ("zh-Hans", "他quanxia了我能不能genzhu", "他全下了我能不能跟注"),
    ("zh-Hant", "wanjia shouji xiang le", "玩家手機響了"),
    ("zh-Hant", "xiao mang da mang", "小盲大盲"),
    ("zh-Hans", "he guan fa pai cuo wu", "荷官发牌错误"),
]
# English on the Chinese sites stays English, the words that are also pinyin too ("like" is li ke)
LEFT_AS_TYPED = [("zh-Hans", "all in"), ("zh-Hans", "string bet"), ("zh-Hant", "button"), ("zh-Hant", "he is like that"),
                 ("zh-Hans", "what is my name")]

RUNNER = """
import * as t from %s;
import * as q from %s;
const { data, t2s, cases } = JSON.parse(input);
process.stdout.write(JSON.stringify(cases.map(([lang, text]) =>
  t.correctorFor(data[lang].typos).correct(q.fold(text, t2s)))));
"""


def read(query_env, lang: str, typed: str) -> str:
    return corrector(query_env["data"][lang]["typos"]).correct(query.fold_query(typed, lang, t2s))


def test_the_words_of_a_pinyin_question_are_read_in_characters(query_env):
    for lang, typed, chinese in TYPED:
        read_as = read(query_env, lang, typed)
        pinyin_left = [w for w in read_as.split() if w.isascii()]
        # one-syllable words ("fen", "le") are no word of the rules and stay; every longer word is read
        assert all(len(w) <= 3 for w in pinyin_left), (typed, read_as)
        assert t2s(chinese)[:2] in read_as.replace(" ", ""), (typed, read_as)


def test_english_words_on_the_chinese_sites_stay_as_typed(query_env):
    for lang, typed in LEFT_AS_TYPED:
        assert read(query_env, lang, typed) == query.fold_query(typed, lang, t2s)


def test_api_answers_pinyin_as_it_answers_characters(index_dir):
    engine = query.engine(index_dir)
    for lang, typed, chinese in TYPED:
        pinyin = [h.id for h in engine.search(typed, lang, 5)]
        native = [h.id for h in engine.search(chinese, lang, 5)]
        assert pinyin and pinyin[0] == native[0], (typed, pinyin, native)


def test_the_words_and_their_pinyin():
    terms = ["全压亮牌了", "计分牌", "活牌", "伙牌", "全下", "绿色"]
    corpus = "活牌 伙牌 活牌 计分牌 全下 绿色 绿色"
    words = typos.pinyin_words(terms, corpus, english={"quanxia"})
    assert words["huopai"] == "活牌"                      # of one pinyin, the word the rules use more
    assert words["jifenpai"] == "计分牌" and words["luse"] == "绿色"      # ü as u
    assert "quanxia" not in words                         # an English word of the site
    assert "quanyaliangpaile" not in words                # longer than pinyin_longest: not typed so


@pytest.mark.parametrize("typed, read_as", [
    ("bianchi", "边池"), ("bian chi", "边池"), ("他quanxia了", "他全下了"), ("lv se", "绿色"), ("lu se", "绿色"),
    ("bian-chi", "bian-chi"),                             # words joined by anything but space stay apart
    ("bian chi quan xia", "边池 全下"),                     # the longest run first, left to right
    ("bianchix", "bianchix"),
])
def test_runs_of_latin_words_are_joined_and_read(typed, read_as):
    reader = typos.Corrector({"pinyin": {"bianchi": "边池", "quanxia": "全下", "luse": "绿色"}})
    assert reader.read_pinyin(typed) == read_as


@needs_node
def test_the_fallback_reads_them_as_the_api_does(query_env):
    cases = [(lang, typed) for lang, typed, _ in TYPED] + LEFT_AS_TYPED + \
            [(lang, w) for lang, typed, _ in TYPED for w in typed.split()]
    js = run_in_node(RUNNER, ["typos.js", "query.js"], {**query_env, "cases": cases})
    assert js == [read(query_env, lang, typed) for lang, typed in cases]
