"""A 404 page per language (``/<lang>/404.html``), with the number box and the search; and the page
the service worker shows offline for a page that is not saved (``/<lang>/offline.html``).

Made after the build from the language's home page, so it has that language's header, search box
and number box exactly as the home page does: the article is replaced by a heading, a line of text
and the home page's number-box form. Every relative URL becomes root-relative, since the page is
served at any depth (``/ru/rules/99/``). `serving.SiteFiles` answers a missing path under
``/<lang>/`` with it; the service worker shows it for a page that was never cached.
Plain functions, no MkDocs import.
"""
from __future__ import annotations

import html
import posixpath
import re
from pathlib import Path

from ..model import ALL_LANGUAGES

_ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.S)
_FORM = re.compile(r'<form class="tda-goto".*?</form>', re.S)
_PARTS = re.compile(r'<script type="application/json" id="tda-parts">.*?</script>', re.S)
_TITLE = re.compile(r"<title>.*?</title>", re.S)
_RELATIVE = re.compile(r'''(?P<attr>\b(?:href|src)=)(?P<q>["'])(?P<url>(?!/|#|[a-z][a-z0-9+.-]*:)[^"']*)(?P=q)''', re.I)


def absolutize(text: str, page_dir: str) -> str:
    """Relative href/src → root-relative, as seen from /page_dir/."""
    def swap(m: re.Match) -> str:
        url = m["url"]
        cut = min([i for i in (url.find("?"), url.find("#")) if i != -1], default=len(url))
        path, tail = url[:cut], url[cut:]
        resolved = posixpath.normpath(posixpath.join("/" + page_dir, path)) if path else "/" + page_dir
        if (path.endswith("/") or path in ("", ".")) and not resolved.endswith("/"):
            resolved += "/"
        return f'{m["attr"]}{m["q"]}{resolved}{tail}{m["q"]}'
    return _RELATIVE.sub(swap, text)


def not_found_page(home_html: str, lang: str, title: str, text: str, home_label: str) -> str | None:
    article = _ARTICLE.search(home_html)
    form = _FORM.search(home_html)
    if not article or not form:
        return None
    parts = _PARTS.search(home_html)
    heading = re.search(r'<h1 id="([^"]+)"', article[2])          # the sidebar's table of contents links it
    anchor = heading[1] if heading else "not-found"
    body = (f'<h1 id="{anchor}">{html.escape(title)}</h1><p>{html.escape(text)}</p>'
            f'<div class="tda-home tda-not-found">{form[0]}{parts[0] if parts else ""}'
            f'<p><a href="/{lang}/">{html.escape(home_label)}</a></p></div>')
    page = home_html[: article.start(2)] + body + home_html[article.end(2):]
    page = _TITLE.sub(lambda m: f"<title>{html.escape(title)}</title>", page, count=1)
    page = page.replace("<head>", '<head>\n<meta name="robots" content="noindex">', 1)
    page = re.sub(r'"base":\s*"[^"]*"', '"base": "/"', page, count=1)    # Material's base URL, for any depth
    return absolutize(page, f"{lang}/")


# The offline page's links: the pages a saved language always has (offline.js hides those not cached).
OFFLINE_LINKS = (("rules", ""), ("glossary", "glossary/"), ("calculators", "calculators/"), ("print", "print/"),
                 ("search", "search/"))


def offline_page(home_html: str, lang: str, strings) -> str | None:
    """The home page with its article replaced: "this page is not saved", then links to saved pages."""
    article = _ARTICLE.search(home_html)
    if not article:
        return None
    title = strings.get("offline.page_title", lang)
    heading = re.search(r'<h1 id="([^"]+)"', article[2])
    anchor = heading[1] if heading else "offline"
    links = "".join(f'<li><a href="/{lang}/{path}">{html.escape(strings.get(f"offline.links.{key}", lang))}</a></li>'
                    for key, path in OFFLINE_LINKS)
    body = (f'<h1 id="{anchor}">{html.escape(title)}</h1>'
            f'<div class="tda-offline-page"><p>{html.escape(strings.get("offline.page_text", lang))}</p>'
            f'<ul class="tda-offline-links">{links}</ul>'
            f'<p class="tda-offline-none" hidden>{html.escape(strings.get("offline.page_none", lang))}</p></div>')
    page = home_html[: article.start(2)] + body + home_html[article.end(2):]
    page = _TITLE.sub(lambda m: f"<title>{html.escape(title)}</title>", page, count=1)
    page = page.replace("<head>", '<head>\n<meta name="robots" content="noindex">', 1)
    page = re.sub(r'"base":\s*"[^"]*"', '"base": "/"', page, count=1)
    return absolutize(page, f"{lang}/")


def write_offline_pages(site_dir: Path, strings) -> int:
    written = 0
    for lang in ALL_LANGUAGES:
        home = Path(site_dir) / lang / "index.html"
        page = offline_page(home.read_text(encoding="utf-8"), lang, strings) if home.is_file() else None
        if page:
            (home.parent / "offline.html").write_text(page, encoding="utf-8")
            written += 1
    return written


def write_not_found_pages(site_dir: Path, strings) -> int:
    written = 0
    for lang in ALL_LANGUAGES:
        home = Path(site_dir) / lang / "index.html"
        if not home.is_file():
            continue
        page = not_found_page(home.read_text(encoding="utf-8"), lang, strings.get("not_found_title", lang),
                              strings.get("not_found_text", lang), strings.get("not_found_home", lang))
        if page:
            (home.parent / "404.html").write_text(page, encoding="utf-8")
            written += 1
    return written
