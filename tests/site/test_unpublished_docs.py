"""Markdown kept beside the browser code under docs/assets/ is for developers and is never a page
of its own: MkDocs would publish it (docs/assets/calculators/ENGINE.md became a broken page at
/assets/calculators/ENGINE/, without its stylesheets). The engine reference reaches readers only
through /<lang>/calculators/engine/, which calculators.engine_page renders from that file."""
from __future__ import annotations

import os
from pathlib import Path

from mkdocs.config import load_config
from mkdocs.structure.files import get_files

ROOT = Path(__file__).resolve().parents[2]


def test_markdown_under_assets_is_excluded_from_the_build():
    cwd = os.getcwd()
    os.chdir(ROOT)                       # mkdocs.yml's paths (docs_dir, hooks) are relative to the project
    try:
        config = load_config(str(ROOT / "mkdocs.yml"))
        files = get_files(config)
    finally:
        os.chdir(cwd)
    sources = sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs" / "assets").rglob("*.md"))
    assert "assets/calculators/ENGINE.md" in sources
    published = [src for src in sources
                 if (f := files.get_file_from_path(src)) is not None and not f.inclusion.is_excluded()]
    assert published == []


def test_the_engine_page_still_reads_the_reference():
    from tdarules.site.calculators import engine_reference
    text = engine_reference(ROOT)
    assert "### minRaise(input)" in text and not text.startswith("## ")
