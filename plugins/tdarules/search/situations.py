"""Question framing and the situation vocabulary (rulebook/situations.yaml), as search evidence.

One algorithm, two implementations kept identical: this module (the API) and
``docs/assets/search/situations.js`` (the static fallback: ``keys``, ``match``), both reading the same prepared data
(:func:`prepare`, written into the Whoosh index's meta.json and into ``pagefind/tda-query.<lang>.json``).

* ``keys(text)``: what a text is compared by. Folded (NFKC, lower case, ё → е; Chinese to Simplified
  by the caller), framing words removed ("how do I", "可以…嗎", "можно ли"), then English and
  Russian words cut down by a small suffix stemmer (the same few rules in Python and JS: not
  Porter/Snowball, which the browser lacks), Chinese runs as character bigrams.
* ``match(query keys)``: every phrase scores the share of its key weight (rarer keys weigh more,
  ``log(1 + entries / entries with the key)``) that the query has; an entry scores its best phrase;
  entries below ``THRESHOLD`` are dropped (unless none reaches it: then those above
  ``WEAK_THRESHOLD`` count, at ``WEAK`` times their score). A phrase whose matched keys weigh
  little in all (one common word such as "chip") is damped by ``min(1, matched weight / FULL_WEIGHT)``; a phrase that
  passes is then weighed by how much of the query's key weight it explains, or its situation's
  phrases explain together if that is more (``COVERAGE``). The result is
  ``{rule or part id: score in (0, 1]}``.
* English phrases also serve the zh and ru sites (players type "min raise" or "OOT" there too).
* ``words``: a player's word → the rule text's words (籌碼 → 計分牌), appended to the search words
  (:func:`with_text_words`).
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from . import spec
from .analyzers import fold as fold  # noqa: F401  (typos and the tests import it from here)

if TYPE_CHECKING:
    from ..model import SituationVocabulary

# What :func:`prepare` (and :func:`prepare_concepts`) make: JSON, written into meta.json and the
# fallback's files and read back from them, its lists mixing ids, texts and keys.
Prepared = dict[str, Any]
# first stem of a concept word → [(member stems, name stems)], longest member first
ConceptTable = dict[str, list[tuple[list[str], list[str]]]]
# the Chinese concept words (one pattern for them all) and each one's name
ZhRuns = tuple[re.Pattern[str], dict[str, str]]

# The thresholds, weights, stemmer and patterns are spec.yaml's `situations` (situations.js reads
# the same); the names stay here, where the tests and the other modules look them up.
THRESHOLD, WEAK_THRESHOLD, WEAK = spec.THRESHOLD, spec.WEAK_THRESHOLD, spec.WEAK
FULL_WEIGHT, COVERAGE = spec.FULL_WEIGHT, spec.COVERAGE
PASSED_OVER, UNIGRAM = spec.PASSED_OVER, spec.UNIGRAM
WORD, CJK_RUN = spec.WORD, spec.CJK_RUN                 # a Latin or Cyrillic word; a Chinese run
TOKEN = spec.TOKEN                                       # either (situations.words)
EN_SUFFIXES, UNDOUBLE_AFTER, RU_ENDINGS = spec.EN_SUFFIXES, spec.UNDOUBLE_AFTER, spec.RU_ENDINGS
SHORTEST_STEM, RU_STEM, EN_STEM = spec.SHORTEST_STEM, spec.RU_STEM, spec.EN_STEM
_P = spec.SITUATION_PATTERNS
DOUBLED, NEGATION, CYRILLIC = _P["doubled"], _P["negation"], _P["cyrillic"]
AMOUNT, ZH_AMOUNT = _P["amount"], _P["zh_amount"]     # an amount in digits (matched whole), in Chinese


# The same few thousand words come back query after query (~50 stems a query, a sixth of a Russian
# plan's time when each was cut again).
@lru_cache(maxsize=65536)
def stem(word: str, lang: str, cut: bool = True) -> str:
    """The word without its ending, cut to RU_STEM / EN_STEM letters (``cut=False``: not cut)."""
    word = word.replace("’", "'").replace("-", "").replace("'", "")
    # a Latin word on the ru site is English ("flashed", "misdeal"): stemmed as the English phrases
    # and concept words that serve the ru site are, or it never meets them
    if CYRILLIC.search(word) or (lang == "ru" and not word.isascii()):
        for ending in RU_ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= SHORTEST_STEM:
                word = word[:-len(ending)]
                break
        return word[:RU_STEM] if cut else word
    for suffix in EN_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= SHORTEST_STEM:
            word = word[:-len(suffix)]
            if suffix in UNDOUBLE_AFTER and DOUBLED.search(word):
                word = word[:-1]          # betting → bet, stopped → stop (as Porter does; not call, miss)
            break
    if word.endswith("e") and len(word) > SHORTEST_STEM:
        word = word[:-1]
    return word[:EN_STEM] if cut else word


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
    return TOKEN.findall(text)


def keys(text: str, lang: str, framing: list[str], en_framing: Collection[str] = (),
         concepts: Concepts | None = None, dedupe: bool = True) -> list[str]:
    """Comparison keys of a folded text (see the module docstring); ``en_framing`` drops English
    framing words typed on the zh and ru sites; ``concepts`` (:func:`prepare_concepts`) puts each
    concept word to its concept's name (before ``dedupe``, so that a word sequence can match)."""
    zh = lang.startswith("zh")
    seq: list[str | list[str]] = []     # a stem per Latin/Cyrillic word, a list of keys per Chinese run
    runs = concepts.runs if concepts else None
    if zh and concepts and concepts.amount:
        text = ZH_AMOUNT.sub(" 000 ", text)
    if runs is not None:        # before the framing goes: 說他有, 數一下 hold framing characters
        text = runs[0].sub(lambda m: runs[1][m.group()], text)
    for word in words(text, framing, zh):
        if en_framing and word.isascii() and word.replace("’", "'") in en_framing:
            continue
        if CJK_RUN.fullmatch(word):
            # bigrams for precision, single characters so that word order does not matter
            # (数一下对手的筹码 ~ 数对手筹码)
            seq.append([word[i:i + 2] for i in range(len(word) - 1)] + list(word))
        elif not zh and NEGATION.search(word) and word.replace("’", "'").isascii():
            seq.append("not")          # wasn't, didn't, can't: what they say is "not"
        elif concepts and concepts.amount and AMOUNT.fullmatch(word):
            seq.append(list(concepts.amount))     # "he bet 1000, I pushed 1400": amounts, not words
        else:
            seq.append(stem(word, lang))
    if concepts and concepts.table:
        seq = _canonical(seq, concepts.table)
    out = [k for item in seq for k in (item if isinstance(item, list) else [item]) if k]
    return list(dict.fromkeys(out)) if dedupe else out


