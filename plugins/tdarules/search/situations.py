"""Question framing and the situation vocabulary (rulebook/situations.yaml), as search evidence.

One algorithm, two implementations kept identical: this module (the API) and
``docs/assets/search/query.js`` (the static fallback), both reading the same prepared data
(:func:`prepare`, written into the Whoosh index's meta.json and into ``pagefind/tda-query.<lang>.json``).

* ``keys(text)``: what a text is compared by. Folded (NFKC, lower case, ё → е; Chinese to Simplified
  by the caller), framing words removed ("how do I", "可以…嗎", "можно ли"), then English and
  Russian words cut down by a small suffix stemmer (the same few rules in Python and JS: not
  Porter/Snowball, which the browser lacks), Chinese runs as character bigrams.
* ``match(query keys)``: every phrase scores the share of its key weight (rarer keys weigh more,
  ``log(1 + entries / entries with the key)``) that the query has; an entry scores its best phrase;
  entries below ``THRESHOLD`` are dropped. The result is ``{rule or part id: score in (0, 1]}``.
"""
from __future__ import annotations

import math
import re
import unicodedata

from .analyzers import CJK

THRESHOLD = 0.5
WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*", re.UNICODE)
CJK_RUN = re.compile(f"[{CJK}]+")
EN_SUFFIXES = ("ing", "ed", "es", "s", "ly")
RU_ENDINGS = tuple(sorted("""
ами ями ого его ому ему ыми ими ой ей ий ый ая яя ое ее ые ие ов ев ах ях ам ям ом ем ую юю ешь ет ют ит ат ят ть
ся сь а я о е ы и у ю ь й
""".split(), key=len, reverse=True))
RU_STEM = 6
EN_STEM = 7


def fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower().replace("ё", "е")


def stem(word: str, lang: str) -> str:
    word = word.replace("’", "'").replace("-", "").replace("'", "")
    if lang == "ru" or re.search("[а-я]", word):
        for ending in RU_ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                word = word[:-len(ending)]
                break
        return word[:RU_STEM]
    for suffix in EN_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[:-len(suffix)]
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]
    return word[:EN_STEM]


def strip_framing(text: str, framing: list[str], zh: bool) -> str:
    """``text`` (folded) without its framing: whole words for en/ru, substrings (longest first) for Chinese."""
    if zh:
        for phrase in framing:              # prepared longest first
            text = text.replace(phrase, " ")
        return text
    words = set(framing)
    return " ".join(w for w in WORD.findall(text) if w.replace("’", "'") not in words)


def words(text: str, framing: list[str], zh: bool) -> list[str]:
    """The content words of a folded text: Latin/Cyrillic words and Chinese runs, framing removed."""
    text = strip_framing(text, framing, zh)
    return re.findall(f"[{CJK}]+|[^\\W_]+(?:['’-][^\\W_]+)*", text)


def keys(text: str, lang: str, framing: list[str]) -> list[str]:
    """Comparison keys of a folded text (see the module docstring)."""
    zh = lang.startswith("zh")
    out: list[str] = []
    for word in words(text, framing, zh):
        if CJK_RUN.fullmatch(word):
            out += [word] if len(word) == 1 else [word[i:i + 2] for i in range(len(word) - 1)]
        else:
            out.append(stem(word, lang))
    return list(dict.fromkeys(k for k in out if k))


def prepare(vocabulary, lang: str, to_simplified) -> dict:
    """The data both implementations use for ``lang``: framing (folded, longest first) and, per
    situation, its rule ids and each phrase's keys, plus every key's weight."""
    zh = lang.startswith("zh")
    norm = (lambda s: to_simplified(fold(s))) if zh else fold
    framing = sorted({norm(f) for f in vocabulary.framing_for(lang)}, key=lambda f: (-len(f), f))
    if not zh:
        framing = sorted({f.replace("’", "'") for f in framing})
    entries = []
    for situation in vocabulary.situations:
        phrases = [k for p in situation.phrases(lang) if (k := keys(norm(p), lang, framing))]
        if phrases:
            entries.append([list(situation.rules), phrases])
    df: dict[str, int] = {}
    for _, phrases in entries:
        for key in {k for p in phrases for k in p}:
            df[key] = df.get(key, 0) + 1
    weights = {k: round(math.log(1 + len(entries) / n), 4) for k, n in sorted(df.items())}
    return {"framing": framing, "entries": entries, "weights": weights}


def match(query_keys: list[str], data: dict) -> dict[str, float]:
    """{rule or part id: score} for the situations the query describes (best phrase per entry)."""
    have = set(query_keys)
    weights = data["weights"]
    found: dict[str, float] = {}
    if not have:
        return found
    for rules, phrases in data["entries"]:
        best = 0.0
        for phrase in phrases:
            total = sum(weights[k] for k in phrase)
            got = sum(weights[k] for k in phrase if k in have)
            if total and got / total > best:
                best = got / total
        if best >= THRESHOLD:
            for rule in rules:
                found[rule] = max(found.get(rule, 0.0), round(best, 4))
    return found
