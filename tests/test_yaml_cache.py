"""The parse cache (yamlio.read_positioned): the same bytes give the same data and the same line for
every node; an edit is parsed anew; a file that does not parse is never kept, so its error is found again."""
from __future__ import annotations

from pathlib import Path

import pytest

from tdarules.yamlio import CACHE_ENV, CACHE_KEEP, YamlError, line_of, read_positioned, read_yaml, to_plain

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(CACHE_ENV, str(folder))
    return folder


def every_path(node, path=()):
    """Every node's path, and one step past each mapping and sequence that is not there."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from every_path(value, (*path, key))
        yield (*path, "no such key")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from every_path(value, (*path, index))
        yield (*path, len(node))


MERGED = """base: &base {x: 1, y: 2}
thing:
  <<: *base
  z: 3
list:
  - a
  - {k: [1, 2]}
  -
    q: 1
"""


@pytest.mark.parametrize("name", ["rulebook/2024/ru.yaml", "rulebook/glossary.yaml", "merged"])
def test_a_cached_file_gives_the_fresh_parse_its_data_and_every_line(cache, tmp_path, name):
    source = ROOT / name if name != "merged" else tmp_path / "merged.yaml"
    if name == "merged":
        source.write_text(MERGED, encoding="utf-8")
    fresh = read_yaml(source)
    first = read_positioned(source)
    assert len(list(cache.glob("*.pickle"))) == 1
    again = read_positioned(source)
    assert again.data == to_plain(fresh) and again is not first and again.data is not first.data   # callers may change theirs
    paths = list(every_path(fresh))
    assert len(paths) > 20
    for path in paths:        # keys as the file has them, and as text (the model's keys)
        for asked in (path, tuple(str(key) for key in path)):
            assert line_of(again, asked) == line_of(fresh, asked), asked


def test_an_edit_is_parsed_again(cache, tmp_path):
    file = tmp_path / "a.yaml"
    file.write_text("rules:\n  '1': one\n", encoding="utf-8")
    assert read_positioned(file).data["rules"]["1"] == "one"
    file.write_text("rules:\n  '1': two\n", encoding="utf-8")
    assert read_positioned(file).data["rules"]["1"] == "two"
    assert len(list(cache.glob("*.pickle"))) == 2


def test_a_broken_file_is_never_kept(cache, tmp_path):
    file = tmp_path / "a.yaml"
    file.write_text("rules:\n  '1': one\n  '1': again\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(YamlError) as error:
            read_positioned(file)
        assert error.value.problem.line == 3 and "duplicate key" in error.value.problem.message
    assert not list(cache.glob("*.pickle"))


def test_a_damaged_entry_is_parsed_again_and_replaced(cache, tmp_path):
    file = tmp_path / "a.yaml"
    file.write_text("a: 1\n", encoding="utf-8")
    read_positioned(file)
    [entry] = cache.glob("*.pickle")
    entry.write_bytes(b"not a pickle")
    assert read_positioned(file).data == {"a": 1}
    assert read_positioned(file).data == {"a": 1} and entry.read_bytes() != b"not a pickle"


def test_the_cache_keeps_a_bounded_number_of_documents(cache, tmp_path):
    file = tmp_path / "a.yaml"
    for i in range(CACHE_KEEP + 5):
        file.write_text(f"a: {i}\n", encoding="utf-8")
        read_positioned(file)
    assert len(list(cache.glob("*.pickle"))) == CACHE_KEEP


def test_off_and_an_unwritable_folder_still_parse(tmp_path, monkeypatch):
    file = tmp_path / "a.yaml"
    file.write_text("a: 1\n", encoding="utf-8")
    monkeypatch.setenv(CACHE_ENV, "off")
    assert read_positioned(file).data == {"a": 1}
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder would go", encoding="utf-8")
    monkeypatch.setenv(CACHE_ENV, str(blocked / "yaml"))
    assert read_positioned(file).data == {"a": 1}
