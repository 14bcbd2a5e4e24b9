"""Text analysis for the search index, one chain per language.

Whoosh pickles the schema together with its analyzers, so every class used here must live in an
importable module (this one), never in a script's ``__main__``.

* English: words (hyphens split: ``all-in`` → ``all``, ``in``), lower case, no stop list (``all in``
  and ``out of turn`` are made of stop words), Porter stemming.
* Chinese: the text is folded to Simplified by ``t2s`` (OpenCC's conversion of each character alone,
  so offsets still point into the original Traditional text), then segmented by jieba (search mode,
  which also emits the shorter words inside long ones). A second chain emits the 1- and 2-character n-grams of
  every run of CJK characters, for partial words jieba does not cut out.
* Russian: Whoosh's ``LanguageAnalyzer("ru")``: lower case, stop words, Snowball stemming, ё → е.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator, Mapping
from typing import Any

from whoosh.analysis import (LanguageAnalyzer, LowercaseFilter, RegexTokenizer, StemFilter,
                             Token, Tokenizer)

from ..chinese import simplified
from . import spec

# the Chinese characters' ranges, and a run and one of them: spec.yaml's, as the browser reads them
CJK, CJK_RUN, HAS_CJK = spec.CJK, spec.CJK_RUN, spec.HAS_CJK
WORD = re.compile(r"\w+", re.UNICODE)
LATIN_WORD = re.compile(r"[^\W_]+", re.UNICODE)


# The CJK blocks whose characters search folds (the browser's t2s.json covers the same ones).
CJK_BLOCKS = (range(0x3400, 0x4DC0), range(0x4E00, 0xA000), range(0xF900, 0xFB00))


# Written Cantonese (Hong Kong players type it) has its own characters for everyday words, which
# Mandarin writes otherwise and the rules and the training questions hardly hold: read as the Mandarin
# character, "佢哋攞咗啲碼" is "他们拿了些码". Only characters Mandarin text does not use in another sense
# (not 係, a Traditional form of 系; not 邊, also the side of 邊池). On the tuning questions not trained
# on (MRR@10 by rule): dev45's Cantonese stories 0.850 → 0.859, its Traditional 0.917 → 0.930, dev13 and
# dev29's Traditional 0.951 → 0.955; the Chinese batches left out in bench/learned_validation.py
# 0.939 / 0.970 → 0.942 / 0.966 (recall@3 two questions of 439 lower).
CANTONESE = {"佢": "他", "哋": "们", "嘅": "的", "咗": "了", "喺": "在", "冇": "没", "唔": "不", "啲": "些",
             "嗰": "那", "嚟": "来", "睇": "看", "攞": "拿", "揸": "拿", "畀": "给", "俾": "给", "諗": "想",
             "搵": "找", "瞓": "睡", "掟": "丢"}


@functools.cache
def t2s_table() -> dict[int, str]:
    """{code point: Simplified character} for every character of CJK_BLOCKS that OpenCC folds to
    another one alone (~4,200), and the Cantonese ones (CANTONESE): what search folds with, and what
    the fallback ships."""
    table = {code: s for block in CJK_BLOCKS for code in block
             if len(s := simplified(chr(code))) == 1 and s != chr(code)}
    return table | {ord(c): s for c, s in CANTONESE.items()}


def _longest_first(table: Mapping[str, str]) -> re.Pattern[str]:
    """Any word of ``table``: at a place the longest word wins (as in number.js fold)."""
    return re.compile("|".join(map(re.escape, sorted(table, key=lambda w: (-len(w), w)))))


# spec.yaml `cantonese_words`; in a query written in Cantonese, `cantonese_only_words` too
_IN_CANTONESE = {**spec.CANTONESE_WORDS, **spec.CANTONESE_ONLY_WORDS}
_CANTONESE_WORD, _IN_CANTONESE_WORD = _longest_first(spec.CANTONESE_WORDS), _longest_first(_IN_CANTONESE)


def written_in_cantonese(text: str) -> bool:
    """Whether ``text`` (folded, before :func:`t2s`) holds a character only Cantonese writes."""
    return spec.CANTONESE_MARKS.search(text) is not None


def cantonese_words(text: str, in_cantonese: bool = False) -> str:
    """A folded query's written Cantonese words read as the Mandarin ones (spec.yaml `cantonese_words`:
    系咪 是不是, 派牌 发牌, 一铺 一手); ``in_cantonese`` (:func:`written_in_cantonese`), the words that
    mean otherwise in Mandarin too (`cantonese_only_words`: 跟住 接着). For queries only, after
    :func:`t2s` (the documents are Mandarin)."""
    table, words = (_IN_CANTONESE, _IN_CANTONESE_WORD) if in_cantonese else (spec.CANTONESE_WORDS, _CANTONESE_WORD)
    return words.sub(lambda m: table[m.group()], text)


def t2s(text: str) -> str:
    """Traditional → Simplified for search, character by character, with the table the fallback
    ships: the browser cannot carry OpenCC's phrase tables, and a query must mean the same on both
    sides (OpenCC's phrases make 回覆 回复, its characters alone leave 回覆). Same length, so offsets
    line up with the original text. The zh-Hans pages keep OpenCC's phrases (chinese.simplified)."""
    return text.translate(t2s_table())


# Poker words jieba's general dictionary cuts apart (全下 → 全 / 下); Simplified, from the glossary.
# A constant, not read from rulebook/ at run time: index and queries must segment identically.
POKER_WORDS = """
一玩家一手牌 下注 不足的下注 两人单挑 主池 亮牌 伙牌 倒计时 候补 停圈 停牌 全下 全压 全场同步 全押 公共牌 分段下注 初始注
前注 剩余牌堆 加注 单挑 发牌员 取消参赛资格 取消资格 受损的牌堆 口头声明 口头宣告 可接受的行为 处罚 大盲 大盲位 大盲支付前注
大额计分牌 小盲 小盲位 少加注 少跟 平衡牌桌 庄家 庄家位置 底池 底池限注 底注 底牌 延迟报名 开局下注 弃牌 弃牌堆 弃牌推
德州扑克 惩罚 投注 抢分 拆桌 按钮 按钮位 换取计分牌 换计分牌 提前动作 摊开 摊开底牌 摊牌 无限注 明牌 暗牌 更换荷官 最低加注
最小下注 最小加注 有效动作 有效手牌 有效行动 有限注 未按次序行动 梭哈 死牌 河牌 河牌圈 活牌 混合赛事 烧牌 牌堆 牌堆受到损坏
猎人卡 猎兔 空按钮位 竞技扑克 筹码 筹码堆 级别 翻牌 翻牌前 翻牌圈 荷官 补齐 裁判 要求计时 计分员 计分牌 计分牌堆 计时
记分员 记分牌 赛事总监 超面额计分牌 跟注 跟注不足 转牌 转牌圈 边池 过牌 重买 重新参赛 重新开放 重近 重进 错发 错误发牌
问题扑克牌 限注 非一次性下注 面朝上的牌
""".split()


@functools.cache
def _jieba() -> Any:                  # the jieba module (untyped)
    import logging

    import jieba
    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    for word in POKER_WORDS:
        jieba.add_word(word, freq=20000)
    return jieba


# Latin and Cyrillic letters that look alike (lower case, after NFKC): a word typed with both, on a
# keyboard switched mid-word or pasted ("сосeду" with a Latin e, "rаise" with a Cyrillic а), is put
# into one script (number.js unmix), as the rule texts never mix them in a word. The pairs and the
# letter classes are spec.yaml's `lookalikes`.
TO_CYRILLIC, TO_LATIN = spec.TO_CYRILLIC, spec.TO_LATIN
LETTERS, _CYRILLIC, _LATIN = (spec.LOOKALIKE_PATTERNS[name] for name in ("word", "cyrillic", "latin"))


def unmix(text: str) -> str:
    """``text`` (lower case) with each word of Latin and Cyrillic letters in one script: the script of a
    letter in it that has no look-alike, or, if every letter has one ("нe"), the text's commoner script."""
    if not (_CYRILLIC.search(text) and _LATIN.search(text)):
        return text
    cyrillic_text = len(_CYRILLIC.findall(text)) >= len(_LATIN.findall(text))

    def one_script(m: re.Match[str]) -> str:
        word = m.group()
        if not (_CYRILLIC.search(word) and _LATIN.search(word)):
            return word
        if any(_CYRILLIC.match(c) and c not in TO_LATIN for c in word):
            cyrillic = True
        elif any(_LATIN.match(c) and c not in TO_CYRILLIC for c in word):
            cyrillic = False
        else:
            cyrillic = cyrillic_text
        table = TO_CYRILLIC if cyrillic else TO_LATIN
        return "".join(table.get(c, c) for c in word)
    return LETTERS.sub(one_script, text)


def fold(text: str) -> str:
    """What both sides of a comparison go through: NFKC (full-width → ASCII), lower case, ё → е, each
    word in one script (:func:`unmix`)."""
    return unmix(unicodedata.normalize("NFKC", text).lower().replace("ё", "е"))


def nfkc_same_length(text: str) -> str:
    """NFKC character by character where it maps one character to one (full-width Ａ１ → A1)."""
    if text.isascii():
        return text
    return "".join(n if len(n := unicodedata.normalize("NFKC", c)) == 1 else c for c in text)


class _BaseTokenizer(Tokenizer):  # type: ignore[misc]  # whoosh has no types: its base class is Any
    def __eq__(self, other: object) -> bool:
        return other is not None and self.__class__ is other.__class__

    def _emit(self, items: list[tuple[str, int, int]], positions: bool, chars: bool, keeporiginal: bool,
              removestops: bool, start_pos: int, start_char: int, mode: str, tokenize: bool = True,
              **kwargs: Any) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for pos, (text, start, end) in enumerate(items):
            token.text = text
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = text
            if positions:
                token.pos = start_pos + pos
            if chars:
                token.startchar = start_char + start
                token.endchar = start_char + end
            yield token


class ChineseTokenizer(_BaseTokenizer):
    """OpenCC t2s, then jieba search-mode segmentation; Latin words pass through, punctuation is dropped.

    Offsets refer to the text as given (Traditional or Simplified): t2s keeps the length.
    """

    def __call__(self, value: str, positions: bool = False, chars: bool = False, keeporiginal: bool = False,
                 removestops: bool = True, start_pos: int = 0, start_char: int = 0, tokenize: bool = True,
                 mode: str = "", **kwargs: Any) -> Iterator[Token]:
        folded = t2s(nfkc_same_length(value))
        if not tokenize:
            items = [(folded.lower(), 0, len(value))]
        else:
            items = []
            for word, start, end in _jieba().tokenize(folded, mode="search"):
                if WORD.search(word) is None:
                    continue
                items.append((word.lower(), start, end))
        return self._emit(items, positions, chars, keeporiginal, removestops, start_pos, start_char, mode,
                          **kwargs)


class CJKNgramTokenizer(_BaseTokenizer):
    """1- and 2-character n-grams of each CJK run (after t2s); other words whole, lower case.

    Positions count characters, so a phrase of bigrams can be matched.
    """

    def __call__(self, value: str, positions: bool = False, chars: bool = False, keeporiginal: bool = False,
                 removestops: bool = True, start_pos: int = 0, start_char: int = 0, tokenize: bool = True,
                 mode: str = "", **kwargs: Any) -> Iterator[Token]:
        folded = t2s(nfkc_same_length(value))
        items = []
        for match in re.finditer(f"[{CJK}]+|[^\\W_]+", folded):
            run, base = match.group(), match.start()
            if not HAS_CJK.match(run):
                items.append((run.lower(), base, match.end()))
                continue
            for i in range(len(run)):
                items.append((run[i], base + i, base + i + 1))
                if i + 1 < len(run):
                    items.append((run[i:i + 2], base + i, base + i + 2))
        return self._emit(items, positions, chars, keeporiginal, removestops, start_pos, start_char, mode,
                          **kwargs)


# Whoosh analyzers (untyped): callables from a text to its tokens
def english_analyzer() -> Any:
    return RegexTokenizer(r"[^\W_]+(?:['’][a-z]+)?") | LowercaseFilter() | StemFilter(lang="en")


def chinese_analyzer() -> Any:
    return ChineseTokenizer() | LowercaseFilter()


def chinese_ngram_analyzer() -> Any:
    return CJKNgramTokenizer()


def russian_analyzer() -> Any:
    return LanguageAnalyzer("ru")


def shared_between_threads(analyzer: Any) -> Any:
    """``analyzer`` with each stemmer's cache made one that threads can share.

    Whoosh caches a StemFilter's stems in a dict that drops a tenth of its entries when full, with no
    lock: a thread could lose the entry it just stored to another's clean-up. functools.lru_cache keeps
    the same bound and is safe across threads."""
    for item in getattr(analyzer, "items", [analyzer]):
        if isinstance(item, StemFilter) and item.cachesize and item.cachesize > 1:
            item._stem = functools.lru_cache(maxsize=item.cachesize)(item._stem.__wrapped__)
    return analyzer


def analyzer_for(language: str) -> Any:
    """The word analyzer for a site language (zh-Hans uses the same chain as zh-Hant)."""
    if language.startswith("zh"):
        return chinese_analyzer()
    if language == "ru":
        return russian_analyzer()
    return english_analyzer()


def tokens(analyzer: Any, text: str) -> list[str]:
    return [t.text for t in analyzer(text)]
