"""The rule-sheet builder's state and its address (docs/assets/print/state.js, run in Node): every
setting (rules, second language, layout, examples, paper) lives in the URL, so Enter, a reload or a
shared link shows the same sheet; and no template carries an inline event handler, which the CSP blocks."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATE_JS = ROOT / "docs" / "assets" / "print" / "state.js"
NODE = shutil.which("node")
LANGUAGES = ["zh-Hant", "zh-Hans", "ru"]             # the second languages /en/print/ offers

RUNNER = """
import { searchFor, stateFromSearch } from %s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
const { languages, searches, states } = JSON.parse(input);
process.stdout.write(JSON.stringify({
  read: searches.map((s) => stateFromSearch(s, languages)),
  written: states.map((s) => searchFor(s)),
  round: states.map((s) => stateFromSearch(searchFor(s), languages)),
}));
"""

FULL = {"rules": "40-47, RP-8", "second": "ru", "compact": True, "examples": False, "paper": "letter", "edition": "2024"}
DEFAULT = {"rules": "43", "second": None, "compact": False, "examples": True, "paper": "A4", "edition": None}

READ = [
    ("", DEFAULT),
    ("?rules=40-47%2C+RP-8&with=ru&compact=1&examples=0&paper=letter&edition=2024", FULL),
    ("?rules=45", {**DEFAULT, "rules": "45"}),
    ("?rules=", {**DEFAULT, "rules": ""}),
    # the form's own fields, as the browser sends them when it is submitted before the script runs
    ("?rules=40-47%2C+RP-8&second=ru&layout=compact&paper=letter", {**FULL, "edition": None}),
    ("?rules=43&second=&layout=full&examples=on&paper=A4", DEFAULT),
    # what the page does not offer falls back to the default, never into the page
    ("?rules=43&with=xx&paper=A3&compact=yes&edition=24", DEFAULT),
    ("?rules=43&with=en", DEFAULT),                    # the page's own language is not a second one
]


@pytest.fixture(scope="module")
def results():
    if NODE is None:
        pytest.skip("node is not installed")
    payload = {"languages": LANGUAGES, "searches": [s for s, _ in READ],
               "states": [FULL, DEFAULT, {**DEFAULT, "rules": "RP-8 & 11-D"}, {**DEFAULT, "paper": "letter"}]}
    run = subprocess.run([NODE, "--input-type=module", "-e", RUNNER % json.dumps(STATE_JS.as_uri())],
                         input=json.dumps(payload), capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_an_address_names_the_whole_state(results):
    assert results["read"] == [state for _, state in READ]


def test_the_address_holds_only_what_differs_from_the_defaults(results):
    assert results["written"] == ["?rules=40-47%2C+RP-8&with=ru&compact=1&examples=0&paper=letter&edition=2024",
                                  "?rules=43", "?rules=RP-8+%26+11-D", "?rules=43&paper=letter"]


def test_every_state_survives_its_own_address(results):
    assert results["round"] == [FULL, DEFAULT, {**DEFAULT, "rules": "RP-8 & 11-D"}, {**DEFAULT, "paper": "letter"}]


INLINE_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.I)


def test_no_template_has_an_inline_event_handler():
    """The CSP allows no inline script, so an onsubmit or onclick attribute is dead code that logs an
    error on every load; handlers are attached by the page's modules."""
    templates = [*(ROOT / "plugins" / "tdarules" / "site" / "templates").rglob("*"), *(ROOT / "overrides").rglob("*")]
    found = [f"{path.relative_to(ROOT)}: {m.group()}" for path in templates if path.is_file()
             for m in INLINE_HANDLER.finditer(path.read_text(encoding="utf-8", errors="replace"))]
    assert found == []


def test_the_builder_takes_enter_itself_and_keeps_its_state_in_the_address():
    builder = (ROOT / "docs" / "assets" / "print" / "builder.js").read_text(encoding="utf-8")
    assert re.search(r"""addEventListener\("submit",""", builder)
    assert "preventDefault()" in builder and "replaceState" in builder and "stateFromSearch" in builder
