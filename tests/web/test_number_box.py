"""The number box's logic (docs/assets/js/rules.js), run in Node: a part letter typed in Cyrillic opens
the Latin part it looks like and the box says so, on the page it opens, in the page's language."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "assets" / "js" / "rules.js"

SCRIPT = """
const rules = await import(process.argv[1]);
const parts = { "43": ["A", "B"], "45": ["A", "B"], "51": ["A", "B", "C"], "RP-10": ["A", "H"] };
const stored = JSON.stringify({ url: "/ru/rules/45/#45-B", text: "45-В → 45-B: …" });
console.log(JSON.stringify({
  parsed: ["51-В", "45-в", "43-С", "45-B", "РП-10-Н", "35-г"].map((q) => rules.parseRuleNumber(q, parts)),
  bounded: [["72", { "72": [], "RP-23": [] }], ["RP-23", { "72": [], "RP-23": [] }], ["71", { "72": [] }],
            ["12", null]].map(([q, p]) => rules.parseRuleNumber(q, p)),
  note: [rules.arrivalNote(stored, "/ru/rules/45/", "#45-B"), rules.arrivalNote(stored, "/ru/rules/43/", "#43-B"),
         rules.arrivalNote(null, "/ru/rules/45/", "#45-B"), rules.arrivalNote("{not json", "/ru/", "")],
}));
"""


@pytest.fixture(scope="module")
def results():
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed")
    run = subprocess.run([node, "--input-type=module", "-e", SCRIPT, RULES.as_uri()],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_cyrillic_look_alikes_open_the_latin_part_and_say_so(results):
    assert results["parsed"] == [
        {"rule": "51", "part": "B", "reading": "51-В → 51-B"},
        {"rule": "45", "part": "B", "reading": "45-в → 45-B"},
        {"rule": "43", "part": "C", "missingPart": True},            # "Rule 43 has no part C"
        {"rule": "45", "part": "B", "reading": None},
        {"rule": "RP-10", "part": "H", "reading": "РП-10-Н → RP-10-H"},
        None,                                                         # г: D by place, G by sound: not guessed
    ]


def test_the_rules_that_exist_are_the_editions_not_a_count_in_the_script(results):
    """A new edition may have a rule 72 or an RP-23: the box opens what the page's edition has."""
    assert results["bounded"] == [{"rule": "72", "part": None, "reading": None},
                                  {"rule": "RP-23", "part": None, "reading": None}, None,
                                  {"rule": "12", "part": None, "reading": None}]


def test_the_note_shows_on_the_page_it_was_written_for_only(results):
    assert results["note"] == ["45-В → 45-B: …", None, None, None]


def test_the_note_is_a_string_in_every_language():
    import yaml
    strings = yaml.safe_load((ROOT / "rulebook" / "ui" / "site.yaml").read_text(encoding="utf-8"))["strings"]
    note = strings["goto_read_as"]
    assert set(note) >= {"en", "zh-Hant", "ru"} and all("{reading}" in text for text in note.values())
    home = (ROOT / "plugins" / "tdarules" / "site" / "templates" / "pages" / "home.md").read_text(encoding="utf-8")
    assert "data-msg-read-as=\"{{ ctx.s('goto_read_as', reading='{reading}') }}\"" in home
    assert "msgReadAs" in RULES.read_text(encoding="utf-8")
