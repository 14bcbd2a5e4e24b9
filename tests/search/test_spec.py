"""One specification of query understanding (plugins/tdarules/search/spec.yaml) for both sides: the
browser's copy (docs/assets/search/spec.js) is written from it, every pattern compiles in both
dialects with the same named groups, and what moved into it is not written by hand again in the
Python or JavaScript modules."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from node_module import ASSETS, needs_node, run_in_node

from tdarules.search import spec

SEARCH = Path(spec.__file__).parent


def all_patterns():
    """(where, pattern) for every regular expression of the spec."""
    found = []
    for section in ("rule_numbers", "amounts"):
        for name, value in spec.DATA[section]["patterns"].items():
            if isinstance(value, dict):
                found += [(f"{section}.{name}.{key}", p) for key, p in value.items()]
            else:
                found.append((f"{section}.{name}", value))
    found += [(f"keyboards.{lang}", k["typed"]) for lang, k in spec.DATA["keyboards"].items()]
    return found


def test_the_browser_copy_is_written_from_the_spec():
    assert spec.JS_FILE.read_text(encoding="utf-8") == spec.js_module(), \
        "docs/assets/search/spec.js is out of date: run `python -m tdarules.search.spec`"


def test_the_spec_is_shipped_with_the_package():
    pyproject = (SEARCH.parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"search/spec.yaml"' in pyproject


def test_part_letter_classes_agree_with_the_table():
    letters = spec.DATA["rule_numbers"]["part_letters"]
    fragments = spec.DATA["fragments"]
    assert fragments["cyrillic_part"] == "".join(letters)
    assert fragments["mention_part"] == "[a-f" + "".join(c for c, latin in letters.items() if latin <= "F") + "]"
    typed = spec.DATA["rule_numbers"]["patterns"]["typed_cyrillic_part"]
    assert "".join(letters).upper() + "{cyrillic_part}" in typed
    assert len(spec.DATA["lookalikes"]["latin"]) == len(spec.DATA["lookalikes"]["cyrillic"])
    for k in spec.DATA["keyboards"].values():
        assert len(k["from"]) == len(k["to"])


# the names of a pattern's groups, in order: matched against "" with an empty alternative added, so
# that every pattern gives its (unset) groups
RUNNER = """
import { specSource } from %s;
const patterns = JSON.parse(input);
process.stdout.write(JSON.stringify(patterns.map((p) => Object.keys(new RegExp(specSource(p) + "|", "u").exec("").groups || {}))));
"""


@needs_node
def test_every_pattern_compiles_on_both_sides_with_the_same_group_names():
    found = all_patterns()
    python = [list(spec.regex(p).groupindex) for _, p in found]
    js = run_in_node(RUNNER, ["number.js"], [p for _, p in found])
    for (where, _), py_names, js_names in zip(found, python, js, strict=True):
        assert js_names == py_names, where


# --- what moved into the spec is not written again by hand -------------------------------------------

def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


REGEX_LITERAL_JS = re.compile(r"(?<![\w)\]])/(?![/*\s])(?:\\.|\[(?:\\.|[^\]\\])*\]|[^/\\\n\[])+/[dgimsuvy]*")


@pytest.mark.parametrize("path", [SEARCH / "amounts.py"])
def test_no_amount_pattern_left_in_python(path):
    assert "re.compile" not in read(path) and "import re" not in read(path)


def test_no_amount_pattern_left_in_js():
    text = read(ASSETS / "amounts.js")
    assert "new RegExp" not in text
    # one literal is left on purpose: the ASCII test that tells digits from Chinese numerals
    assert REGEX_LITERAL_JS.findall(text) == [r"/^[\x00-\x7f]/"]
    assert not re.search(r"[-+]\s*(?:24|12|16)\b", text), "the windows around an amount are spec.yaml's"


RULE_NUMBER_NAMES = ["RULE_REF", "RULE_AFTER", "RP_REF", "YEAR_2017", "STOP_2017", "TDA_NAME", "CN_NUMBER",
                     "MENTION", "SPELLED_NEEDS", "TYPED_CYRILLIC_PART", "RULE_WORDS", "ORDINAL", "MENTION_PART"]


def test_no_rule_number_pattern_left_by_hand():
    python, js = read(SEARCH / "query.py"), read(ASSETS / "number.js")
    for name in RULE_NUMBER_NAMES:
        assert not re.search(rf"^_?{name}\s*=\s*re\.compile", python, re.M), name
        assert not re.search(rf"^const {name} = (?:new RegExp|/)", js, re.M), name
    assert "rules?|" not in python and "rules?|" not in js
    assert "авсенкмортух" not in python and "авсенкмортух" not in js       # the part letters


def test_no_ranking_weight_or_score_left_by_hand():
    assert not re.search(r"^(?:SITUATION_WEIGHT|SECOND|THIRD)\b.*=\s*[0-9]", read(SEARCH / "ranking.py"), re.M)
    assert not re.search(r"(?:SITUATION_WEIGHT|SECOND|THIRD)\s*=\s*[0-9]", read(ASSETS / "understanding.js"))
    assert not re.search(r"^(?:MENTION_SCORE|AMOUNT_SCORE)\s*=\s*[0-9]", read(SEARCH / "query.py"), re.M)
    assert not re.search(r"(?:MENTION_SCORE|AMOUNT_SCORE)\s*=\s*[0-9]", read(ASSETS / "query.js"))


def test_no_lookalike_or_keyboard_table_left_by_hand():
    lookalike, qwerty, jcuken = spec.DATA["lookalikes"]["latin"], "qwertyuiop", "йцукенгшщз"
    for path in (SEARCH / "analyzers.py", ASSETS / "number.js"):
        assert lookalike not in read(path), path
    for path in (SEARCH / "typos.py", ASSETS / "understanding.js"):
        assert qwerty not in read(path) and jcuken not in read(path), path
