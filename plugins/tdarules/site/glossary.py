"""The glossary's entries: each term in its dictionary form and, quoted from the rules, the sentence
that defines or first uses it.

The quote is rule text, found, not written: the first sentence, in the rules the term lists (defining
rule first), that holds one of the term's renderings in the page's language; failing those, the first
rule of the edition that uses it. A term the edition never writes gets no quote.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .. import urls
from ..chinese import simplified
from ..model import Edition, GlossaryTerm

# Sentence ends: Latin and Cyrillic stops followed by a space, Chinese stops anywhere.
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；])")


@dataclass(frozen=True)
class Quote:
    text: str          # one sentence, verbatim
    rule_id: str
    url: str           # the part it is in, when it is in one


def renderings(term: GlossaryTerm, language: str) -> list[str]:
    """The term as the rules of `language` write it (Simplified converted from Traditional)."""
    if language == "en":
        return list(term.en)
    if language == "ru":
        return list(term.ru)
    return [simplified(v) for v in term.zh_hant] if language == "zh-Hans" else list(term.zh_hant)


def headword(term: GlossaryTerm, language: str) -> str:
    """The dictionary form: set in the glossary where the sources only inflect it (резервистам →
    резервист), otherwise the first rendering."""
    own = term.headword.get("zh-Hant" if language == "zh-Hans" else language)
    if own:
        return simplified(own) if language == "zh-Hans" else own
    return renderings(term, language)[0]


def _pattern(variants: list[str], language: str) -> re.Pattern:
    alternatives = "|".join(re.escape(v) for v in sorted(variants, key=len, reverse=True))
    if language.startswith("zh"):
        return re.compile(alternatives)
    # a whole word, as the glossary's variants are checked against the sources
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


def defining_sentence(term: GlossaryTerm, edition: Edition, language: str) -> Quote | None:
    pattern = _pattern(renderings(term, language), language)
    others = [rule.id for rule in edition.all_rules() if rule.id not in term.rules]
    for rule_id in (*term.rules, *others):
        rule = edition.rule(rule_id)
        if rule is None:
            continue
        for part, block in rule.all_blocks():
            for sentence in _SENTENCE_END.split(block.text):
                if pattern.search(sentence):
                    return Quote(sentence.strip(), rule_id, urls.rule_url(language, rule_id, part))
    return None
