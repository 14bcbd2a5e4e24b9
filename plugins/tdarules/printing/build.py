"""The build's PDF step (called by the tda-rules plugin): every document, rendered only if changed."""
from __future__ import annotations

import logging
from pathlib import Path

from ..loader import Rulebook
from ..site.generate import load_strings
from .documents import DOCUMENTS
from .pdf import Generated, render_documents

log = logging.getLogger("mkdocs.plugins.tda-rules")


def render_site_pdfs(rulebook: Rulebook, rulebook_dir: Path, site_url: str, cache_dir: Path) -> list[Generated]:
    return render_documents(list(DOCUMENTS), rulebook, load_strings(rulebook_dir), site_url=site_url or "/",
                            cache_dir=cache_dir, log=log.info)
