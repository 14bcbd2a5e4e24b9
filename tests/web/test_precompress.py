"""Brotli and gzip siblings (web/precompress.py): written when worth it, decompress to the file, and
on a second pass only what changed is compressed again."""
from __future__ import annotations

import gzip

import brotli

from tdarules.web.precompress import precompress


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


def test_a_second_pass_compresses_only_what_changed(tmp_path, monkeypatch):
    for name, n in (("a.html", 200), ("b.html", 300)):
        (tmp_path / name).write_bytes(page(n))
    precompress(tmp_path)
    (tmp_path / "b.html").write_bytes(page(301))
    (tmp_path / "a.html.gz").write_bytes(b"damaged")

    compressed = []
    real = brotli.compress
    monkeypatch.setattr(brotli, "compress", lambda data, **kw: compressed.append(data) or real(data, **kw))
    precompress(tmp_path)
    assert compressed == [page(301)]                       # a.html's brotli sibling was kept
    assert brotli.decompress((tmp_path / "b.html.br").read_bytes()) == page(301)
    assert gzip.decompress((tmp_path / "a.html.gz").read_bytes()) == page(200)   # the damaged one redone
