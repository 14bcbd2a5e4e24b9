"""read_yaml (libyaml's events, built into a document by ruamel) against read_yaml_round_trip (ruamel
alone): for code that reads, the two are the same document: the same values of the same types at the
same lines, and the same Problem for a file that is wrong. Only comments differ, which the round trip
keeps for writers."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tdarules.yamlio import YamlError, line_of, read_yaml, read_yaml_round_trip

ROOT = Path(__file__).resolve().parents[1]
# Every YAML file the project reads through read_yaml. The question batches are read by search with
# PyYAML's own loader (evaluate.load_queries), so one batch of each folder stands for their form
# (thousands of flow mappings in three scripts); the other ~60 would only repeat it.
SAMPLE_BATCHES = ("rulebook/training/questions_dev.yaml", "tests/search/questions_unseen.yaml")
EVERY_FILE = sorted(name for folder in ("rulebook", "tests") for path in (ROOT / folder).rglob("*.yaml")
                    if not (name := str(path.relative_to(ROOT))).rsplit("/", 1)[-1].startswith("questions_")
                    or name in SAMPLE_BATCHES)


def _paths(node, prefix=()):
    yield prefix, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


def _same_document(fast, slow) -> None:
    fast_nodes, slow_nodes = list(_paths(fast)), list(_paths(slow))
    assert [path for path, _ in fast_nodes] == [path for path, _ in slow_nodes]
    for (path, a), (_, b) in zip(fast_nodes, slow_nodes):
        assert type(a) is type(b) and (isinstance(a, (dict, list)) or repr(a) == repr(b)), path
        assert line_of(fast, path) == line_of(slow, path), path


def _outcome(read, path: Path):
    try:
        return read(path, "f.yaml")
    except YamlError as error:
        return error.problem


def test_the_project_has_yaml_files_to_compare():
    assert len(EVERY_FILE) > 25 and "rulebook/2024/en.yaml" in EVERY_FILE and set(SAMPLE_BATCHES) <= set(EVERY_FILE)


@pytest.mark.parametrize("file", EVERY_FILE)
def test_every_file_of_the_project_reads_through_libyaml_as_the_round_trip_reads_it(file, monkeypatch):
    """The same document both ways, and read through libyaml: a change of either parser that sends the
    project's files to the slow path is caught here, not in the suite's time."""
    import tdarules.yamlio as yamlio
    slow = read_yaml_round_trip(ROOT / file)

    def refuse(text, path, name):
        raise AssertionError(f"{name}: read by the round trip")
    monkeypatch.setattr(yamlio, "_round_trip", refuse)
    _same_document(read_yaml(ROOT / file, file), slow)


ODD_BUT_VALID = {
    "scalars of every kind": "a: 1\nb: 1.5\nc: true\nd: ~\ne: 0o17\nf: 0x1F\ng: 2024-01-31\nh: '1'\ni: 1_000\n"
                             "j: .inf\nk: yes\nl: 1:20\nm: |\n  two\n  lines\nn: >\n  folded\n  text\n",
    "anchors, aliases and a merge": "base: &b {x: 1, y: [1, 2]}\nother:\n  <<: *b\n  y: 3\nagain: *b\n",
    "flow and block mixed": "rules:\n  '1': {parts: [a, b], 'see': \"x\"}\n  2:\n  - - nested\n    - deeper\n",
    "explicit document": "---\na: 1\n...\n",
    "names the parsers end alike": "t: текст до них\na: &x [1, &y 2]\nb: [*x, *y]\nc: &z\n  d: 1\ne: *z\n",
    "an anchor's name ending in a colon": "- &note: text\n- *note:\n",
    "YAML 1.2 directive": "%YAML 1.2\n---\na: yes\n",
    "a tag": "a: !!str 1\nb: !custom x\n",
}
WRONG = {
    "duplicate key": "a: 1\nb: 2\na: 3\n",
    "two documents": "a: 1\n---\nb: 2\n",
    "unclosed quote": "a: 'open\nb: 2\n",
    "an alias never anchored": "a: *nowhere\n",
    "a control character": "a: b\x07c\n",
    "a tab for indentation": "a:\n\tb: 1\n",
    "empty": "",
    "too deep": "a: " + "[" * 80 + "]" * 80 + "\n",
}


@pytest.mark.parametrize("text", ODD_BUT_VALID.values(), ids=ODD_BUT_VALID.keys())
def test_what_yaml_allows_reads_the_same_both_ways(tmp_path, text):
    file = tmp_path / "f.yaml"
    file.write_text(text, encoding="utf-8")
    _same_document(read_yaml(file), read_yaml_round_trip(file))


@pytest.mark.parametrize("text", WRONG.values(), ids=WRONG.keys())
def test_a_wrong_file_is_the_same_problem_both_ways(tmp_path, text):
    file = tmp_path / "f.yaml"
    file.write_text(text, encoding="utf-8")
    fast, slow = _outcome(read_yaml, file), _outcome(read_yaml_round_trip, file)
    assert not isinstance(slow, (dict, list)) and fast == slow


SAMPLE = "\n".join((ROOT / "rulebook" / "2024" / "ru.yaml").read_text(encoding="utf-8").splitlines()[:60]) + "\n"


@settings(max_examples=300, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(cut=st.integers(0, len(SAMPLE)), insert=st.text(alphabet=" \t\n-:'\"[]{}&*!#|>%@`,?~\\aé1", max_size=6),
       drop=st.integers(0, 4))
def test_any_edit_of_a_real_file_reads_the_same_both_ways(tmp_path_factory, cut, insert, drop):
    file = tmp_path_factory.mktemp("edited") / "f.yaml"
    file.write_text(SAMPLE[:cut] + insert + SAMPLE[cut + drop:], encoding="utf-8")
    fast, slow = _outcome(read_yaml, file), _outcome(read_yaml_round_trip, file)
    if isinstance(slow, (dict, list)):
        _same_document(fast, slow)
    else:
        assert fast == slow


def test_the_round_trip_keeps_comments_for_writers(tmp_path):
    file = tmp_path / "f.yaml"
    file.write_text("# why this file is as it is\na: 1  # and this value\n", encoding="utf-8")
    from tdarules.yamlio import dump_yaml
    assert dump_yaml(read_yaml_round_trip(file)) == file.read_text(encoding="utf-8")
