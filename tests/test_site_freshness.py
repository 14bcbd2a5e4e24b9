"""The tests' built site is judged fresh only when it is newer than every file it is built from."""
from __future__ import annotations

import os

import site_freshness


def test_a_source_newer_than_the_site_makes_it_stale(tmp_path, monkeypatch):
    root = tmp_path
    (root / "site").mkdir()
    (root / "rulebook").mkdir()
    page, source = root / "site" / "index.html", root / "rulebook" / "glossary.yaml"
    page.write_text("built")
    source.write_text("terms: []")
    monkeypatch.setattr(site_freshness, "ROOT", root)
    monkeypatch.setattr(site_freshness, "SITE", root / "site")
    os.utime(source, (1_000, 1_000))
    os.utime(page, (2_000, 2_000))
    assert site_freshness.is_fresh()
    os.utime(source, (3_000, 3_000))                  # edited after the build
    assert not site_freshness.is_fresh()
    generated = root / "docs" / "generated" / "x.md"    # the build's own output is not a source
    generated.parent.mkdir(parents=True)
    generated.write_text("x")
    os.utime(source, (1_000, 1_000))
    os.utime(generated, (9_000, 9_000))
    assert site_freshness.is_fresh()
    page.unlink()
    assert not site_freshness.is_fresh()
