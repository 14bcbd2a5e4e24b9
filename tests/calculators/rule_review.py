"""Render tests/calculators/RULE-REVIEW.yaml as Markdown (RULE-REVIEW.md, kept in step by a test):

    .venv/bin/python tests/calculators/rule_review.py > tests/calculators/RULE-REVIEW.md
"""
from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent


def cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render(review: dict) -> str:
    out = ["# Calculators reviewed against the rules they cite", "",
           "Generated from `RULE-REVIEW.yaml` by `rule_review.py` (written by us; the quotes are the English",
           "rule text of `rulebook/2024/en.yaml`, exact). Status: **applied** the engine implements it,",
           "**fixed** the review changed the engine, **open** the rules leave it to the TD or the house and",
           "the result says so (`discretion`), **input** a fact the reader gives, **context** nothing to compute.",
           "Cases are the `source` (or `review` tag) of `tests/calculators/cases/*.yaml`.", "",
           "## Findings", "", "| id | calculator | rule | was | now |", "| --- | --- | --- | --- | --- |"]
    out += [f"| {f['id']} | {f['calculator']} | {f['rule']} | {cell(f['was'])} | {cell(f['now'])} |" for f in review["findings"]]
    units = {}
    for calc, parts in review["calculators"].items():
        for part in parts:
            units.setdefault(part, []).append(calc)
    out += ["", "## Rule sentences", "", "| part | calculators | sentence | status | how | cases |",
            "| --- | --- | --- | --- | --- | --- |"]
    for part, sentences in review["rules"].items():
        for s in sentences:
            cases = "; ".join(s.get("cases", []))
            notes = "".join(f" ({lang}: {cell(t)})" for lang, t in (s.get("translations") or {}).items())
            out.append(f"| {part} | {', '.join(units.get(part, []))} | “{cell(s['q'])}” | {s['status']} | "
                       f"{cell(s['how'])}{notes} | {cell(cases)} |")
    out += ["", "## Illustration Addendum examples", "", "| entry | example | calculator | how | cases |",
            "| --- | --- | --- | --- | --- |"]
    for entry, examples in review["addendum"].items():
        for label, e in examples.items():
            out.append(f"| {entry} | {label} | {e['calculator']} | {cell(e['how'])} | {cell('; '.join(e['cases']))} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(render(yaml.safe_load((HERE / "RULE-REVIEW.yaml").read_text(encoding="utf-8"))), end="")