def _canonical(seq: list[str | list[str]], table: ConceptTable) -> list[str | list[str]]:
    """``seq`` with every concept word (a run of stems, longest first) put to its concept's name."""
    out: list[str | list[str]]
    out, i = [], 0
    while i < len(seq):
        item = seq[i]
        if isinstance(item, str):
            for member, canonical in table.get(item, ()):
                if seq[i:i + len(member)] == member:
                    out += canonical
                    i += len(member)
                    break
            else:
                out.append(item)
                i += 1
        else:
            out.append(item)
            i += 1
    return out


class Concepts:
    """A language's prepared concepts (:func:`prepare_concepts`, JSON) and the tables :func:`keys` reads,
    made once with the object: ``table``, first stem → [(member stems, name stems)], longest member
    first (prepared in that order); ``runs``, the Chinese members as one pattern and their names."""

    def __init__(self, data: Prepared):
        self.data = data
        self.amount: list[str] | None = data.get("amount") or None
        self.table: ConceptTable = {}
        for member, canonical in data.get("words", []):
            self.table.setdefault(member[0], []).append((list(member), list(canonical)))
        self.runs: ZhRuns | None = None
        if data.get("zh"):
            self.runs = (re.compile("|".join(re.escape(m) for m, _ in data["zh"])), dict(data["zh"]))

    @classmethod
    def of(cls, data: Prepared | None) -> Concepts | None:
        return cls(data) if data else None


