"""The site's public address: what QR codes, canonical links, hreflang alternates, sitemaps and the
PDFs point at. Set it with the environment variable TDA_SITE_URL or `rulebook build --site-url`;
mkdocs.yml reads the variable (`!ENV`), so a plain `mkdocs build` honours it too."""
from __future__ import annotations

import os
from urllib.parse import urlsplit

ENV = "TDA_SITE_URL"
DEFAULT = "http://127.0.0.1:8000/"


class SiteUrlError(ValueError):
    pass


def normalize(url: str) -> str:
    """'https://rules.example.org/tda' → 'https://rules.example.org/tda/'; anything else is refused."""
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise SiteUrlError(f"site URL must be an absolute http(s) address like https://rules.example.org/, not {url!r}")
    return url if url.endswith("/") else url + "/"


def site_url() -> str:
    return normalize(os.environ.get(ENV) or DEFAULT)
