"""QR codes for the rule sheets: one SVG per rule and language, encoding the rule's page on the public
site, made at build time with segno (no network, no script in the page)."""
from __future__ import annotations

import io
from pathlib import Path

import segno

from .. import urls
from ..loader import Rulebook
from ..model import ALL_LANGUAGES
from ..site_url import is_public


def qr_svg(url: str) -> bytes:
    code = segno.make(url, error="m", micro=False)
    out = io.BytesIO()
    # No width/height, only a viewBox: the sheet sizes it in millimetres. Quiet zone of 2 modules.
    code.save(out, kind="svg", scale=1, border=2, dark="#000", light="#fff", omitsize=True, xmldecl=False)
    return out.getvalue()


def qr_path(language: str, rule_id: str) -> str:
    """'/qr/en/43.svg'."""
    return f"/qr/{language}/{rule_id}.svg"


def write_qr_codes(rulebook: Rulebook, site_url: str, site_dir: Path) -> int:
    """One code per rule and language; none at all for an address that is not public: a code for
    127.0.0.1 opens nothing on the phone that scans it (the sheet builder then prints without them)."""
    if not is_public(site_url):
        return 0
    count = 0
    for language in ALL_LANGUAGES:
        folder = site_dir / "qr" / language
        folder.mkdir(parents=True, exist_ok=True)
        for rule in rulebook.edition(language).all_rules():
            url = site_url + urls.edition_rule_url(language, rule.id).lstrip("/")     # names the edition
            (folder / f"{rule.id}.svg").write_bytes(qr_svg(url))
            count += 1
    return count
