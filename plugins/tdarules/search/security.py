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
    """Headers every response carries."""
    return {
        "Content-Security-Policy": content_security_policy(site_dir),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    }


def nginx_snippet(site_dir: Path) -> str:
    """The same headers as nginx `add_header` lines (deploy/nginx.conf includes this file)."""
    lines = ["# Written by `rulebook deploy nginx` from the built site: security headers (search/security.py)."]
    for name, value in security_headers(site_dir).items():
        lines.append(f'add_header {name} "{value}" always;')
    return "\n".join(lines) + "\n"
