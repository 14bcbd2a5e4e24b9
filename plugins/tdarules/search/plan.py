"""The query plan: everything the engine understood of one query before it reads an index.

Both backends make it with one function, (query, language) → plan: the API's
:meth:`tdarules.search.query.Engine.plan` and the fallback's ``plan`` in
``docs/assets/search/query.js``. Each then searches its own index with it (Whoosh clauses here,
Pagefind searches there) and ranks the hits with it (:func:`tdarules.search.ranking.rank`, ``rank``
in ``ranking.js``). The plan is plain JSON, the same on both sides: ``tests/search/test_plan_parity.py``
compares the two whole, on every query the project has. A field added to the plan is added to both
functions and to this type.
"""
from __future__ import annotations

from typing import TypedDict


class Jump(TypedDict):
    """The rule (and part letter) the whole query names: the answer is that rule's documents."""
    rule: str
    part: str | None


class QueryPlan(TypedDict):
    folded: str                      # NFKC, lower case, ё → е, one script per word; Simplified on zh sites
    jump: Jump | None                # the whole query is a rule number: nothing else is read
    removed: bool                    # it named an older edition's rule that was dropped: no answer
    corrected: str | None            # the folded query with its typos put right, when it had any
    content: str                     # what is searched: corrected, framing dropped, the rule text's words added
    rest: str                        # the content with the glossary terms it names cut out
    terms: list[str]                 # ids of the glossary terms the content names, longest key first
    amounts: str | None              # the betting rule a story's chip amounts point to
    mention: str | None              # the rule or part a question names among its words
    situation: dict[str, float]      # rule or part → score: situations, learned evidence, amounts, mention
    keys: list[str]                  # its keys the part model weighs, sorted: they choose a rule's part (parts.py)
    exact: str | None                # id of the glossary term the whole query is (shown first)
    suggestion: str | None           # "did you mean", when asked for: kept by a backend only if it finds something


def empty(folded: str, jump: Jump | None = None, removed: bool = False) -> QueryPlan:
    """The plan of a query that is a rule number (or an older edition's dropped rule): nothing else
    of it is read."""
    return QueryPlan(folded=folded, jump=jump, removed=removed, corrected=None, content="", rest="", terms=[],
                     amounts=None, mention=None, situation={}, keys=[], exact=None, suggestion=None)
