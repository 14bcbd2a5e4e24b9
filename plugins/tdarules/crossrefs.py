"""Cross-references inside rule text: find them, resolve them to rules, parts and addendum entries.

`find_refs(text, language)` returns exact character spans, so the site generator can turn each one
into a link without touching the surrounding text. The span is the noun phrase that names the
target ("Rule 45-B", "規則43", "правило 13-A", "RP-5-D", "Illustration Addendum", "附錄"), never the
verb before it ("See also", "參考", "см."), so a link never swallows the sentence's own words.

Lists give one Ref per item: in "Rules 2 and 42" the first span is "Rules 2" and the second "42";
in "規則2,3,40和42" the spans are "規則2", "3", "40", "42".

A range ("Rules 41-45", "規則41-45") is ONE Ref of kind "range": `rule` is the first rule, `last`
the last, `rules` lists them all; the link goes to the first rule. One span cannot carry several
links, so the range is not split into one Ref per rule.

An addendum reference ("See Illustration Addendum", "參考附錄", "см. Addendum") normally has
`rule=None`: it means "this rule's own addendum entry", which `resolve` finds from the rule the
text belongs to. When it directly follows a rule reference ("Rule 43, Example 2 in Illustration
Addendum", "規則43，附錄中的示例2") it names that rule's entry and carries its id.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Literal

from .model import AddendumEntry, Block, Edition

RefKind = Literal["rule", "procedure", "addendum", "range"]


@dataclass(frozen=True)
class Ref:
    start: int
    end: int
    rule: str | None          # "43", "RP-5"; None for "this rule's addendum entry"
    part: str | None          # "B" in "Rule 45-B"
    kind: RefKind
    text: str                 # text[start:end]
    last: str | None = None   # kind "range": the last rule of the range ("45" in "Rules 41-45")

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule the reference names (a range expanded)."""
        if self.kind == "range" and self.rule and self.last:
            return tuple(str(n) for n in range(int(self.rule), int(self.last) + 1))
        return (self.rule,) if self.rule else ()


@dataclass(frozen=True)
class Target:
    """What a reference resolves to."""
    kind: Literal["rule", "procedure", "addendum"]
    rule: str                 # "43", "RP-5"
    part: str | None = None
    addendum: str | None = None   # addendum entry id ("11-D", "43") for kind "addendum"

    def url(self, language: str) -> str:
        from .urls import addendum_url, rule_url
        if self.kind == "addendum":
            return addendum_url(language, self.addendum or self.rule)
        return rule_url(language, self.rule, self.part)


# ------------------------------------------------------------------------------------------------
# grammar

NUM = r"(?<![0-9])([1-9][0-9]?)(?![0-9]|\s?%)"
PART = r"(?:[-‐‑–]([A-Z])(?![A-Za-z]))?"
RANGE = r"(?:\s?[-–]\s?([1-9][0-9]?)(?![0-9]))?"
# one item of a list, after a separator: "42", "35-D", "RP-5", "規則42", "правило 42"
ITEM = re.compile(
    r"(?:(?P<rp>RP-)|(?:Rules?|規則|规则|правил[а-я]*)\s?)?" + NUM + PART
)
SEPARATORS = {
    "en": re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)"),
    "zh": re.compile(r"\s*(?:[,，、]\s*|和|及|與|与|或)\s*"),
    "ru": re.compile(r"\s*(?:,\s*|\s+(?:и|или)\s+)"),
}

# Lead patterns: (regex, kind). Group "n" = number, "p" = part, "r" = range end.
_RULE_EN = re.compile(r"(?<![A-Za-z0-9])[Rr]ules?\s+(?P<n>[1-9][0-9]?)(?![0-9]|\s?%)" + r"(?:(?P<range>\s?[-–]\s?(?P<r>[1-9][0-9]?)(?![0-9]))|[-‐‑–](?P<p>[A-Z])(?![A-Za-z]))?")
_RP = re.compile(r"(?<![A-Za-z0-9])RP[-‐]\s?(?P<n>[1-9][0-9]?)(?![0-9]|\s?%)(?:[-‐‑–](?P<p>[A-Z])(?![A-Za-z]))?")
_PROC_EN = re.compile(r"(?<![A-Za-z0-9])Recommended Procedures?\s+(?P<n>[1-9][0-9]?)(?![0-9]|\s?%)(?:[-‐‑–](?P<p>[A-Z])(?![A-Za-z]))?")
# a bare part id after "See" / "See also": "See also 15-B." (the span is "15-B")
_BARE_EN = re.compile(r"(?<![A-Za-z])[Ss]ee(?:\s+also)?\s+(?P<n>[1-9][0-9]?)[-‐‑–](?P<p>[A-Z])(?![A-Za-z0-9])")
_ADDENDUM_EN = re.compile(r"(?<![A-Za-z0-9])(?:Illustration\s+)?Addendum\b")

