"""HTML → PDF with WeasyPrint, incrementally: a document is rendered only when its HTML (or the renderer)
changed. Rendered PDFs are kept in a cache folder outside site/ (MkDocs empties site/ on every build)
under the SHA-256 of what went in, then copied to their place.

No MkDocs import: called from the plugin's on_post_build and from `rulebook pdf`.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import shutil
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from ..loader import Rulebook
from ..strings import Strings
from .documents import DATE_PLACEHOLDER, Document, document_html

MANIFEST = "manifest.json"


@dataclass
class Generated:
    id: str
    filename: str
    languages: list[str]
    kind: str
    bytes: int
    pages: int
    seconds: float            # render time; 0.0 when the cached PDF was reused
    reused: bool
    path: str                 # the rendered file in the cache


def renderer_version() -> str:
    import pydyf
    import weasyprint
    return f"weasyprint {weasyprint.__version__}, pydyf {pydyf.__version__}"


def content_hash(html_text: str) -> str:
    return hashlib.sha256((renderer_version() + "\n" + html_text).encode("utf-8")).hexdigest()


def render_pdf(html_text: str, target: Path) -> int:
    """Render one document; returns its page count."""
    import logging
    from weasyprint import HTML
    # WeasyPrint logs every unsupported CSS property of the shared stylesheet as a warning; our own
    # stylesheet is the only input, so keep its log to errors.
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    document = HTML(string=html_text, base_url=str(target.parent)).render()
    target.parent.mkdir(parents=True, exist_ok=True)
    document.write_pdf(target, pdf_variant=None, uncompressed_pdf=False, custom_metadata=False)
    return len(document.pages)


def render_documents(documents: list[Document], rulebook: Rulebook, strings: Strings,
                     *, site_url: str, cache_dir: Path, log=print) -> list[Generated]:
    """Render each document into cache_dir, only if its HTML changed since it was last rendered."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    manifest_path = cache_dir / MANIFEST
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    results = []
    for document in documents:
        html_text = document_html(document, rulebook, strings, site_url)
        digest = content_hash(html_text)
        cached = cache_dir / f"{document.id}-{digest[:16]}.pdf"
        entry = manifest.get(document.id)
        started = time.perf_counter()
        reused = cached.exists() and entry is not None and entry.get("hash") == digest
        if not reused:
            date = dt.date.today().isoformat()
            pages = render_pdf(html_text.replace(DATE_PLACEHOLDER, date), cached)
            stale = re.compile(re.escape(document.id) + r"-[0-9a-f]{16}\.pdf")
            for old in cache_dir.glob(f"{document.id}-*.pdf"):
                if old != cached and stale.fullmatch(old.name):
                    old.unlink()
            entry = {"hash": digest, "pages": pages}
            manifest[document.id] = entry
            manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True))
        seconds = 0.0 if reused else time.perf_counter() - started
        size = cached.stat().st_size
        results.append(Generated(document.id, document.filename, list(document.languages), document.kind,
                                 size, entry["pages"], round(seconds, 2), reused, str(cached)))
        log(f"pdf: {document.filename}: {entry['pages']} pages, {size // 1024} KiB, "
            + ("unchanged" if reused else f"rendered in {seconds:.1f} s"))
    return results


def publish(results: list[Generated], out_dir: Path) -> None:
    """Copy the rendered PDFs to out_dir (site/pdf/) with an index.json of what is there."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for result in results:
        target = out_dir / result.filename
        if not (target.exists() and target.read_bytes() == Path(result.path).read_bytes()):
            shutil.copyfile(result.path, target)
    write_index(results, out_dir)


def write_index(results: list[Generated], out_dir: Path) -> None:
    """site/pdf/index.json: what the home pages list (file, languages, size, pages)."""
    listing = [{k: v for k, v in asdict(r).items() if k not in ("path", "reused", "seconds")} for r in results]
    (out_dir / "index.json").write_text(json.dumps(listing, ensure_ascii=False, indent=1))
