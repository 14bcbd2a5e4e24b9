"""XLIFF round trip: export, import without edits (YAML byte-identical), import one edit (only that
unit changes, with by: translator and a date, the published text kept as source_text, no longer stale),
and refusals with file:line messages for anything that would lose or corrupt data."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree

from cli_in_process import run_cli
from tdarules.loader import load_rulebook
from tdarules.qa.report import findings_for
from tdarules.xliff import XLIFF_NS, ImportRefused, export_xliff, import_file, read_edits

ROOT = Path(__file__).resolve().parents[1]
NS = {"x": XLIFF_NS}


@pytest.fixture
def project(tmp_path):
    shutil.copytree(ROOT / "rulebook", tmp_path / "rulebook")
    return tmp_path


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "rulebook").rglob("*.yaml"))}


def rulebook_command(root: Path, *args) -> subprocess.CompletedProcess:
    """`rulebook ARGS --root root`, the installed command in its own process."""
    return subprocess.run([sys.executable, "-m", "tdarules.cli", *args, "--root", str(root)], capture_output=True,
                          text=True, timeout=180, cwd=root)


@pytest.mark.parametrize("language", ["zh-Hant", "ru"])
def test_round_trip_without_edits_is_byte_identical(project, language):
    before = snapshot(project)
    result = rulebook_command(project, "export", "--lang", language, "--format", "xliff", "-o", str(project / "out.xlf"))
    assert result.returncode == 0, result.stderr
    tree = etree.parse(str(project / "out.xlf"))
    units = tree.findall(".//x:trans-unit", NS)
    rulebook = load_rulebook(project)
    assert len(units) > 300 and tree.find(".//x:file", NS).get("target-language") == language
    assert tree.find(".//x:file", NS).get("original") == f"rulebook/2024/{language}.yaml"
    ids = [u.get("id") for u in units]
    assert len(set(ids)) == len(ids) and ("43-A:1" in ids)
    first = next(u for u in units if u.get("id") == "43-A:1")
    assert first.find("x:source", NS).text == rulebook.edition("en").rule("43").parts["A"].blocks[0].text
    assert first.find("x:target", NS).text == rulebook.edition(language).rule("43").parts["A"].blocks[0].text
    result = rulebook_command(project, "import-translation", str(project / "out.xlf"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert snapshot(project) == before


def test_notes_carry_open_findings(project):
    rulebook = load_rulebook(project)
    tree = etree.fromstring(export_xliff(rulebook, "ru"))
    unit = tree.find(".//x:trans-unit[@id='RP-10-H:1']", NS)
    notes = [n.text for n in unit.findall("x:note", NS)]
    assert any("length:RP-10-H:1" in n for n in notes)


def _edit(path: Path, unit_id: str, **change):
    tree = etree.parse(str(path))
    unit = tree.find(f".//x:trans-unit[@id='{unit_id}']", NS)
    if "target" in change:
        unit.find("x:target", NS).text = change["target"]
    if "source" in change:
        unit.find("x:source", NS).text = change["source"]
    if "id" in change:
        unit.set("id", change["id"])
    if "markup" in change:
        target = unit.find("x:target", NS)
        etree.SubElement(target, f"{{{XLIFF_NS}}}g", id="1").text = change["markup"]
    tree.write(str(path), xml_declaration=True, encoding="UTF-8")


def test_one_edit_changes_only_that_unit(project):
    (project / "ru.xlf").write_bytes(export_xliff(load_rulebook(project), "ru"))
    new_text = "Бёрн-карта защищает стаб. После существенного действия убитая рука сбрасывается целиком."
    _edit(project / "ru.xlf", "38:1", target=new_text)
    before = (project / "rulebook/2024/ru.yaml").read_text(encoding="utf-8").splitlines()
    review_before = (project / "rulebook/review/ru.yaml").read_bytes()
    language, edits, written = import_file(load_rulebook(project), project / "ru.xlf", today="2026-12-01")
    assert language == "ru" and [e.unit.id for e in edits] == ["38:1"]
    after = (project / "rulebook/2024/ru.yaml").read_text(encoding="utf-8").splitlines()
    changed = [line for line in after if line not in before]
    assert any(new_text in line for line in changed) and "        by: translator" in changed
    assert len(after) - len(before) == 3                           # text replaced; source_text, by, date added
    rulebook = load_rulebook(project)                              # still valid data
    block = rulebook.edition("ru").rule("38").blocks[0]
    assert (block.text, block.by, block.date) == (new_text, "translator", "2026-12-01")
    assert block.source_text.startswith("Бёрн-карта защищает остаток колоды")   # the published text is kept
    assert not [f for f in findings_for(rulebook, "ru", ("staleness",))]
    review_changed = (project / "rulebook/review/ru.yaml").read_bytes() != review_before
    assert written == ["rulebook/2024/ru.yaml"] + (["rulebook/review/ru.yaml"] if review_changed else [])


@pytest.mark.parametrize("change,message", [
    ({"id": "43-Z:9"}, "unknown unit id"),
    ({"source": "A raise must be huge."}, "source text differs from today's English"),
    ({"markup": "bold"}, "inline markup (g)"),
    ({"target": ""}, "empty target would delete the translation"),
])
def test_refusals_name_file_and_line_and_write_nothing(project, change, message):
    path = project / "zh.xlf"
    path.write_bytes(export_xliff(load_rulebook(project), "zh-Hant"))
    _edit(path, "43-A:1", **change)
    before = snapshot(project)
    result = run_cli(project, "import-translation", str(path))
    assert result.returncode == 1
    line = next(l for l in result.stdout.splitlines() if message in l)
    file, number, unit, _ = line.split(":", 3)
    assert file == str(path) and int(number) > 1
    expected_line = next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                         if 'id="' + change.get("id", "43-A:1") + '"' in l)
    assert int(number) in (expected_line, expected_line + 1, expected_line + 2)
    assert snapshot(project) == before


def test_malformed_xml_is_refused_with_its_line(project):
    path = project / "bad.xlf"
    text = export_xliff(load_rulebook(project), "ru").decode("utf-8").splitlines()
    broken = next(i for i, line in enumerate(text) if "</target>" in line and i > 5)
    text[broken] = text[broken].replace("</target>", "")
    path.write_text("\n".join(text), encoding="utf-8")
    with pytest.raises(ImportRefused) as refused:
        read_edits(load_rulebook(project), path)
    problem = refused.value.problems[0]
    assert "not well-formed XML" in problem.message and problem.line >= broken + 1


def test_a_part_the_translation_left_empty_can_be_filled(project):
    path = project / "zh.xlf"
    path.write_bytes(export_xliff(load_rulebook(project), "zh-Hant"))
    unit = etree.parse(str(path)).find(".//x:trans-unit[@id='RP-8-E:1']", NS)
    assert unit is not None and unit.find("x:target", NS) is None          # exported without a target
    tree = etree.parse(str(path))
    unit = tree.find(".//x:trans-unit[@id='RP-8-E:1']", NS)
    etree.SubElement(unit, f"{{{XLIFF_NS}}}target").text = "（測試譯文）全場同步期間鼓勵玩家留在座位上。"
    tree.write(str(path), xml_declaration=True, encoding="UTF-8")
    language, edits, _ = import_file(load_rulebook(project), path, today="2026-12-01")
    assert [(e.unit.id, e.new) for e in edits] == [("RP-8-E:1", True)]
    rulebook = load_rulebook(project)
    part = rulebook.edition("zh-Hant").rule("RP-8").parts["E"]
    assert [(b.text, b.by) for b in part.blocks] == [("（測試譯文）全場同步期間鼓勵玩家留在座位上。", "translator")]
    assert part.defects and part.defects[0].kind == "missing-text"           # the source's defect stays recorded
    coverage = {f.id for f in findings_for(rulebook, "zh-Hant", ("coverage", "staleness"))}
    assert "coverage:RP-8-E" not in coverage and not any(i.startswith("staleness:RP-8-E") for i in coverage)


# --- what the gate would refuse, and hostile or foreign files: one-line refusals, nothing written ---

XLIFF_12 = "urn:oasis:names:tc:xliff:document:1.2"
TARGET_43B = "Объявление «рейз» + сумма означает итоговую ставку. Пример: A открыл на 2000, B объявил «Рейз, восемь тысяч» — итоговая ставка 8000."


@pytest.fixture
def ru_xlf(project):
    """(project, path, exported text) of the Russian export."""
    path = project / "ru.xlf"
    text = export_xliff(load_rulebook(project), "ru").decode("utf-8")
    path.write_text(text, encoding="utf-8")
    return project, path, text


def _replace_target(text: str, unit_id: str, inner: str, state: str = "translated") -> tuple[str, int]:
    """The export with `unit_id`'s <target> holding `inner` (raw XML); and the line of that <target>."""
    start = text.index(f'id="{unit_id}"')
    open_at = text.index("<target", start)
    close_at = text.index("</target>", open_at)
    replaced = text[:open_at] + f'<target state="{state}">{inner}' + text[close_at:]
    return replaced, text.count("\n", 0, open_at) + 1


