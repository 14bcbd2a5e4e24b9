"""docs/assets/calculators/page.js `route` in Node: which calculator an address opens on the
Calculators page, and where an old link into the engine reference (once on that page) goes."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE_JS = ROOT / "docs" / "assets" / "calculators" / "page.js"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not on PATH")

ON_PAGE = ["calc-minRaise", "calc-potLimit", "calc-potLimit-title", "engine", "__skip"]
ENGINE = "/ru/calculators/engine/"
CASES = [
    ("", None),
    ("#", None),
    ("#calc-potLimit", {"open": "potLimit"}),
    ("#calc-potLimit-title", {"open": "potLimit"}),            # the title's own id opens its calculator
    ("#calc-nope", None),                                     # unknown calculator: stay, nothing opens
    ("#engine", None),                                        # still on this page: the pointer section
    ("#__skip", None),
    ("#potlimitinput", {"go": "/ru/calculators/engine/#potlimitinput"}),   # old anchor of the reference
    ("#%D0%B0", {"go": "/ru/calculators/engine/#%D0%B0"}),                  # decoded, then encoded again
    # not percent-encoding at all (a typed or cut-off address): read as written, never a URIError
    ("#%", {"go": "/ru/calculators/engine/#%25"}),
    ("#%E0%A4%A", {"go": "/ru/calculators/engine/#%25E0%25A4%25A"}),
    ("#calc-minRaise%", None),
]


def run_routes(cases, engine_page=ENGINE):
    script = (
        f"import {{ route }} from {json.dumps(PAGE_JS.as_uri())};\n"
        f"const known = new Set({json.dumps(ON_PAGE)});\n"
        f"const cases = {json.dumps([hash for hash, _ in cases])};\n"
        f"console.log(JSON.stringify(cases.map(h => route(h, id => known.has(id), {json.dumps(engine_page)}))));\n"
    )
    done = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_routes():
    got = run_routes(CASES)
    assert got == [expected for _, expected in CASES]


def test_without_an_engine_page_an_unknown_anchor_stays():
    assert run_routes([("#potlimitinput", None)], engine_page="") == [None]
