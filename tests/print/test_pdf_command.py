"""`rulebook pdf`: one-line errors with a non-zero exit; a selection PDF; incremental rendering (a
document is re-rendered only when its HTML changed); the print head escaping page titles."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tdarules.model import CURRENT_EDITION

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = Path(sys.executable).with_name("rulebook")


def rulebook_pdf(*args: str):
    return subprocess.run([str(RULEBOOK), "pdf", *args], cwd=ROOT, capture_output=True, text=True)


@pytest.mark.parametrize("args, words", [
    (["--lang", "xx"], ["xx", "en, zh-Hant, zh-Hans, ru"]),
    (["--rules", "40-"], ["40-", "unfinished range"]),
    (["--rules", "RP-99, 72"], ["RP-99", "72"]),
    (["--rules", "43-Z"], ["43-Z", "no part Z"]),
    (["--rules", ""], ["empty"]),
    (["--site-url", "nowhere"], ["nowhere"]),
    (["--rules", "5" * 5000], ["5,000 characters", "at most 2,000"]),
    (["--rules", "RP-" + "7" * 4400], ["4,403 characters"]),
])
def test_mistakes_exit_non_zero_with_one_line(args, words):
    result = rulebook_pdf(*args)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert all(word in lines[0] for word in words), lines[0]
    assert "Traceback" not in result.stderr


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler-utils needed")
def test_selection_pdf_holds_just_those_rules(tmp_path):
    result = rulebook_pdf("--rules", "43, 11-D", "--lang", "ru", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    [pdf] = tmp_path.glob("*.pdf")
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Правило 43" in text and "Правило 11" in text
    assert "Правило 44" not in text and "Правило 12" not in text
    assert "11-A" not in text.replace("11-D", "")


def test_rendering_is_incremental(tmp_path):
    from tdarules.loader import load_rulebook
    from tdarules.printing.documents import Document
    from tdarules.printing.pdf import render_documents
    from tdarules.site.generate import load_strings
    rulebook, strings = load_rulebook(ROOT), load_strings(ROOT / "rulebook")
    document = Document("test-43", ("en",), "selection", (("43", None),))

    def render(url):
        return render_documents([document], rulebook, strings, site_url=url, cache_dir=tmp_path, log=lambda _: None)[0]

    first = render("http://127.0.0.1:8000/")
    again = render("http://127.0.0.1:8000/")
    changed = render("https://rules.example.org/")           # the URLs printed in it changed
    assert not first.reused and again.reused and not changed.reused
    assert again.path == first.path and changed.path != first.path
    assert not Path(first.path).exists()                     # the superseded render is removed
    assert len(list(tmp_path.glob("test-43-*.pdf"))) == 1


def test_print_head_escapes_titles_into_css_strings():
    from tdarules.printing.print_head import add_print_head, css_string
    assert css_string('Rule "43" </style>') == '"Rule \\22 43\\22  \\3c /style\\3e "'
    page = "<html><head></head><body><article>x</article></body></html>"
    out = add_print_head(page, title='a</style><script>', edition_line="Poker TDA Rules 2024, v1.0",
                         url="https://rules.example.org/en/rules/43/")
    assert "<script>" not in out
    assert f'<p class="tda-print-url">rules.example.org/en/{CURRENT_EDITION}/rules/43/</p></article>' in out
    assert f"Poker TDA Rules 2024, v1.0 · rules.example.org/en/{CURRENT_EDITION}/rules/43/" in out
