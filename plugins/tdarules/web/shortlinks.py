"""Short links: ``/r/43``, ``/r/43-B``, ``/r/RP-5``, ``/r/RP-5-D`` → the reader's language; with an
edition, ``/r/2024/43-B``, what they open never changes when a newer edition is published.

Pure functions (no web framework): the server (`serving.py`) answers with a redirect to what
`short_link_target` returns. The language is the first of Accept-Language (by q) that the site
has, else English; the part becomes the page's anchor, so ``/r/43-B`` opens ``/ru/rules/43/#43-B``.
"""
from __future__ import annotations

import re

from .. import urls
from ..model import ALL_LANGUAGES, CURRENT_EDITION, PUBLISHED_EDITIONS

SHORT_ID = re.compile(r"^(?:(?P<rp>RP)-?)?(?P<n>\d{1,2})(?:-?(?P<part>[A-Z]))?$", re.IGNORECASE)

# Script subtags and the regions that write them. A bare "zh" is taken as Simplified, what most
# browsers that send it without a region use; zh-TW / zh-HK / zh-MO and zh-Hant are Traditional.
TRADITIONAL = {"hant", "tw", "hk", "mo"}
SIMPLIFIED = {"hans", "cn", "sg", "my"}


def parse_short_id(text: str) -> tuple[str, str | None] | None:
    """'43-b' → ('43', 'B'); 'rp5' → ('RP-5', None); anything else → None."""
    m = SHORT_ID.match(text.strip())
    if not m:
        return None
    number = str(int(m["n"]))
    rule_id = f"RP-{number}" if m["rp"] else number
    return rule_id, (m["part"].upper() if m["part"] else None)


def language_for(tag: str) -> str | None:
    parts = tag.strip().lower().replace("_", "-").split("-")
    if not parts or not parts[0]:
        return None
    if parts[0] == "zh":
        rest = set(parts[1:])
        return "zh-Hant" if rest & TRADITIONAL else "zh-Hans"
    for language in ALL_LANGUAGES:
        if parts[0] == language.lower():
            return language
    return None


def pick_language(accept_language: str | None) -> str:
    """The reader's language among the site's, from an Accept-Language header; else 'en'."""
    ranked = []
    for position, item in enumerate((accept_language or "").split(",")):
        tag, _, params = item.partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0:
            ranked.append((-q, position, tag))
    for _, _, tag in sorted(ranked):
        if (language := language_for(tag)) is not None:
            return language
    return "en"


def short_link_target(short_id: str, accept_language: str | None,
                      year: str | None = None) -> tuple[str, str, str | None] | None:
    """(URL with anchor, rule id, part) for a short id, or None when it is not one. `year` names the
    edition: the current one is served at the plain URLs, an older one under its year."""
    parsed = parse_short_id(short_id)
    if parsed is None or (year is not None and year not in PUBLISHED_EDITIONS):
        return None
    rule_id, part = parsed
    language = pick_language(accept_language)
    url = urls.rule_url(language, rule_id, part)
    if year is not None and year != CURRENT_EDITION:
        url = f"/{language}/{year}/" + url.removeprefix(f"/{language}/")
    return url, rule_id, part
