"""The translation checks. Each takes a `Subject` and yields Findings computed from the texts.

coverage     units the translation lacks, has in addition, or that we supplied (`by: ours`)
numbers      numerals of the English absent or different in the translation (qa/numbers.py)
crossrefs    rules / parts cited differ between the languages, or do not exist (also in the English)
terminology  one glossary term rendered with different words in different places of one translation
length       a translation much shorter or longer than its English, against the language pair's own ratio
staleness    the English changed since the unit was translated (fingerprints in rulebook/review/)
"""
from __future__ import annotations

import math
import re
import statistics
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterator

from ..chinese import simplified
from ..crossrefs import find_refs, resolve
from ..loader import Rulebook
from ..model import Edition
from ..units import Unit, edition_units, fingerprint
from . import numbers
from .findings import Finding, Pair, basis_for, containers, pairs


@dataclass
class Subject:
    rulebook: Rulebook
    language: str
    english: Edition = field(init=False)
    translation: Edition = field(init=False)

    def __post_init__(self):
        self.english = self.rulebook.edition("en")
        self.translation = self.rulebook.edition(self.language)

    @cached_property
    def pairs(self) -> list[Pair]:
        return pairs(self.english, self.translation)

    @property
    def stored_language(self) -> str:
        return "zh-Hant" if self.language == "zh-Hans" else self.language


def _finding(subject: Subject, pair_or_unit, kind: str, severity: str, code: str, detail: str = "",
             english: str = "", translation: str = "", **params) -> Finding:
    return Finding(kind=kind, severity=severity, language=subject.language, unit=pair_or_unit.id,
                   rule=pair_or_unit.rule, part=pair_or_unit.part, code=code, params=params,
                   english=english, translation=translation, detail=detail)


# ------------------------------------------------------------------------------------- coverage

def coverage(subject: Subject) -> Iterator[Finding]:
    en, tr = containers(subject.english), containers(subject.translation)
    for key, en_units in en.items():
        tr_units = tr.get(key, [])
        first = en_units[0]
        english = "\n".join(u.text.text for u in en_units)
        if not tr_units:
            what = "title" if first.kind == "title" else "text"
            yield _finding(subject, _Where(key, first.rule, first.part), "coverage", "error",
                           f"coverage.missing_{what}", english=english, count=len(en_units))
        elif len(tr_units) != len(en_units):
            yield _finding(subject, _Where(key, first.rule, first.part), "coverage", "info", "coverage.split",
                           detail="split", english=english, translation="\n".join(u.text.text for u in tr_units),
                           en=len(en_units), tr=len(tr_units))
    for key, tr_units in tr.items():
        if key not in en:
            first = tr_units[0]
            yield _finding(subject, _Where(key, first.rule, first.part), "coverage", "warning", "coverage.extra",
                           translation="\n".join(u.text.text for u in tr_units))
    for unit in edition_units(subject.translation):
        if unit.text.by == "ours":
            counterpart = next((u for u in en.get(unit.container, []) if u.id == unit.id), None)
            yield _finding(subject, unit, "coverage", "info", "coverage.ours", detail="ours",
                           english=counterpart.text.text if counterpart else "", translation=unit.text.text)


@dataclass(frozen=True)
class _Where:
    id: str
    rule: str | None
    part: str | None


# -------------------------------------------------------------------------------------- numbers

def _fmt(value) -> str:
    return format(value, "f").rstrip("0").rstrip(".") if "." in format(value, "f") else format(value, "f")


def number_check(subject: Subject) -> Iterator[Finding]:
    for pair in subject.pairs:
        missing, extra = numbers.compare(pair.english, pair.translation, subject.language)
        for value in missing:
            yield _finding(subject, pair, "numbers", "warning", "numbers.missing", detail=f"-{_fmt(value)}",
                           english=pair.english, translation=pair.translation, number=_fmt(value))
        for value in extra:
            yield _finding(subject, pair, "numbers", "warning", "numbers.extra", detail=f"+{_fmt(value)}",
                           english=pair.english, translation=pair.translation, number=_fmt(value))


# ------------------------------------------------------------------------------------ crossrefs

