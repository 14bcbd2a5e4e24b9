"""A damaged search index is named, not served: /healthz says what is broken (503) and a search on a
broken language is a 503 with one log line, over real HTTP on 127.0.0.1."""
from __future__ import annotations

import json
import logging
import random
import shutil

import httpx
import pytest

from tdarules.search import health
from tdarules.search.server import create_app


def _truncate_meta(index):
    meta = index / "meta.json"
    meta.write_bytes(meta.read_bytes()[:5000])


def _randomise_segment(index):
    segment = next((index / "ru").glob("*.seg"))
    data = bytearray(segment.read_bytes())
    rng = random.Random(7)
    for i in range(len(data) // 3, len(data) // 3 + 4096):
        data[i] = rng.randrange(256)
    segment.write_bytes(bytes(data))


def _remove_language(index):
    shutil.rmtree(index / "ru")


def _unreadable_segment(index):
    segment = next((index / "ru").glob("*.seg"))
    segment.unlink()
    segment.mkdir()                  # read_bytes() fails as it would on a file it may not read (tests run as root)


DAMAGE = {"meta-truncated": _truncate_meta, "segment-randomised": _randomise_segment,
          "language-missing": _remove_language, "segment-unreadable": _unreadable_segment}


@pytest.fixture
def damaged_index(tmp_path, index_dir, request):
    copy = tmp_path / "index"
    shutil.copytree(index_dir, copy)
    DAMAGE[request.param](copy)
    return copy


@pytest.mark.parametrize("damaged_index", sorted(DAMAGE), indirect=True)
def test_damage_is_reported_and_refused(start_server, site_dir, damaged_index, caplog, request):
    kind = request.node.callspec.params["damaged_index"]
    caplog.set_level(logging.ERROR, logger="tdarules.search")
    url = start_server(create_app(site_dir, damaged_index, rate=None, log_requests=False))
    health_response = httpx.get(f"{url}/healthz")
    assert health_response.status_code == 503
    body = health_response.json()
    assert body["status"] == "damaged" and body["problems"] and "pid" not in body
    assert ("meta.json" if kind == "meta-truncated" else "ru") in " ".join(body["problems"])
    caplog.clear()
    for _ in range(3):
        response = httpx.get(f"{url}/api/search", params={"q": "рейз", "lang": "ru"})
        assert response.status_code == 503 and "damaged" in response.json()["error"]
    lines = [r for r in caplog.records if r.name == "tdarules.search"]
    assert len(lines) <= len(body["problems"]) and not any(r.exc_info for r in lines)
    if kind != "meta-truncated":           # the other languages are whole and still searched
        assert httpx.get(f"{url}/api/search", params={"q": "raise", "lang": "en"}).status_code == 200


def test_a_whole_index_is_ok_and_every_file_is_recorded(index_dir):
    meta = json.loads((index_dir / "meta.json").read_text(encoding="utf-8"))
    assert {name.split("/")[0] for name in meta["files"]} == set(meta["languages"])
    assert health.inspect(index_dir).status == "ok"


def test_healthz_reads_the_index_once_per_interval(index_dir, monkeypatch):
    reads = []
    original = health.inspect
    monkeypatch.setattr(health, "inspect", lambda d: reads.append(d) or original(d))
    check = health.HealthCheck(index_dir)
    for _ in range(50):
        assert check().ok
    assert len(reads) == 1
