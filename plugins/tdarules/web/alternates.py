"""Absolute ``<link rel="alternate" hreflang>`` URLs.

static-i18n writes them relative (``../../../ru/rules/43/``); search engines (and Lighthouse's
hreflang audit) require absolute URLs. Rewritten after the build from ``site_url``, for every page,
when that address is public.

Material's language selector fetches ``sitemap.xml`` beside every ``<link rel="alternate">`` of the
page. An absolute alternate sends that request to the build's address: from any other origin our CSP
(``connect-src 'self'``) blocks it, four console errors a page. Without a public address (a local
build, served from wherever) the alternates therefore stay relative, and the requests same-origin.
"""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin

from ..site_url import is_public

_ALTERNATE = re.compile(r'<link rel="alternate" href="(?P<href>[^"]*)" hreflang="(?P<lang>[^"]+)">')


def absolute_alternates(site_dir: Path, site_url: str) -> int:
    if not is_public(site_url):
        return 0
    site_dir = Path(site_dir)
    base = site_url if site_url.endswith("/") else site_url + "/"
    changed = 0
    for page in site_dir.rglob("*.html"):
        rel = page.relative_to(site_dir).as_posix()
        page_url = urljoin(base, rel[: -len("index.html")] if rel.endswith("index.html") else rel)
        text = page.read_text(encoding="utf-8")
        out = _ALTERNATE.sub(lambda m: f'<link rel="alternate" href="{urljoin(page_url, m["href"])}" '
                                       f'hreflang="{m["lang"]}">', text)
        if out != text:
            page.write_text(out, encoding="utf-8")
            changed += 1
    return changed
