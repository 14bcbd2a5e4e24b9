"""What every built page needs to print well and cannot get from a shared stylesheet: its own title
as the running header, the edition and its short URL in the footer (CSS page-margin boxes take only
literal strings), and the short URL printed under the text. Called from the plugin's on_post_page."""
from __future__ import annotations

import html
import re
from urllib.parse import urlsplit, urlunsplit

from ..site_url import is_public
from ..urls import printed_path


def css_string(text: str) -> str:
    """A CSS string literal; `<` escaped too, so no text can close the <style> element."""
    escaped = "".join(c if c.isprintable() and c not in '"\\<>' else f"\\{ord(c):x} " for c in text)
    return f'"{escaped}"'


def short_url(url: str) -> str:
    """'https://rules.example.org/en/rules/43/' → 'rules.example.org/en/rules/43/'; only the path
    ('/en/rules/43/') for an address no reader can open (a build without a public site URL)."""
    parts = urlsplit(url)
    if parts.netloc and not is_public(url):
        return parts.path or "/"
    return parts.netloc.removeprefix("www.") + (parts.path or "/")


def printed_url(url: str) -> str:
    """The page's address as a sheet prints it: a rule page by its edition address (urls.printed_path)."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=printed_path(parts.path)))


def print_style(title: str, edition_line: str, url: str) -> str:
    footer = f"{edition_line} · {short_url(url)}" if url else edition_line
    return ('<style media="print">@page{'
            f'@top-left{{content:{css_string(title)};font:8pt sans-serif;color:#444}}'
            f'@bottom-left{{content:{css_string(footer)};font:8pt sans-serif;color:#444}}'
            '}</style>')


def add_print_head(page_html: str, *, title: str, edition_line: str, url: str) -> str:
    url = printed_url(url) if url else url
    page_html = page_html.replace("</head>", print_style(title, edition_line, url) + "</head>", 1)
    if url:
        line = f'<p class="tda-print-url">{html.escape(short_url(url))}</p>'
        page_html = re.sub(r"</article>", lambda _: line + "</article>", page_html, count=1)
    return page_html