def _targets(text: str, language: str) -> set[str]:
    out = set()
    for ref in find_refs(text, language):
        if ref.kind == "addendum":
            continue                                 # "See Illustration Addendum": this rule's own entry
        if ref.kind == "range":
            out.update(ref.rules)
        elif ref.rule:
            out.add(f"{ref.rule}-{ref.part}" if ref.part else ref.rule)
    return out


def _unresolved(edition: Edition, unit: Unit) -> Iterator[str]:
    for ref in find_refs(unit.text.text, edition.language):
        if ref.kind != "addendum" and resolve(edition, ref, unit.rule, unit.part) is None:
            yield ref.text


def crossref_check(subject: Subject) -> Iterator[Finding]:
    for pair in subject.pairs:
        en_targets = _targets(pair.english, "en")
        tr_targets = _targets(pair.translation, subject.language)
        for target in sorted(en_targets - tr_targets):
            # "Rule 45-B" rendered as "規則45" still cites the rule: report the lost part, not a lost rule
            yield _finding(subject, pair, "crossrefs", "warning", "crossrefs.missing", detail=f"-{target}",
                           english=pair.english, translation=pair.translation, target=target)
        for target in sorted(tr_targets - en_targets):
            yield _finding(subject, pair, "crossrefs", "warning", "crossrefs.extra", detail=f"+{target}",
                           english=pair.english, translation=pair.translation, target=target)
        for unit in pair.tr:
            for text in _unresolved(subject.translation, unit):
                yield _finding(subject, pair, "crossrefs", "error", "crossrefs.broken", detail=f"?{text}",
                               english=pair.english, translation=unit.text.text, target=text)


def misnamed(edition: Edition, text: str) -> Iterator[tuple[str, str, str]]:
    """(reference, title named after it, the rule that title belongs to) where a reference is followed by
    another rule's title: "See also RP-22 Spreading the Pot" names RP-21's title."""
    titles = {r.id: r.title.text for r in edition.all_rules() if len(r.title.text) >= 8}
    for ref in find_refs(text, edition.language):
        if ref.kind not in ("rule", "procedure") or not ref.rule:
            continue
        following = text[ref.end:].lstrip(" :–-").lower()
        named = next((rid for rid, title in titles.items() if following.startswith(title.lower())), None)
        if named and named != ref.rule:
            yield ref.text, titles[named], named


def english_crossrefs(rulebook: Rulebook) -> Iterator[Finding]:
    """References the English itself gets wrong: the governing text cites a rule or part that does not
    exist, or cites one rule by another rule's title."""
    english = rulebook.edition("en")
    for unit in edition_units(english):
        for text in _unresolved(english, unit):
            yield Finding(kind="crossrefs", severity="error", language="en", unit=unit.id, rule=unit.rule,
                          part=unit.part, code="crossrefs.broken_english", params={"target": text},
                          english=unit.text.text, detail=f"?{text}")
        for ref, title, named in misnamed(english, unit.text.text):
            yield Finding(kind="crossrefs", severity="error", language="en", unit=unit.id, rule=unit.rule,
                          part=unit.part, code="crossrefs.misnamed_english",
                          params={"target": ref, "title": title, "named": named},
                          english=unit.text.text, detail=f"~{ref}")


# ---------------------------------------------------------------------------------- terminology

def _same_word(a: str, b: str) -> bool:
    """Russian inflections and abbreviations of one word: ставка / ставок, фишки / фишек, мин. / минимальный."""
    a, b = a.strip(".").lower(), b.strip(".").lower()
    shorter = min(len(a), len(b))
    common = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), shorter)
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return common >= min(3, shorter) or (len(short) >= 3 and short[:4] in long_)   # заколлил / колл


def _same_lexeme(a: str, b: str, language: str) -> bool:
    if language != "ru":
        return a in b or b in a          # 計分牌 / 大額計分牌: the longer one is a compound of the same rendering
    wa, wb = a.split(), b.split()
    short, long_ = (wa, wb) if len(wa) <= len(wb) else (wb, wa)
    return all(any(_same_word(w, o) for o in long_) for w in short)


def _lexemes(variants: tuple[str, ...], language: str) -> dict[str, str]:
    """variant → the first variant of its lexeme (for Russian, inflected forms are one rendering)."""
    out: dict[str, str] = {}
    for variant in variants:
        out[variant] = next((out[o] for o in out if _same_lexeme(o, variant, language)), variant)
    return out


