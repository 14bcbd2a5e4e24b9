"""Small constructed rulebooks: an English edition and one translation, built from plain dicts."""
from __future__ import annotations

from pathlib import Path

import pytest

from tdarules.loader import Rulebook, load_rulebook
from tdarules.model import Edition, GlossaryTerm, Review

ROOT = Path(__file__).resolve().parents[2]


def edition(language: str, rules: dict, **extra) -> Edition:
    return Edition.model_validate({"edition": "2024", "language": language, "source": "test", "title": "T",
                                   "rules": rules, **extra})


def make_rulebook(en: dict, tr: dict, language: str = "zh-Hant", glossary=(), review: dict | None = None,
                  **extra) -> Rulebook:
    editions = {("2024", "en"): edition("en", en, **extra.get("en_extra", {})),
                ("2024", language): edition(language, tr, **extra.get("tr_extra", {}))}
    terms = tuple(GlossaryTerm.model_validate(t) for t in glossary)
    reviews = {language: Review.model_validate({"language": language, **review})} if review else {}
    return Rulebook(ROOT, editions, terms, (), {}, reviews=reviews)


@pytest.fixture(scope="session")
def real_rulebook():
    return load_rulebook(ROOT)
