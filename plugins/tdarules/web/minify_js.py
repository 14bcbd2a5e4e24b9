"""Our scripts minified (terser, run with node) in the built site, before they are hashed.

The modules under docs/assets are written to be read: comments that say why, long names. On a
phone's first visit they were ~13 KB of a rule page's ~80 KB compressed; minified, ~40 % less.
The sources stay as written (the Node tests import them from docs/assets); only the copies in
site/ are rewritten, then `hashed_assets` names them by content. No source maps are shipped: a
reader who wants the code reads docs/assets.

Plain functions, no MkDocs import.
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).parent


class MinifyError(RuntimeError):
    pass


def minify_scripts(site_dir: Path, scripts: list[str]) -> dict[str, tuple[int, int]]:
    """Minify `scripts` (site paths) in place; returns {site path: (bytes before, bytes after)}."""
    site_dir = Path(site_dir)
    if not scripts:
        return {}
    node = shutil.which("node")
    if not node:
        raise MinifyError("node is not installed: minifying our scripts needs terser (make setup)")
    files = [str(site_dir / rel) for rel in scripts]
    result = subprocess.run([node, str(HERE / "js" / "minify.mjs"), json.dumps(files)], capture_output=True, text=True)
    if result.returncode != 0:
        hint = " (run `make setup`: npm ci installs terser)" if "ERR_MODULE_NOT_FOUND" in result.stderr else ""
        raise MinifyError(f"terser failed{hint}:\n{result.stderr[-2000:]}")
    sizes = json.loads(result.stdout)["bytes"]
    return {Path(path).resolve().relative_to(site_dir.resolve()).as_posix(): tuple(pair) for path, pair in sizes.items()}
