"""The fallback understands a query as the API does: docs/assets/search/understanding.js run in
Node on the data static_index writes, against tdarules.search (situations, typos) in Python, for
every query of both relevance sets; plus the typos and situations it must catch."""
from __future__ import annotations


import pytest
from correctors import corrector
from node_module import needs_node, run_in_node

from tdarules.search import learned
from tdarules.search import situations as py_situations
from tdarules.search.analyzers import t2s
from tdarules.search.evaluate import FRESH, QUERIES, QUESTIONS, TUNING, load_queries
from tdarules.search.typos import question_text

pytestmark = needs_node

RUNNER = """
import * as u from %s;
import * as q from %s;
const { data, t2s, queries } = JSON.parse(input);
const out = queries.map(([lang, text]) => {
  const d = data[lang];
  const folded = q.fold(text, lang.startsWith("zh") ? t2s : null);
  const a = u.analyse(folded, lang, d);
  return { corrected: a.corrected, content: a.content, situation: a.situation };
});
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def data(query_env):
    return query_env


def run_js(data, queries):
    return run_in_node(RUNNER, ["understanding.js", "query.js"], {**data, "queries": queries})


_OBJECTS: dict[str, tuple] = {}        # per language, as the engine holds them: made once


def python_side(data, lang, text):
    d = data["data"][lang]
    if lang not in _OBJECTS:
        _OBJECTS[lang] = (py_situations.Vocabulary(d["situations"]), learned.LearnedModel.of(d["learned"]))
    vocabulary, model = _OBJECTS[lang]
    corrected = question_text(text, lang, corrector(d["typos"]))
    keys = py_situations.query_keys(corrected, lang, vocabulary, t2s)
    found = learned.situation_scores(keys, vocabulary, model)
    return corrected, py_situations.query_content(corrected, lang, vocabulary), found


# Every query file the project has: the project set, every tuning batch and every held-out one (a
# parity check reads no figure, so it may read them all).
EVERY_BATCH = (None, *TUNING, QUESTIONS, FRESH, *sorted(QUERIES.parent.glob("questions_unseen*.yaml")))


def test_same_understanding_as_the_api(data):
    """Every query of every batch (about 10,700): the same corrected text, the same content (what is
    searched) and the same situation scores. The
    fallback folds Traditional character by character (pagefind/t2s.json: every character OpenCC folds
    alone), as the API's text is compared here."""
    cases = [(c.lang, c.q) for batch in EVERY_BATCH for c in (load_queries(batch) if batch else load_queries())]
    assert len(cases) > 10_000
    js = run_js(data, cases)
    differ = []
    for (lang, text), got in zip(cases, js):
        corrected, content, found = python_side(data, lang, text)
        # (t2s: the fallback's Traditional map is the site's own characters; en and ru fold none)
        simplified = t2s if lang.startswith("zh") else (lambda s: s)
        js_corrected, js_content = simplified(got["corrected"]), simplified(got["content"])
        if js_corrected != corrected or got["situation"] != found or js_content != content:
            differ.append(f"{lang} {text!r}: py {corrected!r} {content!r} {found} / "
                          f"js {got['corrected']!r} {got['content']!r} {got['situation']}")
    assert not differ, "\n".join(differ[:20])


