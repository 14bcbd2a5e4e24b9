"""Material's stylesheets cut down to the rules this site can use (PurgeCSS, run with node).

Material's main stylesheet (19 KB compressed, the largest file of a first visit after its script)
styles every feature Material has: search, tabs, blog posts, code annotations, admonitions,
right-to-left layouts… This site uses a fraction. After the build, every selector whose classes,
ids or attributes appear in no built page (``**/*.html``) and in no script (``assets/**/*.js``:
Material's bundle and ours, so classes added at run time are kept) is dropped. The result is
written under a new content-hashed name (``main.<8 hex>.min.css``), every page is relinked and
the original is removed (nothing else names it; the offline copy would otherwise store both).
Re-run on every build over the pages of that build, so new content keeps its styles.

Plain functions, no MkDocs import.
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

from .hashed_assets import rewrite_html

HERE = Path(__file__).parent
# Material's own hashed stylesheets (main.484c7ddc.min.css, palette.ab4e12ef.min.css).
MATERIAL_CSS = re.compile(r"^assets/stylesheets/(?P<stem>main|palette)\.[0-9a-f]{8}\.min\.css$")
_SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/\s*$")


class PurgeError(RuntimeError):
    pass


def material_stylesheets(site_dir: Path) -> list[str]:
    found = []
    for path in sorted((site_dir / "assets" / "stylesheets").glob("*.min.css")):
        rel = path.relative_to(site_dir).as_posix()
        if MATERIAL_CSS.match(rel):
            found.append(rel)
    return found


def run_purgecss(site_dir: Path, stylesheets: list[str]) -> dict[str, str]:
    """{site path: purged css} from purgecss (web/js/purge.mjs)."""
    node = shutil.which("node")
    if not node:
        raise PurgeError("node is not installed: purging Material's CSS needs purgecss (make setup)")
    options = {"content": [str(site_dir / "**" / "*.html"), str(site_dir / "assets" / "**" / "*.js")],
               "css": [str(site_dir / rel) for rel in stylesheets]}
    result = subprocess.run([node, str(HERE / "js" / "purge.mjs"), json.dumps(options)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        hint = " (run `make setup`: npm ci installs purgecss)" if "purgecss" in result.stderr else ""
        raise PurgeError(f"purgecss failed{hint}:\n{result.stderr[-2000:]}")
    files = json.loads(result.stdout)["files"]
    return {Path(path).resolve().relative_to(site_dir.resolve()).as_posix(): css for path, css in files.items()}


def purge_material_css(site_dir: Path) -> dict[str, str]:
    """Replace Material's stylesheets by their purged copies; returns {old site path: new site path}."""
    site_dir = Path(site_dir)
    stylesheets = material_stylesheets(site_dir)
    if not stylesheets:
        return {}
    renamed = {}
    for rel, css in run_purgecss(site_dir, stylesheets).items():
        data = _SOURCE_MAP.sub("", css).encode("utf-8")   # the map describes the unpurged file
        stem = MATERIAL_CSS.match(rel)["stem"]
        new = f"assets/stylesheets/{stem}.{hashlib.sha256(data).hexdigest()[:8]}.min.css"
        (site_dir / new).write_bytes(data)
        if new != rel:
            (site_dir / rel).unlink()
            for leftover in (rel + ".map", rel + ".br", rel + ".gz"):
                (site_dir / leftover).unlink(missing_ok=True)
        renamed[rel] = new
    for page in site_dir.rglob("*.html"):
        rewrite_html(page, renamed)
    return renamed
