"""One specification of query understanding (plugins/tdarules/search/spec.yaml) for both sides: the
browser's copy (docs/assets/search/spec.js) is written from it, every pattern compiles in both
dialects with the same named groups, and what moved into it is not written by hand again in the
Python or JavaScript modules."""
from __future__ import annotations

import re
import unicodedata
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
    for section in ("words", "situations", "lookalikes"):
        found += [(f"{section}.{name}", p) for name, p in spec.DATA[section]["patterns"].items()]
    found += [(f"keyboards.{lang}", k["typed"]) for lang, k in spec.DATA["keyboards"].items()]
    found.append(("transliteration.word", spec.DATA["transliteration"]["word"]))
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


def test_the_traditional_rule_words_fold_as_opencc_folds_them():
    from tdarules.search.analyzers import t2s
    for traditional, simplified in spec.DATA["rule_numbers"]["traditional"].items():
        assert t2s(traditional) == simplified, traditional


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


CLASS_RUNNER = """
import { specSource } from %s;
const ranges = {};
for (const name of JSON.parse(input)) {
  const one = new RegExp(`^(?:${specSource(`{${name}}`)})$`, "u");
  ranges[name] = [];
  for (let cp = 0; cp < 0x30000; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    if (!one.test(String.fromCodePoint(cp))) continue;
    const last = ranges[name].at(-1);
    if (last && last[1] === cp - 1) last[1] = cp; else ranges[name].push([cp, cp]);
  }
}
process.stdout.write(JSON.stringify(ranges));
"""


@needs_node
def test_each_character_class_holds_the_same_characters_on_both_sides():
    """A pattern's placeholders ({letter}, {alnum}, …) are one character class in either dialect, over
    every character of the first three planes that Python's Unicode tables know (a character newer
    than them is for the next Python to compare): a word cut at another character on one side reads as
    other words there (an emoji's variation selector was a word of its own in the browser)."""
    names = ["letter", "alnum", "alpha"]
    js = run_in_node(CLASS_RUNNER, ["number.js"], names)
    for name in names:
        python_class = re.compile(spec.source(f"{{{name}}}"))
        in_js = {cp for low, high in js[name] for cp in range(low, high + 1)}
        differ = [f"U+{cp:04X} {unicodedata.category(chr(cp))}" for cp in range(0x30000)
                  if not 0xD800 <= cp <= 0xDFFF and unicodedata.category(chr(cp)) != "Cn"
                  and bool(python_class.fullmatch(chr(cp))) != (cp in in_js)]
        assert not differ, f"{{{name}}}: {len(differ)} characters read differently, e.g. {differ[:5]}"


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


