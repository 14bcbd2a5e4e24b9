"""What rendering one language needs, shared by every page's view function (pages.py, calculators.py and
the page types to come): the edition, the strings, the indexes built once per language, and the small
naming helpers ("Rule 43", citations) the views and the JSON exports agree on. No markup here."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from markupsafe import Markup

from ..chinese import simplified
from ..crossrefs import find_refs
from ..loader import Rulebook
from ..model import CURRENT_EDITION, Edition, Rule
from ..strings import Strings
from .glossary import renderings
from .markup import Term, linked_text

YEAR = CURRENT_EDITION


@dataclass
class Context:
    """What rendering one language needs: its edition, the English edition, strings and indexes."""
    rulebook: Rulebook
    language: str
    strings: Strings
    downloads: list = field(default_factory=list)             # PDFs for the home page (printing.pdf.Generated)
    # A printed book is the text as published, word for word: a reference a translation wrote in English
    # stays in English there. A web page links it in the page's language, the source's words in its title.
    verbatim_refs: bool = False
    edition: Edition = field(init=False)
    referenced_by: dict[str, list[tuple[str, str | None]]] = field(init=False)
    terms: list[Term] = field(init=False)     # (variant, term id, tooltip), longest first
    ref_names: dict[str, str] | None = field(init=False)    # linked_text's words for a reference; None: verbatim
    source_words: str = field(init=False)                   # the tooltip of a reference named in those words

    def __post_init__(self):
        self.edition = self.rulebook.edition(self.language)
        self.referenced_by = referenced_by(self.rulebook.edition("en"))
        self.terms = glossary_matchers(self.rulebook, self.language)
        self.ref_names = None if self.verbatim_refs else {kind: self.s(kind) for kind in ("addendum", "procedure", "rule")}
        self.source_words = self.s("source_words")

    @cached_property
    def english(self) -> Context:
        """The English edition's context beside this one (for English text shown where a source has
        none): made once per context, and gone with it."""
        return self if self.language == "en" else Context(self.rulebook, "en", self.strings)

    def s(self, key: str, **params) -> str:
        return self.strings.get(key, self.language, **params)

    def text(self, text: str, rule_id: str | None = None, used_terms: set[str] | None = None) -> Markup:
        """Rule text as markup: references linked; with `used_terms`, first glossary mentions explained."""
        return linked_text(text, language=self.language, edition=self.edition, terms=self.terms,
                           rule_id=rule_id, used_terms=used_terms, ref_names=self.ref_names,
                           source_words=self.source_words)

    def rule_label(self, rule: Rule) -> str:
        return rule.id if rule.kind == "procedure" else f"{self.s('rule')} {rule.id}"

    def citation(self, rule_id: str, part: str | None = None) -> str:
        target = f"{rule_id}-{part}" if part else rule_id
        key = "citation_rp" if rule_id.startswith("RP-") else "citation"
        return self.s(key, edition=YEAR, target=target)

    def missing_example_note(self, example) -> str:
        """What stands for an example this language's source has no text for (page and PDF alike): it
        was translated together with the one before it (a recorded format defect), or it is missing."""
        merged = any(d.kind == "format" for d in example.defects)
        return self.s("merged_example" if merged else "missing_example")

    def example_label(self, label: str) -> str:
        if label.startswith("Situation "):
            return self.s("situation", label=label.removeprefix("Situation "))
        return self.s("example", label=label)


def referenced_by(edition: Edition) -> dict[str, list[tuple[str, str | None]]]:
    """rule id → [(citing rule id, citing part)], from the English text (the governing one)."""
    index: dict[str, list[tuple[str, str | None]]] = {}
    for rule in edition.all_rules():
        for part_id, block in rule.all_blocks():
            for ref in find_refs(block.text, "en"):
                for target in ref.rules:                 # a range cites every rule in it
                    if target != rule.id and (rule.id, part_id) not in index.setdefault(target, []):
                        index[target].append((rule.id, part_id))
    return index


def glossary_matchers(rulebook: Rulebook, language: str) -> list[Term]:
    out = []
    for term in rulebook.glossary:
        tooltip = " · ".join(dict.fromkeys([term.en[0], term.zh_hant[0], simplified(term.zh_hant[0]), term.ru[0]]))
        for shown in renderings(term, language):
            if len(shown) >= 2:
                out.append((shown, term.id, tooltip))
    return sorted(out, key=lambda item: -len(item[0]))