def _occurrences(text: str, variant: str, language: str) -> int:
    if language == "ru":
        return len(re.findall(rf"(?<![\w-]){re.escape(variant)}(?![\w-])", text, flags=re.IGNORECASE))
    return text.count(variant)


def terminology(subject: Subject) -> Iterator[Finding]:
    language = subject.language
    field_name = "ru" if language == "ru" else "zh_hant"
    for term in subject.rulebook.glossary:
        variants = tuple(getattr(term, field_name))
        if language == "zh-Hans":
            variants = tuple(dict.fromkeys(simplified(v) for v in variants))
        # an English/Latin variant ("bet" inside Russian text) is a quotation, not a rendering
        variants = tuple(v for v in variants if not v.isascii())
        if len(variants) < 2:
            continue
        lexeme = _lexemes(variants, language)
        # longest variants first, so 全下注 is not also counted as 全下
        ordered = sorted(variants, key=len, reverse=True)
        uses: list[tuple[Pair, str]] = []
        english_term = re.compile("|".join(rf"\b{re.escape(v)}\b" for v in term.en), re.IGNORECASE)
        for pair in subject.pairs:
            if not english_term.search(pair.english):
                continue
            text = pair.translation
            for variant in ordered:
                if _occurrences(text, variant, language):
                    uses.append((pair, lexeme[variant]))
                    text = text.replace(variant, " ")
        counts: dict[str, int] = {}
        for _, rendering in uses:
            counts[rendering] = counts.get(rendering, 0) + 1
        if len(counts) < 2:
            continue
        usual = max(counts, key=lambda r: (counts[r], -ordered.index(r) if r in ordered else 0))
        for pair, rendering in uses:
            if rendering != usual:
                yield _finding(subject, pair, "terminology", "info", "terminology.variant",
                               detail=f"{term.id}={rendering}", english=pair.english, translation=pair.translation,
                               term=term.en[0], used=rendering, usual=usual, count=counts[usual])


# --------------------------------------------------------------------------------------- length

MIN_LENGTH = 60          # English characters below which a ratio says little (titles, short notes)


def _size(text: str) -> int:
    return len(re.sub(r"\s+", "", text))


def calibration(subject: Subject) -> tuple[float, float]:
    """Median and robust spread (1.4826·MAD) of log(translation/English) over this language pair."""
    logs = [math.log(_size(p.translation) / _size(p.english)) for p in subject.pairs
            if _size(p.english) >= MIN_LENGTH and _size(p.translation)]
    median = statistics.median(logs)
    mad = statistics.median(abs(x - median) for x in logs)
    return median, 1.4826 * mad


def length_check(subject: Subject, threshold: float = 3.0) -> Iterator[Finding]:
    median, spread = calibration(subject)
    spread = max(spread, 0.15)       # a floor: a uniform test corpus must not make every wobble an outlier
    expected = math.exp(median)
    for pair in subject.pairs:
        en_size, tr_size = _size(pair.english), _size(pair.translation)
        if en_size < MIN_LENGTH or not tr_size:
            continue
        score = (math.log(tr_size / en_size) - median) / spread
        if abs(score) >= threshold:
            code = "length.short" if score < 0 else "length.long"
            yield _finding(subject, pair, "length", "warning", code, english=pair.english,
                           translation=pair.translation, ratio=f"{tr_size / en_size:.2f}", expected=f"{expected:.2f}")


# ------------------------------------------------------------------------------------ staleness

def staleness(subject: Subject) -> Iterator[Finding]:
    review = subject.rulebook.reviews.get(subject.stored_language)
    recorded = review.fingerprints if review else {}
    basis = basis_for(subject.english, subject.translation)
    for unit in edition_units(subject.translation):
        english = basis.get(unit.id)
        if english is None or unit.text.by == "ours":
            continue
        seen = recorded.get(unit.id)
        if seen is None:
            yield _finding(subject, unit, "staleness", "warning", "staleness.untracked", detail="untracked",
                           english=english, translation=unit.text.text)
        elif seen != fingerprint(english):
            yield _finding(subject, unit, "staleness", "error", "staleness.stale", english=english,
                           translation=unit.text.text)


CHECKS = {"coverage": coverage, "numbers": number_check, "crossrefs": crossref_check,
          "terminology": terminology, "length": length_check, "staleness": staleness}
