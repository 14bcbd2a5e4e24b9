"""The workbench's pure browser helpers (docs/assets/js/workbench.js) run in Node."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on PATH")

SCRIPT = """
import { visibleColumns, matchesFilter } from %s;
console.log(JSON.stringify([
  visibleColumns(["en", "zh-Hant", "zh-Hans", "ru"], null),
  visibleColumns(["en", "zh-Hant", "zh-Hans", "ru"], ["ru", "en", "xx"]),
  visibleColumns(["en", "zh-Hant", "zh-Hans", "ru"], []),
  matchesFilter("ru:numbers zh-Hant:coverage", "numbers", ""),
  matchesFilter("ru:numbers zh-Hant:coverage", "numbers", "zh-Hant"),
  matchesFilter("ru:numbers zh-Hant:coverage", "", "zh-Hant"),
  matchesFilter("", "length", ""),
  matchesFilter("", "", ""),
]));
"""


def test_column_choice_and_rule_filter():
    module = json.dumps((ROOT / "docs/assets/js/workbench.js").as_uri())
    result = subprocess.run([NODE, "--input-type=module", "-e", SCRIPT % module], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out[0] == ["en", "zh-Hant", "zh-Hans", "ru"]
    assert out[1] == ["en", "ru"]                       # page order, unknown codes dropped
    assert out[2] == ["en", "zh-Hant", "zh-Hans", "ru"]  # never zero columns
    assert out[3:] == [True, False, True, False, True]
