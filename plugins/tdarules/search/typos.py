"""Typo correction shared by the API and the static fallback (docs/assets/search/typos.js: ``correctorFor``).

Both sides read the same data (:func:`prepare`, in the index's meta.json and in
``pagefind/tda-query.<lang>.json``):

* English and Russian: ``words`` is the site's vocabulary (folded words of the rule texts, the
  glossary and the situation phrases, 4 letters or more) by frequency. A query word of 4+ letters
  the vocabulary lacks is replaced by the most frequent vocabulary word at Damerau–Levenshtein
  distance 1 (one insertion, deletion, substitution or transposition of neighbours: "misdael" →
  "misdeal", "стрнг" → "стринг"); never a word people use every day (``everyday``,
  :func:`everyday_words`: "dinner" is no "winner"). Found through deletions (SymSpell): a word and a candidate at
  distance 1 share a one-deletion form. A Russian word with no such neighbour that is two
  vocabulary words run together is split ("точныйстек" → "точный стек").
* Chinese: ``terms`` are poker words (glossary renderings and the segmenter's poker words, rule
  titles and the situation phrases' runs, in Simplified); a piece of the query that differs from a
  term by one character *of the same sound* (``sounds``: groups of characters sharing a toneless
  syllable, :func:`sound_groups`) is taken for that term, anywhere in a run: the slip a pinyin
  keyboard makes ("最底加注" → "最低加注", "邊持" → "边池", "中途重构" → "中途重购"). Unless that
  piece occurs in the rules themselves (``real``: such pieces found in the corpus), or is an everyday
  word or cuts through one (``guards``, :func:`guard_words`: 对手是 is no 手势, 同一桌 no 移桌). A slip of any
  character was tried first: in a sentence it read the junction of two words as a slip (看他的牌 →
  看输的牌, 我不在 → 人不在, in 30 tuning queries); of its rewrites only one had helped, by chance
  (拉线下注 → 拉锯下注).
* Keyboard layout: on the Russian site, Latin letters typed with the Russian layout switched off
  ("cnhbyu ,tn" → "стринг бет"), and on the English site the reverse ("ьшт кфшыу" → "min raise"),
  are read through the other layout when that turns a word nobody knows into one the site knows
  (:meth:`Corrector.layout`).
* Transliteration: on the Russian site, Russian typed in Latin letters ("skolko vremeni na
  reshenie") is read in Cyrillic through the vocabulary (:mod:`.transliteration`).
* Pinyin: on the zh sites, a poker term or a word of the rules typed in toneless pinyin, in one word
  or a word a syllable ("他quanxia了", "bian chi", "wanjia fapai"), is read as that word (``pinyin``:
  :func:`pinyin_words`; :meth:`Corrector.read_pinyin`).
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING, Protocol, TypedDict

from rapidfuzz.distance import OSA

from . import deadline, spec
from .analyzers import POKER_WORDS, cantonese_words, t2s, written_in_cantonese
from .situations import CYRILLIC, fold, stem
from .transliteration import Transliterator

if TYPE_CHECKING:
    from ..model import SituationVocabulary


class Text(Protocol):
    """What the known words are read from: an index document (index.Doc), which imports this module."""
    title: str
    body: str


# a word of Latin or Cyrillic letters, and the length from which one is corrected: spec.yaml's
# `words.letters` and `typos.min_word`, as the fallback's Corrector reads them
MIN_WORD = spec.MIN_WORD
LATIN_OR_CYRILLIC = spec.LETTERS
CJK_RUN = spec.CJK_RUN
# site language → (what was typed by mistake, how it reads on the site's keyboard): spec.yaml's
# `keyboards`, which the fallback's Corrector reads too
LAYOUTS = spec.KEYBOARDS


class TypoData(TypedDict, total=False):
    """:func:`prepare`'s data for one site: ``words`` on the en and ru sites, ``terms``, ``real`` and
    ``sounds`` on the zh ones."""
    words: list[str]            # the vocabulary, commonest first
    everyday: list[str]         # the language's common words a letter off the vocabulary: no typos
    layout: str                 # the site language, whose keyboard-layout slips are read (LAYOUTS)
    transliteration: bool       # Latin words read in Cyrillic (:mod:`.transliteration`)
    terms: list[str]            # Chinese poker words (Simplified), longest first
    real: list[str]             # pieces of the rules one character off a term: never corrected
    sounds: list[str]           # characters of one toneless syllable (:func:`sound_groups`)
    pinyin: dict[str, str]      # a word's toneless pinyin → the word (:func:`pinyin_words`)
    guards: list[str]           # common words a slip never cuts through nor is (:func:`guard_words`)


def prepare(lang: str, texts: list[str], terms: list[str], english: Collection[str] = ()) -> TypoData:
    """``texts``: everything searchable on the site (folded; Chinese already Simplified);
    ``terms``: Chinese poker words (Simplified) for the zh sites; ``english``: the English site's
    words, never read as pinyin there ("like" is also li ke, "name" na me)."""
    if lang.startswith("zh"):
        corpus = "\n".join(texts)
        terms = sorted({t for t in list(terms) + POKER_WORDS if len(t) >= 2 and CJK_RUN.fullmatch(t)},
                       key=lambda t: (-len(t), t))
        real = _one_off(terms, CJK_RUN.findall(corpus))
        # only the runs a correction could reach: a same-sound slip no whole shorter term covers
        sounds = sound_groups(terms, traditional=lang == "zh-Hant")
        probe = Corrector({"terms": terms, "sounds": sounds})
        real = {r for r in real if r not in probe.known and probe.same_sound(r)}
        return {"terms": terms, "real": sorted(real), "sounds": sounds, "pinyin": pinyin_words(terms, corpus, english),
                "guards": guard_words(probe.known)}
    counts = Counter(w for text in texts for w in LATIN_OR_CYRILLIC.findall(text) if len(w) >= MIN_WORD)
    out: TypoData = {"words": [w for w, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]}
    if lang in LAYOUTS:
        out["layout"] = lang
    if lang == "ru":
        out["transliteration"] = True       # read through spec.yaml's `transliteration`, on both sides
    out["everyday"] = everyday_words(lang, Corrector(out))
    return out


def everyday_words(lang: str, corrector: Corrector) -> list[str]:
    """The words of ``lang`` people use at least as often as spec.yaml's `everyday_zipf` (wordfreq's
    lists: subtitles, the web, books) that ``corrector`` would take for a typo of a site word: only those
    need shipping. In the language's own script; the letters of a word with an apostrophe too ("hadn't"
    is read as "hadn" and "t", and "hadn" is no typo of "hand")."""
    from wordfreq import get_frequency_dict     # build time only: the words ship in the data

    least = 10 ** (spec.EVERYDAY_ZIPF - 9)
    cyrillic = lang == "ru"
    words = {token for word, share in get_frequency_dict(lang).items() if share >= least
             for token in LATIN_OR_CYRILLIC.findall(fold(word))
             if len(token) >= MIN_WORD and bool(CYRILLIC.search(token)) == cyrillic}
    return sorted(w for w in words if corrector.word(w) is not None)


def _one_off(terms: list[str], runs: list[str]) -> set[str]:
    """The windows of the Chinese ``runs`` one character off a term (same length, one place differs).
    Each term and each distinct window is keyed once per place with that place blanked, and the keys
    met (one regular-expression scan of the whole text per term took ~10 s a language)."""
    blanked: dict[str, set[str]] = defaultdict(set)
    for term in terms:
        for i in range(len(term)):
            blanked[term[:i] + "\0" + term[i + 1:]].add(term)
    found: set[str] = set()
    for length in {len(t) for t in terms}:
        windows = {run[p:p + length] for run in runs for p in range(len(run) - length + 1)}
        for window in windows:
            for i in range(length):
                if any(term != window for term in blanked.get(window[:i] + "\0" + window[i + 1:], ())):
                    found.add(window)
                    break
    return found


def common_characters() -> list[str]:
    """GB 2312's first level: the 3,755 most used Simplified characters, the ones a pinyin keyboard
    offers first (a slip is one of them far more often than a rare character)."""
    return [bytes([hi, lo]).decode("gb2312") for hi in range(0xB0, 0xD8) for lo in range(0xA1, 0xFF)
            if not (hi == 0xD7 and lo > 0xF9)]


def common_traditional() -> list[str]:
    """Big5's first level: the 5,401 common Traditional characters."""
    out: list[str] = []
    for hi in range(0xA4, 0xC7):
        for lo in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
            if (hi, lo) > (0xC6, 0x7E):
                break
            try:
                out.append(bytes([hi, lo]).decode("big5"))
            except UnicodeDecodeError:
                pass
    return out


