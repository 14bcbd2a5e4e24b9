"""The DOM-free helpers of the page scripts, run in Node: download sizes in each language, the
language switch's anchor, the glossary popover's renderings."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "docs" / "assets"

SCRIPT = """
const offline = await import(process.argv[1]);
const rules = await import(process.argv[2]);
const out = {
  sizes: [[1087776, "en"], [1300279, "ru", {kb: "{number} КБ", mb: "{number} МБ"}], [830000, "zh-Hant"], [400, "en"]]
    .map(([b, l, units]) => offline.formatBytes(b, l, units)),
  fill: offline.fill("{a} of {b} {c}", {a: 1, b: 2}),
  hash: [rules.withHash("../../../zh-Hant/rules/43/", "#43-B"), rules.withHash("/ru/rules/43/#43-A", "#43-B"),
         rules.withHash("/ru/", "")],
  four: rules.termRenderings("all-in · 全下 · 全下注 · олл-ин"),
  three: rules.termRenderings("bet · 下注 · ставка"),
  short: [rules.shortLink("https://x", "43", "#43-B"), rules.shortLink("https://x", "RP-5", "#RP-5-D"),
          rules.shortLink("https://x", "43", "#addendum-43"), rules.shortLink("https://x", "43", "")],
};
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def results():
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed")
    run = subprocess.run([node, "--input-type=module", "-e", SCRIPT,
                          (ASSETS / "offline" / "offline.js").as_uri(), (ASSETS / "js" / "rules.js").as_uri()],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_download_sizes_read_in_the_pages_language(results):
    assert results["sizes"] == ["1.1 MB", "1,3 МБ", "830 KB", "1 KB"]


def test_fill_keeps_unknown_placeholders(results):
    assert results["fill"] == "1 of 2 {c}"


def test_language_switch_keeps_or_replaces_the_anchor(results):
    assert results["hash"] == ["../../../zh-Hant/rules/43/#43-B", "/ru/rules/43/#43-B", "/ru/"]


def test_term_renderings_carry_their_language(results):
    assert [r["lang"] for r in results["four"]] == ["en", "zh-Hant", "zh-Hans", "ru"]
    assert [r["lang"] for r in results["three"]] == ["en", "zh-Hant", "ru"]
    assert results["three"][1]["text"] == "下注"


def test_short_link_keeps_a_part_only(results):
    assert results["short"] == ["https://x/r/43-B", "https://x/r/RP-5-D", "https://x/r/43", "https://x/r/43"]
