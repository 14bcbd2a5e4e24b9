"""`rulebook build`: refuse bad data, then build aside and swap.

1. The data gate (`gate.check`, every check `rulebook validate` makes): any problem refuses the build
   before anything is written, one `file:line: id: message` line each.
2. MkDocs builds into `.site.new/` (the tda-rules plugin adds the JSON exports and Pagefind) and the
   Whoosh index into `build/.search-index.new/`. The index is private: it lives outside the published
   tree, so no static host and no URL trick can serve it.
3. Only when the whole build succeeded are the new trees renamed into place. A failed build leaves
   the last good `site/` and index exactly as they were.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from ..gate import check

INDEX_ENV = "TDA_SEARCH_INDEX_DIR"      # read by the plugin: where this build writes the Whoosh index
DEFAULT_INDEX = Path("build") / "search-index"


def build_site(root: Path, strict: bool = True, site_dir: Path | None = None, index_dir: Path | None = None) -> int:
    root = Path(root)
    site = Path(site_dir) if site_dir else root / "site"
    index = Path(index_dir) if index_dir else root / DEFAULT_INDEX
    _, problems = check(root)
    if problems:
        for problem in problems:
            print(problem)
        print(f"build refused: {len(problems)} problem(s) in the rulebook; {site} left as it was", file=sys.stderr)
        return 1
    from ..site_url import SiteUrlError, local_notice, site_url
    try:
        notice = local_notice(site_url())
    except SiteUrlError as error:
        print(f"build refused: {error}", file=sys.stderr)
        return 2
    if notice:               # the build goes on: make serve and make test build without an address
        print(f"warning: {notice}", file=sys.stderr)
    new_site, new_index = _aside(site), _aside(index)
    for path in (new_site, new_index):
        shutil.rmtree(path, ignore_errors=True)
    new_index.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(new_site.resolve())]
    command += ["--strict"] if strict else []
    env = {**os.environ, INDEX_ENV: str(new_index.resolve())}
    code = subprocess.run(command, cwd=root, env=env).returncode
    if code != 0 or not (new_site / "index.html").exists():
        for path in (new_site, new_index):
            shutil.rmtree(path, ignore_errors=True)
        print(f"build failed (mkdocs exit {code}); {site} left as it was", file=sys.stderr)
        return code or 1
    if new_index.is_dir():
        _swap(new_index, index)
    _swap(new_site, site)
    _write_nginx_headers(site, index.parent)
    return 0


def _write_nginx_headers(site: Path, build_dir: Path) -> None:
    """deploy/nginx.conf includes these: the CSP names the hashes of this build's inline scripts."""
    from ..search.security import nginx_snippet
    build_dir.mkdir(parents=True, exist_ok=True)
    target = build_dir / "nginx-security-headers.conf"
    aside = target.with_name(f".{target.name}.new")
    aside.write_text(nginx_snippet(site), encoding="utf-8")
    os.replace(aside, target)


def _aside(path: Path) -> Path:
    return path.with_name(f".{path.name}.new")


def _swap(new: Path, target: Path) -> None:
    """Put `new` where `target` is: two renames, so readers see the old tree or the new one."""
    old = target.with_name(f".{target.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        os.rename(target, old)
    os.rename(new, target)
    shutil.rmtree(old, ignore_errors=True)
