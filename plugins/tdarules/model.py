"""The rulebook's domain objects.

Everything else in the project (pages, search, print, reports) reads these objects, never the YAML.
The YAML stays compact for people who edit it: a plain string is a paragraph taken verbatim from the
source; a mapping carries the exceptions (text written by us, cleaned markup, recorded defects).
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal, Self, cast

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

LANGUAGES = ("en", "zh-Hant", "ru")          # languages stored as YAML
StoredLanguage = Literal["en", "zh-Hant", "ru"]
DERIVED_LANGUAGES = {"zh-Hans": "zh-Hant"}   # produced at load time, never edited by hand
ALL_LANGUAGES = ("en", "zh-Hant", "zh-Hans", "ru")

RULE_ID = re.compile(r"^(?:[1-9][0-9]?|RP-[1-9][0-9]?)$")
PART_ID = re.compile(r"^[A-Z]$")
ADDENDUM_ID = re.compile(r"^[1-9][0-9]?(?:-[A-Z])?$")
DATE = re.compile(r"^20[0-9]{2}-[01][0-9]-[0-3][0-9]$")
YEAR = re.compile(r"^(?:19|20)[0-9]{2}$")            # an edition's year, also its folder: rulebook/<year>/
# The edition the site serves at /<lang>/rules/…, the PDFs and search answer from, and translations
# follow. The one place in the code a year is written (importers aside): `rulebook edition add` writes a
# newer edition beside it, and a person switches this once its review is done.
CURRENT_EDITION = "2024"
# The editions the site keeps beside it, oldest first (English at least; any translation stored is
# shown too). Each edition and the next are linked by a succession (`Succession`).
OLDER_EDITIONS = ("2017",)
PUBLISHED_EDITIONS = (*OLDER_EDITIONS, CURRENT_EDITION)

Provenance = Literal["source", "ours", "translator"]   # translator: written back from a CAT tool (XLIFF)
DefectKind = Literal[
    "missing-title",        # heading without a title in this language; ours supplies one
    "stray-markup",         # `**`, `😗*`, lone back-tick: text shows cleaned, source_text keeps the original
    "truncated",            # paragraph cut short compared with the other languages
    "missing-text",         # text present in another language but absent here
    "extra-text",           # text here that the other languages do not have
    "wrong-crossref",       # a reference that points at the wrong or a non-existent rule
    "mistranslation",       # meaning differs from the English
    "format",               # lost dash, heading run into text, page footer mid-paragraph, ...
]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Defect(Strict):
    kind: DefectKind
    note: str = ""


class Text(Strict):
    """One text unit with its provenance."""
    text: str
    by: Provenance = "source"
    source_text: str | None = None   # verbatim source where `text` was cleaned (stray markup)
    origin: str | None = None        # source file, when not the edition's own (English taken from the Russian page)
    defects: tuple[Defect, ...] = ()
    date: str | None = None          # by: translator — when the translation was imported (YYYY-MM-DD)
    # a translation carried into a newer edition whose English changed: the year of the English it
    # translates, so readers and QA know it waits for a translator (`rulebook edition add`)
    stale_from: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_plain_string(cls, value: object) -> object:
        return {"text": value} if isinstance(value, str) else value

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("text is empty")
        return value

    @model_validator(mode="after")
    def _translator_dated(self) -> Self:
        if (self.by == "translator") != (self.date is not None):
            raise ValueError("text by: translator needs a date (YYYY-MM-DD), and only it has one")
        if self.date is not None and not DATE.match(self.date):
            raise ValueError(f"date {self.date!r} is not YYYY-MM-DD")
        if self.stale_from is not None and not YEAR.match(self.stale_from):
            raise ValueError(f"stale_from {self.stale_from!r} is not a year (YYYY)")
        return self

    @property
    def verbatim(self) -> str:
        """What the source said, for fidelity checks."""
        return self.source_text if self.source_text is not None else self.text


BlockKind = Literal["p", "note", "item"]


class Block(Text):
    """A paragraph, a note ("[adopted 2013]", "Deleted 2022") or a numbered list item.

    YAML forms: `"text"`, `{p: text}`, `{note: text}`, `{item: text, marker: "1)"}`, each mapping
    optionally with by / source_text / defects. `joined: true` says the block continues the same
    source paragraph as the block before it (the importer split it into list items or a note).
    """
    kind: BlockKind = "p"
    marker: str | None = None
    joined: bool = False

    @model_validator(mode="before")
    @classmethod
    def _from_yaml_form(cls, value: object) -> object:
        if isinstance(value, str):
            return {"text": value}
        if isinstance(value, dict):
            value = dict(value)
            for kind in ("p", "note", "item"):
                if kind in value:
                    if "text" in value:
                        raise ValueError(f"block has both '{kind}' and 'text'")
                    value["text"] = value.pop(kind)
                    value["kind"] = kind
        return value

    @model_validator(mode="after")
    def _marker_only_on_items(self) -> Self:
        if (self.kind == "item") != (self.marker is not None):
            raise ValueError("list items need a marker and only list items have one")
        return self


class Part(Strict):
    marker: str | None = None                  # verbatim label as the source wrote it ("A:", "Ｄ**.**", "A）")
    blocks: tuple[Block, ...] = ()             # empty only when a defect says the text is missing
    defects: tuple[Defect, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _from_list(cls, value: object) -> object:
        return {"blocks": value} if isinstance(value, list) else value


class Rule(Strict):
    """A rule ("43") or a recommended procedure ("RP-5")."""
    id: str = ""                               # filled from the mapping key
    title: Text
    blocks: tuple[Block, ...] = ()             # text before the first lettered part
    parts: dict[str, Part] = Field(default_factory=dict)
    after: tuple[Block, ...] = ()              # text after the last part that belongs to no part

    @field_validator("parts")
    @classmethod
    def _part_ids(cls, parts: dict[str, Part]) -> dict[str, Part]:
        for key in parts:
            if not PART_ID.match(key):
                raise ValueError(f"part id {key!r} is not a capital letter")
        return parts

    @property
    def kind(self) -> Literal["rule", "procedure"]:
        return "procedure" if self.id.startswith("RP-") else "rule"

    @property
    def number(self) -> str:
        return self.id.removeprefix("RP-")

    def all_blocks(self) -> Iterator[tuple[str | None, Block]]:
        """(part id or None, block) in reading order."""
        for block in self.blocks:
            yield None, block
        for part_id, part in self.parts.items():
            for block in part.blocks:
                yield part_id, block
        for block in self.after:
            yield None, block

    @property
    def has_text(self) -> bool:
        """Whether any block holds text: an older source can list a rule without it."""
        return any(True for _ in self.all_blocks())


class Example(Strict):
    label: str = ""                            # "1", "1-A", "Situation 3"
    marker: str | None = None                  # verbatim label in the source ("Example 1:", "案例1:", "1-A")
    title: Text | None = None
    blocks: tuple[Block, ...]
    defects: tuple[Defect, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _from_list(cls, value: object) -> object:
        return {"blocks": value} if isinstance(value, list) else value


class AddendumEntry(Strict):
    """Worked examples for one rule or part: keyed by what they illustrate ("11-D", "43")."""
    id: str = ""
    title: Text | None = None
    blocks: tuple[Block, ...] = ()             # introduction before the examples
    examples: dict[str, Example] = Field(default_factory=dict)

    @property
    def rule_id(self) -> str:
        return self.id.split("-")[0]

    @property
    def part_id(self) -> str | None:
        return self.id.split("-")[1] if "-" in self.id else None


class Section(Strict):
    id: str                                    # "general-concepts"
    title: Text
    rules: tuple[str, ...]


class Edition(Strict):
    """One edition in one language: the unit of a YAML file."""
    edition: str                               # "2024"
    version: str = ""                          # "1.0"
    language: str
    source: str                                # path under rulebook/ of the verbatim source
    converted_from: str | None = None          # zh-Hans: "zh-Hant"
    partial: bool = False                      # 2017: the source covers rules 23 to part of 71
    title: Text
    headings: dict[str, Text] = Field(default_factory=dict)  # titles of preamble / procedures / addendum
    notice: tuple[Block, ...] = ()             # the source page's own notes (e.g. the Russian disclaimer)
    preamble: tuple[Block, ...] = ()
    sections: tuple[Section, ...] = ()
    rules: dict[str, Rule] = Field(default_factory=dict)
    procedures_preamble: tuple[Block, ...] = ()
    procedures: dict[str, Rule] = Field(default_factory=dict)
    addendum_preamble: tuple[Block, ...] = ()
    addendum: dict[str, AddendumEntry] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _ids_from_keys(cls, value: object) -> object:
        """Identifiers are the YAML keys; copy them into the objects so each knows its own id."""
        if not isinstance(value, dict):
            return value
        value = dict(value)
        for field in ("rules", "procedures", "addendum"):
            mapping = value.get(field)
            if isinstance(mapping, dict):
                value[field] = {str(k): _with_id(v, str(k)) for k, v in mapping.items()}
        addendum = value.get("addendum")
        if isinstance(addendum, dict):
            for entry in addendum.values():
                examples = entry.get("examples") if isinstance(entry, dict) else None
                if isinstance(examples, dict):
                    entry["examples"] = {str(k): _with_label(v, str(k)) for k, v in examples.items()}
        return value

    def rule(self, rule_id: str) -> Rule | None:
        return self.rules.get(rule_id) or self.procedures.get(rule_id)

    def all_rules(self) -> Iterator[Rule]:
        yield from self.rules.values()
        yield from self.procedures.values()

    def section_of(self, rule_id: str) -> Section | None:
        return next((s for s in self.sections if rule_id in s.rules), None)


def _with_id(value: object, key: str) -> object:
    return {**value, "id": key} if isinstance(value, dict) else value


def _with_label(value: object, key: str) -> object:
    if isinstance(value, list):
        return {"blocks": value, "label": key}
    return {**value, "label": key} if isinstance(value, dict) else value


class GlossaryTerm(Strict):
    id: str                                    # "all-in"
    en: tuple[str, ...]                        # first is the preferred rendering
    zh_hant: tuple[str, ...] = Field(alias="zh-Hant")
    ru: tuple[str, ...]
    # the dictionary form, ours, where the sources only inflect the term (en, ru: "резервистам" → "резервист")
    headword: dict[StoredLanguage, str] = Field(default_factory=dict)
    abbreviations: tuple[str, ...] = ()        # "SA", "OOT", "СД"
    rules: tuple[str, ...] = ()                # where the term is defined or central
    definition: dict[str, Text] = Field(default_factory=dict)  # per language, short; ours unless quoted
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


SITUATION_TARGET = re.compile(r"^(?:[1-9][0-9]?|RP-[1-9][0-9]?)(?:-[A-Z])?$")


class RuleWords(Strict):
    """Words of ours in each language, for the rules (or parts) they lead to: what Situation and
    Concept share."""
    rules: tuple[str, ...] = Field(min_length=1)   # "31", "RP-5", "13-C"
    en: tuple[str, ...] = ()
    zh_hant: tuple[str, ...] = Field(default=(), alias="zh-Hant")   # also serves zh-Hans (t2s-folded)
    # mainland wording written in Simplified (发牌员, 视频, 软件); serves both Chinese sites, as
    # every Chinese text is compared folded to Simplified
    zh_hans: tuple[str, ...] = Field(default=(), alias="zh-Hans")
    ru: tuple[str, ...] = ()
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @field_validator("rules")
    @classmethod
    def _rule_ids(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for rule_id in value:
            if not SITUATION_TARGET.match(rule_id):
                raise ValueError(f"{rule_id!r} is not a rule, procedure or part id (43, RP-5, 13-C)")
        return value

    def words(self, language: str) -> tuple[str, ...]:
        """This language's words; a Chinese site's are the zh-Hant ones, then the zh-Hans ones."""
        return self.ru if language == "ru" else self.en if language == "en" else self.zh_hant + self.zh_hans


class Situation(RuleWords):
    """Players' words for what happened at the table, and the rules (or parts) that answer it (ours)."""