def _refusal(project: Path, path: Path) -> subprocess.CompletedProcess:
    """The CLI's answer to a refused import (exit 1, no traceback; stdout one line per problem)."""
    result = run_cli(project, "import-translation", str(path))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout, result.stderr
    return result


@pytest.mark.parametrize("reference", ["правило 44-Z", "RP-77"])
def test_a_target_the_gate_would_refuse_is_refused_at_its_line(ru_xlf, reference):
    project, path, text = ru_xlf
    edited, line = _replace_target(text, "43-B:1", f"{TARGET_43B} См. {reference}.")
    path.write_text(edited, encoding="utf-8")
    before = snapshot(project)
    for dry_run in (True, False):
        with pytest.raises(ImportRefused) as refused:
            import_file(load_rulebook(project), path, dry_run=dry_run)
        [problem] = refused.value.problems
        assert (problem.file, problem.where) == (str(path), "43-B:1")
        assert problem.line in (line - 1, line), problem
        assert reference in problem.message and "does not resolve" in problem.message
    assert snapshot(project) == before


@pytest.mark.parametrize("target, message", [
    ("\u200b", "no visible text"),
    ("\u200b\u2060\ufeff \u3164", "no visible text"),
    ("Размер\u0085рейза", "U+0085"),
    ("Размер\u0090рейза", "U+0090"),
    ("Размер\u2028рейза", "U+2028"),
    ("Размер\u2029рейза", "U+2029"),
    ("Размер&#x7F;рейза", "U+007F"),
])
def test_invisible_or_control_character_targets_are_refused(ru_xlf, target, message):
    project, path, text = ru_xlf
    edited, line = _replace_target(text, "43:title", target)
    path.write_text(edited, encoding="utf-8")
    before = snapshot(project)
    with pytest.raises(ImportRefused) as refused:
        read_edits(load_rulebook(project), path)
    [problem] = refused.value.problems
    assert problem.where == "43:title" and message in problem.message and problem.line in (line - 1, line)
    assert snapshot(project) == before


