"""Write the generated Markdown and the JSON exports to disk, touching only what changed
(`mkdocs serve` watches docs_dir: rewriting unchanged files would rebuild forever)."""
from __future__ import annotations

import json
from pathlib import Path

from ..loader import Rulebook
from ..model import ALL_LANGUAGES, CURRENT_EDITION
from ..strings import Strings
from .calculators import STRINGS as CALCULATOR_STRINGS, strings_json
from .context import Context
from .pages import all_pages, edition_json
from .templating import render


def write_if_changed(path: Path, content: str) -> bool:
    if path.exists() and path.read_text(encoding="utf-8") == content:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    return True


def load_strings(rulebook_dir: Path) -> Strings:
    """Every interface string: rulebook/ui/site.yaml, the calculators' own file under 'calculators', and
    the print sheets' and PDFs' strings (ui/print.yaml) beside the site's."""
    ui = rulebook_dir / "ui"
    strings = Strings.load(ui / "site.yaml", **{CALCULATOR_STRINGS: ui / "calculators.yaml"})
    printing = Strings.load(ui / "print.yaml").table
    clash = sorted(set(printing) & set(strings.table))
    if clash:
        raise ValueError(f"{ui / 'print.yaml'}: keys also in site.yaml: {', '.join(clash)}")
    strings.table.update(printing)
    return strings


def generate_pages(rulebook: Rulebook, strings: Strings, out_dir: Path, downloads=()) -> int:
    """Render every page of every language into out_dir; remove pages no longer produced.
    `downloads`: the PDFs the home pages list. Returns how many files changed."""
    pages = all_pages(rulebook, strings, downloads)
    written = sum(write_if_changed(out_dir / name, text) for name, text in pages.items())
    for stale in out_dir.rglob("*.md"):
        if str(stale.relative_to(out_dir)) not in pages:
            stale.unlink()
            written += 1
    return written


def write_exports(rulebook: Rulebook, strings: Strings, site_dir: Path) -> None:
    for language in ALL_LANGUAGES:
        ctx = Context(rulebook, language, strings)
        write_if_changed(site_dir / "data" / CURRENT_EDITION / f"{language}.json",
                         json.dumps(edition_json(ctx), ensure_ascii=False, separators=(",", ":")))
        write_if_changed(site_dir / "data" / "ui" / f"calculators.{language}.json",   # calculators UI
                         json.dumps(strings_json(ctx), ensure_ascii=False, separators=(",", ":")))
        write_if_changed(site_dir / "data" / "ui" / f"offline.{language}.json",      # the offline panel
                         json.dumps(strings.localized("offline", language), ensure_ascii=False, separators=(",", ":")))


def write_page_sitemaps(site_dir: Path, site_url: str, language: str) -> int:
    """A one-entry sitemap.xml beside every page of one language, listing its language alternates.

    Material's language selector fetches `<alternate page>/sitemap.xml` for each hreflang link of
    every page (it expects alternates to be language roots). Without these files a page view costs
    four 404s of ~50 KB each, on casino wifi. The content is what Material reads from it."""
    count = 0
    for page in sorted((site_dir / language).rglob("index.html")):
        path = page.parent.relative_to(site_dir / language).as_posix()
        path = "" if path == "." else path + "/"
        xml = render("page-sitemap.xml", site_url=site_url, language=language, path=path, languages=ALL_LANGUAGES)
        count += write_if_changed(page.parent / "sitemap.xml", xml)
    return count