def sound_groups(terms: list[str], traditional: bool = False) -> list[str]:
    """Characters sharing a toneless syllable, one string per syllable of the terms' characters.

    A term's characters are read in the term (重购: chong gou, not zhong); the common characters by
    their usual reading, the one a player typing that syllable is offered. Only syllables a term
    holds are kept: the others could never make a slip of a term. ``traditional``: with the common
    Traditional characters too, each in the groups of its Simplified form, for the fallback, whose
    Traditional → Simplified map holds only the site's own characters (紐 in 按紐 is in none)."""
    from pypinyin import lazy_pinyin       # build time only: the groups ship in the data

    groups: dict[str, set[str]] = defaultdict(set)
    for term in terms:
        syllables = lazy_pinyin(term)
        if len(syllables) == len(term):    # else a character without a reading merged with its neighbour
            for char, syllable in zip(term, syllables):
                if syllable.isascii() and syllable.isalpha():
                    groups[syllable].add(char)
    for char in common_characters():
        syllable = lazy_pinyin(char)[0]
        if syllable in groups:
            groups[syllable].add(char)
    if traditional:
        syllables_of: dict[str, list[str]] = defaultdict(list)
        for syllable, chars in groups.items():
            for char in chars:
                syllables_of[char].append(syllable)
        for char in common_traditional():
            if (s := t2s(char)) != char:
                for syllable in syllables_of.get(s, ()):
                    groups[syllable].add(char)
    return ["".join(sorted(chars)) for _, chars in sorted(groups.items()) if len(chars) > 1]


