"""The QA report on the real texts finds the real defects of each kind (found by reading the sources),
and the command line prints them as text and JSON and fails under --strict."""
from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from tdarules.loader import Rulebook
from tdarules.model import Edition
from tdarules.qa.report import findings_for, run, summary

from .conftest import ROOT


@pytest.fixture(scope="module")
def found(real_rulebook):
    return {lang: {f.id: f for f in findings_for(real_rulebook, lang)} for lang in ("en", "zh-Hant", "ru")}


@pytest.mark.parametrize("language,finding_id,why", [
    # coverage: the Chinese source has no part E of RP-8 (its "E" translates English F)
    ("zh-Hant", "coverage:RP-8-E", "RP-8-E untranslated"),
    # coverage: the Russian drops 46-C (three paragraphs) entirely
    ("ru", "coverage:46-C", "46-C untranslated"),
    # coverage: the Russian page has no rule titles; every title is ours
    ("ru", "coverage:43:title:ours", "title supplied by us"),
    # numbers: the Russian 45-A keeps the rule but drops both worked examples (1100, 1050 ...)
    ("ru", "numbers:45-A:1:-1100", "example amounts lost"),
    # numbers: the Chinese 54-A cites RP-21 where the English says RP-22
    ("zh-Hant", "numbers:54-A:1:+21", "a different procedure number"),
    # cross-references: the Russian 13-B loses "(See also Rule 65)"
    ("ru", "crossrefs:13-B:1:-65", "reference dropped"),
    # cross-references: the Chinese 39-D cites the whole of RP-10 instead of RP-10-H
    ("zh-Hant", "crossrefs:39-D:1:-RP-10-H", "part reference widened"),
    # cross-references the English gets wrong: "See also RP-22 Spreading the Pot" — RP-21 is Spreading the Pot
    ("en", "crossrefs:54-A:1:~RP-22", "English names the wrong procedure"),
    # terminology: "re-entry" as 重近 (a typo) once, 重進 elsewhere
    ("zh-Hant", "terminology:8:title:re-entry=重近", "typo of the term"),
    # length: the Chinese rule 27 adds a translator's note of its own
    ("zh-Hant", "length:27:1", "padded with a note"),
    # length: the Russian RP-10-H is one sentence for a long procedure
    ("ru", "length:RP-10-H:1", "truncated"),
])
def test_real_defect_is_reported(found, language, finding_id, why):
    assert finding_id in found[language], f"{why}: {finding_id} not among {len(found[language])} findings"


def test_terminology_reports_the_minority_rendering(found):
    all_in = [f for f in found["zh-Hant"].values() if f.kind == "terminology" and f.params["term"] == "all-in"]
    assert all_in and {f.params["usual"] for f in all_in} == {"全下"}
    assert {"全押", "全壓"} <= {f.params["used"] for f in all_in}


def test_every_kind_finds_something_real(real_rulebook):
    totals = summary(run(real_rulebook))
    for kind in ("coverage", "numbers", "crossrefs", "terminology", "length"):
        assert totals["zh-Hant"].get(kind) and totals["ru"].get(kind), kind
    assert "staleness" not in totals.get("ru", {})      # every unit's fingerprint matches today's English


def _with_english_changed(rulebook: Rulebook, rule_id: str, text: str) -> Rulebook:
    data = rulebook.edition("en").model_dump(mode="python", by_alias=True)
    data["rules"][rule_id]["blocks"][0]["text"] = text
    editions = {**rulebook.editions, ("2024", "en"): Edition.model_validate(data)}
    return dataclasses.replace(rulebook, editions=editions)


def test_a_change_to_the_english_makes_the_translations_stale(real_rulebook):
    changed = _with_english_changed(real_rulebook, "6", "The house will post the acceptable language(s).")
    for language in ("zh-Hant", "ru"):
        stale = [f.unit for f in findings_for(changed, language, ("staleness",))]
        assert stale == ["6:1"], language


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "tdarules.cli", "qa", "--root", str(ROOT), *args],
                          capture_output=True, text=True, timeout=120)


def test_cli_json_has_every_field_and_strict_fails():
    result = _cli("--json", "--strict", "--lang", "zh-Hant", "--kind", "crossrefs")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["findings"]
    for finding in data["findings"]:
        assert {"rule", "part", "language", "kind", "severity", "english", "translation", "message", "id"} <= finding.keys()
        assert finding["language"] == "zh-Hant" and finding["kind"] == "crossrefs"
    assert data["summary"]["zh-Hant"]["crossrefs"] == len([f for f in data["findings"] if not f["acknowledged"]])


def test_cli_text_and_strict_passes_when_nothing_is_open():
    text = _cli("--lang", "ru", "--kind", "length")
    assert text.returncode == 0 and "RP-10-H:1" in text.stdout and "open findings: ru length" in text.stdout
    clean = _cli("--strict", "--lang", "ru", "--kind", "staleness")
    assert clean.returncode == 0, clean.stdout


def test_acknowledgements_in_data_close_reviewed_false_alarms(real_rulebook, found):
    ack = found["zh-Hant"]["coverage:RP-19:split"].acknowledged
    assert ack and ack["reviewer"] and "every method is there" in ack["reason"]
    # "See also 15-B" in the English was a false alarm of the reference finder, fixed there
    assert "crossrefs:58:1:+15-B" not in found["ru"] and "crossrefs:58:1:+15-B" not in found["zh-Hant"]
    from tdarules.qa.report import unknown_acknowledgements
    assert unknown_acknowledgements(real_rulebook, run(real_rulebook)) == []
    totals = summary(run(real_rulebook, ("zh-Hant",), ("coverage",)))
    assert totals["zh-Hant"]["coverage"] == sum(1 for f in found["zh-Hant"].values()
                                                if f.kind == "coverage" and not f.acknowledged)
