"""The site's URLs: stable, documented in ARCHITECTURE.md, never to change.

Every page, search hit, JSON export and printed sheet links through these functions.
"""
from __future__ import annotations

import re

from .model import ALL_LANGUAGES, CURRENT_EDITION


def rule_path(rule_id: str) -> str:
    """Path of a rule or procedure page below the language prefix: 'rules/43/', 'rp/5/'."""
    if rule_id.startswith("RP-"):
        return f"rp/{rule_id.removeprefix('RP-')}/"
    return f"rules/{rule_id}/"


def rule_url(language: str, rule_id: str, part: str | None = None) -> str:
    """'/en/rules/43/#43-B'; parts of procedures: '/ru/rp/5/#RP-5-A'."""
    anchor = f"#{part_anchor(rule_id, part)}" if part else ""
    return f"/{language}/{rule_path(rule_id)}{anchor}"


def part_anchor(rule_id: str, part: str) -> str:
    return f"{rule_id}-{part}"


def example_anchor(addendum_id: str, label: str) -> str:
    """Anchor of an addendum example on its rule page and on the addendum page: 'example-43-1-A'."""
    return "example-" + f"{addendum_id}-{label}".replace(" ", "-")


def addendum_anchor(addendum_id: str) -> str:
    return f"addendum-{addendum_id}"


def addendum_url(language: str, addendum_id: str) -> str:
    """The examples as shown on the rule's own page."""
    rule_id = addendum_id.split("-")[0]
    return f"/{language}/{rule_path(rule_id)}#{addendum_anchor(addendum_id)}"


def glossary_url(language: str, term_id: str | None = None) -> str:
    return f"/{language}/glossary/" + (f"#term-{term_id}" if term_id else "")


def calculators_url(language: str, calc_id: str | None = None) -> str:
    """The Calculators page; with an id, the link that opens that calculator (#calc-<id>)."""
    return f"/{language}/calculators/" + (f"#calc-{calc_id}" if calc_id else "")


def engine_url(language: str) -> str:
    """The calculator engine reference (for developers; its own page, linked from the Calculators page)."""
    return f"/{language}/calculators/engine/"


def data_folder(year: str = CURRENT_EDITION) -> str:
    """Where an edition's data is: '/data/2024/'. Pages hand it to their scripts, which name no year."""
    return f"/data/{year}/"


def data_url(language: str, year: str = CURRENT_EDITION) -> str:
    return f"{data_folder(year)}{language}.json"


def page_file(rule_id: str, language: str) -> str:
    """Markdown file the site generator writes for a rule page (suffix layout of mkdocs-static-i18n)."""
    return rule_path(rule_id).rstrip("/") + f".{language}.md"



# --- translators' workbench ------------------------------------------------------------------------

def compare_url(language: str, rule_id: str | None = None, unit: str | None = None) -> str:
    """'/en/compare/43/' (all languages aligned unit by unit); '/en/compare/' lists the rules with findings."""
    if rule_id is None:
        return f"/{language}/compare/"
    anchor = f"#u-{unit_anchor(unit)}" if unit else ""
    return f"/{language}/compare/{rule_path(rule_id)}{anchor}"


def unit_anchor(unit_id: str) -> str:
    """'43-B:2' → '43-B-2' (colons are legal in ids but awkward in CSS selectors and URLs; ids have no spaces)."""
    return "_".join(unit_id.replace(":", "-").split())


def unit_url(language: str, unit_id: str, rule_id: str | None) -> str:
    """Where a text unit (units.py) is read: its part, addendum entry or example on the rule page
    ('43-B:2' → '/ru/rules/43/#43-B', 'example-43-4-A:1' → '#example-43-4-A'); section titles and the
    front matter on the home page, the addendum's preamble on the addendum page. Rule pages carry
    every English part's anchor in every language (a part a translation lacks is shown as a gap)."""
    head = unit_id.rsplit(":", 1)[0].removesuffix(":after")
    if rule_id:
        anchor = "" if head == rule_id else f"#{head}"
        return f"/{language}/{rule_path(rule_id)}{anchor}"
    if head.startswith("section-"):
        return f"/{language}/#{head}"
    if head.startswith(("addendum-preamble", "heading-addendum")):
        return f"/{language}/addendum/"
    if head.startswith(("procedures-preamble", "heading-procedures")):
        return f"/{language}/#section-procedures"
    return f"/{language}/#about"


def qa_url(language: str) -> str:
    return f"/{language}/qa/"


def editions_url(language: str, old: str, new: str = CURRENT_EDITION) -> str:
    """Two editions compared rule by rule: '/en/editions/2017-2024/'."""
    return f"/{language}/editions/{old}-{new}/"


def edition_rule_url(language: str, rule_id: str, year: str = CURRENT_EDITION) -> str:
    """A rule of one edition, at an address that keeps that meaning forever: '/en/2024/rules/43/'.
    An older edition's page lives there; the current edition's rules are at rule_url, and their
    edition address leads there (site/edition_paths.py) until a newer edition takes its place.
    What is printed or encoded in a QR code names the edition this way."""
    return f"/{language}/{year}/{rule_path(rule_id)}"


_RULE_PAGE = re.compile(rf"/(?P<language>{'|'.join(map(re.escape, ALL_LANGUAGES))})/(?P<rest>(?:rules|rp)/[^/]+/)")


def printed_path(path: str) -> str:
    """The path printed for a page (its footer, a sheet, a PDF): a current rule's page by its edition
    address ('/ru/rules/43/' → '/ru/2024/rules/43/'), any other page as it is."""
    match = _RULE_PAGE.fullmatch(path)
    return f"/{match['language']}/{CURRENT_EDITION}/{match['rest']}" if match else path


def older_rule_url(language: str, rule_id: str, year: str, redline: bool = False) -> str:
    """An older edition's rule page, with the redline to its successor at #redline."""
    return edition_rule_url(language, rule_id, year) + ("#redline" if redline else "")


def rule_data_url(language: str, rule_id: str, year: str = CURRENT_EDITION) -> str:
    """One rule or procedure as data: what the companion column fetches ('/data/2024/en/rules/43.json')."""
    return f"{data_folder(year)}{language}/rules/{rule_id}.json"


def short_url(rule_id: str, part: str | None = None) -> str:
    """Language-neutral short link, redirected to the reader's language: '/r/43-B', '/r/RP-5'."""
    return f"/r/{rule_id}" + (f"-{part}" if part else "")
