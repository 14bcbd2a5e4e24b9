"""Brotli and gzip siblings (``page.html.br``, ``page.html.gz``) for every text file of the built site.

Written once at build time at the highest settings, so `rulebook serve` (and nginx's
``brotli_static``/``gzip_static``, or any static host that knows the convention) sends compressed bytes
without compressing per request. A sibling is kept only when it saves at least 5 %. Files that are
already compressed (Pagefind's ``.pf_*`` chunks and wasm, images) are left alone.

Compressing is the largest single cost of a build, and most files come out byte for byte the same
from one build to the next (a fresh site folder each time): compressed bytes are kept in the user's
cache folder under the SHA-256 of the file's bytes and the settings (``~/.cache/tdarules/precompress``,
``TDA_PRECOMPRESS_CACHE``: another folder, or ``off``), the least recently used going first.

Plain functions, no MkDocs import.
"""
from __future__ import annotations

import gzip
import hashlib
import os
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import brotli

from ..disk_cache import DiskCache

TEXT_SUFFIXES = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".webmanifest"}
# The Whoosh index is read by the server, never sent; Material's lunr search is not used here.
SKIP_PREFIXES = ("search-index/", "assets/javascripts/lunr/", "assets/javascripts/workers/")
# Brotli 11 costs ~120 ms per rule page against ~40 ms for 10 (4 % larger): the ~450 pages per
# language take 10, the assets every page shares take 11.
HTML_QUALITY, ASSET_QUALITY = 10, 11
GZIP_LEVEL = 9
MIN_SAVING = 0.05
# Entries kept: a whole site is ~8,000 (two per text file), so a few builds' worth of changes.
CACHE = DiskCache("precompress", "TDA_PRECOMPRESS_CACHE", keep=40_000)


def compressible(path: Path, site_dir: Path) -> bool:
    rel = path.relative_to(site_dir).as_posix()
    return path.suffix in TEXT_SUFFIXES and not rel.startswith(SKIP_PREFIXES) and path.is_file()


def compress_file(path: Path) -> tuple[int, int, int]:
    """Write path.br and path.gz (when worth it); return (raw, br, gz) sizes (0 = not written).

    A sibling that already decompresses to these bytes is kept as it is: finalizing a site again
    (a redeploy of a few changed pages) compresses only what changed. Decompressing costs ~1 % of
    compressing at these settings."""
    data = path.read_bytes()
    sizes = [len(data), 0, 0]
    quality = HTML_QUALITY if path.suffix == ".html" else ASSET_QUALITY
    # (sibling, its setting, which the cache's key names, compress, decompress)
    variants = ((".br", quality, lambda d: brotli.compress(d, quality=quality), brotli.decompress),
                (".gz", GZIP_LEVEL, lambda d: gzip.compress(d, compresslevel=GZIP_LEVEL, mtime=0), gzip.decompress))
    for i, (suffix, setting, compress, decompress) in enumerate(variants, start=1):
        target = path.with_name(path.name + suffix)
        packed = _same(target, data, decompress)
        if packed is None:
            packed = _cached(data, f"{suffix}{setting}", compress)
            if len(packed) > len(data) * (1 - MIN_SAVING):
                target.unlink(missing_ok=True)
                continue
            target.write_bytes(packed)
        stat = path.stat()
        os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        sizes[i] = len(packed)
    return tuple(sizes)


def _cached(data: bytes, setting: str, compress) -> bytes:
    """compress(data), from the cache when these bytes were compressed so before."""
    folder = CACHE.folder()
    if folder is None:
        return compress(data)
    entry = folder / f"{hashlib.sha256(data).hexdigest()}{setting}"
    try:
        packed = entry.read_bytes()
        os.utime(entry)                                   # used: kept longer
        return packed
    except OSError:
        pass
    packed = compress(data)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        aside = entry.with_name(f".{entry.name}.{os.getpid()}")
        aside.write_bytes(packed)
        os.replace(aside, entry)
    except OSError:
        pass                                              # a read-only home: compress every time
    return packed


def _evict() -> None:
    """Keep the CACHE.keep most recently used entries."""
    folder = CACHE.folder()
    try:
        entries = sorted(folder.iterdir(), key=lambda p: p.stat().st_mtime_ns) if folder and folder.is_dir() else []
        for stale in entries[:max(0, len(entries) - CACHE.keep)]:
            stale.unlink(missing_ok=True)
    except OSError:
        pass


def _same(target: Path, data: bytes, decompress) -> bytes | None:
    """The sibling's bytes when it holds ``data`` already, else None."""
    try:
        packed = target.read_bytes()
        return packed if decompress(packed) == data else None
    except (OSError, brotli.error, gzip.BadGzipFile, EOFError, zlib.error):
        return None


def precompress(site_dir: Path, workers: int = 2) -> dict[str, int]:
    """Compress every text file under site_dir; returns totals {files, raw, br, gz}."""
    site_dir = Path(site_dir)
    files = [p for p in site_dir.rglob("*") if compressible(p, site_dir)]
    with ThreadPoolExecutor(max_workers=workers) as pool:   # brotli releases the GIL
        results = list(pool.map(compress_file, files))
    _evict()
    return {"files": len(files), "raw": sum(r[0] for r in results),
            "br": sum(r[1] or r[0] for r in results), "gz": sum(r[2] or r[0] for r in results)}


def precompress_files(paths: list[Path]) -> None:
    """Compress a few files written after the main pass (the service worker and its lists)."""
    for path in paths:
        compress_file(Path(path))
