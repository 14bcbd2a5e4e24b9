"""Query the index built by :mod:`tdarules.search.index`.

``search(index_dir, q, lang, limit)`` → ``list[Hit]``; bad input raises :class:`QueryError` (a
``ValueError`` with a message meant for the user), never anything else.

The user's text never reaches Whoosh's query parser: queries are built from analyzed tokens, so
operators (``AND``, ``title:``, quotes, parentheses) and other engines' syntax (``* ~ ^ { } \\ < > |``)
are plain words or separators. Players write them: "~5k", "BB<10", "check -> fold", "f*** this dealer".

Searchers: Whoosh searchers are not thread-safe, so each thread gets its own (``threading.local``).
"""
from __future__ import annotations

import html
import json
import functools
import gc
import math
import re
import threading
import unicodedata
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from whoosh.analysis import STOP_WORDS

from ..model import ALL_LANGUAGES
from . import deadline, learned, parts, situations, spec, suggest
from . import plan as plan_of
from .plan import Jump, QueryPlan
from .spec import CANDIDATES, CANDIDATES_PER_HIT, COMMON_SHARE
from .amounts import amount_rule
from .analyzers import HAS_CJK, fold, nfkc_same_length, t2s
from .ranking import StoredFields, rank
from .clause_scores import top
from .clauses import build_clauses, words_searched
from .language_index import LanguageIndex, Token
from .numerals import chinese_value, spelled_numbers
from .typos import fold_query, question_text

if TYPE_CHECKING:
    from .index import GlossaryEntry, Understanding

MAX_QUERY = spec.MAX_QUERY     # characters once normalised: a story a player pastes, read within the budget
MAX_LIMIT = 50
SNIPPET_CHARS = 180
CPU_BUDGET = spec.CPU_SECONDS         # what one request may cost (spec.yaml limits.cpu_seconds)



class QueryError(ValueError):
    """Bad input; ``str(error)`` is a message for the user."""


class IndexMissing(QueryError):
    """No index was built in the directory given (the server answers 503)."""


@dataclass
class Hit:
    id: str          # "43-A", "RP-5", "example-43-1", "term-all-in"
    rule: str        # "43", "RP-5" ("" for a glossary term tied to no rule)
    title: str       # plain text (escape it before inserting into HTML)
    url: str         # "/en/rules/43/#43-A"
    snippet: str     # HTML: matches in <mark>, everything else escaped
    score: float
    kind: str = ""   # rule, procedure, part, addendum, example, glossary

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Candidates:
    """What the index found for a plan, before ranking."""
    scored: list[tuple[StoredFields, float]]     # (stored fields, score), Whoosh's order
    highlight: set[str]                          # words a snippet marks
    grams: set[str]                              # Chinese n-grams a snippet marks


# --- validation -----------------------------------------------------------------------------------

def validate(q: object, lang: object, limit: Any) -> tuple[str, str, int]:
    if not isinstance(lang, str) or lang not in ALL_LANGUAGES:
        raise QueryError(f"unknown language {str(lang)[:20]!r}; use one of {', '.join(ALL_LANGUAGES)}")
    try:
        limit = int(limit)
    except (TypeError, ValueError):
        raise QueryError("limit must be a whole number") from None
    if not 1 <= limit <= MAX_LIMIT:
        raise QueryError(f"limit must be between 1 and {MAX_LIMIT}")
    if not isinstance(q, str):
        raise QueryError("query must be text")
    if len(q) > MAX_QUERY:
        raise QueryError(f"query is too long ({len(q)} characters; at most {MAX_QUERY})")
    # The limit holds for the text the engine reads: NFKC turns one character into up to 18 (U+FDFA).
    if (normalized := len(unicodedata.normalize("NFKC", q))) > MAX_QUERY:
        raise QueryError(f"query is too long once normalised ({normalized} characters; at most {MAX_QUERY})")
    for char in q:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Co") and char not in " ":
            raise QueryError(f"query contains a control or invalid character (U+{ord(char):04X})")
    q = "".join(c for c in q if unicodedata.category(c) != "Cf").strip()
    if not q:
        raise QueryError("query is empty")
    if not any(c.isalnum() for c in q):
        raise QueryError("query has no letters or digits")
    return q, lang, limit


