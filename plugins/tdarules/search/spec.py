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

# the placeholders of a word-character class, a letter and a Latin/Cyrillic word's characters, in
# Python's dialect (number.js has the JavaScript ones); they may hold placeholders themselves
CLASSES = {"w": r"\w", "letter": r"[^\W\d_]", "alnum": r"[^\W_{cjk}]", "alpha": r"[^\W\d_{cjk}]"}
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_NAMED_GROUP = re.compile(r"\(\?<([A-Za-z_][A-Za-z0-9_]*)>")


def source(pattern: str | list[str]) -> str:
    """A pattern of the spec as Python's re reads it."""
    text = "".join(pattern) if isinstance(pattern, list) else pattern

    def expand(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in CLASSES:
            return _PLACEHOLDER.sub(expand, CLASSES[name])
        if name in DATA["fragments"]:
            return _PLACEHOLDER.sub(expand, DATA["fragments"][name])
        raise KeyError(f"spec.yaml: unknown placeholder {{{name}}}")
    return _NAMED_GROUP.sub(r"(?P<\1>", _PLACEHOLDER.sub(expand, text))


def regex(pattern: str | list[str]) -> re.Pattern[str]:
    return re.compile(source(pattern))


def patterns(table: Mapping[str, Any]) -> dict[str, Any]:
    """A table of patterns compiled, nested tables (one pattern per language) too."""
    return {name: patterns(p) if isinstance(p, dict) else regex(p) for name, p in table.items()}


def _frozen(value: Any) -> Any:
    return MappingProxyType({k: _frozen(v) for k, v in value.items()}) if isinstance(value, dict) else value


# --- typed values -------------------------------------------------------------------------------------

_RULES = DATA["rule_numbers"]
PART_LETTERS: Mapping[str, str] = _frozen(_RULES["part_letters"])
RULE_PATTERNS: Mapping[str, re.Pattern[str]] = _frozen(patterns(_RULES["patterns"]))
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
AMOUNT_RULES: Mapping[str, str] = _frozen(_AMOUNTS["rules"])
TINY: float = float(_AMOUNTS["tiny"])
SHORT_RAISE: float = float(_AMOUNTS["short_raise"])

_CLAUSES = DATA["clauses"]
COMMON_SHARE: float = float(_CLAUSES["common_share"])
MAX_WORDS: int = int(_CLAUSES["max_words"])

SUGGEST: Mapping[str, int] = _frozen(DATA["suggest"])
FUZZY_BOOST: float = float(_CLAUSES["fuzzy"])
PHRASE_BOOST: float = float(_CLAUSES["phrase"])
NGRAM_BOOST: float = float(_CLAUSES["ngram"])
NGRAM_PHRASE_BOOST: float = float(_CLAUSES["ngram_phrase"])
NGRAM_SLOP: int = int(_CLAUSES["ngram_slop"])
TERM_BOOST: float = float(_CLAUSES["term"])
CENTRAL_BOOST: float = float(_CLAUSES["central"])
RENDERING_BOOST: float = float(_CLAUSES["rendering"])
TERM_SHARE: float = float(_CLAUSES["term_share"])
CANDIDATES_PER_HIT: int = int(_CLAUSES["candidates_per_hit"])
CANDIDATES: int = int(_CLAUSES["candidates"])
MAX_FUZZY_WORDS: int = int(_CLAUSES["fuzzy_words"])
MAX_EXPANSIONS: int = int(_CLAUSES["expansions"])
FUZZY_FROM: int = int(_CLAUSES["fuzzy_from"])
FUZZY_TWO_FROM: int = int(_CLAUSES["fuzzy_two_from"])
PHRASE_WORDS: tuple[int, int] = (int(_CLAUSES["phrase_words"][0]), int(_CLAUSES["phrase_words"][1]))
NGRAM_PHRASE_GRAMS: tuple[int, int] = (int(_CLAUSES["ngram_phrase_grams"][0]), int(_CLAUSES["ngram_phrase_grams"][1]))
KIND_BOOST: Mapping[str, float] = _frozen({k: float(v) for k, v in DATA["index"]["kind_boost"].items()})
TITLE_BOOST: float = float(DATA["index"]["title_boost"])

MAX_QUERY: int = int(DATA["limits"]["query_characters"])
CPU_SECONDS: float = float(DATA["limits"]["cpu_seconds"])

SITUATION_WEIGHT: float = float(DATA["ranking"]["situation_weight"])
SECOND: float = float(DATA["ranking"]["second"])
THIRD: float = float(DATA["ranking"]["third"])
TRAILING: float = float(DATA["ranking"]["trailing"])
JUMP_TOP: float = float(DATA["ranking"]["jump_top"])

_WORDS: Mapping[str, re.Pattern[str]] = patterns(DATA["words"]["patterns"])
CJK: str = source("{cjk}")                      # the ranges, for a class of one's own
HAS_CJK, CJK_RUN, WORD, TOKEN = _WORDS["cjk"], _WORDS["cjk_run"], _WORDS["word"], _WORDS["token"]
LETTERS, TERM_TOKEN, BETWEEN_CJK, SPACES, CJK_JUNCTION = (
    _WORDS[n] for n in ("letters", "term_token", "between_cjk", "spaces", "cjk_junction"))

_SITUATIONS = DATA["situations"]
THRESHOLD: float = float(_SITUATIONS["threshold"])
WEAK_THRESHOLD: float = float(_SITUATIONS["weak_threshold"])
WEAK: float = float(_SITUATIONS["weak"])
FULL_WEIGHT: float = float(_SITUATIONS["full_weight"])
COVERAGE: float = float(_SITUATIONS["coverage"])
PASSED_OVER: float = float(_SITUATIONS["passed_over"])
UNIGRAM: float = float(_SITUATIONS["unigram"])
EN_SUFFIXES: tuple[str, ...] = tuple(_SITUATIONS["en_suffixes"])
UNDOUBLE_AFTER: tuple[str, ...] = tuple(_SITUATIONS["undouble_after"])
RU_ENDINGS: tuple[str, ...] = tuple(sorted(_SITUATIONS["ru_endings"].split(), key=len, reverse=True))   # longest first
SHORTEST_STEM: int = int(_SITUATIONS["shortest_stem"])
EN_STEM: int = int(_SITUATIONS["en_stem"])
RU_STEM: int = int(_SITUATIONS["ru_stem"])
SITUATION_PATTERNS: Mapping[str, re.Pattern[str]] = _frozen(patterns(_SITUATIONS["patterns"]))
ASKED_MIN_CHARS: int = int(_SITUATIONS["asked_min_chars"])
ASKED_MOST_OF: float = float(_SITUATIONS["asked_most_of"])
ASKED_WEIGHT: float = float(_SITUATIONS["asked_weight"])
ASKED_MIN_KEYS: int = int(_SITUATIONS["asked_min_keys"])

LEARNED_C: float = float(DATA["learned"]["c"])
LEARNED_SCALE: int = int(DATA["learned"]["scale"])
LEARNED_PRUNE: int = int(DATA["learned"]["prune"])
LEARNED_WEIGHT: float = float(DATA["learned"]["weight"])
LEARNED_TOP: int = int(DATA["learned"]["top"])
LEARNED_MIN_COUNT: int = int(DATA["learned"]["min_count"])
LEARNED_PAIR_MIN_COUNT: int = int(DATA["learned"]["pair_min_count"])
LEARNED_PAIR: str = str(DATA["learned"]["pair"])
LEARNED_QUOTED: re.Pattern[str] = regex(DATA["learned"]["quoted"])
LEARNED_QUOTED_KEY: str = str(DATA["learned"]["quoted_key"])

MIN_WORD: int = int(DATA["typos"]["min_word"])
EVERYDAY_ZIPF: float = float(DATA["typos"]["everyday_zipf"])
PINYIN_LONGEST: int = int(DATA["typos"]["pinyin_longest"])
GUARD_FREQUENCY: int = int(DATA["typos"]["guard_frequency"])
GUARD_LONGEST: int = int(DATA["typos"]["guard_longest"])
PINYIN_WORD: re.Pattern[str] = regex(DATA["typos"]["pinyin_word"])

_NUMERALS = DATA["numerals"]
CN_DIGITS: Mapping[str, int] = _frozen(_NUMERALS["cn_digits"])
SPELLED_UNITS: Mapping[str, int] = _frozen(_NUMERALS["units"])
SPELLED_TEENS: Mapping[str, int] = _frozen(_NUMERALS["teens"])
SPELLED_TENS: Mapping[str, int] = _frozen(_NUMERALS["tens"])
RU_END: str = _NUMERALS["ru_end"]

# handed to transliteration.Transliterator as it is (a plain dict: the reader takes any such table)
TRANSLITERATION: dict[str, Any] = DATA["transliteration"]

TO_CYRILLIC: Mapping[str, str] = _frozen(dict(zip(DATA["lookalikes"]["latin"], DATA["lookalikes"]["cyrillic"], strict=True)))
TO_LATIN: Mapping[str, str] = _frozen({c: l for l, c in TO_CYRILLIC.items()} | DATA["lookalikes"]["to_latin"])
LOOKALIKE_PATTERNS: Mapping[str, re.Pattern[str]] = _frozen(patterns(DATA["lookalikes"]["patterns"]))
CANTONESE_WORDS: Mapping[str, str] = _frozen(DATA["cantonese_words"])
CANTONESE_MARKS: re.Pattern[str] = regex(DATA["cantonese_marks"])
CANTONESE_ONLY_WORDS: Mapping[str, str] = _frozen(DATA["cantonese_only_words"])

# site language → (the run typed on the other keyboard, the table that reads it on the site's)
KEYBOARDS: Mapping[str, tuple[re.Pattern[str], dict[int, int]]] = _frozen(
    {lang: (regex(k["typed"]), str.maketrans(k["from"], k["to"])) for lang, k in DATA["keyboards"].items()})


# --- the browser's copy -------------------------------------------------------------------------------

def js_module(data: Mapping[str, Any] = DATA) -> str:
    """docs/assets/search/spec.js: this file's data (or `data`, a spec.yaml read elsewhere) as an ES module."""
    return ("// Written from plugins/tdarules/search/spec.yaml by `python -m tdarules.search.spec`: edit that\n"
            "// file, not this one (tests/search/test_spec.py checks they agree). Read by number.js (specRegex),\n"
            "// numerals.js, amounts.js, situations.js, learned.js, typos.js, suggest.js, ranking.js,\n"
            "// transliteration.js (through typos.js), known.js and query.js.\n"
            "export default " + json.dumps(data, ensure_ascii=False, indent=1) + ";\n")


if __name__ == "__main__":
    JS_FILE.write_text(js_module(), encoding="utf-8")
    print(f"wrote {JS_FILE}", file=sys.stderr)