def pinyin_words(terms: list[str], corpus: str, english: Collection[str] = ()) -> dict[str, str]:
    """The words a player may type in toneless pinyin, by that pinyin (syllables joined, ü written u:
    "quanxia" → 全下, "lu" for 绿): the poker terms and the words the site's texts use twice or more
    (jieba's, 玩家, 发牌, 盲注), of two to spec.yaml's `pinyin_longest` characters. Of words of one
    pinyin, the one the texts use most (伙牌 / 活牌 → 活牌 if the rules say it more); no pinyin that is
    a word of ``english``."""
    import jieba                            # build time only: the words ship in the data
    from pypinyin import lazy_pinyin

    uses = Counter(w for run in CJK_RUN.findall(corpus) for w in jieba.lcut(run))
    candidates = {t for t in terms if len(t) <= spec.PINYIN_LONGEST}
    candidates |= {w for w, n in uses.items() if n >= 2 and 2 <= len(w) <= spec.PINYIN_LONGEST and CJK_RUN.fullmatch(w)}
    best: dict[str, tuple[int, str]] = {}  # pinyin → (−uses, the word)
    for word in sorted(candidates):
        syllables = lazy_pinyin(word)
        if len(syllables) != len(word) or not all(s.isascii() and s.isalpha() for s in syllables):
            continue
        key = "".join(syllables).replace("v", "u")
        rank = (-corpus.count(word), word)
        if key not in best or rank < best[key]:
            best[key] = rank
    return {key: word for key, (_, word) in sorted(best.items()) if key not in english}