class Vocabulary:
    """A language's prepared situation vocabulary (:func:`prepare`, the JSON in meta.json) and what
    matching derives from it, made once per object: the engine holds one per language, so nothing
    outlives the index it was read from."""

    def __init__(self, data: Prepared):
        self.data = data
        self.concepts = Concepts.of(data.get("concepts"))

    @cached_property
    def phrases(self) -> PhraseIndex:
        """key → the phrases that hold it, each entry's keys, each phrase's total weight and entry.
        Phrases are numbered across entries; the postings and floors are numpy arrays, as
        :func:`match` reads them."""
        data = self.data
        postings: dict[str, list[int]] = {}
        totals: list[float] = []
        entry_of: list[int] = []
        for e, (_, phrases) in enumerate(data["entries"]):
            for phrase in phrases:
                for key in phrase:
                    postings.setdefault(key, []).append(len(totals))
                # the phrase's whole weight, summed in its key order as match() summed it per query
                totals.append(sum(data["weights"][k] for k in phrase))
                entry_of.append(e)
        entry_keys = [{k for phrase in phrases for k in phrase} for _, phrases in data["entries"]]
        floors = np.array([PASSED_OVER * total for total in totals])
        arrays = {key: np.array(numbers, dtype=np.intp) for key, numbers in postings.items()}
        return data["weights"], arrays, entry_keys, totals, entry_of, floors


def _stems(text: str, lang: str, framing: list[str]) -> list[str]:
    """The stems of a concept word, in order and repeated ("hand for hand"): what ``_canonical`` compares."""
    return keys(text, lang, framing, (), None, dedupe=False)


def prepare_concepts(vocabulary: SituationVocabulary, lang: str, norm: Callable[[str], str], framing: list[str],
                     en_framing: list[str]) -> Prepared:
    """The concepts for ``lang`` (English ones too on the zh and ru sites, as English phrases serve
    them): ``words``: [member stems, name stems], longest first; ``zh``: [member, name] (Simplified),
    longest first; ``amount``: the keys a number that can only be an amount (:data:`AMOUNT`) stands for;
    ``df`` (filled by :func:`prepare`): the phrase counts of concept names that differ from a plain count."""
    zh = lang.startswith("zh")
    words_: list[list[list[str]]]         # [member stems, name stems]
    runs: dict[str, str]
    amount: list[str]
    member: str | list[str]               # a Chinese member as folded, or another language's member's stems
    words_, runs, amount = [], {}, []
    for concept in vocabulary.concepts:
        if concept.numbers and concept.words(lang) and not amount:
            amount = keys(norm(concept.words(lang)[0]), lang, framing)
        # English words typed on the zh and ru sites ("对方all in了", "он сделал call") take the
        # site language's name where the concept has one, so that they meet that language's phrases
        own = concept.words(lang)
        own_name = keys(norm(own[0]), lang, framing) if own and lang != "en" else None
        for side in ([lang] if lang == "en" else [lang, "en"]):
            members = concept.words(side)
            if not members:
                continue
            if side.startswith("zh"):
                folded = [norm(m) for m in members]
                for member in folded:
                    if CJK_RUN.fullmatch(member):
                        runs.setdefault(member, folded[0])
                continue
            side_framing = framing if side == lang else en_framing
            stems = [_stems(fold(m), side, side_framing) for m in members]
            if not stems[0]:
                continue
            name = own_name if side != lang and own_name else stems[0]
            for member in stems:
                if member:
                    words_.append([member, name])
    unique = {tuple(m): c for m, c in reversed(words_)}      # the first concept to claim a word keeps it
    words_ = sorted(([list(m), c] for m, c in unique.items()), key=lambda mc: (-len(mc[0]), mc[0]))
    return {"words": words_, "zh": [list(mc) for mc in sorted(runs.items(), key=lambda mc: (-len(mc[0]), mc[0]))] if zh else [],
            "amount": amount, "df": {}}


def _entries(vocabulary: SituationVocabulary, lang: str, norm: Callable[[str], str], framing: list[str],
             en_framing: list[str], concepts: Concepts | None) -> list[list[Any]]:
    entries: list[list[Any]] = []     # [rule ids, each phrase's keys]
    for situation in vocabulary.situations:
        phrases = [k for p in situation.words(lang) if (k := keys(norm(p), lang, framing, (), concepts))]
        if lang != "en":
            phrases += [k for p in situation.en if (k := keys(fold(p), "en", en_framing, (), concepts))]
        if phrases:
            entries.append([list(situation.rules), phrases])
    return entries


