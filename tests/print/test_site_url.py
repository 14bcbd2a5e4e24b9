"""The public site URL (TDA_SITE_URL / `rulebook build --site-url`): a real build at another address
puts it in canonical links, sitemaps, the printed footer and the QR codes."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from project_build import PUBLIC
from tdarules.site_url import DEFAULT, SiteUrlError, normalize

ROOT = Path(__file__).resolve().parents[2]


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


@pytest.fixture(scope="module")
def public_site(public_build) -> Path:
    """The real build (without PDFs) for https://rules.example.org/, the one tests/test_cli.py checks."""
    assert public_build.result.returncode == 0, public_build.result.stderr[-3000:]
    return public_build.root / "site"


@pytest.fixture(scope="module")
def year(public_build) -> str:
    """The edition current in that build (a newer one than today's: it names its own year)."""
    return public_build.year


def test_canonical_links_sitemaps_and_print_footer_use_the_public_url(public_site, year):
    page = (public_site / "ru" / "rules" / "43" / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{PUBLIC}ru/rules/43/">' in page
    # printed, the page names its edition: the address keeps its meaning when a newer edition is current
    assert f"rules.example.org/ru/{year}/rules/43/" in re.search(r'<style media="print">.*?</style>', page, re.S)[0]
    assert f'<p class="tda-print-url">rules.example.org/ru/{year}/rules/43/</p>' in page
    assert f'<link rel="alternate" href="{PUBLIC}en/rules/43/" hreflang="en">' in page        # for search engines
    builder = (public_site / "ru" / "print" / "index.html").read_text(encoding="utf-8")
    assert f'"qrBase": "{PUBLIC}"' in builder                     # the sheet shows the codes made for it
    sitemap = (public_site / "ru" / "rules" / "43" / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{PUBLIC}ru/rules/43/</loc>" in sitemap and f'href="{PUBLIC}en/rules/43/"' in sitemap
    assert "127.0.0.1" not in page + sitemap


@pytest.mark.skipif(not (shutil.which("zbarimg") and shutil.which("pdftoppm")), reason="zbar-tools and poppler needed")
def test_qr_codes_encode_the_public_url(public_site, year, tmp_path):
    from weasyprint import HTML
    for language, rule in (("en", "43"), ("zh-Hant", "RP-8"), ("ru", "11")):
        svg = public_site / "qr" / language / f"{rule}.svg"
        pdf = tmp_path / f"{language}-{rule}.pdf"
        HTML(string=f'<img src="{svg.as_uri()}" style="width:50mm">').write_pdf(pdf)       # SVG → raster via PDF
        subprocess.run(["pdftoppm", "-r", "150", "-png", "-singlefile", str(pdf), str(tmp_path / "qr")], check=True)
        decoded = subprocess.run(["zbarimg", "--quiet", "--raw", str(tmp_path / "qr.png")], capture_output=True,
                                 text=True).stdout.strip()
        path = f"rp/{rule[3:]}/" if rule.startswith("RP-") else f"rules/{rule}/"
        assert decoded == f"{PUBLIC}{language}/{year}/{path}"
        # and the address leads to that rule: a page in the same language sends the reader on to it
        landing = (public_site / language / year / path / "index.html").read_text(encoding="utf-8")
        assert f'<meta http-equiv="refresh" content="0; url=/{language}/{path}">' in landing
