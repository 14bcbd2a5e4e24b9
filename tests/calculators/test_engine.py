"""Runs the YAML calculator cases against the ES-module engine in Node, and checks that every
message code the engine emits has text in all four languages in rulebook/ui/calculators.yaml."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
ENGINE = ROOT / "docs" / "assets" / "calculators" / "engine"
UI = ROOT / "rulebook" / "ui" / "calculators.yaml"
LANGS = ("en", "zh-Hant", "zh-Hans", "ru")

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on PATH")


def load_cases() -> list[dict]:
    cases = []
    for path in sorted((HERE / "cases").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        for i, case in enumerate(data, 1):
            case = dict(case)
            case["id"] = f"{path.stem}-{i:02d}: {case.get('source', '')}"
            cases.append(case)
    return cases


CASES = load_cases()


@pytest.fixture(scope="module")
def results() -> dict[str, dict]:
    payload = json.dumps([{k: c[k] for k in ("id", "calculator", "input", "expect")} for c in CASES])
    proc = subprocess.run(
        [NODE, str(HERE / "run_cases.mjs")], input=payload, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    return {r["id"]: r for r in json.loads(proc.stdout)}


@pytest.fixture(scope="module")
def ui() -> dict:
    return yaml.safe_load(UI.read_text(encoding="utf-8"))


def test_cases_exist_for_every_calculator():
    calcs = {c["calculator"] for c in CASES}
    modules = {p.stem for p in ENGINE.glob("*.js")} - {"index", "validate"}
    assert modules <= calcs, modules - calcs
    assert len(CASES) >= 100


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case, results):
    r = results[case["id"]]
    assert r["ok"], f"{case['id']}\nmismatches: {json.dumps(r['mismatches'], ensure_ascii=False)}\noutput: {json.dumps(r['output'], ensure_ascii=False)}"


def _codes(results) -> tuple[set[str], set[str]]:
    steps, errors = set(), set()
    for r in results.values():
        out = r["output"] or {}
        for s in out.get("steps", []):
            steps.add(s["code"])
        for e in out.get("errors", []):
            errors.add(e["code"])
        for d in out.get("discretion", []):
            steps.add(d["code"])
    return steps, errors


def _source_codes() -> tuple[set[str], set[str]]:
    steps, errors = set(), set()
    for path in ENGINE.glob("*.js"):
        src = path.read_text(encoding="utf-8")
        for arg in re.findall(r"step\(([^{)]*?)(?:,\s*\{|\))", src):
            steps |= set(re.findall(r"(?:^\s*|\?\s*|:\s*)'([a-z0-9_]+)'", arg))
        errors |= set(re.findall(r"(?:error\([^,]+,\s*|code:\s*)'([a-z0-9_]+)'", src))
        for expr in re.findall(r"const code = ([^;]+);", src):
            errors |= set(re.findall(r"'([a-z0-9_]+)'", expr))
    return steps, errors


def _check(table: dict, codes: set[str], kind: str):
    assert len(codes) >= 5, f"only {len(codes)} {kind} codes found: the code scan itself is broken"
    missing = []
    for code in sorted(codes):
        entry = table.get(code)
        for lang in LANGS:
            if not entry or not isinstance(entry.get(lang), str) or not entry[lang].strip():
                missing.append(f"{kind}.{code}.{lang}")
    assert not missing, missing


def test_codes_used_in_cases_are_translated(results, ui):
    steps, errors = _codes(results)
    assert steps and errors
    _check(ui["steps"], steps, "steps")
    _check(ui["errors"], errors, "errors")


def test_codes_in_engine_source_are_translated(ui):
    steps, errors = _source_codes()
    # Codes built dynamically from a prefix.
    steps = {s for s in steps if not s.endswith("_")}
    steps |= {f"prior_chips_{s}" for s in ("leftAlone", "fullyPulledBack", "partlyPulledBack")}
    steps |= {f"sa_consequence_{c}" for c in (
        "no_misdeal_hand_proceeds", "misdeal_possible", "fouled_deck_bets_returned",
        "oot_binding_floor_rules_skipped_hand", "oot_sa_no_reasonable_time_td", "action_backs_up_to_skipped")}
    _check(ui["steps"], steps, "steps")
    _check(ui["errors"], errors, "errors")


def test_placeholders_match_params(results, ui):
    """Every {placeholder} in a translation must be a param the engine supplies for that code."""
    params: dict[str, set[str]] = {}
    for r in results.values():
        out = r["output"] or {}
        for item in out.get("steps", []) + out.get("errors", []) + out.get("discretion", []):
            params.setdefault(item["code"], set()).update(item["params"].keys())
    bad = []
    for table in (ui["steps"], ui["errors"]):
        for code, entry in table.items():
            if code not in params:
                continue
            for lang in LANGS:
                for ph in re.findall(r"\{(\w+)\}", entry.get(lang, "")):
                    if ph not in params[code]:
                        bad.append(f"{code}.{lang}: {{{ph}}}")
    assert not bad, bad


def test_calculators_have_titles_and_field_labels(ui):
    assert ui.get("by") == "ours"
    calcs = ui["calculators"]
    modules = {p.stem for p in ENGINE.glob("*.js")} - {"index", "validate"}
    assert set(calcs) >= modules
    for cid, spec in calcs.items():
        for lang in LANGS:
            assert spec["title"].get(lang), f"{cid}.title.{lang}"
        for fname, f in spec.get("fields", {}).items():
            for lang in LANGS:
                assert f["label"].get(lang), f"{cid}.fields.{fname}.label.{lang}"


def test_outputs_are_plain_json(results):
    for r in results.values():
        out = r["output"]
        assert isinstance(out, dict) and isinstance(out.get("ok"), bool), r["id"]
        if out["ok"]:
            assert isinstance(out["steps"], list) and isinstance(out["citations"], list), r["id"]
            assert all(re.fullmatch(r"(RP-)?\d+(-[A-Z])?(-[A-Z])?", c) for c in out["citations"]), out["citations"]
        else:
            assert all({"field", "code", "params"} <= set(e) for e in out["errors"]), r["id"]


def run_engine(calculator: str, payload) -> dict:
    case = [{"id": "x", "calculator": calculator, "input": payload, "expect": {}}]
    proc = subprocess.run([NODE, str(HERE / "run_cases.mjs")], input=json.dumps(case), capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)[0]["output"]


def test_absurdly_long_lists_and_names_are_field_errors():
    players = [{"id": f"P{i}", "committed": 100} for i in range(501)]
    out = run_engine("sidePots", {"players": players})
    assert out["ok"] is False and out["errors"][0]["field"] == "players"
    assert out["errors"][0]["code"] == "too_many" and out["errors"][0]["params"] == {"max": 500, "count": 501}
    out = run_engine("randomSeating", {"players": ["x" * 101], "seats": ["1-1"], "randomValues": [0, 0]})
    assert out["ok"] is False and out["errors"][0] == {"field": "players[0]", "code": "too_long", "params": {"max": 100}}


@pytest.mark.parametrize("name", ["constructor", "toString", "valueOf", "__proto__", "hasOwnProperty", "__defineGetter__"])
def test_prototype_names_are_just_names(name):
    """A player called `toString` has not acted just because plain objects have a toString."""
    fresh = run_engine("minRaise", {"street": "postflop", "bigBlind": 100,
                                    "actions": [{"player": "A", "action": "bet", "to": 300}], "forPlayer": name})
    assert fresh["ok"] and fresh["hasActed"] is False and fresh["toCall"] == 300
    acted = run_engine("minRaise", {"street": "postflop", "bigBlind": 100,
                                    "actions": [{"player": name, "action": "bet", "to": 300},
                                                {"player": "B", "action": "call"}], "forPlayer": name})
    assert acted["ok"] and acted["hasActed"] is True and acted["toCall"] == 0


def test_results_that_leave_it_to_the_td_say_what_is_open(results):
    """A result citing Rule 1 or marked tdDiscretion names each open point in `discretion`
    (shown in the result box), so nothing is left to the TD silently; and open points are there."""
    seen = 0
    for r in results.values():
        out = r["output"]
        if not out.get("ok"):
            continue
        assert isinstance(out["discretion"], list), r["id"]
        if "1" in out["citations"] or out.get("tdDiscretion") is True:
            seen += 1
            assert out["discretion"], f"{r['id']}: cites Rule 1 but names nothing open"
        for d in out["discretion"]:
            assert set(d) == {"code", "params"}, r["id"]
    assert seen >= 20


def test_simplified_strings_are_the_converted_traditional(ui):
    """zh-Hans calculator strings are OpenCC t2s of zh-Hant (the project's converter), so a string
    added in Traditional only cannot drift from what the loader would make of it."""
    from tdarules.chinese import simplified
    pairs = []

    def walk(node, path):
        if isinstance(node, dict):
            if isinstance(node.get("zh-Hant"), str):
                pairs.append((path, node["zh-Hant"], node.get("zh-Hans")))
            else:
                for key, value in node.items():
                    walk(value, f"{path}.{key}")
    walk(ui, "")
    assert len(pairs) > 300
    bad = [path for path, hant, hans in pairs if simplified(hant) != hans]
    assert not bad, bad


def test_review_cases_cover_every_finding():
    """Every finding of the rule review that changed the engine has a case tagged with it."""
    review = yaml.safe_load((HERE / "RULE-REVIEW.yaml").read_text(encoding="utf-8"))
    tagged = {c["review"] for c in CASES if c.get("review")}
    findings = {f["id"] for f in review["findings"]}
    assert findings and tagged <= findings, tagged - findings
    assert findings <= tagged, findings - tagged
