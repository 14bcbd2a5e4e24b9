"""One query plan, two readers. For every query the project has (the project set, every tuning batch,
every held-out batch, and mistyped ones), the API's `Engine.plan` and the fallback's `plan`
(docs/assets/search/query.js, in Node on the data the site ships) give the same plan, field by field;
and given the API's own candidates for that query and its plan, `ranking.rank` and ranking.js `rank`
give the same order. Stage by stage: the ranking is compared on the same plan, so a difference in
understanding and one in ranking are told apart. The parity reads no figure, so it may read the
held-out batches."""
from __future__ import annotations

import pytest
from node_module import needs_node, run_in_node
from readings import read

from tdarules.search import evaluate
from tdarules.search.analyzers import t2s
from tdarules.search.query import engine

pytestmark = needs_node

LANGUAGES = ("en", "zh-Hant", "zh-Hans", "ru")
MISTYPED = [
    ("en", "xtrng bte"), ("en", "misdaelt"), ("en", "dead buton"), ("en", "Ｓｔｒｉｎｇ　Ｂｅｔ"), ("en", "xqzvw"),
    ("en", "substnatail actoin"), ("en", "obligatry rais"), ("zh-Hant", "stirng bte"), ("zh-Hant", "全 下"),
    ("zh-Hant", "最底加住注"), ("zh-Hans", "mnimum rasie"), ("zh-Hans", "最低加註"), ("zh-Hans", "边持"),
    ("ru", "мисдилл"), ("ru", "стринг-бет"), ("ru", "all in"), ("ru", "сущетсвенное дейсвтие"), ("ru", "zzzz"),
    # run together: Russian ones are split into two vocabulary words; English ones are not ("something"
    # would become "some thing"), so these check that both sides leave them whole
    ("en", "checkraise"), ("en", "deadbutton"), ("ru", "точныйстек"), ("ru", "мисдилстек"),
    # a character OpenCC folds one way in a phrase and another alone (回覆 → 回复; 覆 alone stays)
    ("zh-Hant", "沒人下注我就棄牌 請回覆"), ("zh-Hant", "乾脆全下 頭髮"),
]
# how a query is read, (language, typed, read as): typos, keyboard layouts, Chinese same-sound slips
READINGS = [
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
    # an everyday word is no typo of a site word a letter away (dinner/winner, cash/wash, шесть/есть, кафе/каре)
    ("en", "we had dinner and he left the whole cash stack there", "we had dinner and he left the whole cash stack there"),
    ("ru", "шесть человек сидели в кафе", "шесть человек сидели в кафе"),
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
    # written Cantonese: its own characters read as the Mandarin they stand for (嗰 too, which OpenCC
    # would make the Simplified Cantonese 𠮶)
    ("zh-Hant", "佢哋攞咗啲碼", "他们拿了些码"),
    ("zh-Hant", "嗰個荷官睇唔到", "那个荷官看不到"),
    # and its own words as the Mandarin ones (係咪 是不是, 推晒 全下, 反牌 亮牌, 呢鋪 这手, 點處理 怎么处理)
    ("zh-Hant", "佢推晒，我跟，係咪要反牌", "他全下,我跟,是不是要亮牌"),
    ("zh-Hans", "荷官派错牌呢铺点处理", "荷官发错牌这手怎么处理"),
    # 係 is "is" (系 after the fold), but not in Mandarin's 关系
    ("zh-Hant", "我係大盲，同佢冇關係", "我是大盲,同他没关系"),
    # in a Cantonese question, 跟住 is "then" (no slip of 跟注) and 唔該 "thanks" (not 不该)
    ("zh-Hant", "佢跟住推晒，唔該睇下", "他接着全下,谢谢看下"),
    # typed in pinyin: a word of the rules, in one word or a word a syllable; English stays English
    ("zh-Hans", "他quanxia了", "他全下了"),
    ("zh-Hant", "bian chi zenme fen", "边池 怎么 fen"),
    ("zh-Hant", "xiao mang he da mang", "小盲 he 大盲"),
    ("zh-Hans", "he is like that", "he is like that"),
    # not a slip: another sound (家 jia is no 下 xia), or a word of the rules' own
    ("zh-Hans", "他家住了", "他家住了"),
    ("zh-Hans", "玩家离开座位", "玩家离开座位"),
    # a junction of two words one character off a term is no slip (it was read as one: 看他的牌 →
    # 看输的牌, 我不在 → 人不在, 放手机吗 → 放手机响)
    ("zh-Hant", "河牌跟注後可以要求看他的牌嗎", "河牌跟注后可以要求看他的牌吗"),
    ("zh-Hant", "發牌時我不在座位上", "发牌时我不在座位上"),
    ("zh-Hans", "桌上可以放手机吗", "桌上可以放手机吗"),
    # nor is a piece across two everyday words (对手|是 is no 手势, 同一|桌 no 移桌)
    ("zh-Hans", "对手是顺子还要亮牌吗", "对手是顺子还要亮牌吗"),
    ("zh-Hant", "我們兩個分到同一桌", "我们两个分到同一桌"),
]
# concept words in other forms than the phrases', word sequences, amounts
CONCEPT_QUERIES = [   # concept words in other forms than the phrases', word sequences, amounts
    ("en", "the guy next to me swore at the dealer"), ("en", "opponent is taking forever every hand"),
    ("en", "he bet 1000 and I raised to 1400"), ("en", "opened 5k, is that a bet"),
    ("ru", "он обматерил дилера"), ("ru", "поставил 1000 а я 1400"), ("ru", "у соперника засветилась карта"),
    ("zh-Hant", "有人罵荷官"), ("zh-Hant", "他一直拖時間"), ("zh-Hans", "对方下注1000我推了1400算什么"),
    ("zh-Hans", "对面一直爆粗口"), ("zh-Hans", "对方下注五万他放了一个1k筹码"), ("zh-Hant", "下注兩千我丟了一萬"),
    ("zh-Hant", "他是我的buddy"), ("ru", "мы с ним buddy"),     # English concept words on the zh and ru sites
]
# "Did you mean" is computed only for a query that found nothing, and costs ~3 ms a query on each side:
# it is compared on the project set, the older held-out set and the mistyped ones (about 1,600).
PROPOSED = (None, evaluate.QUESTIONS)

