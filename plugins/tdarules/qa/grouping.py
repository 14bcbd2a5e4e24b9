"""One finding per cause: the checks report each place and each symptom; the report folds the ones that
share a cause into one finding and lists the others under it as its occurrences.

- a term rendered another way than usual (`terminology.variant`): every place of one rendering is one
  finding, `terminology:<term>=<rendering>`, whose occurrences are the places;
- a number that is only the number of a reference the translation drops or adds ("Rule 40-C" missing
  makes 40 missing): an occurrence of the cross-reference finding. A number the English also uses
  outside its references ("Rule 2 … 2 more") stays a finding of its own.

Acknowledgements name a finding or one occurrence (an occurrence keeps the id it has in the flat report):
acknowledging a finding acknowledges its occurrences; a finding made of places is acknowledged once
every place is.
"""
from __future__ import annotations

import dataclasses
import re
from collections import defaultdict

from ..crossrefs import find_refs
from . import numbers
from .findings import Finding

_RULE_NUMBER = re.compile(r"(?:RP-)?(\d+)")


def group(findings: list[Finding], acks: dict[str, dict]) -> list[Finding]:
    """`findings` of one language, each already carrying its own acknowledgement; `acks`: finding id →
    {reason, reviewer, date}, for the ids of the findings made here."""
    folded = _fold_reference_numbers(findings)
    out: list[Finding] = []
    places: dict[str, list[Finding]] = defaultdict(list)
    slot: dict[str, int] = {}
    for finding in folded:
        if finding.code == "terminology.variant":
            key = finding.detail.split("#")[0]
            if key not in slot:
                slot[key] = len(out)
                out.append(finding)                  # a placeholder, replaced below
            places[key].append(finding)
        else:
            out.append(finding)
    for key, index in slot.items():
        out[index] = _term_group(places[key], key)
    return [_acknowledge(f, acks) for f in out]


def _term_group(members: list[Finding], key: str) -> Finding:
    first = members[0]
    rules = {m.rule for m in members}
    params = {**first.params, "places": len(members)}
    return Finding(kind=first.kind, severity=first.severity, language=first.language, unit="",
                   rule=rules.pop() if len(rules) == 1 else None, part=None, code="terminology.variants",
                   params=params, detail=key, occurrences=tuple(members))


def _acknowledge(finding: Finding, acks: dict[str, dict]) -> Finding:
    own = finding.acknowledged or acks.get(finding.id)
    if own:
        occurrences = tuple(o if o.acknowledged else dataclasses.replace(o, acknowledged=own)
                            for o in finding.occurrences)
        return dataclasses.replace(finding, acknowledged=own, occurrences=occurrences)
    if finding.unit == "" and finding.occurrences and all(o.acknowledged for o in finding.occurrences):
        return dataclasses.replace(finding, acknowledged=finding.occurrences[0].acknowledged)
    return finding


def _outside_references(text: str, language: str) -> str:
    for ref in reversed(find_refs(text, language)):
        text = text[:ref.start] + " " + text[ref.end:]
    return text


def _fold_reference_numbers(findings: list[Finding]) -> list[Finding]:
    """Numbers findings that only repeat a cross-reference finding of the same unit, moved under it."""
    refs: dict[tuple[str, str], list[int]] = defaultdict(list)     # (unit, sign) → indexes of crossrefs findings
    for index, finding in enumerate(findings):
        if finding.code in ("crossrefs.missing", "crossrefs.extra"):
            refs[(finding.unit, finding.detail[:1])].append(index)
    if not refs:
        return findings
    under: dict[int, list[Finding]] = defaultdict(list)
    moved: set[int] = set()
    for index, finding in enumerate(findings):
        if finding.code not in ("numbers.missing", "numbers.extra"):
            continue
        sign = finding.detail[:1]
        value = finding.params.get("number", "")
        for ref_index in refs.get((finding.unit, sign), []):
            target = findings[ref_index].params.get("target", "")
            match = _RULE_NUMBER.match(target)
            if not match or match.group(1) != value:
                continue
            text, language = ((finding.english, "en") if sign == "-" else (finding.translation, finding.language))
            if any(str(v) == value for v in numbers.digits(_outside_references(text, language), language)):
                break                               # the number is also an amount: a cause of its own
            under[ref_index].append(finding)
            moved.add(index)
            break
    return [dataclasses.replace(f, occurrences=f.occurrences + tuple(under[i])) if i in under else f
            for i, f in enumerate(findings) if i not in moved]