def guard_words(terms: Collection[str]) -> list[str]:
    """The everyday words of Chinese a same-sound slip never cuts through nor is (spec.yaml
    `guard_frequency`, `guard_longest`): jieba's dictionary words of two characters or more used more
    often than that, the terms aside (a term is read whole already)."""
    import jieba                            # build time only: the words ship in the data

    jieba.initialize()
    return sorted(w for w, uses in jieba.dt.FREQ.items()
                  if uses > spec.GUARD_FREQUENCY and 2 <= len(w) <= spec.GUARD_LONGEST and CJK_RUN.fullmatch(w)
                  and w not in terms)


def damerau1(a: str, b: str) -> bool:
    """True when a and b are at Damerau–Levenshtein (optimal string alignment) distance exactly 1."""
    return OSA.distance(a, b, score_cutoff=1) == 1


class Corrector:
    """Built once per language from :func:`prepare`'s data."""

    def __init__(self, data: TypoData):
        self.rank = {w: i for i, w in enumerate(data.get("words", []))}
        self.everyday = set(data.get("everyday", []))
        self.deletes: dict[str, list[str]] = {}
        for word in self.rank:
            for form in {word[:i] + word[i + 1:] for i in range(len(word))} | {word}:
                self.deletes.setdefault(form, []).append(word)
        # a word that is a known one but for its ending is another form of it, not a typo (туалета
        # is туалет's, лежит is not лежат); the stems are compared whole, not cut as for matching,
        # or "substantail" would be a form of "substantial"
        self.stems = {stem(w, "en", cut=False) for w in self.rank}
        self.terms = data.get("terms", [])
        self.real = set(data.get("real", []))
        self.by_mask: dict[str, list[str]] = {}      # "加?" → the terms it could be, longest first
        for term in self.terms:
            for i in range(len(term)):
                self.by_mask.setdefault(term[:i] + "?" + term[i + 1:], []).append(term)
        self.sound: dict[str, set[int]] = {}
        for g, chars in enumerate(data.get("sounds", [])):
            for char in chars:
                self.sound.setdefault(char, set()).add(g)
        self.lengths = sorted({len(t) for t in self.terms}, reverse=True)
        self.known = set(self.terms)
        # A slip differs from its term in one place, so it keeps the term's first two characters or its
        # last two (a two-character term: its first or its last; three: also the first and last
        # together, the middle one slipped). A piece that keeps none is no slip, before any of its masks
        # is looked up: ~100 pieces a Chinese question, and one in five passes where a single end
        # character let half through.
        self.near: set[tuple[int, int, str]] = set()
        for t in self.terms:
            n = len(t)
            if n == 2:
                self.near |= {(2, 0, t[0]), (2, 1, t[1])}
            else:
                self.near |= {(n, 0, t[:2]), (n, 1, t[-2:])} | ({(3, 2, t[0] + t[2])} if n == 3 else set())
        self.pinyin: dict[str, str] = dict(data.get("pinyin", {}))
        self.guards = set(data.get("guards", []))
        self.guard_lengths = sorted({len(w) for w in self.guards})
        self.keyboard = LAYOUTS.get(data.get("layout", ""))
        self.transliteration = Transliterator(spec.TRANSLITERATION, self) if data.get("transliteration") else None

    def word(self, word: str) -> str | None:
        """The vocabulary word meant by an unknown ``word`` (folded), or None."""
        if len(word) < MIN_WORD or not word.isalpha() or self.is_known(word) or word in self.everyday:
            return None
        candidates: set[str] = set()
        for form in {word[:i] + word[i + 1:] for i in range(len(word))} | {word}:
            candidates.update(self.deletes.get(form, ()))
        best = [c for c in candidates if damerau1(word, c)]
        if best:
            return min(best, key=lambda c: (self.rank[c], c))
        return self.split(word)

    def is_known(self, word: str) -> bool:
        return word in self.rank or stem(word, "en", cut=False) in self.stems

    def layout(self, text: str) -> str:
        """``text`` with the words typed in the other keyboard layout read in the site's. Only when at
        least one such word of 4+ letters becomes a known word and none was one as typed; then the
        short ones beside it ("бет", "сб") come along, as they were typed the same way."""
        if self.keyboard is None:
            return text
        pattern, table = self.keyboard
        changes, anchored = [], False
        for m in pattern.finditer(text):
            typed = [w for w in LATIN_OR_CYRILLIC.findall(m.group()) if len(w) >= MIN_WORD]
            if any(self.is_known(w) for w in typed):
                continue
            read = m.group().translate(table)
            long = [w for w in LATIN_OR_CYRILLIC.findall(read) if len(w) >= MIN_WORD]
            if long and not all(self.is_known(w) for w in long):
                continue
            anchored = anchored or bool(long)
            changes.append((m.start(), m.end(), read))
        if not anchored:
            return text
        for start, end, read in reversed(changes):
            text = text[:start] + read + text[end:]
        return text

    def read_pinyin(self, text: str) -> str:
        """``text`` with each run of Latin words (whitespace between them) that is, joined, a word's
        pinyin (:func:`pinyin_words`) read as that word, the longest run first, left to right
        ("bian chi zenme fen" → "边池 zenme fen" when the rules hold no 怎么)."""
        words = list(spec.PINYIN_WORD.finditer(text))
        changes: list[tuple[int, int, str]] = []
        i = 0
        while i < len(words):
            for j in range(min(len(words), i + spec.PINYIN_LONGEST), i, -1):
                if any(not text[words[k].end():words[k + 1].start()].isspace() for k in range(i, j - 1)):
                    continue
                term = self.pinyin.get("".join(w.group() for w in words[i:j]).replace("v", "u"))
                if term:
                    changes.append((words[i].start(), words[j - 1].end(), term))
                    i = j
                    break
            else:
                i += 1
        for start, end, term in reversed(changes):
            text = text[:start] + term + text[end:]
        return text

    def split(self, word: str) -> str | None:
        """Two Russian vocabulary words typed without the space between them ("точныйстек"), the
        commoner pair first; None if ``word`` is no such pair. Russian only: English writes words
        together that are words of their own (something, facetime, bathroom), and splitting them cost
        more than the slang it caught (sidepots, checkraise)."""
        if not CYRILLIC.search(word):
            return None
        pairs = [(max(self.rank[word[:i]], self.rank[word[i:]]), i) for i in range(MIN_WORD, len(word) - MIN_WORD + 1)
                 if word[:i] in self.rank and word[i:] in self.rank]
        if not pairs:
            return None
        i = min(pairs)[1]
        return f"{word[:i]} {word[i:]}"

    def chinese(self, run: str) -> str:
        """``run`` (Simplified) with each same-sound slip of a poker term put right."""
        if not self.terms:
            return run
        out, i = run, 0
        while i < len(out):
            for n in self.lengths:
                piece = out[i:i + n]
                if piece in self.known:            # a whole term is read as it is, never inside
                    i += n - 1
                    break
                if len(piece) < n or piece in self.real:
                    continue
                term = self.same_sound(piece)
                if term and not self.cuts_word(out, i, n):
                    out = out[:i] + term + out[i + n:]
                    i += n - 1
                    break
            i += 1
        return out

    def cuts_word(self, text: str, i: int, n: int) -> bool:
        """Whether the piece ``text[i:i + n]`` is a common word (``guards``) or cuts through one: a
        word that begins before the piece and ends in it, or begins in it and ends after it. Such a
        piece is a junction of words, not a slip ("对手是顺子": 手是 is no 手势)."""
        if text[i:i + n] in self.guards:
            return True
        for m in self.guard_lengths:
            for a in range(max(0, i - m + 1), i + n):
                if (a < i or a + m > i + n) and text[a:a + m] in self.guards:
                    return True
        return False

    def same_sound(self, piece: str) -> str | None:
        """The term ``piece`` is with one character put for another of the same sound, or None."""
        n = len(piece)
        if n > 1 and not self.could_slip(piece):
            return None
        for k in range(n):
            sound = self.sound.get(piece[k])
            if not sound:
                continue
            for term in self.by_mask.get(piece[:k] + "?" + piece[k + 1:], ()):
                if sound & self.sound.get(term[k], set()):
                    # (checked last: the costly part, and rarely reached)
                    if not self.covered(piece, k):
                        return term
                    break
        return None

    def could_slip(self, piece: str) -> bool:
        """Whether ``piece`` (two characters or more) keeps what a slip of a term of its length keeps
        (``near``): False means no term is one character off it."""
        n, near = len(piece), self.near
        if n == 2:
            return (2, 0, piece[0]) in near or (2, 1, piece[1]) in near
        return ((n, 0, piece[:2]) in near or (n, 1, piece[-2:]) in near
                or (n == 3 and (3, 2, piece[0] + piece[2]) in near))

    def covered(self, piece: str, k: int) -> bool:
        """Whether a whole term shorter than ``piece`` covers its character ``k``."""
        n = len(piece)
        return any(piece[a:a + m] in self.known for m in self.lengths if m < n
                   for a in range(max(0, k - m + 1), min(k, n - m) + 1))

    def correct(self, text: str) -> str:
        """``text`` (folded; Chinese in Simplified) with its typos corrected; unchanged if none."""
        # Past the request's deadline the rest of the text stays as typed (deadline.py).
        def fix_word(m: re.Match[str]) -> str:
            return m.group() if deadline.expired() else self.word(m.group()) or m.group()

        def fix_run(m: re.Match[str]) -> str:
            return m.group() if deadline.expired() else self.chinese(m.group())
        if not deadline.expired():
            text = self.layout(text)
        if self.transliteration is not None and not deadline.expired():
            text = self.transliteration.read(text)
        if self.pinyin and not deadline.expired():
            text = self.read_pinyin(text)
        text = LATIN_OR_CYRILLIC.sub(fix_word, text) if self.rank else text
        if self.terms:
            text = CJK_RUN.sub(fix_run, text)
        return text


