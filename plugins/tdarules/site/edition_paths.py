"""Edition addresses of the current edition's rules: /<lang>/<year>/rules/43/ leads to /<lang>/rules/43/.

What the site prints (rule sheets, PDFs, QR codes) names the edition, so a sheet printed today still
leads to the rule it was printed from once a newer edition holds /<lang>/rules/43/: then the older
edition's own page takes this address, as the 2017 pages have it now. Until then each address is a
small static page, so it works on any static host and offline, with no server rule to keep.
No MkDocs import: plain files written into the built site.
"""
from __future__ import annotations

from pathlib import Path

from .. import urls
from ..loader import Rulebook
from ..model import ALL_LANGUAGES, CURRENT_EDITION, PUBLISHED_EDITIONS
from ..strings import Strings
from .context import Context
from .generate import write_if_changed
from .templating import render


def redirect_pages(rulebook: Rulebook, strings: Strings, site_url: str, icon: str) -> dict[str, str]:
    """Path below the site root → HTML, for every rule and procedure of every language; `icon`: the
    site's favicon, as a path below the site root."""
    pages: dict[str, str] = {}
    for language in ALL_LANGUAGES:
        ctx = Context(rulebook, language, strings)
        for rule in ctx.edition.all_rules():
            target = urls.rule_url(language, rule.id)
            path = urls.edition_rule_url(language, rule.id, CURRENT_EDITION).lstrip("/") + "index.html"
            pages[path] = render("edition-redirect.html", language=language, target=target,
                                 canonical=site_url.rstrip("/") + target, label=ctx.citation(rule.id),
                                 title=rule.title.text, icon="/" + icon.lstrip("/"))
    return pages


def missing_addresses(rulebook: Rulebook, site_dir: Path) -> list[str]:
    """Edition addresses that lead nowhere in the built site: every rule of every published edition
    (the current one and the older ones), in every language of the site, must have one, because what
    was printed names it. An edition added but not yet published has none."""
    missing = []
    for year in PUBLISHED_EDITIONS:
        for rule in rulebook.edition("en", year).all_rules():
            for language in ALL_LANGUAGES:
                path = urls.edition_rule_url(language, rule.id, year)
                if not (site_dir / path.lstrip("/") / "index.html").is_file():
                    missing.append(path)
    return missing


def write_edition_redirects(rulebook: Rulebook, strings: Strings, site_dir: Path, site_url: str, icon: str) -> int:
    """Write the pages; returns how many changed."""
    return sum(write_if_changed(site_dir / path, text)
               for path, text in redirect_pages(rulebook, strings, site_url, icon).items())