def test_a_whitespace_only_change_is_no_change(ru_xlf):
    project, path, text = ru_xlf
    spaced = "\n  " + TARGET_43B.replace(" ", "  ").replace("ставку. ", "ставку.\n\t") + "  \n"
    edited, _ = _replace_target(text, "43-B:1", spaced)
    path.write_text(edited, encoding="utf-8")
    before = snapshot(project)
    language, edits, written = import_file(load_rulebook(project), path)
    assert (language, edits, written) == ("ru", [], [])
    assert snapshot(project) == before
    # a no-break space where there was a space is typography, not whitespace noise: it is an edit
    edited, _ = _replace_target(text, "43-B:1", TARGET_43B.replace("2000, B", "2000,\u00a0B"))
    path.write_text(edited, encoding="utf-8")
    assert [e.unit.id for e in read_edits(load_rulebook(project), path)[1]] == ["43-B:1"]


@pytest.mark.parametrize("state", ["needs-translation", "new"])
def test_drafts_are_skipped_and_said_so(ru_xlf, state):
    project, path, text = ru_xlf
    edited, line = _replace_target(text, "43-B:1", "Черновик перевода, не готов.", state=state)
    edited, _ = _replace_target(edited, "38:1", "Бёрн-карта защищает стаб. Готовый перевод.")
    path.write_text(edited, encoding="utf-8")
    result = run_cli(project, "import-translation", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    rulebook = load_rulebook(project)
    assert rulebook.edition("ru").rule("43").parts["B"].blocks[0].text == TARGET_43B
    assert rulebook.edition("ru").rule("38").blocks[0].text == "Бёрн-карта защищает стаб. Готовый перевод."
    [skipped] = [l for l in result.stdout.splitlines() if "43-B:1" in l]
    assert skipped.startswith(f"{path}:") and int(skipped.split(":")[1]) in (line - 1, line)
    assert "skipped" in skipped and state in skipped
    assert "1 draft(s) skipped" in result.stderr


@pytest.mark.parametrize("inner, words", [
    ("Размер <!-- note to self --> рейза", ["comment"]),
    ("Размер <?cat-tool x?> рейза", ["processing instruction"]),
    ("Размер &tda; рейза", ["entity reference", "&tda;"]),
])
def test_comments_instructions_and_entities_in_a_target_are_refused(ru_xlf, inner, words):
    project, path, text = ru_xlf
    edited, line = _replace_target(text, "43:title", inner)
    edited = edited.replace("?>\n", '?>\n<!DOCTYPE xliff [<!ENTITY tda "TDA">]>\n', 1)
    path.write_text(edited, encoding="utf-8")
    before = snapshot(project)
    lines = _refusal(project, path).stdout.splitlines()
    [problem] = [l for l in lines if "43:title" in l]
    assert problem.startswith(f"{path}:{line + 1}: 43:title: ") or problem.startswith(f"{path}:{line}: 43:title: ")
    assert all(word in problem for word in words), problem
    assert snapshot(project) == before


@pytest.mark.parametrize("document, words", [
    ('<?xml version="1.0"?>\n<html><body/></html>', ["<html>", "not an XLIFF"]),
    (f'<?xml version="1.0"?>\n<xliff xmlns="{XLIFF_12}" version="1.2"/>', ["no <file>"]),
    ('<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" '
     'trgLang="ru"><file id="f"><unit id="43:title"><segment><source>Raise Amounts</source><target>x</target>'
     '</segment></unit></file></xliff>', ["XLIFF 2.0 is not supported", "export XLIFF 1.2"]),
])
def test_files_that_are_not_xliff_1_are_refused_in_one_line(project, document, words):
    path = project / "other.xlf"
    path.write_text(document, encoding="utf-8")
    lines = _refusal(project, path).stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{path}:"), lines
    assert all(word in lines[0] for word in words), lines[0]


def test_an_xliff_1_2_file_in_its_namespace_is_read(ru_xlf):
    project, path, text = ru_xlf
    edited, _ = _replace_target(text, "38:1", "Бёрн-карта защищает стаб. Перевод из CAT-программы.")
    edited = edited.replace(f'xmlns="{XLIFF_NS}" version="1.1"', f'xmlns="{XLIFF_12}" version="1.2"')
    assert XLIFF_12 in edited
    path.write_text(edited, encoding="utf-8")
    language, edits, _ = import_file(load_rulebook(project), path, today="2026-12-01")
    assert language == "ru" and [e.unit.id for e in edits] == ["38:1"]
    assert load_rulebook(project).edition("ru").rule("38").blocks[0].text.endswith("Перевод из CAT-программы.")


def test_a_second_file_for_another_language_is_refused(project):
    rulebook = load_rulebook(project)
    ru = etree.fromstring(export_xliff(rulebook, "ru"))
    zh = etree.fromstring(export_xliff(rulebook, "zh-Hant"))
    zh_file = zh.find("x:file", NS)
    zh_file.find(".//x:trans-unit[@id='43-A:1']/x:target", NS).text = "（測試）加注金額。"
    ru.append(zh_file)
    path = project / "mixed.xlf"
    path.write_bytes(etree.tostring(ru, xml_declaration=True, encoding="UTF-8"))
    before = snapshot(project)
    lines = _refusal(project, path).stdout.splitlines()
    file_line = next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                     if 'target-language="zh-Hant"' in l)
    [problem] = [l for l in lines if "zh-Hant" in l]
    assert problem.startswith(f"{path}:{file_line}: ") and "ru" in problem
    assert snapshot(project) == before


