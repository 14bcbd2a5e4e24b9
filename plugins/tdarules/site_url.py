"""The site's public address: what QR codes, canonical links, hreflang alternates, sitemaps and the
PDFs point at. Set it with the environment variable TDA_SITE_URL or `rulebook build --site-url`;
mkdocs.yml reads the variable (`!ENV`), so a plain `mkdocs build` honours it too.

Without one (the default, as `make serve` and `make test` build) the address is a loopback one that no
reader's phone can open: printed matter then names site paths (`/en/rules/43/`) and carries no QR
codes, and the hreflang alternates stay relative (see `is_public`)."""
from __future__ import annotations

import ipaddress
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


def is_public(url: str) -> bool:
    """Whether a reader elsewhere can open this address: not a loopback or unspecified host
    (127.0.0.0/8, ::1, 0.0.0.0, localhost). A private LAN address is public enough: a card room
    serving the site on its wifi prints QR codes for it."""
    host = (urlsplit(url).hostname or "").lower()
    if not host or host == "localhost" or host.endswith(".localhost"):
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return True
    return not (address.is_loopback or address.is_unspecified)


def printed_base(url: str) -> str:
    """What printed matter puts before a site path: the public address, or "/" so that it prints the
    bare path, which the reader can follow on whatever address serves the site."""
    return normalize(url) if is_public(url) else "/"


def local_notice(url: str) -> str | None:
    """The build log's one line when the address is not public; None when it is."""
    if is_public(url):
        return None
    return (f"site address {url} is not public ({ENV} unset or loopback): PDFs and printed pages name "
            f"site paths such as /en/rules/43/ and no QR codes are made; set {ENV}=https://your.host/ "
            f"(or --site-url) for a public build")