RULE_NUMBER_NAMES = ["RULE_REF", "RULE_AFTER", "RP_REF", "YEAR_OLD", "STOP_OLD", "EDITION_YEAR", "TDA_NAME", "CN_NUMBER",
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
    assert not re.search(r"(?:SITUATION_WEIGHT|SECOND|THIRD)\s*=\s*[0-9]", read(ASSETS / "ranking.js"))
    assert not re.search(r"^(?:MENTION_SCORE|AMOUNT_SCORE)\s*=\s*[0-9]", read(SEARCH / "query.py"), re.M)
    assert not re.search(r"(?:MENTION_SCORE|AMOUNT_SCORE)\s*=\s*[0-9]", read(ASSETS / "query.js"))


def test_no_lookalike_or_keyboard_table_left_by_hand():
    lookalike, qwerty, jcuken = spec.DATA["lookalikes"]["latin"], "qwertyuiop", "йцукенгшщз"
    for path in (SEARCH / "analyzers.py", ASSETS / "number.js"):
        assert lookalike not in read(path), path
    for path in (SEARCH / "typos.py", TYPOS_JS):
        assert qwerty not in read(path) and jcuken not in read(path), path


# Each check names text that only a hand-written copy of a moved constant would hold; a module's own
# helpers (situations' concept runs, typos' isalpha, the JS mirror of it) do not match them.
SITUATIONS_PY, SITUATIONS_JS = SEARCH / "situations.py", ASSETS / "situations.js"
TYPOS_JS, LEARNED_JS = ASSETS / "typos.js", ASSETS / "learned.js"
WORD_MODULES_PY = [SEARCH / name for name in ("analyzers.py", "situations.py", "typos.py", "suggest.py",
                                              "static_index.py")]
WORD_MODULES_JS = [ASSETS / name for name in ("understanding.js", "situations.js", "typos.js", "suggest.js",
                                              "known.js", "query.js")]


def test_no_situation_threshold_or_stemmer_left_by_hand():
    names = r"(?:THRESHOLD|WEAK_THRESHOLD|WEAK|FULL_WEIGHT|COVERAGE|RU_STEM|EN_STEM|MIN_WORD)"
    assert not re.search(rf"^{names}\b.*=\s*[0-9]", read(SITUATIONS_PY), re.M)
    for path in (SITUATIONS_JS, TYPOS_JS):
        assert not re.search(rf"{names}\s*=\s*[0-9]", read(path)), path
    for path in (SITUATIONS_PY, SITUATIONS_JS):
        text = read(path)
        assert "ами ями" not in text, path                               # the Russian endings
        assert not re.search(r"""["']ing["'],\s*["']ed["']""", text), path   # the English suffixes
        assert "[b-df-hj" not in text, path                              # the doubled consonant
        assert "[0-9]{3,}" not in text and "[百千万]" not in text, path    # the amounts
        assert not re.search(r"length\s*-\s*\w+\.length\s*>=\s*3|len\(word\)\s*-\s*len\(\w+\)\s*>=\s*3", text), path
    assert "n['’]t" not in read(SITUATIONS_PY) and "n['’]t" not in read(SITUATIONS_JS)


def test_no_fallback_story_setting_left_by_hand():
    query_js, fallback_js = read(ASSETS / "query.js"), read(ASSETS / "fallback.js")
    for text in (query_js, fallback_js):
        assert not re.search(r"STORY_(?:WORDS|SEARCHES)\s*=\s*[0-9]", text)
    assert "= SPEC.fallback;" in query_js


def test_no_learned_setting_left_by_hand():
    assert not re.search(r"^(?:C|SCALE|PRUNE|WEIGHT|TOP|MIN_COUNT)\s*=\s*[0-9]", read(SEARCH / "learned.py"), re.M)
    assert not re.search(r"LEARNED_(?:SCALE|WEIGHT|TOP)\s*=\s*[0-9]", read(LEARNED_JS))


def test_no_word_pattern_or_cjk_range_left_by_hand():
    for path in WORD_MODULES_PY + WORD_MODULES_JS:
        assert "u3400" not in read(path), path                           # the Chinese ranges
    for path in (SITUATIONS_PY, SEARCH / "typos.py", SEARCH / "suggest.py"):     # (analyzers' index
        assert r"[^\\W" not in read(path), path                         # tokenizers are Python's alone)
    for path in WORD_MODULES_JS:              # (number.js holds the placeholders' JS dialect)
        assert r"\p{M}" not in read(path) and r"\\p{M}" not in read(path), path
    assert not re.search(r"^MIN_WORD\s*=\s*[0-9]", read(SEARCH / "typos.py"), re.M)
    assert "(?<=[{CJK}])(?=[{CJK}])" not in read(SEARCH / "static_index.py")     # Pagefind's character words


def test_no_unmix_class_or_traditional_map_left_by_hand():
    for path in (SEARCH / "analyzers.py", ASSETS / "number.js"):
        assert "[а-яі]" not in read(path) and not re.search(r"[\"/]\[a-z\][\"/]", read(path)), path
    assert not re.search(r"規\s*:", read(ASSETS / "number.js"))


def test_no_numeral_table_left_by_hand():
    for path in (SEARCH / "numerals.py", ASSETS / "numerals.js"):
        text = read(path)
        assert "одиннадцат" not in text and "thirtieth" not in text, path     # the spelled numbers
        assert "ого|ому" not in text, path                                     # their Russian endings
        assert not re.search(r"九[\"']?:\s*9|零一二三四五六七八九", text), path     # the Chinese digits


def test_no_transliteration_table_left_by_hand():
    text = read(SEARCH / "transliteration.py")
    assert "shch" not in text and "бвдзлмнпрстфцчшщ" not in text
    assert not re.search(r"max_states\W+[0-9]", text)
    # both readers take the spec's table, not one the query data carries
    assert "Transliterator(spec.TRANSLITERATION, self)" in read(SEARCH / "typos.py")
    assert "new Transliterator(SPEC.transliteration, this)" in read(TYPOS_JS)


# --- no threshold or weight in the code of understanding, scoring or ranking ------------------------

# Serving (limits of a server, not of what a query means) and the spec's own readers are left out.
NOT_UNDERSTANDING = {"spec.py", "spec.js", "server.py", "ratelimit.py", "protocol.py", "health.py", "pool.py",
                     "security.py", "cli.py", "search.js", "results.js"}
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|`(?:\\.|[^`\\])*`')
# a length compared with 3 or more (2 is a pair or a bigram: structure, not tuning), or a fraction
# other than 0.0 and 1.0 (a weight, a share, a threshold)
TUNED = re.compile(r"(?:len\([\w.\[\]]+\)|\.length|\.size)\s*(?:[<>]=?|===?)\s*(?:[3-9]|\d{2,})\b"
                   r"|(?<![\w.])(?!0\.0\b|1\.0\b)\d+\.\d+(?![\w.])")


def code_lines(path: Path):
    """(line number, code) with comments, docstrings and string literals blanked."""
    comment = "//" if path.suffix == ".js" else "#"
    in_doc = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        stripped = line.strip()
        if path.suffix == ".py" and (in_doc or stripped.startswith(('"""', 'r"""'))):
            if stripped.count('"""') % 2 == 1:
                in_doc = not in_doc
            continue
        if stripped.startswith(("*", "/*")):
            continue
        yield number, STRING.sub('""', line).split(comment)[0]


def test_no_threshold_or_weight_written_in_code():
    """Every threshold, weight and share of query understanding, scoring and ranking is spec.yaml's:
    a number written in a module is one the other side would have to copy by hand."""
    files = [p for p in [*SEARCH.glob("*.py"), *ASSETS.glob("*.js")] if p.name not in NOT_UNDERSTANDING]
    assert len(files) > 30
    found = [f"{p.name}:{n}: {code.strip()}" for p in files for n, code in code_lines(p)
             if TUNED.search(code) and "10000" not in code]      # round4's four decimals
    assert not found, "\n".join(found)


def test_the_guard_sees_a_weight_and_a_threshold(tmp_path):
    weight, threshold = tmp_path / "a.py", tmp_path / "b.js"
    weight.write_text('"""A docstring with 0.5 in it."""\nscore = hits * 0.25  # 0.3 in a comment\n')
    threshold.write_text('// 0.3 in a comment\nif (word.length >= 4) return "0.5";\n')
    for path in (weight, threshold):      # line 2 only: not the docstring, the comments or the string
        assert [n for n, code in code_lines(path) if TUNED.search(code)] == [2], path.name
