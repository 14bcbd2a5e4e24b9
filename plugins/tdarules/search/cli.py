"""Entry points the `rulebook` command calls (plugins/tdarules/cli.py):

* ``main_search(q, lang="en", limit=10, index_dir=None) -> int``   `rulebook search "min raise" --lang zh-Hant`
* ``main_index(root=".", out_dir=None) -> int``                     `rulebook index`
* ``main_serve(host="127.0.0.1", port=8000, site_dir=None, index_dir=None) -> int``   `rulebook serve`

Each returns a process exit status (0 ok, 1 bad input or missing index, 2 rulebook errors).
Defaults: the index lives in ``build/search-index`` (where the site build writes it: outside the
published ``site/``).
"""
from __future__ import annotations

import html
import re
import shutil
import sys
from pathlib import Path

DEFAULT_SITE = Path("site")
DEFAULT_INDEX = Path("build") / "search-index"


def _terminal_snippet(snippet: str, color: bool) -> str:
    on, off = ("\033[1;33m", "\033[0m") if color else ("[", "]")
    text = re.sub(r"<mark>(.*?)</mark>", lambda m: on + m.group(1) + off, snippet)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def main_search(q: str, lang: str = "en", limit: int = 10, index_dir: Path | str | None = None) -> int:
    from .query import QueryError, engine, part_reading, search
    index_dir = Path(index_dir) if index_dir else DEFAULT_INDEX
    try:
        hits = search(index_dir, q, lang, limit)
    except QueryError as error:
        print(f"search: {error}", file=sys.stderr)
        return 1
    # a part letter typed in Cyrillic ("45-В") is read as the Latin one on the pages: say so, as the
    # number box does, on stderr so that the hits stay the whole of stdout
    number = engine(index_dir).resolve_number(q, lang)
    if number and (reading := part_reading(q, *number)):
        print(reading, file=sys.stderr)
    if not hits:
        print("no results")
        return 0
    color = sys.stdout.isatty()
    width = shutil.get_terminal_size((100, 20)).columns
    for rank, hit in enumerate(hits, 1):
        head = f"{rank:2}. {hit.id:<14} {hit.title}"
        print(("\033[1m" + head + "\033[0m") if color else head)
        print(f"    {hit.url}   score {hit.score:.2f}")
        snippet = _terminal_snippet(hit.snippet, color)
        if snippet:
            print("    " + snippet[: max(40, width * 2)])
    return 0


def main_index(root: Path | str = ".", out_dir: Path | str | None = None) -> int:
    from ..loader import RulebookError, load_rulebook
    from .index import build_index
    out_dir = Path(out_dir) if out_dir else Path(root) / DEFAULT_INDEX
    try:
        rulebook = load_rulebook(root)
    except RulebookError as error:
        print(error, file=sys.stderr)
        return 2
    counts = build_index(rulebook, out_dir)
    print(f"search index in {out_dir}: " + ", ".join(f"{lang} {n} documents" for lang, n in counts.items()))
    return 0


def main_serve(host: str = "127.0.0.1", port: int = 8000, site_dir: Path | str | None = None,
               index_dir: Path | str | None = None, *, workers: int = 1, allowed_hosts: list[str] | None = None,
               rate: float | None = None, access_log: bool = True) -> int:
    from .server import serve
    site_dir = Path(site_dir) if site_dir else DEFAULT_SITE
    if workers < 1:
        print("serve: --workers must be at least 1", file=sys.stderr)
        return 1
    if not (site_dir / "index.html").is_file():
        print(f"serve: no built site in {site_dir} (run `rulebook build`)", file=sys.stderr)
        return 1
    print(f"serving {site_dir}/ and /api/search on http://{host}:{port}/ ({workers} worker(s))", flush=True)
    serve(host, port, site_dir, index_dir, workers=workers, allowed_hosts=allowed_hosts, rate=rate,
          access_log=access_log)
    return 0
