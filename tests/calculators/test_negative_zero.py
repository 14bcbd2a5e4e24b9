"""−0 (typed "-0", or a number the engine is given) is zero: the calculators never echo it as "-0",
neither in what the engine returns nor in what the page shows (docs/assets/calculators, run in Node)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CALC = ROOT / "docs" / "assets" / "calculators"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on PATH")

SCRIPT = """
const { calculators } = await import(process.argv[1]);
const ui = await import(process.argv[2]);
const negativeZero = (x) => Object.is(x, -0);
const given = [
  calculators.potLimit({ potBefore: "-0" }),
  calculators.potLimit({ potBefore: -0, playerBet: "-0" }),
  calculators.potLimit({ street: "preflop", smallBlind: 0, bigBlind: "-0" }),
  calculators.oddChips({ pot: "-0", smallestChip: 5, buttonSeat: 1, winners: [] }),
];
const anyNegativeZero = (value) => negativeZero(value)
  || (value && typeof value === "object" && Object.values(value).some(anyNegativeZero));
console.log(JSON.stringify({
  engine: given.map(anyNegativeZero),
  errorValue: given[2].errors && given[2].errors[0],
  shown: ["en", "zh-Hant", "ru"].map((lang) => ui.formatNumber(-0, new Intl.NumberFormat(lang))),
  still: ui.formatNumber(-1500, new Intl.NumberFormat("en")),
}));
"""


def test_negative_zero_is_zero_in_results_errors_and_on_the_page():
    run = subprocess.run([NODE, "--input-type=module", "-e", SCRIPT, (CALC / "engine" / "index.js").as_uri(),
                          (CALC / "ui.js").as_uri()], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["engine"] == [False, False, False, False]
    assert out["errorValue"] == {"field": "bigBlind", "code": "not_positive", "params": {"value": 0}}
    assert out["shown"] == ["0", "0", "0"]
    assert out["still"] == "-1,500"
