"""The address a sheet printed from the rule-sheet builder gives its reader (docs/assets/print/address.js,
run in Node): the rule's page on the site the sheet was printed from, and the build's QR code only when
it encodes that same page."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ADDRESS_JS = ROOT / "docs" / "assets" / "print" / "address.js"
NODE = shutil.which("node")

RUNNER = """
import { sheetAddress } from %s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
process.stdout.write(JSON.stringify(JSON.parse(input).map(([path, page, qr]) => sheetAddress(path, page, qr))));
"""

CASES = [
    # served from the public address the build was made for: its URL and its QR code
    (("/ru/rules/43/", "https://rules.example.org/ru/print/?rules=43", "https://rules.example.org/"),
     {"url": "https://rules.example.org/ru/rules/43/", "short": "rules.example.org/ru/rules/43/", "qr": True}),
    # the same build served from another address: that address, and no QR code pointing elsewhere
    (("/ru/rules/43/", "http://192.168.1.20:8000/ru/print/", "https://rules.example.org/"),
     {"url": "http://192.168.1.20:8000/ru/rules/43/", "short": "192.168.1.20:8000/ru/rules/43/", "qr": False}),
    # a build without a public address has no QR codes; the sheet still names where it was printed from
    (("/en/rp/8/", "http://127.0.0.1:8000/en/print/", None),
     {"url": "http://127.0.0.1:8000/en/rp/8/", "short": "127.0.0.1:8000/en/rp/8/", "qr": False}),
    (("/zh-Hant/rules/1/", "https://www.example.org/zh-Hant/print/", "https://www.example.org/"),
     {"url": "https://www.example.org/zh-Hant/rules/1/", "short": "example.org/zh-Hant/rules/1/", "qr": True}),
]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_sheet_points_at_the_site_it_was_printed_from():
    script = RUNNER % json.dumps(ADDRESS_JS.as_uri())
    result = subprocess.run([NODE, "--input-type=module", "-e", script], input=json.dumps([c for c, _ in CASES]),
                            capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == [expected for _, expected in CASES]


def test_builder_page_names_the_address_its_qr_codes_encode(monkeypatch):
    from tdarules.loader import load_rulebook
    from tdarules.printing.builder import builder_page
    from tdarules.site.context import Context
    from tdarules.site.generate import load_strings
    import re
    ctx = Context(load_rulebook(ROOT), "ru", load_strings(ROOT / "rulebook"))

    def config() -> dict:
        page = builder_page(ctx)
        return json.loads(re.search(r'<script type="application/json" id="tda-pb-config">(.*?)</script>', page, re.S)[1])

    monkeypatch.delenv("TDA_SITE_URL", raising=False)
    assert config()["qrBase"] is None
    monkeypatch.setenv("TDA_SITE_URL", "https://rules.example.org")
    assert config()["qrBase"] == "https://rules.example.org/"
