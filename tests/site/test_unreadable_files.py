"""Site files the server may not read (a careless copy, a wrong umask, a folder left private): a
compressed sibling that cannot be read is skipped for the next encoding or the plain file; an
unreadable page or folder is the reader's 404 page with one log line, never a 500 or a 401.

The files are really made unreadable (chmod 000). Root reads them whatever their mode, so when the
tests run as root the kernel's answers for the server's user are imitated as well: opening a denied
file, and looking up or opening anything inside a denied folder, raise EACCES (stat of the denied
file or folder itself still works, as it does for a real user)."""
from __future__ import annotations

import builtins
import errno
import gzip
import io
import logging
import os
from pathlib import Path

import brotli
import httpx
import pytest

from tdarules.search.server import create_app

PAGE = "<p>rule 43</p>" * 50


@pytest.fixture
def site(tmp_path):
    site = tmp_path / "site"
    rule = site / "en" / "rules" / "43"
    rule.mkdir(parents=True)
    (rule / "index.html").write_text(PAGE, encoding="utf-8")
    (rule / "index.html.br").write_bytes(brotli.compress(PAGE.encode()))
    (rule / "index.html.gz").write_bytes(gzip.compress(PAGE.encode(), mtime=0))
    (site / "en" / "404.html").write_text("<p>not here (en)</p>", encoding="utf-8")
    (site / "404.html").write_text("<p>not here</p>", encoding="utf-8")
    (site / "big.pdf").write_bytes(os.urandom(3 << 20))           # above the in-memory limit: streamed
    return site


@pytest.fixture
def deny(monkeypatch):
    """deny(path): the server's user may no longer read `path` (file or folder)."""
    denied: list[tuple[Path, int]] = []
    as_root = os.geteuid() == 0
    real_stat, real_open, real_io_open, real_os_open = os.stat, builtins.open, io.open, os.open

    def refused(path, itself: bool) -> bool:
        if isinstance(path, int):
            return False
        text = os.path.abspath(os.fsdecode(path))
        return any(text.startswith(str(d) + os.sep) or (itself and text == str(d)) for d, _ in denied)

    def refuse(path):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))

    def stat(path, *args, **kwargs):
        if refused(path, itself=False):
            refuse(path)
        return real_stat(path, *args, **kwargs)

    def opener(real):
        def open_(file, *args, **kwargs):
            if refused(file, itself=True):
                refuse(file)
            return real(file, *args, **kwargs)
        return open_

    if as_root:
        monkeypatch.setattr(os, "stat", stat)
        monkeypatch.setattr(builtins, "open", opener(real_open))
        monkeypatch.setattr(io, "open", opener(real_io_open))
        monkeypatch.setattr(os, "open", opener(real_os_open))

    def add(path: Path) -> None:
        denied.append((path, path.stat().st_mode))
        path.chmod(0)                    # real: the mode changes (and with it the file's ctime)

    yield add
    for path, mode in reversed(denied):
        path.chmod(mode)


@pytest.fixture
def serve(site, start_server):
    return start_server(create_app(site, site.parent / "no-index", rate=None, allowed_hosts=["127.0.0.1"],
                                   log_requests=False))


def get(url: str, accept: str = "identity") -> tuple[httpx.Response, bytes]:
    with httpx.Client() as client, client.stream("GET", url, headers={"Accept-Encoding": accept}) as response:
        return response, b"".join(response.iter_raw())


def site_records(caplog) -> list[logging.LogRecord]:
    """The site's own warnings: the search pool's "index not ready" (this server has no index) comes
    from its own thread whenever it starts, and is no line about the file asked for."""
    return [r for r in caplog.records if r.levelno >= logging.WARNING and r.name == "tdarules.site"]


def test_unreadable_brotli_sibling_is_skipped(site, serve, deny, caplog):
    rule = site / "en" / "rules" / "43"
    deny(rule / "index.html.br")
    response, raw = get(serve + "/en/rules/43/", "br, gzip")
    assert response.status_code == 200 and response.headers["content-encoding"] == "gzip"
    assert gzip.decompress(raw).decode() == PAGE
    deny(rule / "index.html.gz")
    response, raw = get(serve + "/en/rules/43/", "br, gzip")
    assert response.status_code == 200 and "content-encoding" not in response.headers
    assert raw.decode() == PAGE and "accept-encoding" in response.headers["vary"].lower()
    records = site_records(caplog)
    assert records and all(r.exc_info is None for r in records)
    assert any("index.html.br" in r.getMessage() for r in records)


def test_unreadable_page_is_the_readers_404_with_one_log_line(site, serve, deny, caplog):
    assert get(serve + "/en/rules/43/")[0].status_code == 200          # now in the server's memory
    deny(site / "en" / "rules" / "43" / "index.html")
    for accept in ("br, gzip", "identity"):
        caplog.clear()
        response, raw = get(serve + "/en/rules/43/", accept)
        assert response.status_code == 404 and b"rule 43" not in raw
        assert get(serve + "/en/rules/43/")[1] == b"<p>not here (en)</p>"
        records = site_records(caplog)
        assert len(records) == 2 and records[0].exc_info is None          # one line per request
        assert "en/rules/43/index.html" in records[0].getMessage()
        assert "ermission denied" in records[0].getMessage()


def test_unreadable_big_file_is_a_404(site, serve, deny, caplog):
    deny(site / "big.pdf")
    response, raw = get(serve + "/big.pdf")
    assert response.status_code == 404 and raw == b"<p>not here</p>"
    assert len(site_records(caplog)) == 1


@pytest.mark.parametrize("folder", ["en/rules", "en/rules/43"])
def test_unreadable_folder_is_a_404_not_a_401(site, serve, deny, caplog, folder):
    deny(site / folder)
    for path in ("/en/rules/43/", "/en/rules/43", "/en/rules/43/index.html"):
        caplog.clear()
        response, raw = get(serve + path)
        assert response.status_code == 404, path
        assert raw == b"<p>not here (en)</p>", path
        records = site_records(caplog)
        assert len(records) == 1 and records[0].exc_info is None, [r.getMessage() for r in records]


def test_unreadable_404_pages_fall_back(site, serve, deny):
    deny(site / "en" / "404.html")
    response, raw = get(serve + "/en/missing/")
    assert response.status_code == 404 and raw == b"<p>not here</p>"
    deny(site / "404.html")
    response, raw = get(serve + "/en/missing/")
    assert response.status_code == 404 and b"not here" not in raw
    deny(site / "en")
    assert get(serve + "/en/rules/43/")[0].status_code == 404