_RULE_ZH = re.compile(r"(?:規則|规则)\s?(?:第\s?)?(?P<n>[1-9][0-9]?)(?![0-9]|\s?%)"
                      r"(?:(?P<range>\s?[-–]\s?(?P<r>[1-9][0-9]?)(?![0-9]))|[-‐‑–](?P<p>[A-Z])(?![A-Za-z]))?(?:\s?[條条])?")
# 第43條 / 第51-B條規則 / 第1條規則 — but not 上述第2條 ("no. 2 above", an example)
_ARTICLE_ZH = re.compile(r"(?<!上述)第\s?(?P<n>[1-9][0-9]?)(?:[-‐‑–](?P<p>[A-Z]))?\s?[條条](?:規則|规则)?")
_PROC_ZH = re.compile(r"(?:建議|建议|推薦|推荐)流程\s?(?P<n>[1-9][0-9]?)(?![0-9]|\s?%)(?:[-‐‑–](?P<p>[A-Z])(?![A-Za-z]))?")
_ADDENDUM_ZH = re.compile(r"(?:插圖|插图|圖解|图解)?附[錄录]|(?<=參考|参考)比賽流程(?![0-9])|(?<=参考)比赛流程(?![0-9])")

_RULE_RU = re.compile(r"(?i:\bправил[а-я]*)\s+(?P<n>[1-9][0-9]?)(?![0-9]|\s?%)"
                      r"(?:(?P<range>\s?[-–]\s?(?P<r>[1-9][0-9]?)(?![0-9]))|[-‐‑–](?P<p>[A-Z])(?![A-Za-z]))?")
# bare part ids after "см." / "см. также" / "по": "(см. 71-B)", "по 51-B", "См. также 15-B"
_BARE_RU = re.compile(r"(?i:(?<![а-яё])(?:см\.(?:\s+также)?|по))\s+(?P<n>[1-9][0-9]?)[-‐‑–](?P<p>[A-Z])(?![A-Za-z0-9])")
_ADDENDUM_RU = re.compile(r"(?<![A-Za-z])(?:Illustration\s+)?Addendum\b|(?i:(?<=см\.\s)(?:иллюстративн[а-я]*\s+)?приложени[а-я]*)")

LEADS = {
    "en": [(_RULE_EN, "rule"), (_RP, "procedure"), (_PROC_EN, "procedure"), (_BARE_EN, "rule"),
           (_ADDENDUM_EN, "addendum")],
    "zh": [(_RULE_ZH, "rule"), (_ARTICLE_ZH, "rule"), (_RP, "procedure"), (_PROC_ZH, "procedure"),
           (_ADDENDUM_ZH, "addendum"), (_RULE_EN, "rule"), (_PROC_EN, "procedure"), (_ADDENDUM_EN, "addendum")],
    "ru": [(_RULE_RU, "rule"), (_BARE_RU, "rule"), (_RP, "procedure"), (_PROC_EN, "procedure"),
           (_ADDENDUM_RU, "addendum"), (_RULE_EN, "rule")],
}
# "Rule 43, Example 2 in Illustration Addendum", "規則43，附錄中的示例2": the addendum entry of rule 43
_ADDENDUM_AFTER_RULE = re.compile(r"^\s*(?:[,，]\s*)?(?:Example\s+\d+(?:-[A-Z])?\s+in\s+(?:the\s+)?)?$")


def _grammar(language: str) -> str:
    if language.startswith("zh"):
        return "zh"
    return "ru" if language == "ru" else "en"


def find_refs(text: str, language: str) -> list[Ref]:
    """Every cross-reference in `text`, in order, with exact spans."""
    grammar = _grammar(language)
    found: list[Ref] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in taken)

    for pattern, kind in LEADS[grammar]:
        for m in pattern.finditer(text):
            if not free(m.start(), m.end()):
                continue
            if kind == "addendum":
                ref = Ref(m.start(), m.end(), None, None, "addendum", m.group(0))
            else:
                ref = _numbered(m, kind)
            found.append(ref)
            taken.append((ref.start, ref.end))
            if kind != "addendum":
                for extra in _list_items(text, ref, grammar):
                    if not free(extra.start, extra.end):
                        break
                    found.append(extra)
                    taken.append((extra.start, extra.end))
    found.sort(key=lambda r: r.start)
    return _addendum_owners(text, found)


