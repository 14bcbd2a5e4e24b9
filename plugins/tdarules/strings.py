"""Interface strings (ours, not TDA text) kept as data beside the translations: rulebook/ui/*.yaml."""
from __future__ import annotations

from pathlib import Path

from .chinese import simplified
from .model import ALL_LANGUAGES
from .yamlio import read_positioned


class Strings:
    """`strings.get('example', 'ru', label='1-A')`; zh-Hans falls back to zh-Hant converted by OpenCC.

    Keys are dotted paths: 'defect_kinds.format', and for a file loaded as a namespace
    ('calculators' = rulebook/ui/calculators.yaml) 'calculators.ui.loading'."""

    def __init__(self, table: dict):
        self.table = table

    @classmethod
    def load(cls, path: Path, **namespaces: Path) -> "Strings":
        """The `strings:` table of `path`, plus each of `namespaces` (name=file) as a whole under its name."""
        table = read_positioned(path).data["strings"]
        for name, file in namespaces.items():
            if name in table:
                raise ValueError(f"{path}: key {name!r} is also the name of the strings file {file}")
            document = read_positioned(file).data
            document.pop("by", None)
            table[name] = document
        return cls(table)

    def entry(self, key: str):
        """The raw entry at a dotted key: one {en, zh-Hant, ...} leaf, or a nested table of them."""
        entry = self.table
        for part in key.split("."):
            entry = entry[part]
        return entry

    def get(self, key: str, language: str, **params) -> str:
        return self.pick(self.entry(key), language).format(**params)

    def localized(self, key: str, language: str):
        """The nested table at `key` with one language picked at every leaf (for the browser's JSON)."""
        return self._localize(self.entry(key), language)

    @classmethod
    def _localize(cls, entry, language: str):
        if isinstance(entry, dict) and isinstance(entry.get("en"), str):
            return cls.pick(entry, language)
        if isinstance(entry, dict):
            return {str(k): cls._localize(v, language) for k, v in entry.items()}
        if isinstance(entry, list):
            return [cls._localize(v, language) for v in entry]
        return entry

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