# --- the engine -----------------------------------------------------------------------------------

# Rule numbers: the part letters read from Cyrillic look-alikes and the patterns are spec.yaml's
# `rule_numbers` (number.js reads the same). A whole query that is a rule number (RULE_REF, RULE_AFTER,
# RP_REF, with the 2017 edition and the rulebook's name taken out first) jumps to it; a rule named
# inside a longer question (MENTION) counts as a situation score.
CYRILLIC_PART = spec.PART_LETTERS
_R = spec.RULE_PATTERNS
RULE_REF, RULE_AFTER, RP_REF = _R["rule_ref"], _R["rule_after"], _R["rp_ref"]
YEAR_OLD, STOP_OLD, EDITION_YEAR, TDA_NAME = _R["year_old"], _R["stop_old"], _R["edition_year"], _R["tda_name"]
CN_NUMBER, MENTION, SPELLED_NEEDS = _R["cn_number"], _R["mention"], _R["spelled_needs"]
MENTION_SCORE = spec.MENTION_SCORE
AMOUNT_SCORE = spec.AMOUNT_SCORE


def chinese_numerals(text: str) -> str:
    """``text`` with the Chinese numerals next to rule words as digits (第三十五条 → 第35条)."""
    def digits(m: re.Match[str]) -> str:
        found = chinese_value(m["after"] or m["before"])
        return m.group() if found is None else (m["space"] or "") + str(found)
    return CN_NUMBER.sub(digits, text)


def mentioned_rule(text: str) -> str | None:
    """The rule or part a question names inside its words ("43", "43-B", "RP-4"), from folded,
    Simplified ``text``; None when it names none."""
    m = MENTION.search(chinese_numerals(text))
    if m is None:
        return None
    if m["cn_number"]:
        number, letter = m["cn_number"], m["cn_part"]
    elif m["number_first"] or m["number_tiao"]:
        number, letter = m["number_first"] or m["number_tiao"], None
    else:
        number, letter = m["number"], m["part"]
    rule = f"RP-{int(number)}" if m["procedure"] else str(int(number))
    return f"{rule}-{_part_letter(letter)}" if letter else rule


def _part_letter(letter: str | None) -> str | None:
    if not letter:
        return None
    return CYRILLIC_PART.get(letter, letter.upper())


# A Cyrillic part letter right after the number, as typed (before folding, which may already have
# turned it Latin in a query mixing both scripts: "rule 45-в").
_TYPED_CYRILLIC_PART = _R["typed_cyrillic_part"]


def part_reading(q: str, rule_id: str, letter: str | None) -> str | None:
    """"45-В → 45-B" when the query ``q`` named the part ``letter`` of ``rule_id`` with a Cyrillic
    letter read as the Latin one on the pages; None when it typed the letter as shown (or no part).
    The number box says the same (number.js partReading), so the reader sees what opens."""
    if not letter or not _TYPED_CYRILLIC_PART.search(unicodedata.normalize("NFKC", q)):
        return None
    return f"{unicodedata.normalize('NFKC', q).strip()} → {rule_id}-{letter}"