def _numbered(m: re.Match, kind: str) -> Ref:
    groups = m.groupdict()
    number = groups["n"]
    rule = f"RP-{number}" if kind == "procedure" else number
    if groups.get("r"):
        if int(groups["r"]) > int(number):
            return Ref(m.start(), m.end(), rule, None, "range", m.group(0), last=groups["r"])
        # "50-100" style: not a range of rules; keep only the first number
        end = m.start("range")
        return Ref(m.start(), end, rule, None, kind, m.string[m.start():end])
    start = m.start("n") if m.re in (_BARE_RU, _BARE_EN) else m.start()   # "(см. 71-B)": the span is "71-B"
    return Ref(start, m.end(), rule, groups.get("p"), kind, m.string[start:m.end()])


def _list_items(text: str, first: Ref, grammar: str) -> Iterator[Ref]:
    """Further items of a list that starts with `first`: "Rules 2, 3, 40 and 42"."""
    position = first.end
    separator = SEPARATORS[grammar]
    while True:
        sep = separator.match(text, position)
        if not sep:
            return
        item = ITEM.match(text, sep.end())
        if not item:
            return
        # the item must not be a number of something else: "Rule 1 and 2 players" is rare; require
        # that nothing alphanumeric glues to the item's end except CJK text
        after = text[item.end():item.end() + 1]
        if after and (after.isascii() and after.isalnum()):
            return
        number, part = item.group(2), item.group(3)
        if item.group("rp"):
            kind, rule = "procedure", f"RP-{number}"
        else:
            kind, rule = "rule", number
        if first.kind == "procedure" and not item.group(0)[0].isalpha() and not item.group("rp"):
            kind, rule = "procedure", f"RP-{number}"      # "RP-5 and 6"
        # a bare item's span starts at the number itself (or its "Rule"/"規則" word)
        yield Ref(item.start(), item.end(), rule, part, kind, item.group(0))
        position = item.end()


def _addendum_owners(text: str, refs: list[Ref]) -> list[Ref]:
    out: list[Ref] = []
    for ref in refs:
        if ref.kind == "addendum" and out and out[-1].kind in ("rule", "procedure"):
            between = text[out[-1].end:ref.start]
            if _ADDENDUM_AFTER_RULE.match(between):
                ref = Ref(ref.start, ref.end, out[-1].rule, out[-1].part, "addendum", ref.text)
        out.append(ref)
    return out


# ------------------------------------------------------------------------------------------------
# resolving

def resolve(edition: Edition, ref: Ref, context_rule_id: str | None = None,
            context_part: str | None = None) -> Target | None:
    """The rule, part or addendum entry `ref` points at in `edition`, or None if there is none."""
    if ref.kind == "addendum":
        return _resolve_addendum(edition, ref, context_rule_id, context_part)
    if ref.kind == "range":
        if all(edition.rule(r) is not None for r in ref.rules):
            return Target("rule", ref.rule)
        return None
    rule = edition.rule(ref.rule) if ref.rule else None
    if rule is None:
        return None
    if ref.part is not None and ref.part not in rule.parts:
        return None
    return Target("procedure" if rule.kind == "procedure" else "rule", rule.id, ref.part)


def _resolve_addendum(edition: Edition, ref: Ref, context_rule_id: str | None,
                      context_part: str | None) -> Target | None:
    rule_id = ref.rule or context_rule_id
    if rule_id is None:
        return None
    part = ref.part if ref.rule else context_part
    candidates = [f"{rule_id}-{part}"] if part else []
    candidates.append(rule_id)
    for entry_id in candidates:
        if entry_id in edition.addendum:
            entry = edition.addendum[entry_id]
            return Target("addendum", entry.rule_id, entry.part_id, entry_id)
    # the rule's only entry is for one of its parts ("11-D" cited from rule 11's intro)
    entries = [e for e in edition.addendum.values() if e.rule_id == rule_id]
    if len(entries) == 1:
        return Target("addendum", rule_id, entries[0].part_id, entries[0].id)
    return None


def all_refs(edition: Edition):
    """(rule id, part id, block, Ref, Target | None) for every reference in the rules and procedures."""
    language = edition.language
    for rule in edition.all_rules():
        for part_id, block in rule.all_blocks():
            for ref in find_refs(block.text, language):
                yield rule.id, part_id, block, ref, resolve(edition, ref, rule.id, part_id)


def addendum_refs(edition: Edition):
    """(addendum entry id, example label or None, block, Ref, Target | None) in the addendum."""
    language = edition.language
    for entry in edition.addendum.values():
        for label, block in _entry_blocks(entry):
            for ref in find_refs(block.text, language):
                yield entry.id, label, block, ref, resolve(edition, ref, entry.rule_id, entry.part_id)


def _entry_blocks(entry: AddendumEntry) -> Iterator[tuple[str | None, Block]]:
    for block in entry.blocks:
        yield None, block
    for label, example in entry.examples.items():
        for block in example.blocks:
            yield label, block
