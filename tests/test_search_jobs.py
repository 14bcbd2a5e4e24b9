"""The search indexes built in a second process during a site build (site/search_jobs.py): what fails there
fails the build, as it would have in the build's own process, and a failed build leaves neither a process
writing behind it nor a scratch folder beside the site. (That the indexes it makes are whole is what every
test of the built site reads.)"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from tdarules.site.search_jobs import SearchJobs, scratch_for


def _leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if p.name.startswith(".pagefind-"))


def test_a_killed_builds_scratch_folder_is_replaced_not_kept(tmp_path):
    left = scratch_for(tmp_path / "site")
    (left / "pagefind").mkdir(parents=True)
    (left / "pagefind" / "stale.js").write_text("from a build killed mid-way", encoding="utf-8")
    jobs = SearchJobs(None, None, tmp_path / "site", static_search=True)
    assert not (left / "pagefind" / "stale.js").exists()
    jobs.cancel()
    assert _leftovers(tmp_path) == []


def test_an_error_in_the_child_is_raised_by_finish_and_nothing_is_left(tmp_path, rulebook):
    not_a_folder = tmp_path / "index"
    not_a_folder.write_text("a file where the index should go", encoding="utf-8")
    jobs = SearchJobs(rulebook, not_a_folder, tmp_path / "site", static_search=True)
    assert len(_leftovers(tmp_path)) == 1                 # Pagefind's scratch folder, beside the site
    with pytest.raises(FileExistsError):
        jobs.finish(tmp_path / "site")
    assert _leftovers(tmp_path) == [] and not (tmp_path / "site" / "pagefind").exists()


def test_a_cancelled_build_stops_the_child_before_it_writes(tmp_path, rulebook):
    jobs = SearchJobs(rulebook, tmp_path / "index", tmp_path / "site", static_search=True)
    jobs.cancel()
    assert not jobs.process.is_alive() and _leftovers(tmp_path) == []
    time.sleep(1)                                         # a child still running would write meanwhile
    assert not (tmp_path / "index" / "meta.json").exists()
