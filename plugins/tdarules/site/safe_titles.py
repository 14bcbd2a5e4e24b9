"""Page and section titles made safe for Material's templates.

Material prints titles into HTML as they are (``<title>``, the header topic, the navigation, the
footer): MkDocs renders its templates without autoescape. A title is rule text a translator
imported, so it arrives as an escaped ``markupsafe.Markup``: Jinja's ``|e`` leaves it as it is (no
double escaping in the footer's aria-labels) and a plain ``{{ }}`` prints it as text. Our own uses
of a title (the print header) take :func:`plain`.
"""
from __future__ import annotations

from markupsafe import Markup

from .markup import template_title as safe


def plain(title) -> str:
    """The text of a title, whichever form it has."""
    return title.unescape() if isinstance(title, Markup) else str(title or "")


def escape_page_title(page) -> None:
    """The page's title (front matter, or its first heading) as :func:`safe` Markup."""
    if "title" in page.meta:
        page.meta["title"] = safe(page.meta["title"])
    page.title = safe(page.title)


def escape_nav_titles(items) -> None:
    """Every section and link title of a navigation, as :func:`safe` Markup (pages have their own)."""
    for item in items:
        if getattr(item, "is_page", False):
            continue
        item.title = safe(item.title)
        escape_nav_titles(getattr(item, "children", None) or [])
