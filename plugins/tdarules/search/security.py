"""Response headers for the public site, one definition for `rulebook serve` and the nginx recipe.

The Content-Security-Policy allows nothing from another host. Material for MkDocs puts a few small
executable scripts inline (palette, scope, anchor target); they are allowed by their SHA-256 hash,
read from the built pages, so `script-src` needs no `'unsafe-inline'`. `'wasm-unsafe-eval'` is for
Pagefind's WebAssembly search (the offline fallback); workers and the web manifest are same-origin.
Styles keep `'unsafe-inline'`: Material and our widgets set `style` attributes from script.
"""
from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

INLINE_SCRIPT = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script>", re.S | re.I)
EXECUTABLE_TYPES = {"", "text/javascript", "application/javascript", "module"}
TYPE_ATTR = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.I)


def inline_script_hashes(site_dir: Path) -> list[str]:
    """`'sha256-…'` sources for every executable inline script in the built pages."""
    hashes: set[str] = set()
    for page in sorted(Path(site_dir).rglob("*.html")):
        try:
            text = page.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for match in INLINE_SCRIPT.finditer(text):
            attrs = match.group("attrs") or ""
            if re.search(r"\bsrc\s*=", attrs, re.I):
                continue
            kind = TYPE_ATTR.search(attrs)
            if (kind.group(1).lower() if kind else "") not in EXECUTABLE_TYPES:
                continue                     # JSON data blocks are never executed
            digest = hashlib.sha256(match.group("body").encode("utf-8")).digest()
            hashes.add(f"'sha256-{base64.b64encode(digest).decode()}'")
    return sorted(hashes)


def content_security_policy(site_dir: Path | None) -> str:
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *(inline_script_hashes(site_dir) if site_dir else [])])
    return "; ".join([
        "default-src 'self'",
        f"script-src {scripts}",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


def security_headers(site_dir: Path | None) -> dict[str, str]:
    """Headers every page (and API answer, error, redirect) carries."""
    return {
        "Content-Security-Policy": content_security_policy(site_dir),
        **SUBRESOURCE_HEADERS,
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    }


# What a response needs depends on what the browser does with it. The CSP (with its inline-script
# hashes, ~0.9 KB), X-Frame-Options, COOP and Permissions-Policy act only on a document or a
# worker; on a stylesheet, a module script, an image or JSON fetched by a page the browser ignores
# them. Over HTTP/1.1 (`rulebook serve`) every header is sent in full, so the page's ~20
# subresources would carry ~20 KB of headers the browser throws away: a quarter of a phone's
# first load. So:
#   * pages, API answers, errors and redirects: `security_headers` (everything);
#   * other files that can be opened as a document (XML sitemaps, SVG, text): a policy that lets
#     them run nothing at all and not be framed, stricter and 40 bytes instead of 900;
#   * scripts: the policy a worker made from one runs under (/sw.js, Pagefind's search worker, which
#     compiles its WebAssembly: 'wasm-unsafe-eval'); the page's module scripts ignore it;
#   * stylesheets, JSON, images, fonts, manifests, Pagefind's chunks: nosniff only.
# Referrer-Policy stays on pages: on a stylesheet or script it would only govern the fetches that file
# makes, and its value is the browsers' default (strict-origin-when-cross-origin) anyway.
SUBRESOURCE_HEADERS = {"X-Content-Type-Options": "nosniff"}
STATIC_DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"
SCRIPT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"
STATIC_DOCUMENT_TYPES = ("application/xml", "text/xml", "image/svg+xml", "text/plain")
SCRIPT_TYPES = ("text/javascript", "application/javascript")
SUBRESOURCE_TYPES = ("text/css", "application/json", "application/manifest+json", "image/png", "image/jpeg",
                     "image/webp", "image/x-icon", "image/vnd.microsoft.icon", "font/", "application/wasm",
                     "application/octet-stream")


def headers_for(content_type: str, full: dict[str, str]) -> dict[str, str]:
    """The security headers for one file of the site (not an API answer or an error: those get
    `full`, = security_headers) by its content type."""
    kind = content_type.split(";", 1)[0].strip().lower()
    if not kind or kind in ("text/html", "application/xhtml+xml"):
        return full
    if kind.startswith(STATIC_DOCUMENT_TYPES):
        return {"Content-Security-Policy": STATIC_DOCUMENT_CSP, **SUBRESOURCE_HEADERS}
    if kind.startswith(SCRIPT_TYPES):
        return {"Content-Security-Policy": SCRIPT_CSP, **SUBRESOURCE_HEADERS}
    if kind.startswith(SUBRESOURCE_TYPES):
        return dict(SUBRESOURCE_HEADERS)
    return full


def nginx_snippet(site_dir: Path) -> str:
    """The same headers as nginx `add_header` lines (deploy/nginx.conf includes this file), on
    nginx's own error answers too (`always`); where nginx proxies to the app, the app's copies are
    hidden, so each header is sent once."""
    lines = ["# Written by `rulebook deploy nginx` from the built site: security headers (search/security.py)."]
    for name, value in security_headers(site_dir).items():
        lines.append(f'proxy_hide_header {name};')
        lines.append(f'add_header {name} "{value}" always;')
    return "\n".join(lines) + "\n"