RUNNER = """
import { plan } from %s;
import { rank } from %s;
const { data, t2s, cases } = JSON.parse(input);
const map = data.lang.startsWith("zh") ? t2s : null;
process.stdout.write(JSON.stringify(cases.map(({ q, propose, hits, apiPlan }) => ({
  plan: plan(q, data, map, propose),
  order: hits === null ? null : rank(hits, apiPlan, data, 10).map((h) => h.id),
}))));
"""
TEXT_FIELDS = ("folded", "corrected", "content", "rest", "suggestion")


def every_query(lang: str) -> list[tuple[str, bool]]:
    batches = (None, *evaluate.TUNING, evaluate.QUESTIONS, evaluate.FRESH,
               *evaluate.unseen_batches())
    out: dict[str, bool] = {}
    for batch in batches:
        for case in evaluate.load_queries(batch) if batch else evaluate.load_queries():
            if case.lang == lang:
                out[case.q] = out.get(case.q, False) or batch in PROPOSED
    extra = [*MISTYPED, *((lg, q) for lg, q, _ in READINGS), *CONCEPT_QUERIES]
    out.update({q: True for lg, q in extra if lg == lang})
    return list(out.items())


def simplified(lang: str, plan: dict) -> dict:
    """The fallback folds Traditional character by character (pagefind/t2s.json: every character
    OpenCC folds alone), the API with OpenCC: the text of both is compared folded the API's way."""
    if not lang.startswith("zh"):
        return plan
    return {k: (t2s(v) if k in TEXT_FIELDS and isinstance(v, str) else v) for k, v in plan.items()}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_same_plan_and_same_ranking(lang, index_dir, query_env):
    queries = every_query(lang)
    assert len(queries) > 1500
    cases, python = [], []
    for q, propose in queries:
        reading = read(index_dir, q, lang, propose=propose)
        hits = None if reading.scored is None else [
            {"id": f["id"], "rule": f["rule"], "kind": f["kind"], "score": s, "title": f["title"], "url": f["url"]}
            for f, s in reading.scored]
        python.append((reading.plan, reading.order))
        cases.append({"q": q, "propose": propose, "hits": hits, "apiPlan": reading.plan})
    js = run_in_node(RUNNER, ["query.js", "ranking.js"],
                     {"data": query_env["data"][lang], "t2s": query_env["t2s"], "cases": cases}, timeout=300)
    plans_differ, orders_differ = [], []
    for (q, _), (plan, order), got in zip(queries, python, js):
        theirs, plan = simplified(lang, got["plan"]), simplified(lang, plan)
        if theirs != plan:
            fields = [k for k in plan if theirs.get(k) != plan[k]] + [k for k in theirs if k not in plan]
            plans_differ.append(f"{q!r}: " + "; ".join(f"{k}: py {plan.get(k)!r} / js {theirs.get(k)!r}" for k in fields))
        if got["order"] != order:
            orders_differ.append(f"{q!r}: py {order} / js {got['order']}")
    assert not plans_differ, f"{len(plans_differ)} of {len(queries)} plans differ:\n" + "\n".join(plans_differ[:20])
    assert not orders_differ, f"{len(orders_differ)} of {len(queries)} rankings differ:\n" + "\n".join(orders_differ[:20])
    # the comparison saw every kind of plan: jumps, corrections, terms, exact terms, proposals, rankings
    seen = [p for p, _ in python]
    assert any(p["jump"] for p in seen) and any(p["corrected"] for p in seen) and any(p["terms"] for p in seen)
    assert any(p["exact"] for p in seen) and any(p["suggestion"] for p in seen) and any(p["mention"] for p in seen)
    assert sum(o is not None for _, o in python) > 1000
    # and what the two agree on is right where the answer is known
    planned = {q: p for (q, _), (p, _) in zip(queries, python)}
    for lg, typed, meant in READINGS:
        if lg == lang:
            assert (planned[typed]["corrected"] or planned[typed]["folded"]) == meant, typed
    expected = {"en": [("the guy next to me swore at the dealer", "situation", {"70", "71"}),
                       ("opponent is taking forever every hand", "situation", {"29"}),
                       ("Ｓｔｒｉｎｇ　Ｂｅｔ", "exact", {"string-bet"})],
                "zh-Hant": [("stirng bte", "suggestion", {"分段下注"})],
                "zh-Hans": [("最低加註", "exact", {"minimum-raise"})],
                "ru": [("стринг-бет", "exact", {"string-bet"})]}
    for q, field, wanted in expected[lang]:
        got = planned[q][field]
        assert (set(got) if isinstance(got, dict) else {got}) & wanted, (q, field, got)


def test_a_proposal_is_kept_only_if_it_finds_something(index_dir):
    """The plan's "did you mean" is raw; the API keeps it only when it finds something (the fallback
    asks Pagefind the same: tests/browser/test_search_suggest.py)."""
    eng = engine(index_dir)
    proposed = 0
    for lang, q in MISTYPED:
        if eng.search(q, lang, 10):
            continue
        kept = eng.suggestion(q, lang)
        assert kept in (None, eng.plan(q, lang, propose=True)["suggestion"]), (lang, q, kept)
        if kept is not None:
            proposed += 1
            assert eng.search(kept, lang, 1), (lang, q, kept)
    assert proposed, "an engine that never proposes anything agrees with nothing"