class Concept(RuleWords):
    """The everyday words for one concept of the rules (ours): swore, cursed, insulted → abuse.
    Search compares every phrase and every query with each of these words put to the concept's
    first word, its name (`words(language)[0]`; a Chinese concept is named by its first zh-Hant word;
    tdarules.search.situations), so a phrase written with one of them matches a question that uses
    another. ``rules``: where the concept is (for review; checked to exist)."""
    # a number of three digits or more (1000, 5k) in a question is an amount: it counts as this
    # concept's name (one concept has it)
    numbers: bool = False


def _stored(language: str) -> StoredLanguage:
    """The stored language whose words serve a site's: both Chinese sites read the zh-Hant ones."""
    return cast(StoredLanguage, "zh-Hant" if language.startswith("zh") else language)


class SituationVocabulary(Strict):
    """rulebook/situations.yaml: question framing per language and the situation phrases."""
    by: Literal["ours"]
    framing: dict[StoredLanguage, tuple[str, ...]] = Field(default_factory=dict)
    # a player's word → the words the rule text uses for it (籌碼 → 計分牌, баттон → кнопка)
    words: dict[StoredLanguage, dict[str, tuple[str, ...]]] = Field(default_factory=dict)
    situations: tuple[Situation, ...] = ()
    concepts: tuple[Concept, ...] = ()

    def words_for(self, language: str) -> dict[str, tuple[str, ...]]:
        return self.words.get(_stored(language), {})

    def framing_for(self, language: str) -> tuple[str, ...]:
        return self.framing.get(_stored(language), ())


