"""Brotli and gzip siblings (web/precompress.py): written when worth it, decompress to the file, and
on a second pass only what changed is compressed again; a new site folder with the same files takes
them from the cache."""
from __future__ import annotations

import gzip

import brotli
import pytest

from tdarules.web import precompress as module
from tdarules.web.precompress import precompress


@pytest.fixture(autouse=True)
def cache(tmp_path_factory, monkeypatch):
    folder = tmp_path_factory.mktemp("precompress-cache")
    monkeypatch.setenv("TDA_PRECOMPRESS_CACHE", str(folder))
    return folder


@pytest.fixture
def compressed(monkeypatch):
    """The inputs brotli compresses, in order."""
    seen = []
    real = brotli.compress
    monkeypatch.setattr(brotli, "compress", lambda data, **kw: seen.append(data) or real(data, **kw))
    return seen


def page(n: int) -> bytes:
    return ("<html><body>" + "".join(f"<p>Rule {i}: the dealer announces the bet.</p>" for i in range(n))
            + "</body></html>").encode()


def test_siblings_hold_the_file_and_small_files_get_none(tmp_path):
    (tmp_path / "a.html").write_bytes(page(200))
    (tmp_path / "tiny.js").write_bytes(b"x")
    (tmp_path / "image.png").write_bytes(page(200))
    totals = precompress(tmp_path)
    assert totals["files"] == 2
    assert brotli.decompress((tmp_path / "a.html.br").read_bytes()) == page(200)
    assert gzip.decompress((tmp_path / "a.html.gz").read_bytes()) == page(200)
    assert not (tmp_path / "tiny.js.br").exists() and not (tmp_path / "image.png.br").exists()


def test_a_second_pass_compresses_only_what_changed(tmp_path, compressed, monkeypatch):
    monkeypatch.setenv("TDA_PRECOMPRESS_CACHE", "off")
    for name, n in (("a.html", 200), ("b.html", 300)):
        (tmp_path / name).write_bytes(page(n))
    precompress(tmp_path)
    (tmp_path / "b.html").write_bytes(page(301))
    (tmp_path / "a.html.gz").write_bytes(b"damaged")

    compressed.clear()
    precompress(tmp_path)
    assert compressed == [page(301)]                       # a.html's brotli sibling was kept
    assert brotli.decompress((tmp_path / "b.html.br").read_bytes()) == page(301)
    assert gzip.decompress((tmp_path / "a.html.gz").read_bytes()) == page(200)   # the damaged one redone


def test_a_new_site_folder_takes_unchanged_files_from_the_cache(tmp_path, compressed):
    first, second = tmp_path / "first", tmp_path / "second"
    for folder, n in ((first, 300), (second, 301)):
        folder.mkdir()
        (folder / "same.html").write_bytes(page(200))
        (folder / "changed.html").write_bytes(page(n))
    precompress(first)
    compressed.clear()
    precompress(second)
    assert compressed == [page(301)]                        # only the file that differs
    for name, n in (("same.html", 200), ("changed.html", 301)):
        assert brotli.decompress((second / f"{name}.br").read_bytes()) == page(n)
        assert gzip.decompress((second / f"{name}.gz").read_bytes()) == page(n)


def test_the_cache_off_compresses_every_time(tmp_path, compressed, monkeypatch):
    monkeypatch.setenv("TDA_PRECOMPRESS_CACHE", "off")
    for name in ("first", "second"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "a.html").write_bytes(page(200))
        precompress(tmp_path / name)
    assert compressed == [page(200), page(200)]


def test_the_cache_keeps_the_most_recently_used(tmp_path, cache, compressed, monkeypatch):
    monkeypatch.setattr(module.CACHE, "keep", 4)             # two files' brotli and gzip
    for n in (200, 201, 202):
        folder = tmp_path / str(n)
        folder.mkdir()
        (folder / "a.html").write_bytes(page(n))
        precompress(folder)
    assert len(list(cache.iterdir())) == 4
    (tmp_path / "again").mkdir()
    (tmp_path / "again" / "a.html").write_bytes(page(200))   # the oldest, evicted: compressed anew
    compressed.clear()
    precompress(tmp_path / "again")
    assert compressed == [page(200)]
