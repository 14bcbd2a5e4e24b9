"""The navigation of one language, from the model: the rulebook's own sections in rule order
(not folder names sorted as strings), procedures, then the reference pages."""
from __future__ import annotations

from mkdocs.structure.nav import Navigation, Section, _add_parent_links, _add_previous_and_next_links

from .. import urls
from ..model import Edition
from ..strings import Strings


def build_nav(nav: Navigation, edition: Edition, strings: Strings, language: str, generated: str) -> Navigation:
    pages = {page.file.src_uri: page for page in nav.pages}

    def page(name: str):
        return pages.get(f"{generated}/{name}")

    items: list = []
    used: set = set()

    def take(entry):
        if entry is not None:
            used.add(entry.file.src_uri)
        return entry

    home = take(page(f"index.{language}.md"))
    if home:
        items.append(home)
    for section in edition.sections:
        children = [take(page(urls.page_file(rule_id, language))) for rule_id in section.rules]
        items.append(Section(section.title.text, [c for c in children if c]))
    procedures = [take(page(urls.page_file(rule_id, language))) for rule_id in edition.procedures]
    heading = edition.headings.get("procedures_preamble")
    items.append(Section(heading.text if heading else strings.get("procedures", language), [p for p in procedures if p]))
    for name in ("addendum", "glossary", "calculators", "calculators/engine", "print", "api", "qa"):
        entry = take(page(f"{name}.{language}.md")) or take(pages.get(f"{name}.{language}.md"))
        if entry:
            items.append(entry)
    items += [p for p in nav.items if not isinstance(p, Section) and p.file.src_uri not in used and p.file.src_uri.endswith(f".{language}.md")]
    ordered = [p for p in _flatten(items)]
    new = Navigation(items, ordered)
    _add_parent_links(items)
    _add_previous_and_next_links(ordered)
    new.homepage = nav.homepage
    return new


def _flatten(items):
    for item in items:
        if isinstance(item, Section):
            yield from _flatten(item.children)
        else:
            yield item
