"""The final order of hits: by rule, with evidence from parts, examples and the situation vocabulary.

Whoosh scores documents (rule, part, example, glossary entry); a reader asks which *rule* answers.
Documents are grouped by rule; a group scores its best document (scores divided by the top one)
plus a share of its next two (an addendum example that matches is evidence for its rule) plus
``SITUATION_WEIGHT`` × the situation score of the rule (:mod:`.situations`). The list then has the
best document of each group in group order — a part hit lands on its part's anchor; a rule with
parts is led by the part the query is about (:mod:`.parts`) — and each
glossary entry right after the best document of the rule that defines it (a definition helps, but
the rule answers); the remaining documents follow, so ``limit`` still bounds the list. Groups of
equal score keep rule order.

:func:`rank` is the whole final step, given the query's plan (:mod:`.plan`): that order, then the
glossary entry the whole query is, first. ``docs/assets/search/ranking.js`` (``rank``) orders
Pagefind's results by the same rules; tests give both the same hits and compare the orders
(tests/search/test_ranking_parity.py on made-up hits with many ties, test_plan_parity.py on the
API's own candidates for every query).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from . import spec
from .plan import QueryPlan

# spec.yaml's `ranking`, which ranking.js reads too
SITUATION_WEIGHT, SECOND, THIRD, TRAILING = spec.SITUATION_WEIGHT, spec.SECOND, spec.THIRD, spec.TRAILING


class StoredFields(TypedDict):
    """A document's stored fields, as Whoosh gives them back (the schema of :func:`.index.schema_for`)."""
    id: str
    rule: str
    kind: str
    order: int
    url: str
    title: str
    body: str


def rule_of_target(target: str) -> str:
    """'13-C' → '13', 'RP-10-H' → 'RP-10', '43' → '43'."""
    if target[-1].isalpha() and "-" in target:
        return target.rsplit("-", 1)[0]
    return target


def rerank(scored: list[tuple[StoredFields, float]], situation: dict[str, float],
           rule_docs: dict[str, list[StoredFields]], limit: int,
           lead_part: Callable[[str], str | None] | None = None) -> list[tuple[StoredFields, float]]:
    """``scored``: (stored fields, score) in Whoosh's order; ``situation``: {rule or part id: score};
    ``rule_docs``: every document of a rule in reading order (to add a rule the text missed);
    ``lead_part``: rule → the id of the part to show first (when no situation names one), or None."""
    top = max((s for _, s in scored), default=0.0) or 1.0
    groups: dict[str, list[tuple[StoredFields, float]]] = {}
    glossary: list[tuple[StoredFields, float]] = []
    for fields, score in scored:
        if fields["kind"] == "glossary":
            glossary.append((fields, score / top))
        else:
            groups.setdefault(fields["rule"], []).append((fields, score / top))
    boost: dict[str, float] = {}
    prefer: dict[str, str] = {}
    for target, score in situation.items():
        rule = rule_of_target(target)
        if rule not in rule_docs:
            continue
        boost[rule] = max(boost.get(rule, 0.0), score)
        if target != rule:
            prefer[rule] = target
        if rule not in groups:
            groups[rule] = [(rule_docs[rule][0], 0.0)]
    if lead_part is not None:        # else the part the query shares most key weight with (.parts)
        for rule in groups:
            if rule not in prefer and (part := lead_part(rule)) is not None:
                prefer[rule] = part
    for rule, target in prefer.items():         # a situation that names a part lands on that part
        docs = groups[rule]
        if not any(f["id"] == target for f, _ in docs):
            docs += [(f, 0.0) for f in rule_docs[rule] if f["id"] == target]
        docs.sort(key=lambda d: d[0]["id"] != target)

    def group_score(rule: str) -> float:
        norms = sorted((s for _, s in groups[rule]), reverse=True)
        value = norms[0] + SECOND * (norms[1] if len(norms) > 1 else 0) + THIRD * (norms[2] if len(norms) > 2 else 0)
        return value + SITUATION_WEIGHT * boost.get(rule, 0.0)

    # equal scores: rule order, as ranking.js rerank has it (a group led by an addendum example would otherwise
    # follow every rule, the addendum coming last in reading order); a rule with no documents last
    position = {rule: i for i, rule in enumerate(rule_docs)}
    order = sorted(groups, key=lambda r: (-group_score(r), position.get(r, len(position))))
    by_rule: dict[str, list[tuple[StoredFields, float]]] = {}
    loose: list[tuple[StoredFields, float]] = []
    for fields, score in glossary:
        (by_rule.setdefault(fields["rule"], []) if fields["rule"] in groups else loose).append((fields, score))
    out: list[tuple[StoredFields, float]] = []
    for rule in order:
        out.append((groups[rule][0][0], group_score(rule)))
        out += [(f, 0.0) for f, _ in by_rule.get(rule, [])]
    out += [(f, 0.0) for f, _ in loose]
    for rule in order:
        out += [(f, s * TRAILING) for f, s in groups[rule][1:]]
    return out[:limit]


def glossary_first(doc: StoredFields, ranked: list[tuple[StoredFields, float]],
                   limit: int) -> list[tuple[StoredFields, float]]:
    """``ranked`` with glossary entry ``doc`` first, the rest in their order. (Lifting the term's first
    rule after it too was measured and dropped: the glossary's first rule is not always the answer —
    all-in's is rule 3, the list of official terms.)"""
    top = ranked[0][1] + 1 if ranked else 1.0
    return [(doc, top)] + [r for r in ranked if r[0]["id"] != doc["id"]][:limit - 1]


def rank(scored: list[tuple[StoredFields, float]], plan: QueryPlan, rule_docs: dict[str, list[StoredFields]],
         glossary_docs: dict[str, StoredFields], limit: int,
         part_leads: Callable[[list[str]], dict[str, str]] | None = None) -> list[tuple[StoredFields, float]]:
    """The final order of a query's hits: :func:`rerank` by the plan's situation scores, each rule led
    by the part ``part_leads`` finds for the plan's keys (:meth:`.parts.PartChooser.leads`), then the
    glossary entry the whole query is (``plan["exact"]``), when this site has it, first."""
    leads = part_leads(plan["keys"]) if part_leads is not None and plan["keys"] else {}
    ranked = rerank(scored, plan["situation"], rule_docs, limit, leads.get if leads else None)
    exact = glossary_docs.get(f"term-{plan['exact']}") if plan["exact"] is not None else None
    return ranked if exact is None else glossary_first(exact, ranked, limit)