class Engine:
    """Opened indexes of one index directory; searchers are per thread."""

    def __init__(self, index_dir: Path):
        self.index_dir = Path(index_dir)
        meta_file = self.index_dir / "meta.json"
        if not meta_file.exists():
            raise FileNotFoundError(f"no search index in {self.index_dir} (run `rulebook index`)")
        self.meta = json.loads(meta_file.read_text(encoding="utf-8"))
        # older edition's year → its rule id → the current id (None: dropped)
        self.renumbering: dict[str, dict[str, str | None]] = self.meta["renumbering"]
        self.glossary: list[GlossaryEntry] = self.meta["glossary"]
        keys = [(k, entry) for entry in self.glossary for k in entry["keys"]]
        keys.sort(key=lambda item: len(item[0]), reverse=True)
        self._glossary_keys = [(_key_anchor(k), _key_regex(k), entry) for k, entry in keys]
        self._glossary_by_id = {entry["id"]: entry for entry in self.glossary}
        self._lock = threading.Lock()
        self._languages: dict[str, LanguageIndex] = {}      # opened on first use (language_index.py)
        self._term_forms = suggest.term_forms([{"keys": entry["keys"], "names": ()} for entry in self.glossary])
        self._warmed: set[str] = set()

    def languages(self) -> list[str]:
        return list(self.meta["languages"])

    def warm(self) -> None:
        """Do now what the first query of each language would otherwise pay for (up to 50 ms of CPU
        measured, over the budget): open the index and load jieba's dictionary, read the stored
        fields, compile the query understanding (typo tables, the concept patterns, the situation
        postings: one search does it) and cut every stored body into tokens for the snippets."""
        for lang in self.languages():
            self.warm_language(lang)
        # What warm() loaded lives as long as the process. Left to the collector, each full collection
        # walked it all (jieba's dictionaries, the typo tables): a pause of ~100 ms inside some
        # query, 2-4 times per 7,760 queries. Frozen, the collector skips it.
        gc.freeze()

    def warm_language(self, lang: str) -> None:
        """:meth:`warm` for one language, once: :meth:`answer` calls it before a language's first
        query starts its deadline, so an engine opened on demand (a test, `rulebook search`) does not
        charge jieba's dictionary (~0.8 s) or the language's tables to that query."""
        if lang in self._warmed:
            return
        self._warmed.add(lang)
        language = self.language(lang)
        language.analyzer("热身 warm")
        # each made now, not in a query's time
        _ = (language.rule_docs, language.glossary_docs, language.lexicon, language.body_tokens, language.part_chooser)
        self.search("warm up 热身 разминка 1000", lang, 10)

    def language(self, lang: str) -> LanguageIndex:
        """The language's opened index and what is derived from it, opened the first time."""
        with self._lock:
            found = self._languages.get(lang)
            if found is None:
                directory = self.index_dir / lang
                if lang not in self.meta["languages"] or not directory.exists():
                    raise QueryError(f"no index for language {lang!r}")
                found = self._languages[lang] = LanguageIndex(directory, self.meta.get("understanding", {}).get(lang))
            return found

    # what ranking, jumps and the search pool read, per language
    def rule_docs(self, lang: str) -> dict[str, list[StoredFields]]:
        return self.language(lang).rule_docs

    def glossary_docs(self, lang: str) -> dict[str, StoredFields]:
        return self.language(lang).glossary_docs

    def _glossary_for(self, lang: str) -> list[suggest.Term]:
        return [{"keys": entry["keys"], "names": entry["renderings"].get(lang, [])} for entry in self.glossary]

    def exact_term(self, q: str, lang: str, corrected: str | None = "") -> GlossaryEntry | None:
        """The glossary entry the whole query is (typed in any language, typos corrected), or None.
        ``corrected``: :meth:`corrected`'s answer when the caller has it already."""
        folded = fold_query(q, lang, t2s)
        if corrected == "":
            corrected = self.corrected(q, lang)
        for text in dict.fromkeys([folded, corrected or folded]):
            found = suggest.exact_term(text, self._term_forms)
            if found is not None:
                return self.glossary[found]
        return None

    def _proposal(self, q: str, lang: str, corrected: str | None) -> str | None:
        """The raw "did you mean" of a query read as words: a glossary term in this language near it,
        or the vocabulary's nearest words; None when there is none or it is the query itself."""
        data: Understanding | dict[str, Any] = self.language(lang).understanding or {}     # {}: none in the index
        glossary = self._glossary_for(lang)
        proposal = suggest.suggest(corrected or fold_query(q, lang, t2s), glossary, data.get("typos", {}),
                                   lambda i: glossary[i]["names"][0])
        if not proposal or fold_query(proposal, lang, t2s) == fold_query(q, lang, t2s):
            return None
        return proposal

    def suggestion(self, q: str, lang: str, corrected: str | None = "") -> str | None:
        """\"Did you mean\": :meth:`_proposal` when it finds something; None when there is none, or when
        the request's CPU budget is spent. ``corrected``: :meth:`corrected`'s answer when the caller has it."""
        q, lang, _ = validate(q, lang, 1)
        if self.resolve_number(q, lang) is not None:      # a rule number is never a typo
            return None
        proposal = self._proposal(q, lang, self.corrected(q, lang) if corrected == "" else corrected)
        return proposal if proposal and self.search(proposal, lang, 1) else None

    # -- rule numbers --------------------------------------------------------------------------

    def resolve_number(self, q: str, lang: str) -> tuple[str, str | None] | None:
        """(rule id, part letter or None) when the whole query names a rule; None otherwise."""
        text = chinese_numerals(self.plain(fold_query(q, lang, t2s), lang).strip(" ?？.!"))
        if SPELLED_NEEDS.search(text):
            text = spelled_numbers(text)
        old = ""
        if any(year in text for year in self.renumbering):          # "2017 rule 46"
            named: list[str] = []

            def older_year(m: re.Match[str]) -> str:
                # YEAR_OLD matched a year: EDITION_YEAR finds it again
                year = cast(re.Match[str], EDITION_YEAR.search(m[0]))[0]
                if year not in self.renumbering:
                    return m[0]
                named.append(year)
                return " "
            stripped = YEAR_OLD.sub(older_year, text)
            stripped = STOP_OLD.sub(" ", stripped).strip(" -.:") if named else stripped
            stripped = re.sub(r"\s+", " ", stripped)
            if named and stripped != text.strip():
                old, text = named[0], stripped
        text = re.sub(r"\s+", " ", TDA_NAME.sub(" ", text)).strip(" -.:")
        rule_id: str | None                 # None: the older edition's rule was dropped
        if m := RP_REF.match(text):
            rule_id, letter = f"RP-{int(m['number'])}", _part_letter(m["part"])
        elif m := RULE_REF.match(text) or RULE_AFTER.match(text):
            rule_id, letter = str(int(m["number"])), _part_letter(m["part"])
        else:
            return None
        if old and not rule_id.startswith("RP-"):
            if rule_id not in self.renumbering[old]:
                return None
            rule_id = self.renumbering[old][rule_id]
            if rule_id is None:
                return ("", None)
            letter = None if letter is None else letter   # 2017 parts seldom survive; tried, then dropped
        groups = self.rule_docs(lang)
        if rule_id not in groups:
            return None
        if letter and not any(d["id"] == f"{rule_id}-{letter}" for d in groups[rule_id]):
            letter = None
        return rule_id, letter

    def jump(self, rule_id: str, letter: str | None, lang: str, limit: int) -> list[Hit]:
        docs = list(self.rule_docs(lang).get(rule_id, []))
        if letter:
            target = f"{rule_id}-{letter}"
            docs.sort(key=lambda d: (d["id"] != target, d["id"] != rule_id, d["order"]))
        hits = []
        for place, doc in enumerate(docs[:limit]):
            hits.append(Hit(doc["id"], doc["rule"], doc["title"], doc["url"], _snippet(doc["body"], []),
                            round(spec.JUMP_TOP - place, 3), doc["kind"]))
        return hits

    # -- text ----------------------------------------------------------------------------------

    @staticmethod
    def plain(folded: str, lang: str) -> str:
        """A query as :func:`.typos.fold_query` folds it, in Simplified on every site (Chinese rule
        numbers and amounts typed on the English or Russian site are read too)."""
        return folded if lang.startswith("zh") else t2s(folded)

    def matched_glossary(self, q: str) -> tuple[list[GlossaryEntry], str]:
        """Glossary terms named in the query (longest keys first) and the query with them cut out."""
        rest = t2s(fold(q))
        found = []
        for anchor, key_re, entry in self._glossary_keys:
            if anchor not in rest:                # most keys: no regex run (~500 keys, every query)
                continue
            m = key_re.search(rest)
            if m is None:
                continue
            rest = rest[:m.start()] + " " + rest[m.end():]
            if entry not in found:
                found.append(entry)
        return found, " ".join(rest.split())

    def corrected(self, q: str, lang: str) -> str | None:
        """The query with its typos put right (folded), or None when it has none (\"did you mean\")."""
        corrector = self.language(lang).corrector
        if corrector is None:
            return None
        fixed = question_text(q, lang, corrector)
        return fixed if fixed != fold_query(q, lang, t2s) else None

    def plan(self, q: str, lang: str, *, propose: bool = False) -> QueryPlan:
        """What the engine understands of ``q`` before reading the index (:mod:`.plan`): the rule
        number it is, or else its corrected text, content, glossary terms and situation scores.
        ``propose``: also the raw "did you mean" (:meth:`suggestion` keeps it only if it finds something)."""
        number = self.resolve_number(q, lang)
        if number is None:
            return self.text_plan(q, lang, propose=propose)
        rule_id, letter = number
        return plan_of.empty(fold_query(q, lang, t2s), Jump(rule=rule_id, part=letter) if rule_id else None,
                             removed=not rule_id)

    def text_plan(self, q: str, lang: str, *, propose: bool = False) -> QueryPlan:
        """:meth:`plan` for a query read as words, a rule number or not."""
        folded = fold_query(q, lang, t2s)
        corrected = self.corrected(q, lang)
        language = self.language(lang)
        vocabulary = language.vocabulary
        text = corrected or folded
        situation: dict[str, float] = {}
        content, by_amounts, mention, part_keys = q, None, None, []
        if vocabulary is not None:
            keys = situations.query_keys(text, lang, vocabulary, t2s)
            understood = language.understanding
            part_keys = parts.known_keys(understood.get("parts") if understood else None, keys)
            # past the deadline, the vocabulary's own matches only: the learned evidence is the costly part
            model = None if deadline.expired() else language.model
            situation = learned.situation_scores(keys, vocabulary, model)
            if (question := situations.asked(text)) is not None:       # what a story asks counts again
                asked_keys = situations.query_keys(question, lang, vocabulary, t2s)
                if len(asked_keys) >= spec.ASKED_MIN_KEYS:
                    situation = situations.with_asked(situation, learned.situation_scores(asked_keys, vocabulary, model))
            plain = self.plain(folded, lang)
            if (by_amounts := amount_rule(plain, lang)) and situation.get(by_amounts, 0.0) < AMOUNT_SCORE:
                situation[by_amounts] = AMOUNT_SCORE
            if mention := mentioned_rule(plain):      # the rule a question names is its answer
                situation[mention] = MENTION_SCORE
            content = situations.query_content(text, lang, vocabulary)
        terms, rest = self.matched_glossary(nfkc_same_length(content))
        exact = self.exact_term(q, lang, corrected)
        return QueryPlan(folded=folded, jump=None, removed=False, corrected=corrected, content=content,
                         rest=rest, terms=[t["id"] for t in terms], amounts=by_amounts, mention=mention,
                         situation=situation, keys=part_keys, exact=None if exact is None else exact["id"],
                         suggestion=self._proposal(q, lang, corrected) if propose else None)

    def text_search(self, q: str, lang: str, limit: int, plan: QueryPlan | None = None) -> list[Hit]:
        """Hits for a query read as words (:meth:`text_plan`, or ``plan`` when the caller has it),
        under one CPU deadline."""
        with deadline.budget(CPU_BUDGET) as end:
            return self._text_search(plan or self.text_plan(q, lang), lang, limit, end)

    def candidates(self, plan: QueryPlan, lang: str, limit: int, end: float = math.inf) -> Candidates | None:
        """The index's best documents for ``plan`` in Whoosh's order, before :func:`.ranking.rank`,
        with the words to mark in snippets; None when the plan has nothing to search or rank."""
        language = self.language(lang)
        searcher, analyzer = language.searcher(), language.analyzer
        reader = searcher.reader()
        rest = plan["rest"]
        plain = [t.text for t in analyzer(rest)]
        tokens = list(dict.fromkeys(plain))
        if not lang.startswith("zh") and any(t not in STOP_WORDS for t in tokens):
            tokens = [t for t in tokens if t not in STOP_WORDS]   # the index keeps them, for phrases
        clause_scores = language.clause_scores
        frequency = functools.partial(clause_scores.frequency, searcher)
        tokens = words_searched(tokens, frequency)
        terms = [self._glossary_by_id[t] for t in plan["terms"]]
        built = build_clauses(tokens, rest, plain, terms, lang, language.rendering_words, frequency,
                              COMMON_SHARE * reader.doc_count(), language.lexicon.within)
        if not built.clauses and not plan["situation"]:
            return None
        stored = language.stored_fields
        scores = clause_scores.add(searcher, built.clauses, end)
        scored = [(stored[docnum], score) for docnum, score in top(scores, max(CANDIDATES_PER_HIT * limit, CANDIDATES))]
        return Candidates(scored, built.highlight, built.grams)

    def _text_search(self, plan: QueryPlan, lang: str, limit: int, end: float) -> list[Hit]:
        found = self.candidates(plan, lang, limit, end)
        return [] if found is None else self.ranked_hits(found, plan, lang, limit)

    def ranked(self, found: Candidates, plan: QueryPlan, lang: str, limit: int) -> list[tuple[StoredFields, float]]:
        """``found`` (:meth:`candidates`) ranked by :func:`.ranking.rank`: (stored fields, score)."""
        language = self.language(lang)
        chooser = language.part_chooser
        return rank(found.scored, plan, language.rule_docs, language.glossary_docs, limit,
                    chooser.leads if chooser is not None else None)

    def ranked_hits(self, found: Candidates, plan: QueryPlan, lang: str, limit: int) -> list[Hit]:
        """:meth:`ranked`, as the hits an answer lists: each with its snippet."""
        language = self.language(lang)
        ranked = self.ranked(found, plan, lang, limit)
        hits = []
        body_tokens = language.body_tokens
        grams = found.grams if lang.startswith("zh") else set()
        for fields, score in ranked:
            # past the deadline the snippet is cut without looking for the words to mark
            spans = [] if deadline.expired() else _spans(fields["body"], body_tokens[fields["body"]], found.highlight, grams)
            hits.append(Hit(fields["id"], fields["rule"], fields["title"], fields["url"],
                            _snippet(fields["body"], spans), round(score, 3), fields["kind"]))
        return hits

    def jump_hits(self, plan: QueryPlan, lang: str, limit: int) -> list[Hit] | None:
        """The hits of a plan that is a rule number (the rule's, or none when the number was cut out
        and names no rule here); None when the plan is for text search."""
        if plan["jump"] is None and not plan["removed"]:
            return None
        jump = plan["jump"]
        return self.jump(jump["rule"], jump["part"], lang, limit) if jump else []

    def search(self, q: str, lang: str = "en", limit: int = 10) -> list[Hit]:
        return self.answer(q, lang, limit, suggest=False).hits

    def answer(self, q: str, lang: str = "en", limit: int = 10, *, suggest: bool = True) -> Answer:
        """The whole answer to one request under one CPU deadline: hits, the corrected query ("showing
        results for") and, when nothing matched, "did you mean"."""
        with deadline.budget(CPU_BUDGET):
            q, lang, limit = validate(q, lang, limit)
            if lang not in self.meta["languages"]:
                raise QueryError(f"no index for language {lang!r}")
            with deadline.suspended():
                self.warm_language(lang)
            plan = self.plan(q, lang)
            jumped = self.jump_hits(plan, lang, limit)
            if jumped is not None:
                return Answer(jumped, None, None)
            hits = self.text_search(q, lang, limit, plan)
            fixed = plan["corrected"]
            proposal = self.suggestion(q, lang, fixed) if suggest and not hits and not deadline.expired() else None
            return Answer(hits, fixed, proposal)


