"""Content-hashed names for our own CSS and JavaScript (Material already hashes its own).

A hashed name never changes meaning, so the server may send it with a one-year immutable lifetime
and a second page view downloads none of it again. After the build, every file of ours under
``site/assets/`` (``*.css``, ``*.js``) gets a copy named ``name.<8 hex>.ext``; ES module imports
between them (``from "./query.js"``, ``import("…")``, ``new URL("…", import.meta.url)``) are
rewritten to the hashed names first, so a module's hash covers what it imports (a change in
``engine/minRaise.js`` changes the name of ``ui.js`` and of every page that loads it). Then every
HTML file's ``href``/``src`` pointing at one of them is rewritten. The unhashed originals stay (they
are revalidated, not cached for a year) for anything that still links them by their plain name.

Plain functions, no MkDocs import.
"""
from __future__ import annotations

import hashlib
import posixpath
import re
from pathlib import Path

# Our assets: what docs/assets/ puts into site/assets/, minus Material's own folders.
OWN_SUFFIXES = (".js", ".css")
MATERIAL_DIRS = ("assets/javascripts/", "assets/stylesheets/main.", "assets/stylesheets/palette.")
HASHED_NAME = re.compile(r"\.[0-9a-f]{8}\.(?:min\.)?(?:js|css)$")
# Every content-hashed name in the built site: Material's and ours (main.484c7ddc.min.css,
# rules.7c824233.js) and Pagefind's chunks (index/en_ee451d3.pf_index, pagefind.en_343e946ce0.pf_meta).
# A file with such a name never changes: served immutable, cached by the worker without revision.
IMMUTABLE = (r"(\.[0-9a-f]{8}\.(min\.)?(js|css)$)|(/(index|fragment)/[a-z-]+_[0-9a-f]{7,}\.pf_(index|fragment)$)"
             r"|(\.[a-z-]+_[0-9a-f]{7,}\.pf_meta$)")
IMMUTABLE_RE = re.compile(IMMUTABLE)

# Relative module specifiers in static imports/exports, dynamic import() and new URL(…, import.meta.url).
_SPECIFIER = re.compile(r"""(?P<lead>\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new\s+URL\(\s*)(?P<q>["'])(?P<spec>\.{1,2}/[^"'\s]+?\.(?:js|css))(?P=q)""")
_HTML_REF = re.compile(r"""(?P<attr>\b(?:href|src)=)(?P<q>["'])(?P<url>[^"'#?]*?)(?P<path>assets/[^"'#?]+\.(?:js|css))(?P<tail>[?#][^"']*)?(?P=q)""")


def own_assets(site_dir: Path) -> list[str]:
    """Site-relative paths of our own CSS/JS (not Material's, not already hashed)."""
    found = []
    for path in sorted((site_dir / "assets").rglob("*")):
        rel = path.relative_to(site_dir).as_posix()
        if (path.is_file() and rel.endswith(OWN_SUFFIXES) and not rel.startswith(MATERIAL_DIRS)
                and not HASHED_NAME.search(rel)):
            found.append(rel)
    return found


def hashed_name(rel: str, content: bytes) -> str:
    stem, ext = posixpath.splitext(rel)
    return f"{stem}.{hashlib.sha256(content).hexdigest()[:8]}{ext}"


def _imports(rel: str, text: str, known: set[str]) -> list[str]:
    base = posixpath.dirname(rel)
    return [target for m in _SPECIFIER.finditer(text)
            if (target := posixpath.normpath(posixpath.join(base, m["spec"]))) in known]


def hash_assets(site_dir: Path) -> dict[str, str]:
    """Write hashed copies of our assets, rewrite their imports and every HTML reference.
    Returns {plain site path: hashed site path}."""
    site_dir = Path(site_dir)
    assets = own_assets(site_dir)
    known = set(assets)
    texts = {rel: (site_dir / rel).read_text(encoding="utf-8") for rel in assets}
    renamed: dict[str, str] = {}

    def visit(rel: str, stack: tuple[str, ...] = ()) -> str:
        if rel in renamed:
            return renamed[rel]
        if rel in stack:                                   # an import cycle: hash without rewriting it
            raise ValueError(f"import cycle through {' -> '.join(stack + (rel,))}")
        for dep in _imports(rel, texts[rel], known):
            visit(dep, stack + (rel,))
        base = posixpath.dirname(rel)

        def swap(m: re.Match) -> str:
            target = posixpath.normpath(posixpath.join(base, m["spec"]))
            if target not in renamed:
                return m[0]
            new = posixpath.relpath(renamed[target], base)
            new = new if new.startswith("../") else "./" + new
            return f'{m["lead"]}{m["q"]}{new}{m["q"]}'

        text = _SPECIFIER.sub(swap, texts[rel]) if rel.endswith(".js") else texts[rel]
        data = text.encode("utf-8")
        renamed[rel] = hashed_name(rel, data)
        (site_dir / renamed[rel]).write_bytes(data)
        return renamed[rel]

    for rel in assets:
        visit(rel)
    for page in site_dir.rglob("*.html"):
        rewrite_html(page, renamed)
    return renamed


def rewrite_html(page: Path, renamed: dict[str, str]) -> bool:
    text = page.read_text(encoding="utf-8")

    def swap(m: re.Match) -> str:
        new = renamed.get(m["path"])
        if new is None:
            return m[0]
        return f'{m["attr"]}{m["q"]}{m["url"]}{new}{m["tail"] or ""}{m["q"]}'

    out = _HTML_REF.sub(swap, text)
    if out != text:
        page.write_text(out, encoding="utf-8")
        return True
    return False
