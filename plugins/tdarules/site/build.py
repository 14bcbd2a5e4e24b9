"""`rulebook build`: the MkDocs build; the tda-rules plugin adds the JSON exports, the Whoosh index
and the Pagefind fallback index."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def build_site(root: Path, strict: bool = True) -> int:
    command = [sys.executable, "-m", "mkdocs", "build", "--quiet"] + (["--strict"] if strict else [])
    return subprocess.run(command, cwd=root).returncode
