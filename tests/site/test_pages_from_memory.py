"""Pages are answered on the event loop, from memory, without handing work to a thread (so a
search thread busy in Whoosh cannot delay them), and the memory never serves stale bytes."""
from __future__ import annotations

import os

import anyio.to_thread
import httpx
import pytest

from tdarules.search.server import create_app


@pytest.fixture
def site(tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "index.html").write_text("<p>first</p>", encoding="utf-8")
    (tmp_path / "en" / "404.html").write_text("<p>not here</p>", encoding="utf-8")
    (tmp_path / "big.bin").write_bytes(os.urandom(3 << 20))          # above the 1 MiB memory limit
    return tmp_path


def test_pages_do_not_hand_off_to_threads(site, start_server, monkeypatch):
    url = start_server(create_app(site, site / "no-index", rate=None, allowed_hosts=["127.0.0.1"], log_requests=False))
    httpx.get(url + "/en/")                          # StaticFiles checks its directory once, in a thread
    handed = []
    real = anyio.to_thread.run_sync

    async def counting(func, *args, **kwargs):
        handed.append(getattr(func, "__name__", repr(func)))
        return await real(func, *args, **kwargs)

    monkeypatch.setattr(anyio.to_thread, "run_sync", counting)
    for path in ("/en/", "/en/index.html", "/en/missing/"):
        httpx.get(url + path)
    assert handed == [], handed
    httpx.get(url + "/big.bin")                     # big files still stream from disk (via threads)
    assert handed


def test_memory_follows_the_file_and_answers_revalidation(site, start_server):
    url = start_server(create_app(site, site / "no-index", rate=None, allowed_hosts=["127.0.0.1"], log_requests=False))
    first = httpx.get(url + "/en/")
    assert first.status_code == 200 and first.text == "<p>first</p>"
    assert first.headers["content-length"] == str(len(first.content))
    tag = first.headers["etag"]
    assert httpx.get(url + "/en/", headers={"If-None-Match": tag}).status_code == 304
    head = httpx.head(url + "/en/")
    assert head.status_code == 200 and head.content == b"" and head.headers["etag"] == tag
    (site / "en" / "index.html").write_text("<p>second, longer</p>", encoding="utf-8")   # a rebuild
    second = httpx.get(url + "/en/", headers={"If-None-Match": tag})
    assert second.status_code == 200 and second.text == "<p>second, longer</p>" and second.headers["etag"] != tag
    missing = httpx.get(url + "/en/nothing/")
    assert missing.status_code == 404 and "not here" in missing.text
    big = httpx.get(url + "/big.bin")
    assert big.status_code == 200 and big.content == (site / "big.bin").read_bytes()
    assert httpx.get(url + "/en").status_code in (301, 302, 307, 308)          # directory URLs end in /
