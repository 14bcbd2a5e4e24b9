"""What the printed matter and the page heads say about the site's address when the build has no public
one (TDA_SITE_URL unset, or a loopback address as on `make serve`): no QR code or printed URL may point
at a server only the build machine has, and the language menu's alternates stay on the serving origin.
Each consumer of the address is called directly; none needs a build."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tdarules.model import CURRENT_EDITION

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = "https://rules.example.org/"
LOCAL = "http://127.0.0.1:8000/"


@pytest.mark.parametrize("url", [LOCAL, "http://localhost:8000/", "http://[::1]:8000/", "http://0.0.0.0/",
                                 "http://127.1.2.3/tda/", "http://tda.localhost/"])
def test_loopback_addresses_are_not_public(url):
    from tdarules.site_url import is_public, local_notice, printed_base
    assert not is_public(url)
    assert printed_base(url) == "/"
    assert "TDA_SITE_URL" in local_notice(url) and "\n" not in local_notice(url)


@pytest.mark.parametrize("url", [PUBLIC, "http://192.168.1.20:8000/", "https://rules.example.org/tda/"])
def test_reachable_addresses_are_public(url):
    from tdarules.site_url import is_public, local_notice, printed_base
    assert is_public(url)
    assert printed_base(url) == url
    assert local_notice(url) is None


def test_qr_codes_are_made_only_for_a_public_address(rulebook, tmp_path):
    from tdarules.printing.qr import write_qr_codes
    assert write_qr_codes(rulebook, LOCAL, tmp_path / "local") == 0
    assert not (tmp_path / "local" / "qr").exists()
    assert write_qr_codes(rulebook, PUBLIC, tmp_path / "public") > 100
    assert (tmp_path / "public" / "qr" / "ru" / "43.svg").read_text().startswith("<svg")


def test_pdf_html_prints_site_paths_without_a_public_address(rulebook, strings):
    from tdarules.printing.documents import Document, document_html
    handout = Document("test-handout", ("ru",), "handout")
    html = document_html(handout, rulebook, strings, LOCAL)
    assert "127.0.0.1" not in html
    # the cover's address and each rule's own, as text: a relative link means nothing in a PDF
    assert re.search(r'<dd>/ru/</dd>', html), "cover address"
    assert f'<p class="rule-url">/ru/{CURRENT_EDITION}/rules/43/</p>' in html         # the edition's address
    # the handout has no addendum: its examples are on the site, named by path
    assert 'href="/ru/rules/' in html and 'href="http' not in html


def test_pdf_html_links_the_public_address(rulebook, strings):
    from tdarules.printing.documents import Document, document_html
    selection = Document("test-43", ("en",), "selection", (("43", None),))
    html = document_html(selection, rulebook, strings, PUBLIC)
    assert f'<dd><a href="{PUBLIC}en/">{PUBLIC}en/</a></dd>' in html
    edition = f"{PUBLIC}en/{CURRENT_EDITION}/rules/43/"
    assert f'<p class="rule-url"><a href="{edition}">{edition}</a></p>' in html


def test_page_print_footer_names_the_path_without_a_public_address():
    from tdarules.printing.print_head import add_print_head
    page = "<html><head></head><body><article>x</article></body></html>"
    out = add_print_head(page, title="Rule 43", edition_line="Poker TDA Rules 2024, v1.0", url=f"{LOCAL}ru/rules/43/")
    assert "127.0.0.1" not in out
    assert f'<p class="tda-print-url">/ru/{CURRENT_EDITION}/rules/43/</p></article>' in out
    assert f"Poker TDA Rules 2024, v1.0 · /ru/{CURRENT_EDITION}/rules/43/" in out


ALTERNATES = ('<link rel="alternate" href="./" hreflang="en">'
              '<link rel="alternate" href="../../../ru/rules/43/" hreflang="ru">')


def _page(tmp_path: Path) -> Path:
    page = tmp_path / "en" / "rules" / "43" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(f"<html><head>{ALTERNATES}</head><body></body></html>", encoding="utf-8")
    return page


def test_hreflang_alternates_stay_relative_without_a_public_address(tmp_path):
    # Material's language selector fetches sitemap.xml beside each alternate: a relative alternate keeps
    # that request on whatever origin serves the page.
    from tdarules.web.alternates import absolute_alternates
    page = _page(tmp_path)
    assert absolute_alternates(tmp_path, LOCAL) == 0
    assert ALTERNATES in page.read_text(encoding="utf-8")


def test_hreflang_alternates_are_absolute_for_a_public_address(tmp_path):
    from tdarules.web.alternates import absolute_alternates
    page = _page(tmp_path)
    assert absolute_alternates(tmp_path, PUBLIC) == 1
    html = page.read_text(encoding="utf-8")
    assert f'<link rel="alternate" href="{PUBLIC}ru/rules/43/" hreflang="ru">' in html
    assert f'<link rel="alternate" href="{PUBLIC}en/rules/43/" hreflang="en">' in html


def test_language_menu_links_are_left_to_the_browser():
    """Material intercepts a click on a link into one of the page's alternates and sends it to the
    alternate's root without the trailing slash or the part anchor (it expects alternates to be language
    roots). It leaves alone a link that has a target: the menu's links already name the same page in the
    other language, and rules.js adds the part anchor."""
    import json
    material = next((ROOT / ".venv").glob("lib/python3*/site-packages/material/templates/assets/javascripts"))
    source_map = json.loads(next(material.glob("bundle.*.min.js.map")).read_text(encoding="utf-8"))
    alternate = next(text for name, text in zip(source_map["sources"], source_map["sourcesContent"])
                     if name.endswith("integrations/alternate/index.ts"))
    assert "if (el && !el.target)" in alternate
    assert 'getElements<HTMLLinkElement>("link[rel=alternate]")' in alternate
    menu = (ROOT / "overrides" / "partials" / "alternate.html").read_text(encoding="utf-8")
    link = re.search(r'<a [^>]*class="md-select__link"[^>]*>', menu)[0]
    assert 'target="_self"' in link


def test_the_build_says_when_it_prints_no_address(monkeypatch, capsys, tmp_path):
    from tdarules.site import build
    monkeypatch.delenv("TDA_SITE_URL", raising=False)
    monkeypatch.setattr(build, "_run_child", lambda *a, **k: 3)          # MkDocs failing at once
    assert build.build_site(ROOT, site_dir=tmp_path / "site", index_dir=tmp_path / "index") == 3
    err = capsys.readouterr().err
    notice = [line for line in err.splitlines() if "TDA_SITE_URL" in line]
    assert len(notice) == 1 and "QR" in notice[0]
    monkeypatch.setenv("TDA_SITE_URL", PUBLIC)
    build.build_site(ROOT, site_dir=tmp_path / "site", index_dir=tmp_path / "index")
    assert "TDA_SITE_URL" not in capsys.readouterr().err
