"""Hostile selections for the rule-sheet builder's parser and its Python twin (`rulebook pdf --rules`):
both refuse an overlong selection with one clear error, and both read long runs of spaces in linear
time (the patterns that joined "40 - 47" once rescanned a run of spaces from each of its characters)."""
from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from tdarules.printing.selection import MAX_SELECTION, parse_selection, tokens

ROOT = Path(__file__).resolve().parents[2]
SELECTION_JS = ROOT / "docs" / "assets" / "print" / "selection.js"
NODE = shutil.which("node")
PARTS = {**{str(n): ["A", "B"] for n in range(1, 72)}, **{f"RP-{n}": [] for n in range(1, 23)}}
HOSTILE = [" " * 100_000, "RP" + " " * 100_000, "40" + " " * 100_000 + "x", "RP" + " " * 50_000 + "-" + " " * 50_000]

RUNNER = """
import { parseSelection, tokens, MAX_SELECTION } from %s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { hostile, parts, limits } = JSON.parse(input);
// CPU time, as the Python side measures it: a loaded machine's waits are not the parser's.
const timed = hostile.map((text) => {
  const start = process.cpuUsage();
  const found = tokens(text).length;
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, found };
});
process.stdout.write(JSON.stringify({ max: MAX_SELECTION, timed, limits: limits.map((t) => parseSelection(t, parts)) }));
"""


def limit_cases() -> list[str]:
    fits = ("43, " * (MAX_SELECTION // 4))[:MAX_SELECTION].rstrip(", ")
    # characters, not UTF-16 units: 1,998 characters of two units each still fit
    astral_fits = ("𝟒𝟑, " * 500).rstrip(", ")
    return [fits, "4" * (MAX_SELECTION + 1), "43," + "𝟒" * MAX_SELECTION, " " * 100_000, astral_fits]


@pytest.mark.parametrize("text", HOSTILE, ids=["spaces", "RP+spaces", "number+spaces+x", "RP+spaces-spaces"])
def test_python_reads_long_runs_of_spaces_in_linear_time(text):
    # CPU time of this thread, not the wall clock: a loaded machine slows both readings alike, and a
    # rescan of 100,000 spaces from each of them would take far more than the bound either way.
    start = time.thread_time()
    tokens(text)
    assert time.thread_time() - start < 0.5


def test_python_refuses_an_overlong_selection_in_one_error():
    fits, too_long, astral, spaces, astral_fits = limit_cases()
    for text in (fits, astral_fits):
        items, errors = parse_selection(text, PARTS)
        assert [i.rule for i in items] == ["43"] and errors == []
    for text in (too_long, astral, spaces):
        start = time.thread_time()
        items, errors = parse_selection(text, PARTS)
        assert time.thread_time() - start < 0.5
        assert items == [] and [e.code for e in errors] == ["too_long"]
        assert len(errors[0].token) <= 21                       # the message quotes its start, not all of it


@pytest.mark.skipif(NODE is None, reason="node is not on PATH")
def test_javascript_agrees_and_is_linear_too():
    script = RUNNER % json.dumps(SELECTION_JS.as_uri())
    run = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60,
                         input=json.dumps({"hostile": HOSTILE, "parts": PARTS, "limits": limit_cases()}))
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["max"] == MAX_SELECTION
    assert all(t["ms"] < 500 for t in out["timed"]), out["timed"]
    assert [t["found"] for t in out["timed"]] == [len(tokens(t)) for t in HOSTILE]
    for text, js in zip(limit_cases(), out["limits"]):
        items, errors = parse_selection(text, PARTS)
        assert js["items"] == [{"rule": i.rule, "parts": i.parts} for i in items]
        assert [[e["code"], e["token"]] for e in js["errors"]] == [[e.code, e.token] for e in errors]


def test_the_overlong_error_is_said_in_every_language():
    from tdarules.site.generate import load_strings
    strings = load_strings(ROOT / "rulebook")
    for language in ("en", "zh-Hant", "zh-Hans", "ru"):
        message = strings.get("errors.too_long", language, token="4444…")
        assert str(MAX_SELECTION) in message and "4444…" in message
