"""On the built site: the PDFs are in site/pdf/, each language's home page links its own with
the true size and page count, the rule-sheet builder is linked, and its QR codes exist for every rule."""
from __future__ import annotations

import json
import re
from pathlib import Path

from tdarules.model import ALL_LANGUAGES
from tdarules.printing.documents import DOCUMENTS
from tdarules.printing.links import human_size


def test_every_pdf_is_built_with_its_index(built_site):
    listing = {entry["filename"]: entry for entry in json.loads((built_site / "pdf" / "index.json").read_text())}
    assert set(listing) == {d.filename for d in DOCUMENTS}
    for name, entry in listing.items():
        path = built_site / "pdf" / name
        assert path.read_bytes()[:5] == b"%PDF-"
        assert entry["bytes"] == path.stat().st_size and entry["pages"] > 5


def test_home_pages_link_their_pdfs_with_sizes(built_site):
    listing = {entry["filename"]: entry for entry in json.loads((built_site / "pdf" / "index.json").read_text())}
    for language in ALL_LANGUAGES:
        home = (built_site / language / "index.html").read_text(encoding="utf-8")
        block = re.search(r'<ul class="tda-downloads">(.*?)</ul>', home, re.S)[1]
        linked = re.findall(r'href="/pdf/([^"]+)"', block)
        mine = {d.filename for d in DOCUMENTS if language in d.languages}
        assert mine <= set(linked), (language, linked)
        for name in linked:
            assert human_size(listing[name]["bytes"]) in block
            assert str(listing[name]["pages"]) in block
        assert f'href="/{language}/print/"' in block
        assert (built_site / language / "print" / "index.html").exists()


def test_qr_codes_for_every_rule_and_language(built_site):
    from tdarules.site_url import is_public, site_url
    if not is_public(site_url()):          # a code for a loopback address would open nothing
        assert not (built_site / "qr").exists()
        return
    from tdarules.loader import load_rulebook
    rulebook = load_rulebook(Path(__file__).resolve().parents[2])
    for language in ALL_LANGUAGES:
        for rule in rulebook.edition(language).all_rules():
            svg = (built_site / "qr" / language / f"{rule.id}.svg").read_text()
            assert svg.startswith("<svg xmlns=") and "viewBox" in svg
