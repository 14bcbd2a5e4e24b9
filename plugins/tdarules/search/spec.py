"""The specification of query understanding (``spec.yaml``), read once, as Python values.

The tables, weights and regular expressions both implementations use live in ``spec.yaml``: this
module gives them to the Python side; ``docs/assets/search/spec.js`` is the same data for the browser,
written from the file by ``python -m tdarules.search.spec`` (tests/search/test_spec.py fails when it
is out of date), and ``number.js specRegex`` expands its regular expressions there.

A pattern is a string or a list of pieces; ``{w}``, ``{letter}`` and the names of ``fragments`` are
expanded (see the head of spec.yaml) and ``(?<name>…)`` becomes ``(?P<name>…)``.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

import yaml

SPEC_FILE = Path(__file__).with_name("spec.yaml")
JS_FILE = Path(__file__).resolve().parents[3] / "docs" / "assets" / "search" / "spec.js"

DATA: Mapping[str, Any] = yaml.safe_load(SPEC_FILE.read_text(encoding="utf-8"))

# the placeholders of a word-character class and of a letter, in Python's dialect (number.js has the
# JavaScript ones)
CLASSES = {"w": r"\w", "letter": r"[^\W\d_]"}
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_NAMED_GROUP = re.compile(r"\(\?<([A-Za-z_][A-Za-z0-9_]*)>")


def source(pattern: str | list[str]) -> str:
    """A pattern of the spec as Python's re reads it."""
    text = "".join(pattern) if isinstance(pattern, list) else pattern

    def expand(m: re.Match) -> str:
        name = m.group(1)
        if name in CLASSES:
            return CLASSES[name]
        if name in DATA["fragments"]:
            return _PLACEHOLDER.sub(expand, DATA["fragments"][name])
        raise KeyError(f"spec.yaml: unknown placeholder {{{name}}}")
    return _NAMED_GROUP.sub(r"(?P<\1>", _PLACEHOLDER.sub(expand, text))


def regex(pattern: str | list[str]) -> re.Pattern:
    return re.compile(source(pattern))


def patterns(table: Mapping[str, Any]) -> dict[str, Any]:
    """A table of patterns compiled, nested tables (one pattern per language) too."""
    return {name: patterns(p) if isinstance(p, dict) else regex(p) for name, p in table.items()}


def _frozen(value):
    return MappingProxyType({k: _frozen(v) for k, v in value.items()}) if isinstance(value, dict) else value


# --- typed values -------------------------------------------------------------------------------------

_RULES = DATA["rule_numbers"]
PART_LETTERS: Mapping[str, str] = _frozen(_RULES["part_letters"])
RULE_PATTERNS: Mapping[str, re.Pattern] = _frozen(patterns(_RULES["patterns"]))
MENTION_SCORE: float = float(_RULES["mention_score"])
AMOUNT_SCORE: float = float(_RULES["amount_score"])

_AMOUNTS = DATA["amounts"]
AMOUNT_PATTERNS: Mapping[str, Any] = _frozen(patterns(_AMOUNTS["patterns"]))
SMALLEST: int = int(_AMOUNTS["smallest"])
SCALE: Mapping[str, int] = _frozen(_AMOUNTS["scale"])
COUNTS: Mapping[str, int] = _frozen(_AMOUNTS["counts"])
AMOUNT_BEFORE: int = int(_AMOUNTS["before"])
AMOUNT_AFTER: int = int(_AMOUNTS["after"])
STORY_AFTER: int = int(_AMOUNTS["story_after"])

SITUATION_WEIGHT: float = float(DATA["ranking"]["situation_weight"])
SECOND: float = float(DATA["ranking"]["second"])
THIRD: float = float(DATA["ranking"]["third"])

TO_CYRILLIC: Mapping[str, str] = _frozen(dict(zip(DATA["lookalikes"]["latin"], DATA["lookalikes"]["cyrillic"], strict=True)))
TO_LATIN: Mapping[str, str] = _frozen({c: l for l, c in TO_CYRILLIC.items()} | DATA["lookalikes"]["to_latin"])

# site language → (the run typed on the other keyboard, the table that reads it on the site's)
KEYBOARDS: Mapping[str, tuple[re.Pattern, dict[int, int]]] = _frozen(
    {lang: (regex(k["typed"]), str.maketrans(k["from"], k["to"])) for lang, k in DATA["keyboards"].items()})


# --- the browser's copy -------------------------------------------------------------------------------

def js_module() -> str:
    """docs/assets/search/spec.js: this file's data as an ES module."""
    return ("// Written from plugins/tdarules/search/spec.yaml by `python -m tdarules.search.spec`: edit that\n"
            "// file, not this one (tests/search/test_spec.py checks they agree). Read by number.js (specRegex),\n"
            "// amounts.js, understanding.js and query.js.\n"
            "export default " + json.dumps(DATA, ensure_ascii=False, indent=1) + ";\n")


if __name__ == "__main__":
    JS_FILE.write_text(js_module(), encoding="utf-8")
    print(f"wrote {JS_FILE}", file=sys.stderr)
