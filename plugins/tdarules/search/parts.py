"""Which part of a rule a query is about: a logistic regression over the query's keys whose classes
are the parts, trained on the tuning questions labelled with a part ("51-B") and on each part's text.

Ranking groups hits by rule and shows one document per rule first. Whoosh's best document of the
rule is often the part with the rule's general words (most often part A) rather than the part that
rules on the question: an undercall question lands on 51-A ("verbal declarations") rather than
51-B ("a player undercalls…"). Floor staff want the ruling's own text, so the rule's first document
is the part the model scores highest among the rule's parts.

Why learned and not read from the part's words: a part's text and the question share few words (the
rules say "a player undercalls", players say "he only put in the call"). Choosing the part sharing the
most vocabulary-weighed key weight with the question (over the square root of the part's own) picked
the right part for 72% of dev29's part-labelled questions whose rule came first (dev29 is measured,
never trained on); this model 86% (by part, MRR@10 0.669 → 0.803). Trained on dev30-dev35 alone and
measured on dev36-dev38 as well: 69% → 79%, 83% → 88%, 70% → 88%. Trained on the parts' texts alone it
picked 57%: the questions carry it.

The model is :func:`.learned.train`'s, so its weights are integers and a query's part scores are sums
of integers, the same in Python and JavaScript in any order. :func:`part_model` runs at index time,
once per language, and ships in the query understanding (meta.json and tda-query.<lang>.json); the
plan carries the query's keys the model knows (:func:`known_keys`), and :class:`PartChooser` reads
them for ``ranking.rank``; ``partLeads`` in ``docs/assets/search/ranking.js`` is its twin.
"""
from __future__ import annotations

from . import learned
from .learned import Model
from .ranking import rule_of_target


def part_model(questions: list[tuple[list[str], list[str]]], parts: list[tuple[str, list[str]]]) -> Model:
    """``questions``: (a question's keys, the labels that answer it); ``parts``: (part id, the keys of
    its title and text) for every part of a rule with two parts or more. Only labels naming one of those
    parts count; the model's classes are the parts, sorted (a rule's parts in reading order)."""
    known = {part_id for part_id, _ in parts}
    examples = [(keys, named) for keys, labels in questions if (named := [x for x in labels if x in known])]
    return learned.train(examples + [(keys, [part_id]) for part_id, keys in parts])


def known_keys(model: Model | None, keys: list[str]) -> list[str]:
    """The query's ``keys`` and pairs of neighbouring keys (:func:`.learned.with_pairs`) that the part
    model weighs, sorted: the plan's ``keys``, all the part choice reads of the query."""
    if not model or not model["keys"]:
        return []
    return sorted({k for k in learned.with_pairs(keys) if k in model["keys"]})


class PartChooser:
    """One language's part model read for choosing: the classes (parts) of each rule, in reading
    order. Made once per index."""

    def __init__(self, model: Model):
        self.model = model
        self.classes: dict[str, list[int]] = {}
        for i, part_id in enumerate(model["rules"]):
            self.classes.setdefault(rule_of_target(part_id), []).append(i)
        self.rule_of = {i: rule for rule, classes in self.classes.items() for i in classes}

    def leads(self, keys: list[str]) -> dict[str, str]:
        """{rule: the id of its part the model scores highest for ``keys`` (the plan's known keys)},
        for every rule with a part some key weighs on; equal scores keep the first part in reading
        order."""
        bias = self.model["bias"]
        scores: dict[int, int] = {}
        for key in keys:
            pairs = self.model["keys"].get(key, ())
            for j in range(0, len(pairs), 2):
                scores[pairs[j]] = scores.get(pairs[j], bias[pairs[j]]) + pairs[j + 1]
        out: dict[str, str] = {}
        for rule in {self.rule_of[i] for i in scores}:
            best = max(self.classes[rule], key=lambda i: (scores.get(i, bias[i]), -i))
            out[rule] = self.model["rules"][best]
        return out
