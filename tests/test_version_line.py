"""The English home page's "Version 1.0, October, 2024" is its own line, not the start of
a sentence that runs on into "The Poker TDA is…". The source (the English copy on the Russian page,
lines 182 and 205) runs the document's version line into the paragraph; the importer keeps both
texts verbatim as two blocks and records the run-in as a format defect."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tdarules.importers.longform import fill_english_from_page

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "rulebook" / "sources" / "002_20540d062b9b3fff.txt"


def test_importer_splits_the_version_line_off_without_changing_text():
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    english: dict = {}
    fill_english_from_page(english, SOURCE.read_text(encoding="utf-8"), "sources/002.txt")
    for field, line in (("preamble", 205), ("procedures_preamble", 182), ("addendum_preamble", 205)):
        version, rest = english[field]
        assert version["p"] == "Version 1.0, October, 2024"
        assert f'{version["p"]} {rest["p"]}' == lines[line - 1].strip()      # nothing altered, nothing lost
        assert [d["kind"] for d in version["defects"]] == ["missing-text", "format"]
        assert [d["kind"] for d in rest["defects"]] == ["missing-text"]


def test_a_line_without_a_version_stays_one_block():
    page = "\n".join(["x"] * 181 + ["TDA Recommended Procedures are policy suggestions."] + ["y"] * 30)
    english: dict = {"preamble": ["kept"], "addendum_preamble": ["kept"]}
    fill_english_from_page(english, page, "page.txt")
    assert [b["p"] for b in english["procedures_preamble"]] == ["TDA Recommended Procedures are policy suggestions."]


def test_the_home_page_shows_it_as_its_own_paragraph():
    home = ROOT / "site" / "en" / "index.html"
    if not home.exists():
        pytest.skip("site/ is not built")
    html = home.read_text(encoding="utf-8")
    paragraphs = re.findall(r'<p class="tda-p">(.*?)</p>', html, re.S)
    texts = [re.sub(r"<span class=\"tda-defect\".*?</span>", "", p, flags=re.S).strip() for p in paragraphs]
    at = texts.index("Version 1.0, October, 2024")
    assert texts[at + 1].startswith(("The Poker TDA is a voluntary", "TDA Recommended Procedures are"))
    assert not any(t.startswith("Version 1.0, October, 2024 ") for t in texts)
