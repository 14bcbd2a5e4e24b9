"""The public site URL (TDA_SITE_URL / `rulebook build --site-url`): read and refused, and each of its
consumers called with a public address (canonical links through mkdocs.yml, the printed footer, the
page sitemaps, the QR codes and the addresses they encode). tests/print/test_printed_address.py has
the same consumers without one."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tdarules.model import CURRENT_EDITION
from tdarules.site_url import DEFAULT, SiteUrlError, normalize

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = "https://rules.example.org/"


@pytest.mark.parametrize("raw, expected", [("https://rules.example.org", PUBLIC), (PUBLIC, PUBLIC),
                                           (" http://10.0.0.5:8080/tda/ ", "http://10.0.0.5:8080/tda/")])
def test_normalize_accepts_http_addresses(raw, expected):
    assert normalize(raw) == expected


@pytest.mark.parametrize("raw", ["rules.example.org", "ftp://rules.example.org/", "https://x.org/?a=1", "", "/en/"])
def test_normalize_refuses_anything_else(raw):
    with pytest.raises(SiteUrlError):
        normalize(raw)


def test_default_is_the_local_server():
    assert DEFAULT == "http://127.0.0.1:8000/"


def test_build_refuses_a_bad_site_url_in_one_line():
    rulebook = Path(sys.executable).with_name("rulebook")
    result = subprocess.run([str(rulebook), "build", "--site-url", "ftp://nope"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "ftp://nope" in result.stderr


def test_mkdocs_takes_the_public_address_from_the_environment(monkeypatch):
    """mkdocs.yml reads TDA_SITE_URL (`!ENV`), so a plain `mkdocs build` honours it; Material's canonical
    link and each page's `canonical_url` follow `site_url`."""
    from mkdocs.config import load_config
    monkeypatch.setenv("TDA_SITE_URL", PUBLIC)
    assert load_config(str(ROOT / "mkdocs.yml")).site_url == PUBLIC
    monkeypatch.delenv("TDA_SITE_URL")
    assert load_config(str(ROOT / "mkdocs.yml")).site_url == DEFAULT


def test_the_printed_footer_names_the_rule_by_its_edition_address():
    """Printed, the page names its edition: the address keeps its meaning when a newer edition is current."""
    from tdarules.printing.print_head import add_print_head
    page = "<html><head></head><body><article>x</article></body></html>"
    out = add_print_head(page, title="Правило 43", edition_line="Правила TDA 2024", url=f"{PUBLIC}ru/rules/43/")
    assert f"rules.example.org/ru/{CURRENT_EDITION}/rules/43/" in re.search(r'<style media="print">.*?</style>', out, re.S)[0]
    assert f'<p class="tda-print-url">rules.example.org/ru/{CURRENT_EDITION}/rules/43/</p></article>' in out


def test_page_sitemaps_name_the_public_address(tmp_path):
    from tdarules.site.generate import write_page_sitemaps
    page = tmp_path / "ru" / "rules" / "43" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text("<html></html>", encoding="utf-8")
    assert write_page_sitemaps(tmp_path, PUBLIC, "ru") == 1
    sitemap = (page.parent / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{PUBLIC}ru/rules/43/</loc>" in sitemap and f'href="{PUBLIC}en/rules/43/"' in sitemap
    assert "127.0.0.1" not in sitemap


@pytest.mark.skipif(not (shutil.which("zbarimg") and shutil.which("pdftoppm")), reason="zbar-tools and poppler needed")
def test_qr_codes_encode_the_public_url(rulebook, strings, tmp_path):
    from weasyprint import HTML

    from tdarules.printing.qr import write_qr_codes
    from copy_pages import favicon
    from tdarules.site.edition_paths import redirect_pages
    write_qr_codes(rulebook, PUBLIC, tmp_path)
    landings = redirect_pages(rulebook, strings, PUBLIC, favicon(ROOT))
    for language, rule in (("en", "43"), ("zh-Hant", "RP-8"), ("ru", "11")):
        svg = tmp_path / "qr" / language / f"{rule}.svg"
        pdf = tmp_path / f"{language}-{rule}.pdf"
        HTML(string=f'<img src="{svg.as_uri()}" style="width:50mm">').write_pdf(pdf)       # SVG → raster via PDF
        subprocess.run(["pdftoppm", "-r", "150", "-png", "-singlefile", str(pdf), str(tmp_path / "qr")], check=True)
        decoded = subprocess.run(["zbarimg", "--quiet", "--raw", str(tmp_path / "qr.png")], capture_output=True,
                                 text=True).stdout.strip()
        path = f"rp/{rule[3:]}/" if rule.startswith("RP-") else f"rules/{rule}/"
        assert decoded == f"{PUBLIC}{language}/{CURRENT_EDITION}/{path}"
        # and the address leads to that rule: a page in the same language sends the reader on to it
        landing = landings[f"{language}/{CURRENT_EDITION}/{path}index.html"]
        assert f'<meta http-equiv="refresh" content="0; url=/{language}/{path}">' in landing
