"""The Whoosh clauses a query's words become, for the API (the fallback asks Pagefind instead).

Each word is searched in the title and the body where it tells documents apart; a word the texts do
not hold, by its near spellings; a short question also as a phrase; a Chinese run as bigrams and a
phrase of them; a glossary term the query names, by its id and its renderings. Every boost and bound is
spec.yaml's `clauses`.

Pure: the index comes in as two functions, a word's document frequency in a field and the lexicon's
near spellings, so the clauses are built and tested without one. Scoring them is clause_scores.py's."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from whoosh.query import Phrase, Term

from . import deadline
from .analyzers import CJK, HAS_CJK, fold, t2s
from .spec import (CENTRAL_BOOST, FUZZY_BOOST, FUZZY_FROM, FUZZY_TWO_FROM, MAX_EXPANSIONS, MAX_FUZZY_WORDS, MAX_WORDS,
                   NGRAM_BOOST, NGRAM_PHRASE_BOOST, NGRAM_PHRASE_GRAMS, NGRAM_SLOP, PHRASE_BOOST, PHRASE_WORDS,
                   RENDERING_BOOST, TERM_BOOST, TERM_SHARE)

if TYPE_CHECKING:
    from .index import GlossaryEntry

Frequency = Callable[[str, str], int]                  # (field, word) → documents that hold it
NearSpellings = Callable[[str, str, int], list[str]]   # (field, word, edit distance) → words of the index
Words = Callable[[str], tuple[str, ...]]               # a text → the analyzer's words of it


@dataclass
class Clauses:
    clauses: list[Term | Phrase] = field(default_factory=list)
    highlight: set[str] = field(default_factory=set)   # words a snippet marks
    grams: set[str] = field(default_factory=set)       # Chinese n-grams a snippet marks (folded to Simplified)


def words_searched(tokens: list[str], frequency: Frequency) -> list[str]:
    """A story's words, within `max_words`: the words the texts hold fill the budget first (a story opens
    with where, when and with whom, words no rule holds), words they do not hold (places, names, typos)
    only if room is left; each kept in the question's order. (Rarest first instead ranked stories a
    little higher and found fewer in the top 3.)"""
    if len(tokens) <= MAX_WORDS:
        return tokens
    unknown = {t for t in tokens if not (frequency("body", t) or frequency("title", t))}
    keep = set(sorted(tokens, key=lambda t: t in unknown)[:MAX_WORDS])
    return [t for t in tokens if t in keep]


def build_clauses(tokens: list[str], rest: str, plain: list[str], terms: Iterable[GlossaryEntry], lang: str,
                  words_of: Words, frequency: Frequency, common: float, near: NearSpellings) -> Clauses:
    """The clauses of a query: `tokens`, its words as searched (`words_searched`); `rest`, its text
    once the glossary terms it names (`terms`) are taken out, and `plain`, the analyzer's words of it
    (stop words and repeats kept, for the phrase); `words_of`, the analyzer's words of a term's
    rendering; `common`, the document count above which a word is not searched in a field."""
    zh = lang.startswith("zh")
    out = Clauses(highlight=set(tokens))
    fuzzy_left = MAX_FUZZY_WORDS
    for token in tokens:
        known = frequency("body", token) or frequency("title", token)
        out.clauses += [Term(f, token) for f in ("title", "body") if frequency(f, token) <= common]
        if not known and not HAS_CJK.search(token) and len(token) >= FUZZY_FROM and not token.isdigit() \
                and fuzzy_left > 0 and not deadline.expired():
            fuzzy_left -= 1
            distance = 2 if len(token) >= FUZZY_TWO_FROM else 1
            for f in ("body", "title"):
                for spelling in near(f, token, distance)[:MAX_EXPANSIONS]:
                    if spelling != token:
                        out.clauses.append(Term(f, spelling, boost=FUZZY_BOOST))
                        out.highlight.add(spelling)
    if PHRASE_WORDS[0] <= len(plain) <= PHRASE_WORDS[1] and not zh:
        out.clauses += [Phrase("body", plain, boost=PHRASE_BOOST), Phrase("title", plain, boost=PHRASE_BOOST)]
    if zh:
        for run in re.findall(f"[{CJK}]+", rest):
            run_grams = [run] if len(run) == 1 else [run[i:i + 2] for i in range(len(run) - 1)]
            out.grams.update(run_grams)
            out.clauses += [Term("ngram", g, boost=NGRAM_BOOST) for g in run_grams if frequency("ngram", g) <= common]
            if NGRAM_PHRASE_GRAMS[0] <= len(run_grams) <= NGRAM_PHRASE_GRAMS[1]:
                out.clauses.append(Phrase("ngram", run_grams, slop=NGRAM_SLOP, boost=NGRAM_PHRASE_BOOST))
    # A term that is the whole query decides the ranking; next to other words it only helps.
    share = 1.0 if not tokens else TERM_SHARE
    for entry in terms:
        out.clauses += [Term("terms", entry["id"], boost=TERM_BOOST * share),
                        Term("central", entry["id"], boost=CENTRAL_BOOST * share)]
        for name in entry["renderings"].get(lang, []):
            words = list(words_of(name))
            out.highlight.update(words)
            if zh:
                out.grams.add(t2s(name))
                # jieba's search mode gives a word and its pieces (计分, 分牌, 计分牌): the word alone
                # finds what their phrase finds, without the phrase's position checks (zh p99 −29%
                # over 1,500 queries, MRR@10 unchanged at 4 decimals)
                whole = t2s(fold(name))
                if len(words) > 1 and whole in words:
                    words = [whole]
            boost = RENDERING_BOOST * share
            if len(words) == 1:
                out.clauses += [Term("title", words[0], boost=boost), Term("body", words[0], boost=boost)]
            elif words:
                out.clauses += [Phrase("title", words, boost=boost), Phrase("body", words, boost=boost)]
    return out