def texts_for(docs: Iterable[Text], vocabulary: SituationVocabulary, lang: str,
              to_simplified: Callable[[str], str]) -> list[str]:
    """The texts whose words count as known on the ``lang`` site (folded)."""
    zh = lang.startswith("zh")
    out = [fold(f"{d.title}\n{d.body}") for d in docs]
    for situation in vocabulary.situations:
        out += [fold(p) for p in situation.words(lang)] + [fold(p) for p in situation.en]
    out.append(" ".join(fold(f) for f in vocabulary.framing_for(lang)))     # never "corrected" either
    # nor the players' words of the concepts and of `words:` (they were put right into other words:
    # yell → cell, stall → small, tank → bank, 大吼 → 大盲)
    for concept in vocabulary.concepts:
        out += [fold(m) for m in concept.words(lang)] + ([fold(m) for m in concept.en] if lang != "en" else [])
    out.append(" ".join(fold(w) for w in vocabulary.words_for(lang)))
    if zh:
        out = [to_simplified(t) for t in out]
    return out


def fold_query(q: str, lang: str, to_simplified: Callable[[str], str]) -> str:
    """A query as the engine reads it: folded; on a Chinese site in Simplified, its written Cantonese
    words read as Mandarin (number.js fold with a t2s map)."""
    text = fold(q)
    return cantonese_words(to_simplified(text), written_in_cantonese(text)) if lang.startswith("zh") else text


def question_text(q: str, lang: str, corrector: Corrector) -> str:
    """``q`` as the engine reads it before anything else: folded, Simplified on the zh sites, typos
    corrected. The learned evidence is trained on the keys of this text and queried with them: one
    function, so the training cannot drift from the engine."""
    return corrector.correct(fold_query(q, lang, t2s))
