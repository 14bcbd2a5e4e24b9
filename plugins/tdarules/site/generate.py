"""Write the generated Markdown and the JSON exports to disk, touching only what changed
(`mkdocs serve` watches docs_dir: rewriting unchanged files would rebuild forever)."""
from __future__ import annotations

import json
from pathlib import Path

from ..loader import Rulebook
from ..model import ALL_LANGUAGES
from ..strings import Strings
from .calculators import strings_json
from .pages import Context, all_pages, edition_json


def write_if_changed(path: Path, content: str) -> bool:
    if path.exists() and path.read_text(encoding="utf-8") == content:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    return True


def load_strings(rulebook_dir: Path) -> Strings:
    """The site's strings plus those of the print sheets and PDFs (ui/print.yaml, issue 11)."""
    site = Strings.load(rulebook_dir / "ui" / "site.yaml")
    return Strings({**site.table, **Strings.load(rulebook_dir / "ui" / "print.yaml").table})


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
        write_if_changed(site_dir / "data" / "2024" / f"{language}.json",
                         json.dumps(edition_json(ctx), ensure_ascii=False, separators=(",", ":")))
        write_if_changed(site_dir / "data" / "ui" / f"calculators.{language}.json",   # calculators UI (issue 5)
                         json.dumps(strings_json(ctx), ensure_ascii=False, separators=(",", ":")))


def write_page_sitemaps(site_dir: Path, site_url: str, language: str) -> int:
    """A one-entry sitemap.xml beside every page of one language, listing its language alternates.

    Material's language selector fetches `<alternate page>/sitemap.xml` for each hreflang link of
    every page (it expects alternates to be language roots). Without these files a page view costs
    four 404s of ~50 KB each, on casino wifi. The content is what Material reads from it."""
    count = 0
    for page in sorted((site_dir / language).rglob("index.html")):
        path = page.parent.relative_to(site_dir / language).as_posix()
        path = "" if path == "." else path + "/"
        links = "".join(f'<xhtml:link rel="alternate" hreflang="{lang}" href="{site_url}{lang}/{path}"/>'
                        for lang in ALL_LANGUAGES)
        xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
               f'xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>{site_url}{language}/{path}</loc>{links}</url></urlset>\n')
        count += write_if_changed(page.parent / "sitemap.xml", xml)
    return count