class Step(Strict):
    """One rule of an edition and the rule(s) of the next edition it became (none: dropped)."""
    old: str
    new: tuple[str, ...]
    note: str = ""


class Succession(Strict):
    """How one edition's rules became the next edition's: from rulebook/renumbering.yaml (2017's
    reviewed pairs) or from a later edition's rulebook/<year>/mapping.yaml (`rulebook edition add`)."""
    old: str                                   # the older edition's year
    new: str                                   # the next edition's year
    file: str
    steps: tuple[Step, ...]

    def targets(self) -> dict[str, tuple[str, ...]]:
        return {step.old: step.new for step in self.steps}


class Renumbering(Strict):
    """One 2017 rule and the 2024 rule it became."""
    old: str                                   # 2017 id
    old_title: str
    new: str | None                            # 2024 id, None when dropped
    new_title: str | None = None
    match: Literal["title", "text", "manual"]  # how the pair was found
    similarity: float | None = None            # text similarity when matched by text
    note: str = ""


class Acknowledgement(Strict):
    """A QA finding a reviewer read and accepted (a false alarm, or a defect kept as published)."""
    finding: str                               # the finding's id: "numbers:43-B:1:1000"
    reason: str
    reviewer: str
    date: str

    @field_validator("reason", "reviewer")
    @classmethod
    def _said(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be empty")
        return value

    @field_validator("date")
    @classmethod
    def _date(cls, value: str) -> str:
        if not DATE.match(value):
            raise ValueError(f"date {value!r} is not YYYY-MM-DD")
        return value


class Review(Strict):
    """rulebook/review/<lang>.yaml: what translation QA keeps per translated language.

    `fingerprints`: unit id → fingerprint of the English the unit was translated from (units.fingerprint),
    so a change to the English makes the unit stale. `acknowledgements`: reviewed findings."""
    language: str
    fingerprints: dict[str, str] = Field(default_factory=dict)
    acknowledgements: tuple[Acknowledgement, ...] = ()
