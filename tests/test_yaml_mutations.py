"""Property test: whatever a careless edit or a broken disk does to a rulebook file, loading and
validating it ends in a clean load or in `file:line: id: message` problems, never another exception.

The files mutated are small rulebooks cut from the real ones (a few rules, terms and entries each), so
one example loads in milliseconds; 6 files × 350 examples = 2,100 mutations: deleted and duplicated
lines, changed indentation, truncation, random bytes.
"""
from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from tdarules.gate import check
from tdarules.yamlio import dump_yaml, positioned, read_yaml

ROOT = Path(__file__).resolve().parents[1]
FILES = ["rulebook/2024/en.yaml", "rulebook/2024/zh-Hant.yaml", "rulebook/2024/ru.yaml", "rulebook/2017/en.yaml",
         "rulebook/glossary.yaml", "rulebook/renumbering.yaml"]
PROBLEM = re.compile(r"^(?P<file>rulebook/[\w/.-]+\.yaml):(?P<line>\d+): (?P<where>\S[^:]*?|[^ ]+): (?P<message>\S.*)$")
SITUATIONS = "rulebook/situations.yaml"
EXAMPLES_PER_FILE = 350


def _cut(document, keep: dict[str, int]):
    for key, count in keep.items():
        node = document.get(key)
        if isinstance(node, dict):
            for extra in list(node)[count:]:
                del node[extra]
        elif isinstance(node, list):
            del node[count:]
    return document


def small_rulebook(target: Path) -> Path:
    """rulebook/ with every file cut down to its first few rules, terms and entries."""
    yaml = YAML(typ="rt")
    for file in FILES:
        document = yaml.load((ROOT / file).read_text(encoding="utf-8"))
        if "terms" in document:
            _cut(document, {"terms": 4})
        elif "entries" in document:
            _cut(document, {"entries": 4})
        else:
            _cut(document, {"sections": 1, "rules": 4, "procedures": 2, "addendum": 2})
        (target / file).parent.mkdir(parents=True, exist_ok=True)
        (target / file).write_text(dump_yaml(document), encoding="utf-8")
    # the search's situation vocabulary (not mutated here): its framing and words, no situations or
    # concepts, which name rules the cut does not keep
    situations = yaml.load((ROOT / SITUATIONS).read_text(encoding="utf-8"))
    situations["situations"] = []
    situations["concepts"] = []
    (target / SITUATIONS).write_text(dump_yaml(situations), encoding="utf-8")
    return target


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    root = small_rulebook(tmp_path_factory.mktemp("small"))
    rulebook, problems = check(root)
    assert rulebook is not None, problems        # the cut itself loads; what validate adds is fine
    return root


MUTATION = st.one_of(
    st.tuples(st.just("delete"), st.integers(0, 10_000)),
    st.tuples(st.just("duplicate"), st.integers(0, 10_000)),
    st.tuples(st.just("indent"), st.integers(0, 10_000), st.integers(-4, 4)),
    st.tuples(st.just("truncate"), st.floats(0, 1)),
    st.tuples(st.just("bytes"), st.floats(0, 1), st.binary(min_size=1, max_size=8)),
    st.tuples(st.just("swap"), st.integers(0, 10_000), st.integers(0, 10_000)),
)


def mutate(data: bytes, mutations) -> bytes:
    for mutation in mutations:
        kind = mutation[0]
        lines = data.split(b"\n")
        if kind in ("delete", "duplicate", "indent", "swap") and lines:
            i = mutation[1] % len(lines)
            if kind == "delete":
                del lines[i]
            elif kind == "duplicate":
                lines.insert(i, lines[i])
            elif kind == "indent":
                shift = mutation[2]
                line = lines[i]
                lines[i] = b" " * shift + line if shift > 0 else line[min(-shift, len(line) - len(line.lstrip(b" "))):]
            else:
                j = mutation[2] % len(lines)
                lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif kind == "truncate":
            data = data[:int(len(data) * mutation[1])]
        elif kind == "bytes":
            at = int(len(data) * mutation[1])
            data = data[:at] + mutation[2] + data[at + len(mutation[2]):]
    return data


@pytest.mark.parametrize("file", FILES)
def test_every_mutation_loads_cleanly_or_names_file_line_and_id(pristine, tmp_path_factory, monkeypatch, file):
    # The files not mutated are read once (the loader never changes what it read; reading them from
    # the parse cache for every example costs ~7 ms); the mutated one is always parsed afresh, so
    # every example meets the parser and the parse cache keeps only the real files.
    import tdarules.loader as loader
    parsed, cached = {}, loader.read_positioned

    def fresh_when_mutated(path, shown_as=None):
        if shown_as == file:
            return positioned(read_yaml(path, shown_as), path, shown_as)
        if shown_as not in parsed:
            parsed[shown_as] = cached(path, shown_as)
        return parsed[shown_as]
    monkeypatch.setattr(loader, "read_positioned", fresh_when_mutated)
    root = tmp_path_factory.mktemp("mutated")
    shutil.copytree(pristine / "rulebook", root / "rulebook")
    original = (pristine / file).read_bytes()
    slowest = [0.0]

    @settings(max_examples=EXAMPLES_PER_FILE, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(mutations=st.lists(MUTATION, min_size=1, max_size=3))
    def property_(mutations):
        data = mutate(original, mutations)
        (root / file).write_bytes(data)
        start = time.monotonic()
        rulebook, problems = check(root)          # any other exception fails the test
        slowest[0] = max(slowest[0], time.monotonic() - start)
        if rulebook is None:
            assert problems
        lines = data.count(b"\n") + 1
        for problem in problems:
            text = str(problem)
            match = PROBLEM.match(text)
            assert match, text
            assert "\n" not in text, text
            assert problem.where and problem.message, text
            if match["file"] == file:
                assert 1 <= int(match["line"]) <= lines + 1, (text, lines)

    property_()
    assert slowest[0] < 5, f"one mutated file took {slowest[0]:.1f} s to check"
