"""`rulebook validate` on corrupted copies of the real rulebook: each corruption gives its exact
`file:line: rule-id: message` line and exit code 1, never a traceback."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cli_in_process import run_cli

ROOT = Path(__file__).resolve().parents[1]
EN = "rulebook/2024/en.yaml"
ZH = "rulebook/2024/zh-Hant.yaml"
RU = "rulebook/2024/ru.yaml"
Y2017 = "rulebook/2017/en.yaml"
GLOSSARY = "rulebook/glossary.yaml"
RENUMBERING = "rulebook/renumbering.yaml"


def copy_rulebook(target: Path) -> Path:
    """A copy of the real rulebook/; files still being produced are written minimal-valid."""
    shutil.copytree(ROOT / "rulebook", target / "rulebook")
    ru = target / RU
    if not ru.exists():          # stand-in: the English text under the Russian name
        ru.write_text((target / EN).read_text(encoding="utf-8").replace("\nlanguage: en\n", "\nlanguage: ru\n"),
                      encoding="utf-8")
    old = target / Y2017
    if not old.exists():
        old.parent.mkdir(parents=True, exist_ok=True)
        old.write_text("edition: '2017'\nlanguage: en\nsource: sources/001_84b3ecc9147b35f0.txt\npartial: true\n"
                       "title: {text: Poker TDA Rules 2017, by: ours}\n", encoding="utf-8")
    if not (target / GLOSSARY).exists():
        (target / GLOSSARY).write_text("terms: []\n", encoding="utf-8")
    if not (target / RENUMBERING).exists() or not (ROOT / Y2017).exists():
        (target / RENUMBERING).write_text("entries: []\n", encoding="utf-8")
    return target


@pytest.fixture
def root(tmp_path) -> Path:
    return copy_rulebook(tmp_path)


def validate(root: Path) -> tuple[int, list[str], str]:
    """`rulebook validate --root root` in this process (cli_in_process.py);
    test_the_command_exits_with_one_line_per_problem runs the real command."""
    result = run_cli(root, "validate")
    return result.returncode, result.stdout.splitlines(), result.stderr


def replace(root: Path, file: str, old: str, new: str, *, after: str | None = None) -> int:
    """Replace the first `old` (after the first `after`) in `file`; return the line it is on."""
    path = root / file
    text = path.read_text(encoding="utf-8")
    start = text.index(after) if after else 0
    index = text.index(old, start)
    path.write_text(text[:index] + new + text[index + len(old):], encoding="utf-8")
    return text.count("\n", 0, index) + 1


def line_of(root: Path, file: str, needle: str, *, after: str | None = None) -> int:
    text = (root / file).read_text(encoding="utf-8")
    start = text.index(after) if after else 0
    return text.count("\n", 0, text.index(needle, start)) + 1


def test_the_copy_is_clean(root):
    code, out, err = validate(root)
    assert (code, out) == (0, []), out


def test_the_command_exits_with_one_line_per_problem(root):
    """The installed command, in its own process: what the in-process runs above stand for."""
    line = replace(root, EN, "    title: Player Identity\n", "    title: Player Identity\n   blocks: x\n") + 1
    result = subprocess.run([sys.executable, "-m", "tdarules.cli", "validate", "--root", str(root)],
                            capture_output=True, text=True, cwd=root, timeout=120)
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    assert result.returncode == 1 and result.stdout.splitlines() == [
        f"{EN}:{line}: 4: while parsing a block mapping expected <block end>, but found '<block mapping start>'"]


def test_bad_indentation(root):
    line = replace(root, EN, "    title: Player Identity\n", "    title: Player Identity\n   blocks: x\n") + 1
    code, out, _ = validate(root)
    assert code == 1                                  # the mis-indented line is the one after the title
    assert out == [f"{EN}:{line}: 4: while parsing a block mapping expected <block end>, "
                   "but found '<block mapping start>'"], out


def test_duplicate_key(root):
    rule = (root / ZH).read_text(encoding="utf-8")
    start = rule.index("\n  '6':\n")
    end = rule.index("\n  '7':\n")
    block = rule[start:end]
    (root / ZH).write_text(rule[:end] + block + rule[end:], encoding="utf-8")
    duplicate = rule[:end].count("\n") + 2           # the second '6': key
    code, out, _ = validate(root)
    assert code == 1
    assert out == [f"{ZH}:{duplicate}: 6: duplicate key: 6"], out


def test_wrong_type(root):
    line = replace(root, EN, "title: Player Identity", "title: [Player, Identity]")
    code, out, _ = validate(root)
    assert code == 1
    assert any(o.startswith(f"{EN}:{line}: 4: rules.4.title") for o in out), out


def test_missing_rule_in_ru(root):
    text = (root / RU).read_text(encoding="utf-8")
    start, end = text.index("\n  '7':\n"), text.index("\n  '8':\n")
    (root / RU).write_text(text[:start] + text[end:], encoding="utf-8")
    rules_line = line_of(root, RU, "\nrules:\n") + 1
    section_line = line_of(root, RU, "- '7'")
    code, out, _ = validate(root)
    assert code == 1
    assert f"{RU}:{rules_line}: 7: rule 7 is missing from ru" in out, out
    assert f"{RU}:{section_line}: 7: section 'seating-breaking-and-balancing-tables' lists rule 7, which does not exist" in out


def test_unknown_part_letter(root):
    replace(root, ZH, "      C:\n", "      a:\n", after="\n  '5':\n")
    line = line_of(root, ZH, "    parts:\n", after="\n  '5':\n")     # the loader points at the parts mapping
    code, out, _ = validate(root)
    assert code == 1
    assert f"{ZH}:{line}: 5: rules.5.parts: Value error, part id 'a' is not a capital letter" in out, out


def test_part_the_english_lacks(root):
    line = replace(root, ZH, "      C:\n", "      Z:\n", after="\n  '5':\n")
    code, out, _ = validate(root)
    assert code == 1
    assert f"{ZH}:{line}: 5: part Z is not in en and no defect explains it" in out, out
    parts = line_of(root, ZH, "    parts:\n", after="\n  '5':\n")
    assert f"{ZH}:{parts}: 5: part C is missing (en has it)" in out, out


def test_empty_part_without_missing_text_defect(root):
    replace(root, EN, "          - Phones and other devices may not rest on the table.\n", "", after="\n  '5':\n")
    replace(root, EN, "        blocks:\n", "        blocks: []\n", after="\n  '5':\n")
    part_b = line_of(root, EN, "      B:\n", after="\n  '5':\n")
    code, out, _ = validate(root)
    assert code == 1
    assert out == [f"{EN}:{part_b}: 5: part B has no text and no missing-text defect"], out


def test_unresolvable_crossref(root):
    replace(root, EN, "(See also Rule 65)", "(See also Rule 99)")
    part_b = line_of(root, EN, "      B:\n", after="\n  '13':\n")
    code, out, _ = validate(root)
    assert code == 1
    assert out == [f"{EN}:{part_b}: 13: cross-reference 'Rule 99' in part B does not resolve: no rule 99"], out


def test_crossref_to_missing_part(root):
    replace(root, EN, "See Rule 71-B.", "See Rule 71-Q.")
    rule = line_of(root, EN, "\n  '33':\n") + 1
    code, out, _ = validate(root)
    assert code == 1
    assert out == [f"{EN}:{rule}: 33: cross-reference 'Rule 71-Q' does not resolve: rule 71 has no part Q"], out


def test_wrong_crossref_defect_excuses(root):
    replace(root, EN, "- At showdown players must protect their hands while waiting for cards to be read (See also Rule 65).",
            "- p: At showdown players must protect their hands while waiting for cards to be read (See also Rule 99).",
            after="\n  '13':\n")
    text = (root / EN).read_text(encoding="utf-8")
    anchor = text.index("(See also Rule 99).")
    eol = text.index("\n", anchor)
    text = text[:eol] + "\n          defects: [{kind: wrong-crossref, note: test}]" + text[eol:]
    (root / EN).write_text(text, encoding="utf-8")
    code, out, _ = validate(root)
    assert (code, out) == (0, [])


def test_unknown_section(root):
    line = replace(root, ZH, "id: play-other\n", "id: play-others\n")
    code, out, _ = validate(root)
    assert code == 1
    assert any(o.startswith(f"{ZH}:{line}: section:play-others: unknown section 'play-others'") for o in out), out


def test_addendum_pointing_at_missing_part(root):
    line = replace(root, EN, "\n  11-D:\n", "\n  11-F:\n", after="\naddendum:\n") + 1
    code, out, _ = validate(root)
    assert code == 1
    assert f"{EN}:{line}: 11-F: addendum entry points at part F of rule 11, which has no such part" in out, out
    zh_line = line_of(root, ZH, "\naddendum:\n") + 1
    assert f"{ZH}:{zh_line}: 11-F: addendum entry 11-F is missing (en has it)" in out, out


def test_glossary_term_missing_a_language(root):
    line = replace(root, GLOSSARY, "ru: [существенного действия]", "ru: []")
    code, out, _ = validate(root)
    assert code == 1
    assert out == [f"{GLOSSARY}:{line}: glossary:substantial-action: no ru rendering"], out


def test_glossary_unknown_rule_and_duplicate_id(root):
    line = replace(root, GLOSSARY, "- id: bet\n", "- id: substantial-action\n")
    code, out, _ = validate(root)
    assert code == 1
    assert f"{GLOSSARY}:{line}: glossary:substantial-action: term id 'substantial-action' appears 2 times" in out, out


def test_renumbering_target_missing(root):
    if not (ROOT / Y2017).exists():
        pytest.skip("rulebook/2017/en.yaml does not exist yet")
    line = replace(root, RENUMBERING, "new: '23'", "new: '99'")
    code, out, _ = validate(root)
    assert code == 1
    assert out == [f"{RENUMBERING}:{line}: renumbering:23: 2024 rule 99 does not exist"], out


def test_missing_file(root):
    (root / GLOSSARY).unlink()
    code, out, _ = validate(root)
    assert (code, out) == (1, [f"{GLOSSARY}:0: -: file is missing"])


# --- files that are there but hold nothing usable ----------------------------------------------

@pytest.mark.parametrize("file", [EN, GLOSSARY, RENUMBERING])
def test_empty_file_is_an_error(root, file):
    (root / file).write_text("", encoding="utf-8")
    code, out, _ = validate(root)
    assert (code, out) == (1, [f"{file}:1: -: file is empty"])


def test_empty_glossary_and_renumbering_lists(root):
    replace(root, GLOSSARY, "terms:\n", "terms: []\nold_terms:\n")
    (root / RENUMBERING).write_text("from: '2017'\nto: '2024'\nentries: []\n", encoding="utf-8")
    code, out, _ = validate(root)
    assert code == 1
    line = (root / GLOSSARY).read_text(encoding="utf-8").splitlines().index("terms: []") + 1
    assert f"{GLOSSARY}:{line}: -: terms: is empty" in out, out
    assert f"{RENUMBERING}:3: -: entries: is empty" in out, out


def test_wrong_top_level_type(root):
    (root / RENUMBERING).write_text("- old: '1'\n- old: '2'\n", encoding="utf-8")
    code, out, _ = validate(root)
    assert (code, out) == (1, [f"{RENUMBERING}:1: -: the top level must be a mapping, not a list"])


def test_edition_that_says_another_language(root):
    line = replace(root, RU, "\nlanguage: ru\n", "\nlanguage: en\n") + 1
    code, out, _ = validate(root)
    assert (code, out) == (1, [f"{RU}:{line}: -: language: says 'en' but the file is the 2024 ru edition"])


def test_deleted_rule_and_its_section_entry(root):
    """Rule 9 gone from the Russian file and from its section: nothing else notices, validate must."""
    text = (root / RU).read_text(encoding="utf-8")
    start, end = text.index("\n  '9':\n"), text.index("\n  '10':\n")
    text = text[:start] + text[end:]
    text = text.replace("      - '9'\n", "", 1)
    (root / RU).write_text(text, encoding="utf-8")
    rules_line = line_of(root, RU, "\nrules:\n") + 1
    code, out, _ = validate(root)
    assert (code, out) == (1, [f"{RU}:{rules_line}: 9: rule 9 is missing from ru"])


def test_invalid_utf8_names_its_line_and_rule(root):
    path = root / EN
    data = path.read_bytes()
    index = data.index(b"Player Identity")
    path.write_bytes(data[:index] + b"\xff" + data[index:])
    line = data.count(b"\n", 0, index) + 1
    code, out, _ = validate(root)
    assert (code, out) == (1, [f"{EN}:{line}: 4: not UTF-8: byte 0xFF (invalid start byte)"])


def test_glossary_term_missing_a_field_names_the_term(root):
    line = line_of(root, GLOSSARY, "- id: substantial-action")
    replace(root, GLOSSARY, "    ru: [существенного действия]\n", "")
    code, out, _ = validate(root)
    assert (code, out) == (1, [f"{GLOSSARY}:{line}: glossary:substantial-action: ru: Field required"])


def test_unterminated_quote_is_blamed_where_it_opens(root):
    line = replace(root, EN, "title: Player Identity", 'title: "Player Identity')
    code, out, _ = validate(root)
    assert code == 1 and len(out) == 1, out
    assert out[0].startswith(f"{EN}:{line}: 4: quoted text opened here is never closed"), out


def test_rule_id_with_a_space(root):
    line = replace(root, EN, "\n  '4':\n", "\n  '4 3':\n") + 1
    situations = (root / "rulebook/situations.yaml").read_text(encoding="utf-8")
    (root / "rulebook/situations.yaml").write_text(situations.replace('["4"]', '["5"]'), encoding="utf-8")
    code, out, _ = validate(root)
    assert code == 1
    assert f"{EN}:{line}: 4 3: '4 3' is not a well-formed rule id (1…71)" in out, out


@pytest.mark.parametrize("nested", ["[" * 1_000_000, "[" * 40 + "{a: " * 40, "\n  " + "- " * 200 + "x"])
def test_deep_nesting_is_refused_without_recursion(root, nested):
    # a thousand times Python's recursion limit (a megabyte): a recursive reader would fail, and a
    # scanner that looks at every open level for each bracket would not finish in validate's two minutes
    (root / EN).write_text("edition: '2024'\nrules: " + nested + "\n", encoding="utf-8")
    code, out, _ = validate(root)
    assert (code, out) == (1, [f"{EN}:{2 + nested.startswith(chr(10))}: -: nested more than 64 levels deep"])


def test_alias_bomb_is_refused_quickly(root):
    levels = ["a0: &a0 [" + ", ".join(["x"] * 10) + "]"]
    for n in range(1, 9):
        levels.append(f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 10) + "]")
    (root / GLOSSARY).write_text("\n".join(levels) + "\nterms: [*a8]\n", encoding="utf-8")
    import time
    start = time.monotonic()
    code, out, _ = validate(root)
    assert time.monotonic() - start < 30           # 10^9 values if expanded; the limit stops it at 100,000
    assert code == 1 and len(out) == 1 and "expands to more than 100,000 values" in out[0], out
    assert out[0].startswith(f"{GLOSSARY}:")


def test_section_type_error_names_the_section(root):
    line = replace(root, EN, "title: 'Play: Other'\n", "title: [Play, Other]\n", after="id: play-other\n")
    code, out, _ = validate(root)
    assert code == 1
    assert any(o.startswith(f"{EN}:{line}: section:play-other: sections.") for o in out), out
