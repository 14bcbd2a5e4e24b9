"""HTML → PDF with WeasyPrint, incrementally: a document is rendered only when its HTML (or the renderer)
changed. Rendered PDFs are kept in a cache folder outside site/ (MkDocs empties site/ on every build)
under the SHA-256 of what went in, then copied to their place.

No MkDocs import: called from the plugin's on_post_build and from `rulebook pdf`.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
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


def _render_job(job: tuple[str, str]) -> tuple[int, float]:
    html_text, target = job
    started = time.perf_counter()
    pages = render_pdf(html_text, Path(target))
    return pages, time.perf_counter() - started


def render_documents(documents: list[Document], rulebook: Rulebook, strings: Strings,
                     *, site_url: str, cache_dir: Path, log=print, jobs: int | None = None) -> list[Generated]:
    """Render each document into cache_dir, only if its HTML changed since it was last rendered.
    Documents to render are rendered in parallel, one process per core (WeasyPrint is single-threaded)."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    manifest_path = cache_dir / MANIFEST
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    planned = []                                # (document, digest, cached path, html) in order
    for document in documents:
        html_text = document_html(document, rulebook, strings, site_url)
        digest = content_hash(html_text)
        planned.append((document, digest, cache_dir / f"{document.id}-{digest[:16]}.pdf", html_text))
    todo = [(d, digest, cached, html_text) for d, digest, cached, html_text in planned
            if not (cached.exists() and manifest.get(d.id, {}).get("hash") == digest)]
    date = dt.date.today().isoformat()
    work = [(html_text.replace(DATE_PLACEHOLDER, date), str(cached)) for _, _, cached, html_text in todo]
    workers = max(1, min(len(work), jobs or os.cpu_count() or 1))
    if workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            outcomes = list(pool.map(_render_job, work))
    else:
        outcomes = [_render_job(job) for job in work]
    seconds = {}
    for (document, digest, cached, _), (pages, took) in zip(todo, outcomes):
        stale = re.compile(re.escape(document.id) + r"-[0-9a-f]{16}\.pdf")
        for old in cache_dir.glob(f"{document.id}-*.pdf"):
            if old != cached and stale.fullmatch(old.name):
                old.unlink()
        manifest[document.id] = {"hash": digest, "pages": pages}
        seconds[document.id] = took
    if todo:
        manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True))
    results = []
    for document, _digest, cached, _ in planned:
        reused = document.id not in seconds
        size, pages = cached.stat().st_size, manifest[document.id]["pages"]
        results.append(Generated(document.id, document.filename, list(document.languages), document.kind,
                                 size, pages, round(seconds.get(document.id, 0.0), 2), reused, str(cached)))
        log(f"pdf: {document.filename}: {pages} pages, {size // 1024} KiB, "
            + ("unchanged" if reused else f"rendered in {seconds[document.id]:.1f} s"))
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
