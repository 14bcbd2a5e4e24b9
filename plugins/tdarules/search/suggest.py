""""Did you mean", for a query that found nothing, and "is this query exactly a glossary term".

Both are pure functions of data both backends hold, so docs/assets/search/suggest.js
(``suggest``, ``exactTerm``) gives the same answers from ``pagefind/tda-query.<lang>.json``
(tests/search/test_plan_parity.py compares them as part of the query plan):

* ``glossary``: a :class:`Term` ({keys, names}: keys folded, every language, abbreviations included;
  renderings in the site's language) per term: built from the Whoosh meta.json's ``glossary``
  (``Engine._glossary_for``), or query_data's terms as shipped (static_index.ShippedTerm has both fields);
* ``typos``: :func:`.typos.prepare`'s data (``words`` for en/ru by frequency, ``terms`` for Chinese).

A suggestion is only a proposal: the caller runs it and shows it only when it finds something.
Typo correction (:mod:`.typos`) already replaced every word one edit away from the vocabulary before
the search ran, so what is left here is further away: up to two edits (Damerau: a transposition of
neighbours is one edit) for words of five letters or more, one for shorter ones.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypedDict

from rapidfuzz import process
from rapidfuzz.distance import OSA

from . import deadline, spec
from .situations import stem

if TYPE_CHECKING:
    from .typos import TypoData

class Term(TypedDict):
    """A glossary term as "did you mean" reads it; suggest.js reads the same fields of the shipped
    terms (static_index.ShippedTerm, query.js ShippedTerm)."""
    keys: Sequence[str]         # folded: every language, abbreviations, the id
    names: Sequence[str]        # renderings in the site's language


Glossary = Sequence[Term]

MAX_WORDS = spec.MAX_WORDS     # words of a query put right: as many as the search looks at
# spec.yaml's `suggest`, which suggest.js reads too
MIN_TERM, MIN_WORD, MIN_RUN = spec.SUGGEST["min_term"], spec.SUGGEST["min_word"], spec.SUGGEST["min_run"]
CJK_CHARS_PER_EDIT, LONG_WORD, MOST_EDITS = (spec.SUGGEST["cjk_chars_per_edit"], spec.SUGGEST["long_word"],
                                             spec.SUGGEST["most_edits"])
# spec.yaml's `words` patterns, as suggest.js reads them: a run or a word put right; a word of
# letters alone; a Chinese run; what separates a term's words
TOKEN, LETTERS, CJK_RUN = spec.TERM_TOKEN, spec.LETTERS, spec.CJK_RUN
SPACES, BETWEEN_CJK = spec.SPACES, spec.BETWEEN_CJK


def normalize(folded: str) -> str:
    """A folded text compared as a term: spaces, hyphens and dots between words all one space."""
    text = SPACES.sub(" ", folded.replace(".", " ")).strip(" ?？!！.。,，:：;；'\"")
    return BETWEEN_CJK.sub("", text)


def distance(a: str, b: str, limit: int) -> int:
    """Damerau–Levenshtein distance (optimal string alignment) of a and b; ``limit + 1`` once it
    is certain to exceed ``limit`` (rapidfuzz's C++, the browser's twin is suggest.js)."""
    return OSA.distance(a, b, score_cutoff=limit)


def allowed(text: str) -> int:
    """Edits a suggestion may be away: Chinese one per CJK_CHARS_PER_EDIT characters, else one below
    LONG_WORD letters; MOST_EDITS at most."""
    if CJK_RUN.fullmatch(text):
        return min(MOST_EDITS, len(text) // CJK_CHARS_PER_EDIT) or 1
    return 1 if len(text) < LONG_WORD else MOST_EDITS


def term_form(folded: str) -> str:
    """How a query and a glossary key are compared as terms: :func:`normalize`, and Latin and
    Cyrillic words cut to the shared stem (стринг-бет = стринг-беты, string bet = string bets)."""
    return " ".join(w if CJK_RUN.search(w) else stem(w, "en") for w in normalize(folded).split(" "))


def term_forms(glossary: Glossary) -> dict[str, int]:
    """{term form of a key: index of its term}, every key of every term (the first term wins)."""
    forms: dict[str, int] = {}
    for i, term in enumerate(glossary):
        for key in term["keys"]:
            forms.setdefault(term_form(key), i)
    return forms


def exact_term(folded: str, forms: dict[str, int]) -> int | None:
    """Index of the glossary term the whole query is (any language's rendering, an abbreviation or
    the id; case, width, spaces, hyphens and word endings aside), else None. ``forms``: :func:`term_forms`."""
    return forms.get(term_form(folded)) if folded.strip() else None


def nearest_term(folded: str, glossary: Glossary) -> int | None:
    """Index of the glossary term whose key is nearest the whole query, within :func:`allowed`."""
    text = normalize(folded)
    if len(text) < MIN_TERM:
        return None
    limit = allowed(text.replace(" ", ""))
    best = None
    for i, term in enumerate(glossary):
        if not term["names"]:
            continue
        for key in term["keys"]:
            d = distance(text, normalize(key), limit)
            if d <= limit and (best is None or d < best[0]):
                best = (d, i)
    return best[1] if best else None


def nearest_word(word: str, words: list[str]) -> str | None:
    """The most frequent vocabulary word nearest ``word`` (``words`` by frequency), within :func:`allowed`."""
    if len(word) < MIN_WORD or word in words:
        return None
    # rapidfuzz compares against the whole vocabulary in C++; the nearest wins, then the most frequent
    found = process.extract(word, words, scorer=OSA.distance, score_cutoff=allowed(word), limit=None)
    return min(found, key=lambda f: (f[1], f[2]))[0] if found else None


def nearest_run(run: str, terms: list[str]) -> str | None:
    """The Chinese poker term (Simplified) nearest a run of the query, within :func:`allowed`."""
    if len(run) < MIN_RUN or run in terms:
        return None
    limit = allowed(run)
    best = None
    for term in terms:
        d = distance(run, term, limit)
        if d <= limit and d < len(term) and (best is None or d < best[0]):
            best = (d, term)
    return best[1] if best else None


def suggest(folded: str, glossary: Glossary, typos: TypoData, display: Callable[[int], str]) -> str | None:
    """What to propose for a query that found nothing (``folded``: NFKC, lower case, Chinese in
    Simplified; typos already corrected), or None. ``display(i)``: term i's rendering to show.
    A query near a glossary term (in any language) becomes that term in the site's language;
    otherwise each word the vocabulary lacks becomes its nearest vocabulary word (and the result, if
    it is now near a glossary term, that term)."""
    term = nearest_term(folded, glossary)
    if term is not None:
        return display(term)
    words, terms = typos.get("words", []), typos.get("terms", [])
    changed = False
    out = []
    for n, token in enumerate(TOKEN.findall(folded)):
        fixed = None
        if n >= MAX_WORDS or deadline.expired():      # the rest as typed: what is left of the budget
            out.append(token)
            continue
        if CJK_RUN.fullmatch(token):
            fixed = nearest_run(token, terms)
        elif LETTERS.fullmatch(token) and words:
            fixed = nearest_word(token, words)
        changed |= fixed is not None
        out.append(fixed or token)
    if not changed:
        return None
    fixed = " ".join(out)
    term = nearest_term(fixed, glossary)          # the words put right may now be near a term
    return display(term) if term is not None else fixed
