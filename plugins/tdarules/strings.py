"""Interface strings (ours, not TDA text) kept as data beside the translations: rulebook/ui/*.yaml."""
from __future__ import annotations

from pathlib import Path

from .chinese import simplified
from .model import ALL_LANGUAGES
from .yamlio import read_yaml, to_plain


class Strings:
    """`strings.get('example', 'ru', label='1-A')`; zh-Hans falls back to zh-Hant converted by OpenCC."""

    def __init__(self, table: dict):
        self.table = table

    @classmethod
    def load(cls, path: Path) -> "Strings":
        return cls(to_plain(read_yaml(path))["strings"])

    def get(self, key: str, language: str, **params) -> str:
        entry = self.table
        for part in key.split("."):
            entry = entry[part]
        return self.pick(entry, language).format(**params)

    @staticmethod
    def pick(entry: dict | str, language: str) -> str:
        """One language of a {en, zh-Hant, zh-Hans?, ru} entry; a plain string is the same in all."""
        if isinstance(entry, str):
            return entry
        if language in entry:
            return entry[language]
        if language == "zh-Hans" and "zh-Hant" in entry:
            return simplified(entry["zh-Hant"])
        return entry.get("en", "")

    def all_languages(self, key: str) -> dict[str, str]:
        return {language: self.get(key, language) for language in ALL_LANGUAGES}
