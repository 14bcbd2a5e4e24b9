"""A QA finding, and the pairs of English and translated text the checks compare."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .. import urls
from ..model import Edition
from ..units import Unit, edition_units

Kind = Literal["coverage", "numbers", "crossrefs", "terminology", "length", "staleness"]
KINDS: tuple[str, ...] = ("coverage", "numbers", "crossrefs", "terminology", "length", "staleness")
Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True)
class Finding:
    kind: str
    severity: str
    language: str                 # the translation's language; "en" for a defect of the English itself
    unit: str                     # unit id (units.py), or a container id when paragraphs are split differently
    rule: str | None
    part: str | None
    code: str                     # message key in rulebook/ui/qa.yaml ("numbers.missing")
    params: dict = field(default_factory=dict)
    english: str = ""
    translation: str = ""
    detail: str = ""              # what makes the id unique within the unit ("1000", "43-B")
    acknowledged: dict | None = None   # {reason, reviewer, date} when a reviewer accepted it
    # the same cause reported in other places or by another check (qa/grouping.py): listed under this one
    occurrences: tuple["Finding", ...] = ()

    @property
    def id(self) -> str:
        return ":".join(p for p in (self.kind, self.unit, self.detail) if p)

    def message(self, strings, language: str = "en") -> str:
        """The finding in words, in `language` (strings: rulebook/ui/qa.yaml)."""
        return strings.get(f"qa_messages.{self.code}", language, **self.params)

    @property
    def url(self) -> str | None:
        """Where the translator reads the unit (a part, example or addendum anchor); None across units."""
        return urls.unit_url(self.language, self.unit, self.rule) if self.unit else None

    def to_json(self, strings) -> dict:
        return {"id": self.id, "kind": self.kind, "severity": self.severity, "language": self.language,
                "rule": self.rule, "part": self.part, "unit": self.unit, "url": self.url, "code": self.code,
                "params": self.params, "english": self.english, "translation": self.translation,
                "message": self.message(strings), "acknowledged": self.acknowledged,
                "occurrences": [o.to_json(strings) for o in self.occurrences]}


@dataclass(frozen=True)
class Pair:
    """English and translated text compared as one: a unit, or a whole container whose paragraphs
    the translation splits differently (then `en` / `tr` hold every unit of the container)."""
    id: str
    rule: str | None
    part: str | None
    en: tuple[Unit, ...]
    tr: tuple[Unit, ...]

    @property
    def english(self) -> str:
        return "\n".join(u.text.text for u in self.en)

    @property
    def translation(self) -> str:
        return "\n".join(u.text.text for u in self.tr)


def containers(edition: Edition) -> dict[str, list[Unit]]:
    out: dict[str, list[Unit]] = {}
    for unit in edition_units(edition):
        out.setdefault(unit.container, []).append(unit)
    return out


def pairs(english: Edition, translation: Edition) -> list[Pair]:
    """Every container both editions have, as unit pairs or (paragraphs split differently) one pair."""
    en, tr = containers(english), containers(translation)
    out: list[Pair] = []
    for key, en_units in en.items():
        tr_units = tr.get(key)
        if not tr_units:
            continue
        first = en_units[0]
        if len(en_units) == len(tr_units):
            out.extend(Pair(e.id, e.rule, e.part, (e,), (t,)) for e, t in zip(en_units, tr_units))
        else:
            out.append(Pair(key, first.rule, first.part, tuple(en_units), tuple(tr_units)))
    return out


def basis_for(english: Edition, translation: Edition) -> dict[str, str]:
    en, tr = containers(english), containers(translation)
    out: dict[str, str] = {}
    for key, tr_units in tr.items():
        en_units = en.get(key)
        if not en_units:
            continue
        if len(en_units) == len(tr_units):
            out.update({t.id: e.text.text for e, t in zip(en_units, tr_units)})
        else:
            joined = "\n".join(u.text.text for u in en_units)
            out.update({t.id: joined for t in tr_units})
    return out
