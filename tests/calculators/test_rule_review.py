"""The rule-by-rule review of the calculators (tests/calculators/RULE-REVIEW.yaml) is complete and
true to the rule text: quotes are exact, every sentence of every part a calculator cites has an
answer, every Illustration Addendum example of those rules is placed, and the cases it names exist."""
from __future__ import annotations

import json
import re
import subprocess

import pytest
import yaml

from tdarules.loader import load_rulebook
from test_engine import CASES, HERE, NODE

ROOT = HERE.parents[1]
REVIEW = yaml.safe_load((HERE / "RULE-REVIEW.yaml").read_text(encoding="utf-8"))
STATUSES = {"applied", "fixed", "open", "input", "context"}


@pytest.fixture(scope="module")
def english():
    return load_rulebook(ROOT).edition("en", "2024")


def split_id(unit: str) -> tuple[str, str | None]:
    m = re.fullmatch(r"((?:RP-)?\d+)(?:-([A-Z]))?", unit)
    assert m, unit
    return m.group(1), m.group(2)


def blocks_of(edition, unit: str) -> list[str]:
    """'43-A' -> that part's blocks; '41' -> the rule's own blocks (before/after the parts);
    'addendum-10' -> the introduction of that addendum entry."""
    if unit.startswith("addendum-"):
        entry = edition.addendum[unit.removeprefix("addendum-")]
        return [b.text for b in entry.blocks]
    rule_id, part = split_id(unit)
    rule = edition.rule(rule_id)
    assert rule is not None, unit
    if part:
        return [b.text for b in rule.parts[part].blocks]
    return [b.text for b in (*rule.blocks, *rule.after)]


def case_names() -> set[str]:
    return {c.get("source", "") for c in CASES} | {c["review"] for c in CASES if c.get("review")}


def test_quotes_are_exact_and_cover_every_sentence(english):
    problems = []
    for unit, sentences in REVIEW["rules"].items():
        blocks = blocks_of(english, unit)
        assert blocks, f"{unit}: no text"
        covered = [bytearray(len(b)) for b in blocks]
        for s in sentences:
            q = s["q"]
            hits = [(i, b.find(q)) for i, b in enumerate(blocks) if q in b]
            if not hits:
                problems.append(f"{unit}: not in the rule text: {q!r}")
                continue
            i, at = hits[0]
            covered[i][at:at + len(q)] = b"\x01" * len(q)
        for block, mask in zip(blocks, covered):
            rest = "".join(ch for ch, m in zip(block, mask) if not m)
            if re.sub(r"[\s.;:,()]", "", rest):
                problems.append(f"{unit}: sentence(s) not reviewed: {rest.strip()!r}")
    assert not problems, "\n".join(problems)


def test_every_sentence_has_an_answer_and_named_cases_exist():
    names = case_names()
    problems = []
    for unit, sentences in REVIEW["rules"].items():
        for s in sentences:
            where = f"{unit}: {s['q'][:50]!r}"
            if s.get("status") not in STATUSES:
                problems.append(f"{where}: status {s.get('status')!r}")
            if not str(s.get("how", "")).strip():
                problems.append(f"{where}: no 'how'")
            cases = s.get("cases", [])
            if s.get("status") in {"applied", "fixed", "open"} and not cases:
                problems.append(f"{where}: {s['status']} but no case")
            problems += [f"{where}: no case {c!r}" for c in cases if c not in names]
    for rule, examples in REVIEW["addendum"].items():
        for label, entry in examples.items():
            problems += [f"addendum {rule} {label}: no case {c!r}" for c in entry["cases"] if c not in names]
    assert not problems, "\n".join(problems)


def test_findings_have_a_fixed_or_open_sentence():
    by_case = {c for sentences in REVIEW["rules"].values() for s in sentences
               if s["status"] in {"fixed", "open"} for c in s.get("cases", [])}
    ids = [f["id"] for f in REVIEW["findings"]]
    assert len(ids) == len(set(ids)) >= 15
    assert not [i for i in ids if i not in by_case]


@pytest.fixture(scope="module")
def cited_by_calculator() -> dict[str, set[str]]:
    if NODE is None:
        pytest.skip("node is not on PATH")
    payload = json.dumps([{k: c[k] for k in ("id", "calculator", "input", "expect")} for c in CASES])
    proc = subprocess.run([NODE, str(HERE / "run_cases.mjs")], input=payload, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out: dict[str, set[str]] = {}
    for case, result in zip(CASES, json.loads(proc.stdout)):
        out.setdefault(case["calculator"], set()).update((result["output"] or {}).get("citations") or [])
    return out


def test_every_cited_part_is_reviewed(english, cited_by_calculator):
    """What a calculator cites in any result is in its review list (a whole rule: all its parts)."""
    assert set(REVIEW["calculators"]) == set(cited_by_calculator)
    missing = []
    for calc, cites in cited_by_calculator.items():
        listed = set(REVIEW["calculators"][calc])
        for cite in cites:
            rule_id, part = split_id(cite)
            rule = english.rule(rule_id)
            needed = {cite} if part or cite in listed else (
                {f"{rule_id}-{p}" for p in rule.parts} | ({rule_id} if rule.blocks or rule.after else set()))
            missing += [f"{calc}: {n}" for n in sorted(needed - listed)]
        missing += [f"{calc}: {u} listed but not reviewed" for u in listed if u not in REVIEW["rules"]]
    assert not missing, missing


def test_every_addendum_example_of_a_reviewed_rule_is_placed(english):
    units = {u for us in REVIEW["calculators"].values() for u in us if not u.startswith("addendum-")}
    keys = set()
    for unit in units:
        rule_id, part = split_id(unit)
        keys |= {k for k in (rule_id, unit) if k in english.addendum}
    assert {"43", "45", "46", "47", "51", "52-B", "53-B", "16", "40-A"} <= keys
    problems = []
    for key in sorted(keys):
        entry = english.addendum[key]
        placed = REVIEW["addendum"].get(key, {})
        if entry.examples:
            problems += [f"{key} example {label}" for label in entry.examples if label not in placed]
        elif f"addendum-{key}" not in REVIEW["rules"]:
            problems.append(f"addendum-{key} (no examples: its text is reviewed as a unit)")
    assert not problems, problems


def test_the_markdown_is_rendered_from_the_data():
    from rule_review import render
    assert (HERE / "RULE-REVIEW.md").read_text(encoding="utf-8") == render(REVIEW), \
        "run: .venv/bin/python tests/calculators/rule_review.py > tests/calculators/RULE-REVIEW.md"