@dataclass
class Answer:
    hits: list[Hit]
    corrected: str | None       # the query with its typos put right, when it had any
    suggestion: str | None      # a query near this one that finds something, when nothing matched


def _key_anchor(key: str) -> str:
    """Text every match of the key's regex contains as it is: the key itself in Chinese, else its
    longest word (the regex lets spaces and hyphens between words vary)."""
    return key if HAS_CJK.search(key) else max(re.split(r"[\s\-]+", key), key=len)


def _key_regex(key: str) -> re.Pattern[str]:
    if HAS_CJK.search(key):
        return re.compile(re.escape(key))
    pattern = re.escape(key).replace(r"\ ", r"[\s\-]*").replace(r"\-", r"[\s\-]*")
    return re.compile(r"(?<!\w)" + pattern + r"(?!\w)")


@functools.lru_cache(maxsize=4096)
def _folded(body: str) -> str:
    """A document's text as Chinese n-grams are found in it (the same few hundred texts, query after
    query: folding them one character at a time was ~4% of a Chinese query's time)."""
    return t2s(nfkc_same_length(body))


def _spans(body: str, tokens: list[Token], words: set[str], grams: set[str]) -> list[tuple[int, int]]:
    """Where a snippet marks the query's words (``tokens``: the body's, as :meth:`Engine.body_tokens`
    keeps them) and its Chinese n-grams."""
    spans = []
    if words:
        for text, start, end in tokens:
            if text in words:
                spans.append((start, end))
    if grams:
        folded = _folded(body)
        for gram in grams:
            if len(gram) < 2:
                continue
            start = folded.find(gram)
            while start != -1:
                spans.append((start, start + len(gram)))
                start = folded.find(gram, start + 1)
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _snippet(body: str, spans: list[tuple[int, int]]) -> str:
    """About SNIPPET_CHARS of ``body`` around the densest group of matches; HTML-escaped, matches in <mark>."""
    if not body:
        return ""
    start = 0
    if spans:
        best, best_count = spans[0][0], 0
        for s, _ in spans:
            count = sum(1 for a, b in spans if s <= a and b <= s + SNIPPET_CHARS - 30)
            if count > best_count:
                best, best_count = s, count
        start = max(0, best - 30)
        if start:
            space = body.rfind(" ", max(0, start - 15), start)
            start = space + 1 if space != -1 else start
            # never cut a mark in two
            for a, b in spans:
                if a < start < b:
                    start = a
    end = min(len(body), start + SNIPPET_CHARS)
    if end < len(body):
        space = body.rfind(" ", end - 20, end)
        end = space if space > start else end
        for a, b in spans:
            if a < end < b:
                end = b
    out, cursor = [], start
    for a, b in spans:
        if b <= start or a >= end:
            continue
        out.append(html.escape(body[cursor:a]))
        out.append("<mark>" + html.escape(body[a:b]) + "</mark>")
        cursor = b
    out.append(html.escape(body[cursor:end]))
    text = "".join(out).replace("\n", " ")
    return ("…" if start > 0 else "") + text + ("…" if end < len(body) else "")


_engines: dict[tuple[str, int], Engine] = {}
_engines_lock = threading.Lock()


def engine(index_dir: Path | str) -> Engine:
    """The Engine for ``index_dir``, reopened when the index was rebuilt (meta.json changed)."""
    index_dir = Path(index_dir)
    try:
        stamp = (index_dir / "meta.json").stat().st_mtime_ns
    except FileNotFoundError:
        raise IndexMissing(f"no search index in {index_dir} (run `rulebook index`)") from None
    key = (str(index_dir.resolve()), stamp)
    with _engines_lock:
        found = _engines.get(key)
        if found is None:
            for old in [k for k in _engines if k[0] == key[0]]:
                del _engines[old]
            found = _engines[key] = Engine(index_dir)
        return found


def search(index_dir: Path | str, q: str, lang: str = "en", limit: int = 10) -> list[Hit]:
    """Top ``limit`` hits for ``q`` on the ``lang`` site; QueryError for bad input."""
    validate(q, lang, limit)
    return engine(index_dir).search(q, lang, limit)
