"""The rule-sheet builder's selection parser (docs/assets/print/selection.js, run in Node) and its
Python twin (tdarules.printing.selection, behind `rulebook pdf --rules`) on the same cases, with the
real rule and part ids of the model."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tdarules.printing.selection import parse_selection

ROOT = Path(__file__).resolve().parents[2]
SELECTION_JS = ROOT / "docs" / "assets" / "print" / "selection.js"
CASES = json.loads((Path(__file__).with_name("selection_cases.json")).read_text(encoding="utf-8"))
NODE = shutil.which("node")

RUNNER = """
import { parseSelection, errorMessage } from %s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { parts, texts, templates } = JSON.parse(input);
const out = texts.map((t) => {
  const r = parseSelection(t, parts);
  return { ...r, messages: r.errors.map((e) => errorMessage(e, templates)) };
});
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def parts(rulebook):
    return {rule.id: list(rule.parts) for rule in rulebook.edition("en").all_rules()}


def expected_items(case) -> list[dict]:
    """["40-62"] → rules 40..62 whole; ["11", "D"] → part D of rule 11."""
    out = []
    for entry in case["items"]:
        head, *letters = entry
        if "-" in head and not head.startswith("RP-"):
            a, b = map(int, head.split("-"))
            out += [{"rule": str(n), "parts": None} for n in range(a, b + 1)]
        else:
            out.append({"rule": head, "parts": letters or None})
    return out


def run_node(parts, texts, templates=None):
    script = RUNNER % json.dumps(SELECTION_JS.as_uri())
    result = subprocess.run([NODE, "--input-type=module", "-e", script], input=json.dumps(
        {"parts": parts, "texts": texts, "templates": templates or {}}), capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


@pytest.mark.parametrize("case", CASES, ids=[c["input"] or "empty" for c in CASES])
def test_python_parser(case, parts):
    items, errors = parse_selection(case["input"], parts)
    assert [{"rule": i.rule, "parts": i.parts} for i in items] == expected_items(case)
    assert [[e.code, e.token] for e in errors] == case["errors"]


@pytest.mark.skipif(NODE is None, reason="node is not on PATH")
def test_javascript_parser_matches_the_cases(parts):
    results = run_node(parts, [c["input"] for c in CASES])
    for case, result in zip(CASES, results):
        assert result["items"] == expected_items(case), case["input"]
        assert [[e["code"], e["token"]] for e in result["errors"]] == case["errors"], case["input"]


@pytest.mark.skipif(NODE is None, reason="node is not on PATH")
@pytest.mark.parametrize("language", ["en", "zh-Hant", "zh-Hans", "ru"])
def test_error_messages_are_localized(parts, language):
    from tdarules.site.generate import load_strings
    strings = load_strings(ROOT / "rulebook")
    templates = {code: strings.get(f"errors.{code}", language, token="{token}", rule="{rule}", part="{part}", last="{last}")
                 for code in strings.table["errors"]}
    [result] = run_node(parts, ["40-, RP-99, 72, 43-Z, 70-80"], templates)
    messages = result["messages"]
    assert len(messages) == 5
    assert [m for m in messages if "{" in m] == []          # every placeholder filled
    for token in ("40-", "RP-99", "72", "43-Z", "70-80"):
        assert any(token in m for m in messages)
    assert "43" in messages[3] and "Z" in messages[3]
    assert "71" in messages[4]
    english = {code: strings.get(f"errors.{code}", "en", token="x", rule="x", part="x", last="x") for code in templates}
    if language != "en":
        localized = {code: strings.get(f"errors.{code}", language, token="x", rule="x", part="x", last="x") for code in templates}
        assert all(localized[c] != english[c] for c in templates)


@pytest.mark.skipif(NODE is None, reason="node is not on PATH")
def test_a_missing_rule_names_the_editions_own_range():
    """Another edition has another number of rules: the message says the range of the one printed."""
    from tdarules.site.generate import load_strings
    strings = load_strings(ROOT / "rulebook")
    smaller = {**{str(n): [] for n in range(1, 6)}, "RP-1": [], "RP-2": []}
    templates = {code: strings.get(f"errors.{code}", "en", token="{token}", rule="{rule}", part="{part}", last="{last}")
                 for code in strings.table["errors"]}
    [result] = run_node(smaller, ["9, RP-3"], templates)
    _, errors = parse_selection("9, RP-3", smaller)
    python = [strings.get(f"errors.{e.code}", "en", token=e.token, **{"rule": "", "part": "", **e.params}) for e in errors]
    assert result["messages"] == python == ["“9”: there is no such rule (rules are 1–5).",
                                            "“RP-3”: there is no such procedure (RP-1–RP-2)."]


IN_EDITION = """
import { inEdition } from %s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { texts, renumbering } = JSON.parse(input);
process.stdout.write(JSON.stringify(texts.map((t) => inEdition(t, renumbering))));
"""


@pytest.mark.skipif(NODE is None, reason="node is not on PATH")
def test_a_selection_made_in_an_older_edition_names_what_its_rules_became():
    """A sheet link from when another edition was current: its numbers read through that edition's
    renumbering (each rule, each rule of a range, a part on the rule it moved to), dropped ones listed."""
    renumbering = {"46": "43", "40": "39", "41": "50", "9": None, "RP-3": "RP-2"}
    script = IN_EDITION % json.dumps(SELECTION_JS.as_uri())
    result = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, check=True,
                            input=json.dumps({"texts": ["46", "40-41, 46b", "9, 46", "rp 3, 99, x", "46, 46"],
                                              "renumbering": renumbering}))
    assert json.loads(result.stdout) == [
        {"text": "43", "dropped": []},
        {"text": "39, 50, 43-B", "dropped": []},
        {"text": "43", "dropped": ["9"]},
        {"text": "RP-2, 99, X", "dropped": []},            # what names no older rule stays, to be explained
        {"text": "43", "dropped": []},
    ]
