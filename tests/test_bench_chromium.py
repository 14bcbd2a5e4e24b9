"""The browser benchmarks (bench/search.py, web.py, query_data.py, audit.py, lunr_site.py) on a machine
without Debian's chromium: one line saying how to install it, not Playwright's traceback about a
browser build it cannot download here."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


def bench_chromium():
    spec = importlib.util.spec_from_file_location("bench_chromium", BENCH / "chromium.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_chromium_the_benchmarks_say_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))          # a PATH that holds no chromium
    with pytest.raises(SystemExit, match=r"make system-browser"):
        bench_chromium().chromium_path()


def test_with_chromium_on_the_path_its_path_is_used(monkeypatch, tmp_path):
    fake = tmp_path / "chromium"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert bench_chromium().chromium_path() == str(fake)


def test_every_browser_benchmark_finds_chromium_the_same_way():
    for script in ("search.py", "web.py", "query_data.py", "audit.py", "lunr_site.py"):
        text = (BENCH / script).read_text(encoding="utf-8")
        assert "chromium_path()" in text and 'which("chromium")' not in text, script
