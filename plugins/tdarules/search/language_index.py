"""One site language's opened search index and everything the engine derives from it.

The engine (:class:`.query.Engine`) holds one per language, made when the language is first asked
for: the Whoosh index and a searcher per thread, the stored fields and what is read from them (the
documents of each rule, the glossary entries, the bodies' tokens for snippets, the lexicon of near
spellings, the cached clause scores) and the query understanding's objects (typo corrector,
situation vocabulary, learned model). Each is made once, on first use, and lives as long as this
object: nothing is kept elsewhere for an index that is gone. Made outside any lock; two threads may
both make a part the first time, and either copy serves.
"""
from __future__ import annotations

import threading
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from whoosh import index as whoosh_index

from . import deadline, situations
from .analyzers import nfkc_same_length, shared_between_threads
from .clause_scores import ClauseScores
from .lexicon import Lexicon
from .parts import PartChooser
from .ranking import StoredFields
from .typos import Corrector

if TYPE_CHECKING:
    from .index import Understanding

Token = tuple[str, int, int]          # a word of a stored body and where it is: (text, start, end)


class LanguageIndex:
    def __init__(self, directory: Path, understanding: Understanding | None):
        self.index: Any = whoosh_index.open_dir(directory)        # a Whoosh index (untyped library)
        self.understanding = understanding                          # None: the index was built without it
        self.corrector = Corrector(understanding["typos"]) if understanding else None
        self.vocabulary = situations.Vocabulary(understanding["situations"]) if understanding else None
        self.model = understanding.get("learned") if understanding else None
        self.clause_scores = ClauseScores()
        self._local = threading.local()
        self._rendering_words: dict[str, tuple[str, ...]] = {}

    def searcher(self) -> Any:
        """This thread's Whoosh searcher (they are not thread-safe)."""
        found = getattr(self._local, "searcher", None)
        if found is None:
            with deadline.suspended():
                found = self._local.searcher = self.index.searcher()
        return found

    @cached_property
    def analyzer(self) -> Any:
        """The body's word analyzer, read once: each read of Whoosh's schema unpickles it afresh
        (~0.2 ms) with an empty stem cache, and the Russian stemmer, pure Python, costs a question
        ~1 ms when its words are not in the cache."""
        return shared_between_threads(self.index.schema["body"].analyzer)

    def rendering_words(self, name: str) -> tuple[str, ...]:
        """The analyzer's words of a glossary term's rendering, analysed once: a question naming a term
        searches its renderings, and jieba took a fifth of a Chinese question's clauses re-cutting the
        same few hundred names. Only renderings come here, so the table stays the glossary's size."""
        found = self._rendering_words.get(name)
        if found is None:
            found = self._rendering_words[name] = tuple(t.text for t in self.analyzer(name))
        return found

    @cached_property
    def stored_fields(self) -> list[StoredFields]:
        """Every document's stored fields, by document number (read once: Whoosh decodes them per call)."""
        reader = self.searcher().reader()
        return [reader.stored_fields(docnum) for docnum in range(reader.doc_count_all())]

    @cached_property
    def rule_docs(self) -> dict[str, list[StoredFields]]:
        """Stored fields of every document, grouped by rule, in reading order (for number jumps)."""
        groups: dict[str, list[StoredFields]] = {}
        for fields in sorted(self.stored_fields, key=lambda f: f["order"]):
            if fields["kind"] != "glossary":
                groups.setdefault(fields["rule"], []).append(fields)
        return groups

    @cached_property
    def part_chooser(self) -> PartChooser | None:
        """The part model read for choosing the part a query is about (:class:`.parts.PartChooser`);
        None for an index built without it."""
        if not self.understanding or not self.understanding.get("parts"):
            return None
        return PartChooser(self.understanding["parts"])

    @cached_property
    def glossary_docs(self) -> dict[str, StoredFields]:
        """Stored fields of the glossary entries, by document id ("term-all-in")."""
        return {f["id"]: f for f in self.stored_fields if f["kind"] == "glossary"}

    @cached_property
    def body_tokens(self) -> dict[str, list[Token]]:
        """Every stored body's (token, start, end), for the snippets: analyzed once (jieba is the slow
        part), never in a query's time."""
        analyzer = self.analyzer
        with deadline.suspended():
            return {fields["body"]: [(t.text, t.startchar, t.endchar)
                                     for t in analyzer(nfkc_same_length(fields["body"]), chars=True)]
                    for fields in self.stored_fields}

    @cached_property
    def lexicon(self) -> Lexicon:
        """The words of the title and body fields, for the fuzzy expansions."""
        return Lexicon(self.searcher().reader(), ("body", "title"))
