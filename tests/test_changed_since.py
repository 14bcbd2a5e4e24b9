"""What changed since an older edition, for translators: `rulebook export --changed-since YYYY` gives
an XLIFF of just the units whose English changed or is new since then (or that the older source
cannot speak for), and those whose translation is stale; each says why, and it imports back."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree

from tdarules.changed_since import changed_units
from tdarules.model import CURRENT_EDITION, OLDER_EDITIONS
from tdarules.units import edition_units
from tdarules.xliff import XLIFF_NS, export_xliff, untranslated

ROOT = Path(__file__).resolve().parents[1]
NS = {"x": XLIFF_NS}
OLD = OLDER_EDITIONS[0]


def words(text: str) -> str:
    return " ".join(text.split())


def test_a_unit_is_left_out_only_when_a_predecessor_has_its_very_words(rulebook):
    changes = changed_units(rulebook, OLD)
    old = rulebook.edition("en", OLD)
    old_words = {words(u.text.text) for u in edition_units(old)}
    units = list(edition_units(rulebook.edition("en")))
    unchanged = [u for u in units if u.id not in changes]
    assert unchanged and len(changes) < len(units)
    for unit in unchanged:
        assert words(unit.text.text) in old_words, unit.id
    for unit_id, status in changes.items():
        unit = next(u for u in units if u.id == unit_id)
        if status == "changed":
            assert words(unit.text.text) not in old_words or unit.rule, unit_id


def test_changing_one_older_sentence_makes_its_successor_changed(rulebook):
    unit = next(u for u in edition_units(rulebook.edition("en")) if u.place == "text"
                and u.id not in changed_units(rulebook, OLD))
    old_rule = next(rulebook.edition("en", OLD).rule(e.old) for e in rulebook.renumbering if e.new == unit.rule)
    block = next(b for _, b in old_rule.all_blocks() if words(b.text) == words(unit.text.text))
    original = block.text
    try:
        object.__setattr__(block, "text", original + " Reworded.")
        assert changed_units(rulebook, OLD)[unit.id] == "changed"
    finally:
        object.__setattr__(block, "text", original)
    assert unit.id not in changed_units(rulebook, OLD)


def test_only_an_older_edition_held_here_is_accepted(rulebook):
    for year in (CURRENT_EDITION, "1999"):
        with pytest.raises(ValueError, match="not an older edition"):
            changed_units(rulebook, year)


def test_the_export_holds_just_those_units_each_saying_why(rulebook):
    changes = changed_units(rulebook, OLD)
    whole = etree.fromstring(export_xliff(rulebook, "ru"))
    since = etree.fromstring(export_xliff(rulebook, "ru", changed_since=OLD))
    all_ids = [u.get("id") for u in whole.findall(".//x:trans-unit", NS)]
    ids = [u.get("id") for u in since.findall(".//x:trans-unit", NS)]
    missing = {u.id for u in untranslated(rulebook, "ru")}     # a part left empty always needs a translator
    assert ids == [i for i in all_ids if i in changes or i in missing]     # same order, nothing else
    assert 0 < len(ids) < len(all_ids)
    why = {"changed": f"changed since {OLD}", "new": f"new since {OLD}", "not-in-source": f"the {OLD} source"}
    for unit in since.findall(".//x:trans-unit", NS):
        notes = [n.text for n in unit.findall("x:note", NS)]
        assert any(why[changes[unit.get("id")]] in n for n in notes), unit.get("id")


def test_a_stale_translation_is_exported_whatever_its_english(rulebook):
    steady = next(u for u in edition_units(rulebook.edition("ru")) if u.place == "text"
                  and u.id not in changed_units(rulebook, OLD))
    try:
        object.__setattr__(steady.text, "stale_from", OLD)
        since = etree.fromstring(export_xliff(rulebook, "ru", changed_since=OLD))
    finally:
        object.__setattr__(steady.text, "stale_from", None)
    unit = since.find(f".//x:trans-unit[@id='{steady.id}']", NS)
    assert unit is not None
    assert f"translated from the {OLD} English" in [n.text for n in unit.findall("x:note", NS)]


def test_the_command_writes_it_and_it_imports_back_unchanged(tmp_path):
    shutil.copytree(ROOT / "rulebook", tmp_path / "rulebook")
    before = {p: p.read_bytes() for p in (tmp_path / "rulebook").rglob("*.yaml")}
    out = tmp_path / "ru-changed.xlf"
    run = [sys.executable, "-m", "tdarules.cli"]
    result = subprocess.run([*run, "export", "--lang", "ru", "--changed-since", OLD, "-o", str(out), "--root", str(tmp_path)],
                            capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert 0 < len(etree.parse(str(out)).findall(".//x:trans-unit", NS)) < 346
    result = subprocess.run([*run, "import-translation", str(out), "--root", str(tmp_path)], capture_output=True,
                            text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert {p: p.read_bytes() for p in (tmp_path / "rulebook").rglob("*.yaml")} == before
    refused = subprocess.run([*run, "export", "--lang", "ru", "--changed-since", CURRENT_EDITION, "--root", str(tmp_path)],
                             capture_output=True, text=True, cwd=tmp_path)
    assert refused.returncode == 2 and "--changed-since" in refused.stderr and "Traceback" not in refused.stderr
