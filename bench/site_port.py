"""The port the built site expects to be served on, shared by the browser benchmarks.

Absolute hreflang links (and Material's per-page sitemap lookups, which follow them) point at the
site's public address (`tdarules.site_url`: TDA_SITE_URL, else the local default), so a benchmark
serves the site on that port when it is free; otherwise those requests fail and are not counted."""
from __future__ import annotations

import socket
import sys
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugins"))
from tdarules.site_url import site_url  # noqa: E402


def site_url_port() -> int:
    parts = urlsplit(site_url())
    return parts.port or (443 if parts.scheme == "https" else 80)


def free_port() -> int:
    """site_url's port when it is free (so same-origin requests work as in production), else any."""
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", site_url_port()))
        except OSError:
            sock.bind(("127.0.0.1", 0))
            print(f"note: port {site_url_port()} (site_url) is busy; requests that follow absolute hreflang "
                  "links (Material's sitemap.xml lookups) will fail and are not counted", file=sys.stderr)
        return sock.getsockname()[1]
