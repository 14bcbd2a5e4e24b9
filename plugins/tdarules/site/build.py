"""`rulebook build`: the MkDocs build (pages, JSON exports, Whoosh index via the plugin), then the
static Pagefind index used when the search API is unreachable."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def build_site(root: Path, strict: bool = True) -> int:
    command = [sys.executable, "-m", "mkdocs", "build", "--quiet"] + (["--strict"] if strict else [])
    result = subprocess.run(command, cwd=root)
    if result.returncode:
        return result.returncode
    try:
        from ..search.static_index import build_pagefind
    except ImportError:          # the static fallback is optional for a plain build
        return 0
    build_pagefind(root / "site")
    return 0


def main(args) -> int:
    return build_site(Path(getattr(args, "root", ".") or "."), strict=getattr(args, "strict", True))
