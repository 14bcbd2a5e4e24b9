"""Run the checks for some languages, apply the reviewers' acknowledgements, summarise."""
from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

from ..loader import Rulebook
from ..strings import Strings
from .checks import CHECKS, Subject, english_crossrefs
from .findings import KINDS, Finding
from .grouping import group

TRANSLATIONS = ("zh-Hant", "ru")          # stored translations; zh-Hans is derived from zh-Hant
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def qa_strings(rulebook: Rulebook) -> Strings:
    return Strings.load(Path(rulebook.root) / "rulebook" / "ui" / "qa.yaml")


def findings_for(rulebook: Rulebook, language: str, kinds=KINDS, *, grouped: bool = False) -> list[Finding]:
    """Every finding of one language ("en": the English's own wrong references), acknowledgements applied.
    grouped: one finding per cause, the other reports of it as its occurrences (qa/grouping.py)."""
    if language == "en":
        found = list(english_crossrefs(rulebook)) if "crossrefs" in kinds else []
    else:
        subject = Subject(rulebook, language)
        found = [f for kind in kinds for f in CHECKS[kind](subject)]
    found = _unique(found)
    review = rulebook.reviews.get("zh-Hant" if language == "zh-Hans" else language)
    acks = {a.finding: a for a in review.acknowledgements} if review else {}
    if language == "zh-Hans":                # the same finding, its quoted words converted like the text
        from ..chinese import simplified
        acks = {simplified(key): a for key, a in acks.items()}
    acks = {key: {"reason": a.reason, "reviewer": a.reviewer, "date": a.date} for key, a in acks.items()}
    found = [dataclasses.replace(f, acknowledged=acks[f.id]) if f.id in acks else f for f in found]
    return group(found, acks) if grouped else found


def _unique(found: list[Finding]) -> list[Finding]:
    """Ids must be unique for acknowledgements to name one finding: number repeats (#2, #3)."""
    seen: Counter = Counter()
    out = []
    for finding in found:
        seen[finding.id] += 1
        if seen[finding.id] > 1:
            finding = dataclasses.replace(finding, detail=f"{finding.detail}#{seen[finding.id]}")
        out.append(finding)
    return out


def run(rulebook: Rulebook, languages=("en", *TRANSLATIONS), kinds=KINDS) -> list[Finding]:
    """The report: one finding per cause, per language."""
    return [f for language in languages for f in findings_for(rulebook, language, kinds, grouped=True)]


def with_occurrences(findings: list[Finding]):
    """Every finding and every occurrence under one, flat."""
    for finding in findings:
        yield finding
        yield from with_occurrences(list(finding.occurrences))


def summary(findings: list[Finding]) -> dict[str, dict[str, int]]:
    """language → kind → open (unacknowledged) findings."""
    out: dict[str, dict[str, int]] = {}
    for finding in findings:
        if finding.acknowledged is None:
            row = out.setdefault(finding.language, {})
            row[finding.kind] = row.get(finding.kind, 0) + 1
    return out


def unknown_acknowledgements(rulebook: Rulebook, findings: list[Finding]) -> list[str]:
    """Acknowledgements naming no current finding (the text changed, or a typo): reported, not silently kept."""
    ids = {f.id for f in with_occurrences(findings)}
    out = []
    for language, review in rulebook.reviews.items():
        for ack in review.acknowledgements:
            if ack.finding not in ids:
                out.append(f"rulebook/review/{language}.yaml: acknowledgement {ack.finding!r} matches no finding")
    return out


def text_report(findings: list[Finding], strings: Strings, *, show_acknowledged: bool = False) -> str:
    lines = []
    for finding in sorted(findings, key=lambda f: (f.language, SEVERITY_ORDER[f.severity], f.kind)):
        if finding.acknowledged and not show_acknowledged:
            continue
        mark = " (acknowledged)" if finding.acknowledged else ""
        lines.append(f"{finding.language} {finding.severity:7} {finding.kind:11} {finding.unit or '*'}: "
                     f"{finding.message(strings)}{mark}  [{finding.id}]")
        for occurrence in finding.occurrences:
            mark = " (acknowledged)" if occurrence.acknowledged else ""
            lines.append(f"{'':33}{occurrence.unit}: {occurrence.message(strings)}{mark}  [{occurrence.id}]")
    totals = summary(findings)
    lines.append("")
    lines.append("open findings: " + ("; ".join(
        f"{lang} " + ", ".join(f"{kind} {n}" for kind, n in sorted(kinds.items()))
        for lang, kinds in sorted(totals.items())) or "none"))
    acknowledged = sum(1 for f in findings if f.acknowledged)
    if acknowledged:
        lines.append(f"acknowledged: {acknowledged}")
    return "\n".join(lines) + "\n"
