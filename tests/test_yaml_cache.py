"""The parse cache (yamlio.read_yaml_cached): the same bytes give the same document, line numbers
included; an edit is parsed anew; a file that does not parse is never kept, so its error is found again."""
from __future__ import annotations

from pathlib import Path

import pytest

from tdarules.yamlio import CACHE_ENV, CACHE_KEEP, YamlError, line_of, read_yaml, read_yaml_cached

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(CACHE_ENV, str(folder))
    return folder


def test_a_cached_document_equals_a_fresh_parse_with_its_lines(cache, tmp_path):
    source = ROOT / "rulebook" / "2024" / "ru.yaml"
    fresh = read_yaml(source)
    first = read_yaml_cached(source)
    assert len(list(cache.glob("*.pickle"))) == 1
    again = read_yaml_cached(source)
    assert again == fresh and again is not first          # a new object each time: callers may change theirs
    for path in (("rules", "43", "parts", "A"), ("procedures",), ("rules", "71")):
        assert line_of(again, path) == line_of(fresh, path) > 1


def test_an_edit_is_parsed_again(cache, tmp_path):
    file = tmp_path / "a.yaml"
    file.write_text("rules:\n  '1': one\n", encoding="utf-8")
    assert read_yaml_cached(file)["rules"]["1"] == "one"
    file.write_text("rules:\n  '1': two\n", encoding="utf-8")
    assert read_yaml_cached(file)["rules"]["1"] == "two"
    assert len(list(cache.glob("*.pickle"))) == 2


def test_a_broken_file_is_never_kept(cache, tmp_path):
    file = tmp_path / "a.yaml"
    file.write_text("rules:\n  '1': one\n  '1': again\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(YamlError) as error:
            read_yaml_cached(file)
        assert error.value.problem.line == 3 and "duplicate key" in error.value.problem.message
    assert not list(cache.glob("*.pickle"))


def test_a_damaged_entry_is_parsed_again_and_replaced(cache, tmp_path):
    file = tmp_path / "a.yaml"
    file.write_text("a: 1\n", encoding="utf-8")
    read_yaml_cached(file)
    [entry] = cache.glob("*.pickle")
    entry.write_bytes(b"not a pickle")
    assert read_yaml_cached(file) == {"a": 1}
    assert read_yaml_cached(file) == {"a": 1} and entry.read_bytes() != b"not a pickle"


def test_the_cache_keeps_a_bounded_number_of_documents(cache, tmp_path):
    file = tmp_path / "a.yaml"
    for i in range(CACHE_KEEP + 5):
        file.write_text(f"a: {i}\n", encoding="utf-8")
        read_yaml_cached(file)
    assert len(list(cache.glob("*.pickle"))) == CACHE_KEEP


def test_off_and_an_unwritable_folder_still_parse(tmp_path, monkeypatch):
    file = tmp_path / "a.yaml"
    file.write_text("a: 1\n", encoding="utf-8")
    monkeypatch.setenv(CACHE_ENV, "off")
    assert read_yaml_cached(file) == {"a": 1}
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder would go", encoding="utf-8")
    monkeypatch.setenv(CACHE_ENV, str(blocked / "yaml"))
    assert read_yaml_cached(file) == {"a": 1}
