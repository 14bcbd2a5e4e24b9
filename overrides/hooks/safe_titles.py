"""MkDocs hook: page and section titles made safe for Material's templates (tdarules.site.safe_titles).

A title is rule text a translator imported, and Material prints titles into HTML as they are. A hook
rather than handlers of the tda-rules plugin: any MkDocs project with Material and static-i18n runs
exactly this file, so tests/site/test_safe_titles.py builds a small one with hostile titles through
the site's own templates instead of rendering every page of the site a second time.
"""

from __future__ import annotations

from mkdocs.plugins import event_priority

from tdarules.site.safe_titles import escape_nav_titles, escape_page_title


# After static-i18n (priority -100) translated the navigation and the tda-rules plugin (50) replaced
# it with the rulebook's sections: section titles go into Material's templates unescaped.
@event_priority(-150)
def on_nav(nav, config, files):
    escape_nav_titles(nav.items)
    return nav


# After each page is rendered (its title final, from front matter or its first heading) and before
# any template is: every page's navigation shows every other page's title.
def on_page_content(html, page, config, files):
    escape_page_title(page)
    return html