def _document_frequency(entries: list[list[Any]]) -> dict[str, int]:
    df: dict[str, int] = {}
    for _, phrases in entries:
        for key in {k for p in phrases for k in p}:
            df[key] = df.get(key, 0) + 1
    return df


def prepare(vocabulary: SituationVocabulary, lang: str, to_simplified: Callable[[str], str]) -> Prepared:
    """The data both implementations use for ``lang``: framing (folded, longest first) and, per
    situation, its rule ids and each phrase's keys, plus every key's weight."""
    zh = lang.startswith("zh")
    norm = (lambda s: to_simplified(fold(s))) if zh else fold
    framing = sorted({norm(f) for f in vocabulary.framing_for(lang)}, key=lambda f: (-len(f), f))
    if not zh:
        framing = sorted({f.replace("’", "'") for f in framing})
    en_framing = sorted({fold(f).replace("’", "'") for f in vocabulary.framing_for("en")})
    concepts = prepare_concepts(vocabulary, lang, norm, framing, en_framing)
    entries = _entries(vocabulary, lang, norm, framing, en_framing, Concepts(concepts))
    df = _document_frequency(entries)
    # A concept's name is as rare as its most common word was before the words were joined: joining
    # synonyms says they mean one thing, not that the thing is commoner (the joined count made a
    # name like "clock" weigh less than "tank" did alone).
    raw = _document_frequency(_entries(vocabulary, lang, norm, framing, en_framing, None))
    members: dict[str, set[str]] = {}
    for member, name in concepts["words"]:
        if len(member) == 1 and len(name) == 1:
            members.setdefault(name[0], {name[0]}).add(member[0])
    for member, name in concepts["zh"]:
        if len(name) == 2:
            members.setdefault(name, {name}).update([member] if len(member) == 2 else [])
    for name, words_ in members.items():
        if name in df and (most := max(raw.get(w, 0) for w in words_)) and most < df[name]:
            df[name] = concepts["df"][name] = most
    concepts["df"] = dict(sorted(concepts["df"].items()))     # shipped: the fallback recomputes weights
    # a single Chinese character says less than a pair: it counts UNIGRAM times its rarity
    weights = {k: round(math.log(1 + len(entries) / n) * (UNIGRAM if len(k) == 1 and CJK_RUN.fullmatch(k) else 1), 4)
               for k, n in sorted(df.items())}
    words = sorted([norm(player), [norm(w) for w in text]] for player, text in vocabulary.words_for(lang).items())
    return {"framing": framing, "entries": entries, "weights": weights,
            "en_framing": en_framing if lang != "en" else [], "words": words, "concepts": concepts}


def with_text_words(content: str, data: Prepared, zh: bool) -> str:
    """``content`` (folded) followed by the rule text's words for the players' words in it."""
    present = set(WORD.findall(content))
    extra = [w for player, text in data.get("words", [])
             if (player in content if zh else player in present) for w in text if w not in content]
    return " ".join([content, *dict.fromkeys(extra)]) if extra else content


def query_content(text: str, lang: str, vocabulary: Vocabulary) -> str:
    """What is searched of a query (folded, typos corrected): its framing removed (and, in Chinese,
    English framing words), or the whole text when nothing but framing is left, followed by the rule
    text's words for the players' words in it. The twin is situations.js queryContent."""
    zh = lang.startswith("zh")
    data = vocabulary.data
    content = strip_framing(text, data["framing"], zh)
    if zh:
        content = " ".join(w for w in content.split() if w not in data["en_framing"])
    content = content if any(c.isalnum() for c in content) else text
    return with_text_words(content, data, zh)


def query_keys(q: str, lang: str, vocabulary: Vocabulary, to_simplified: Callable[[str], str]) -> list[str]:
    """Keys of a query as typed on the ``lang`` site, and spec.yaml's `quoted_key` when it quotes
    what someone said (for the learned model: no phrase holds that key)."""
    text = fold(q)
    if lang.startswith("zh"):
        text = to_simplified(text)
    found = keys(text, lang, vocabulary.data["framing"], vocabulary.data["en_framing"], vocabulary.concepts)
    if spec.LEARNED_QUOTED.search(text):
        found.append(spec.LEARNED_QUOTED_KEY)
    return found



