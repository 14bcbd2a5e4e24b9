"""rulebook/glossary.yaml renders each term exactly as the sources do.

Every variant and abbreviation must occur verbatim in its language's text (rulebook/sources/, the
verbatim copies of the seeds):

* en:      source 000, the lines without CJK characters (bilingual headings count as Chinese);
* zh-Hant: source 000, the lines with CJK characters;
* ru:      source 002, lines 1-110 (the Russian translation; 111-219 are the English original).

For en and ru the match is case-insensitive and must be a whole word: no letter, digit, underscore
or hyphen immediately before or after it (so "bet" does not count inside "better", nor "пот" inside
"пот-лимите"). For zh-Hant it is a plain substring match.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "rulebook" / "glossary.yaml"
SOURCES = ROOT / "rulebook" / "sources"
SOURCE_EN_ZH = SOURCES / "000_ea0a9c803a5824f7.txt"
SOURCE_RU = SOURCES / "002_20540d062b9b3fff.txt"
RU_LAST_LINE = 110

LANGUAGES = ("en", "zh-Hant", "ru")
KEY_ORDER = ("id", "en", "zh-Hant", "ru", "headword", "abbreviations", "rules")
REQUIRED_KEYS = {"id", "en", "zh-Hant", "ru"}
MIN_TERMS = 40

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
KEBAB = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
RULE_ID = re.compile(r"^(?:[1-9][0-9]?|RP-[1-9][0-9]?)$")   # as plugins/tdarules/model.py
RULE_COUNT, PROCEDURE_COUNT = 71, 22                        # TDA 2024: rules 1-71, RP-1..RP-22


@lru_cache(maxsize=None)
def glossary() -> dict:
    return yaml.safe_load(GLOSSARY.read_text(encoding="utf-8"))


def terms() -> list[dict]:
    return glossary()["terms"]


@lru_cache(maxsize=None)
def source_text(language: str) -> str:
    if language == "ru":
        lines = SOURCE_RU.read_text(encoding="utf-8").splitlines()[:RU_LAST_LINE]
        return "\n".join(lines)
    lines = SOURCE_EN_ZH.read_text(encoding="utf-8").splitlines()
    want_cjk = language == "zh-Hant"
    return "\n".join(line for line in lines if bool(CJK.search(line)) == want_cjk)


def occurs(language: str, variant: str) -> bool:
    text = source_text(language)
    if language == "zh-Hant":
        return variant in text
    pattern = r"(?<![\w-])" + re.escape(variant) + r"(?![\w-])"
    return re.search(pattern, text, flags=re.IGNORECASE) is not None


def abbreviation_languages(abbreviation: str) -> tuple[str, ...]:
    """An abbreviation belongs to every language whose text uses it (Cyrillic ones only to ru)."""
    if re.search(r"[\u0400-\u04ff]", abbreviation):
        return ("ru",)
    return LANGUAGES


def term_ids() -> list[str]:
    return [term.get("id", f"#{i}") for i, term in enumerate(terms())]


# --- sources ---------------------------------------------------------------------------------------

def test_source_split_is_what_we_expect():
    assert source_text("en") and source_text("zh-Hant") and source_text("ru")
    assert not CJK.search(source_text("en"))
    assert "General Concepts" not in source_text("en")   # bilingual heading lines go to zh-Hant
    assert "Floor decisions are final." in source_text("en")
    assert "賽事現場以裁判判決為準" in source_text("zh-Hant")
    assert "Высший приоритет" in source_text("ru")
    assert "The best interest of the game" not in source_text("ru")   # English half excluded


# --- file shape ------------------------------------------------------------------------------------

def test_top_level_shape():
    data = glossary()
    assert list(data) == ["by", "terms"]
    assert data["by"] == "ours"
    assert isinstance(data["terms"], list)


def test_enough_terms():
    assert len(terms()) >= MIN_TERMS


def test_ids_unique_and_kebab_case():
    ids = [term["id"] for term in terms()]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"duplicate ids: {duplicates}"
    bad = [i for i in ids if not isinstance(i, str) or not KEBAB.match(i)]
    assert not bad, f"ids not kebab-case: {bad}"


@pytest.mark.parametrize("term", terms(), ids=term_ids())
def test_term_keys_and_order(term):
    keys = list(term)
    assert REQUIRED_KEYS <= set(keys), f"missing keys: {REQUIRED_KEYS - set(keys)}"
    assert set(keys) <= set(KEY_ORDER), f"unknown keys: {set(keys) - set(KEY_ORDER)}"
    assert keys == [k for k in KEY_ORDER if k in keys], f"keys out of order: {keys}"


@pytest.mark.parametrize("term", terms(), ids=term_ids())
def test_every_language_present_and_non_empty(term):
    for language in LANGUAGES:
        variants = term.get(language)
        assert isinstance(variants, list) and variants, f"{language}: no variants"
        for variant in variants:
            assert isinstance(variant, str) and variant.strip() == variant and variant, (
                f"{language}: bad variant {variant!r}")
        assert len(variants) == len(set(variants)), f"{language}: repeated variant"


@pytest.mark.parametrize("term", terms(), ids=term_ids())
def test_rules_are_existing_rule_ids(term):
    rules = term.get("rules", [])
    assert isinstance(rules, list)
    for rule in rules:
        assert isinstance(rule, str) and RULE_ID.match(rule), f"bad rule id {rule!r}"
        number = int(rule.removeprefix("RP-"))
        limit = PROCEDURE_COUNT if rule.startswith("RP-") else RULE_COUNT
        assert 1 <= number <= limit, f"no such rule {rule!r}"
    assert len(rules) == len(set(rules)), "repeated rule id"


# --- fidelity to the sources -----------------------------------------------------------------------

@pytest.mark.parametrize("term", terms(), ids=term_ids())
def test_variants_occur_in_their_language(term):
    missing = [f"{language}: {variant!r}"
               for language in LANGUAGES
               for variant in term.get(language, [])
               if not occurs(language, variant)]
    assert not missing, "not found in the source text: " + "; ".join(missing)


@pytest.mark.parametrize("term", terms(), ids=term_ids())
def test_abbreviations_occur(term):
    abbreviations = term.get("abbreviations", [])
    assert isinstance(abbreviations, list)
    missing = [a for a in abbreviations
               if not isinstance(a, str)
               or not any(occurs(language, a) for language in abbreviation_languages(a))]
    assert not missing, f"abbreviations not found in any source text: {missing}"


def test_glossary_loads_into_the_domain_model():
    from tdarules.model import GlossaryTerm          # the installed package, the one the loader uses
    raw = terms()
    assert len(raw) >= 20
    parsed = [GlossaryTerm.model_validate(term) for term in raw]
    assert [t.id for t in parsed] == [t["id"] for t in raw]
    assert all(t.en and t.zh_hant and t.ru for t in parsed)