@pytest.mark.parametrize("lang, typed, meant", [
    ("en", "misdael", "misdeal"),                 # transposition
    ("en", "strng bet", "string bet"),            # missing letter
    ("en", "rabbit hutning", "rabbit hunting"),
    ("ru", "мисдилл", "мисдил"),                  # doubled letter
    ("ru", "оверчпи", "оверчип"),
    ("ru", "кроличя охота", "кроличья охота"),    # missing soft sign
    ("ru", "можно узнать точныйстек", "можно узнать точный стек"),    # two words run together
    ("en", "something fell off the table", "something fell off the table"),   # English writes words together
    # another form of a known word is no typo (it was "corrected" into another word's form)
    ("ru", "две одинаковые карты в колоде", "две одинаковые карты в колоде"),
    ("ru", "сел не на своё место и сыграл пару кругов", "сел не на свое место и сыграл пару кругов"),
    ("en", "do late registrations get a full starting stack", "do late registrations get a full starting stack"),
    # typed with the other keyboard layout on: read through the site's, short words along; not when
    # a word is one already, or what it would read as is no word of the site
    ("ru", "cnhbyu ,tn это как вообще", "стринг бет это как вообще"),
    ("en", "ьшт кфшыу", "min raise"),
    ("en", "вуфдук ьгсл ьн рфтв", "dealer muck my hand"),
    ("ru", "bb и sb", "bb и sb"),
    ("ru", "что такое all in", "что такое all in"),
    ("en", "стринг бет", "стринг бет"),
    ("zh-Hant", "邊持", "边池"),                  # same sound, wrong character
    ("zh-Hans", "最低加住", "最低加注"),
    ("zh-Hans", "比赛中手机响了", "比赛中手机响了"),  # nothing to correct
    # a pinyin keyboard's slip inside a sentence: same sound (qi, chi, tiao, zhu, pai), two-character terms too
    ("zh-Hans", "可以气牌吗", "可以弃牌吗"),
    ("zh-Hant", "邊吃怎麼分", "边池怎么分"),
    ("zh-Hans", "双人单跳的时候谁是小盲", "双人单挑的时候谁是小盲"),
    ("zh-Hans", "他说跟住", "他说跟注"),
    ("zh-Hant", "荷官少發一張拍", "荷官少发一张牌"),
    # not a slip: another sound (家 jia is no 下 xia), or a word of the rules' own
    ("zh-Hans", "他家住了", "他家住了"),
    ("zh-Hans", "玩家离开座位", "玩家离开座位"),
    # a junction of two words one character off a term is no slip (it was read as one: 看他的牌 →
    # 看输的牌, 我不在 → 人不在, 放手机吗 → 放手机响)
    ("zh-Hant", "河牌跟注後可以要求看他的牌嗎", "河牌跟注后可以要求看他的牌吗"),
    ("zh-Hant", "發牌時我不在座位上", "发牌时我不在座位上"),
    ("zh-Hans", "桌上可以放手机吗", "桌上可以放手机吗"),
])
def test_typos_both_sides(data, lang, typed, meant):
    corrected, _, _ = python_side(data, lang, typed)
    assert corrected == meant
    assert run_js(data, [(lang, typed)])[0]["corrected"] == meant


CONCEPT_QUERIES = [   # concept words in other forms than the phrases', word sequences, amounts
    ("en", "the guy next to me swore at the dealer"), ("en", "opponent is taking forever every hand"),
    ("en", "he bet 1000 and I raised to 1400"), ("en", "opened 5k, is that a bet"),
    ("ru", "он обматерил дилера"), ("ru", "поставил 1000 а я 1400"), ("ru", "у соперника засветилась карта"),
    ("zh-Hant", "有人罵荷官"), ("zh-Hant", "他一直拖時間"), ("zh-Hans", "对方下注1000我推了1400算什么"),
    ("zh-Hans", "对面一直爆粗口"), ("zh-Hans", "对方下注五万他放了一个1k筹码"), ("zh-Hant", "下注兩千我丟了一萬"),
    ("zh-Hant", "他是我的buddy"), ("ru", "мы с ним buddy"),     # English concept words on the zh and ru sites
]


def test_concepts_and_amounts_both_sides(data):
    js = run_js(data, CONCEPT_QUERIES)
    for (lang, text), got in zip(CONCEPT_QUERIES, js):
        corrected, _, found = python_side(data, lang, text)
        assert (got["corrected"], got["situation"]) == (corrected, found), (lang, text)
    assert any(r in js[0]["situation"] for r in ("70", "71")) and "29" in js[1]["situation"]