def match(query_keys: list[str], vocabulary: Vocabulary) -> dict[str, float]:
    """{rule or part id: score} for the situations the query describes (best phrase per entry)."""
    have = set(query_keys)
    found: dict[str, float] = {}
    if not have:
        return found
    weights, postings, entry_keys, totals, entry_of, floors = vocabulary.phrases
    known = sorted(k for k in have if k in weights)     # sorted: the same sums as the JS
    asked = sum(weights[k] for k in known)
    keyed = [key for key in known if key in postings]
    if not keyed:
        return found
    # each touched phrase (a number: all phrases of all entries in a row) → the weight of the query's
    # keys it holds, added key by key in sorted order (np.bincount adds in the order it is given, as
    # the JS adds them, so the floats are the same). In numpy: a Chinese question's keys touch
    # thousands of phrases, and the loop over them in Python was a fifth of its whole time.
    lists = [postings[key] for key in keyed]
    flat = np.concatenate(lists)
    got_by_phrase = np.bincount(flat, weights=np.repeat([weights[key] for key in keyed], [len(a) for a in lists]),
                                minlength=len(totals))
    # Most touched phrases share one common key with the query: those holding under PASSED_OVER of
    # their weight cannot count and are passed over without the arithmetic. The rest in the order
    # first touched, as the JS meets them.
    touched, first = np.unique(flat, return_index=True)
    touched = touched[np.argsort(first, kind="stable")]
    passing = touched[got_by_phrase[touched] >= floors[touched]]
    best: dict[int, float] = {}
    explained: dict[int, float] = {}
    weak: dict[int, float] = {}
    for phrase in passing.tolist():
        got, total = float(got_by_phrase[phrase]), totals[phrase]
        score = got / total * min(1.0, got / FULL_WEIGHT) if total else 0.0
        if score < THRESHOLD:
            if score >= WEAK_THRESHOLD:
                entry = entry_of[phrase]
                weak[entry] = max(weak.get(entry, 0.0), score * WEAK)
            continue
        entry = entry_of[phrase]
        # how much of the query the situation explains: its phrases together, not only this one
        if entry not in explained:
            explained[entry] = sum(weights[k] for k in known if k in entry_keys[entry])
        score *= 1 - COVERAGE + COVERAGE * (max(got, explained[entry]) / asked)
        if score > best.get(entry, 0.0):
            best[entry] = score
    if not best:
        best = weak
    for entry, score in best.items():
        for rule in vocabulary.data["entries"][entry][0]:
            found[rule] = max(found.get(rule, 0.0), round4(score))
    return found


def asked(text: str) -> str | None:
    """The question a story asks: the questions ``text`` (folded) ends with, the last sentence that
    ends in "?" and those right before it that ask too ("Who is right? Do I pay the 11,000?": the
    last alone often says little), if ``text`` is long enough to be a story (spec.ASKED_MIN_CHARS) and
    they are at most ASKED_MOST_OF of it."""
    if len(text) < spec.ASKED_MIN_CHARS:
        return None
    found = [m for m in _P["asked"].finditer(text) if m.group(0).strip() != "?"]
    if not found:
        return None
    first = len(found) - 1
    while first > 0 and found[first - 1].end() == found[first].start():
        first -= 1
    questions = text[found[first].start():found[-1].end()].strip()
    return questions if len(questions) <= spec.ASKED_MOST_OF * len(text) else None


def with_asked(scores: dict[str, float], asked_scores: dict[str, float]) -> dict[str, float]:
    """The story's situation scores with its question's added at spec.ASKED_WEIGHT."""
    found = dict(scores)
    for rule, score in asked_scores.items():
        found[rule] = round4(found.get(rule, 0.0) + spec.ASKED_WEIGHT * score)
    return found


def round4(x: float) -> float:
    """Four decimals as the JS rounds them (Math.round(x * 1e4) / 1e4: half up on the scaled float;
    Python's round() is exact on the binary value, and the two differed on 0.70085)."""
    return math.floor(x * 10000 + 0.5) / 10000


# each key's weight, key → the phrases holding it (a numpy array of their numbers), each entry's keys,
# and each phrase's total weight, entry and PASSED_OVER floor (a numpy array)
PhraseIndex = tuple[dict[str, float], dict[str, Any], list[set[str]], list[float], list[int], Any]