def test_the_file_size_is_capped(project, monkeypatch):
    import tdarules.xliff as xliff
    path = project / "big.xlf"
    path.write_bytes(export_xliff(load_rulebook(project), "ru"))
    assert 5 << 20 <= xliff.MAX_FILE_BYTES <= 50 << 20            # ~80 times a full export (250 KB)
    monkeypatch.setattr(xliff, "MAX_FILE_BYTES", 100_000)
    with pytest.raises(ImportRefused) as refused:
        read_edits(load_rulebook(project), path)
    [problem] = refused.value.problems
    assert "larger than" in problem.message and "0.1 MB" in problem.message


def test_the_problems_listed_are_capped(project):
    rulebook = load_rulebook(project)
    tree = etree.fromstring(export_xliff(rulebook, "ru"))
    body = tree.find(".//x:body", NS)
    for n in range(500):
        unit = etree.SubElement(body, f"{{{XLIFF_NS}}}trans-unit", id=f"made-up:{n}")
        etree.SubElement(unit, f"{{{XLIFF_NS}}}source").text = "x"
        etree.SubElement(unit, f"{{{XLIFF_NS}}}target").text = "y"
    path = project / "flood.xlf"
    path.write_bytes(etree.tostring(tree, xml_declaration=True, encoding="UTF-8"))
    result = _refusal(project, path)
    lines = result.stdout.splitlines()
    assert len(lines) == 51 and lines[-1] == "… and 450 more", lines[-3:]
    assert "500 problem(s)" in result.stderr
