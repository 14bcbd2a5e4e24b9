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


def rulebook_cli(root: Path, *args):
    return subprocess.run([sys.executable, "-m", "tdarules.cli", *args, "--root", str(root)], capture_output=True,
                          text=True, timeout=180, cwd=root)


@pytest.mark.parametrize("language", ["zh-Hant", "ru"])
def test_round_trip_without_edits_is_byte_identical(project, language):
    before = snapshot(project)
    result = rulebook_cli(project, "export", "--lang", language, "--format", "xliff", "-o", str(project / "out.xlf"))
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
    result = rulebook_cli(project, "import-translation", str(project / "out.xlf"))
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
    assert sorted(written) == ["rulebook/2024/ru.yaml", "rulebook/review/ru.yaml"]


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
    result = rulebook_cli(project, "import-translation", str(path))
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
