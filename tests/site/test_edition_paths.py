"""Edition addresses: /<lang>/<year>/rules/43/ names one edition's rule forever. The current edition's
lead to its rule pages (a small page in the reader's language), the older editions' are their pages;
what is printed names the edition."""
from __future__ import annotations

import json
import re

import pytest

from tdarules import urls
from tdarules.model import ALL_LANGUAGES, CURRENT_EDITION, OLDER_EDITIONS
from tdarules.site.edition_paths import missing_addresses, redirect_pages

YEAR = CURRENT_EDITION
REFRESH = re.compile(r'<meta http-equiv="refresh" content="0; url=([^"]+)">')
ICON = "assets/offline/icon.svg"


@pytest.mark.parametrize("path, printed", [
    ("/ru/rules/43/", f"/ru/{YEAR}/rules/43/"),
    ("/zh-Hant/rp/8/", f"/zh-Hant/{YEAR}/rp/8/"),
    ("/en/", "/en/"),                                             # not a rule: as it is
    ("/en/glossary/", "/en/glossary/"),
    ("/en/rules/43/extra/", "/en/rules/43/extra/"),
    (f"/en/{OLDER_EDITIONS[0]}/rules/46/", f"/en/{OLDER_EDITIONS[0]}/rules/46/"),   # already names its edition
    ("/xx/rules/43/", "/xx/rules/43/"),                           # no language of the site
])
def test_printed_path_names_the_edition_of_rule_pages_only(path, printed):
    assert urls.printed_path(path) == printed


def test_every_rule_of_every_language_has_its_edition_address(rulebook, strings):
    pages = redirect_pages(rulebook, strings, "https://rules.example.org/", ICON)
    for language in ALL_LANGUAGES:
        for rule in rulebook.edition(language).all_rules():
            path = urls.edition_rule_url(language, rule.id).lstrip("/") + "index.html"
            assert path.startswith(f"{language}/{YEAR}/")
            page = pages.pop(path)
            target = urls.rule_url(language, rule.id)
            assert REFRESH.search(page)[1] == target
            assert f'<html lang="{language}">' in page
            assert f'<link rel="canonical" href="https://rules.example.org{target}">' in page
            assert f'<a href="{target}">' in page
            assert f'<link rel="icon" href="/{ICON}">' in page
    assert pages == {}                                   # nothing else, nothing twice


def test_the_page_speaks_the_readers_language_and_escapes_the_title(rulebook, strings):
    rule = rulebook.edition("ru").rule("43")
    original = rule.title.text
    try:
        object.__setattr__(rule.title, "text", "<script>alert(1)</script>")
        pages = redirect_pages(rulebook, strings, "/", ICON)
    finally:
        object.__setattr__(rule.title, "text", original)
    page = pages[f"ru/{YEAR}/rules/43/index.html"]
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert f"<title>TDA {YEAR}, правило 43</title>" in page
    assert f"TDA {YEAR} 規則 43" in pages[f"zh-Hant/{YEAR}/rules/43/index.html"]


def test_the_built_site_carries_them_compressed_and_saved_for_offline(built_site):
    for language in ALL_LANGUAGES:
        page = built_site / language / YEAR / "rules" / "43" / "index.html"
        assert REFRESH.search(page.read_text(encoding="utf-8"))[1] == f"/{language}/rules/43/"
        assert page.with_name("index.html.br").exists()
        saved = {f["url"] for f in json.loads((built_site / "offline" / f"{language}.json").read_text())["files"]}
        assert f"/{language}/{YEAR}/rules/43/" in saved and f"/{language}/{YEAR}/rp/8/" in saved
        assert not (page.parent / "sitemap.xml").exists()          # no page of the language menu
        # it names the site's icon, saved for offline: without one the browser asks for /favicon.ico,
        # which fails offline (a console error on a phone that opens a printed address)
        icon = re.search(r'<link rel="icon" href="([^"]+)">', page.read_text(encoding="utf-8"))[1]
        assert (built_site / icon.lstrip("/")).is_file() and icon in saved | set(json.loads(
            (built_site / "offline" / "manifest.json").read_text())["files"])
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    assert f"/{YEAR}/rules/" not in sitemap                      # the rule page is the one to index


def test_every_published_edition_has_an_address_for_every_rule(built_site, rulebook):
    assert missing_addresses(rulebook, built_site) == []


def test_an_edition_whose_pages_are_missing_is_named(tmp_path, rulebook, strings):
    """What the build refuses: here a site with the current edition's addresses but not the older one's
    (as when an edition is made current before its predecessor's pages are generated)."""
    for path in redirect_pages(rulebook, strings, "/", ICON):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("x", encoding="utf-8")
    missing = missing_addresses(rulebook, tmp_path)
    old = OLDER_EDITIONS[0]
    assert missing and all(p.split("/")[2] == old for p in missing)
    assert f"/ru/{old}/rules/46/" in missing
    assert len(missing) == len(rulebook.edition("en", old).rules) * len(ALL_LANGUAGES)
