"""YAML reading and writing with line numbers, so every error can name file, line and rule."""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError


@dataclass(frozen=True)
class Problem:
    """One line of `rulebook validate` output."""
    file: str
    line: int
    where: str            # rule id, "glossary:all-in", "-" when the whole file is at fault
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.where}: {self.message}"


class YamlError(Exception):
    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


def read_yaml(path: Path, shown_as: str | None = None):
    """Parse a file keeping positions; syntax errors and duplicate keys become a Problem."""
    name = shown_as or str(path)
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    try:
        return yaml.load(path.read_text(encoding="utf-8"))
    except MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 0
        message = " ".join(str(part) for part in (error.context, error.problem) if part)
        if "duplicate key" in message:
            message = "duplicate key: " + (error.problem or "").split('"')[1] if '"' in (error.problem or "") else message
        raise YamlError(Problem(name, line, enclosing_id(path, line), message.strip())) from None
    except UnicodeDecodeError as error:
        raise YamlError(Problem(name, 0, "-", f"not UTF-8: {error.reason}")) from None


ID_KEY = re.compile(r"""^  ['"]?((?:RP-)?\d{1,2}(?:-[A-Z])?)['"]?:""")


def enclosing_id(path: Path, line: int) -> str:
    """The rule (or addendum entry) whose block holds `line`: the nearest id key above it."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()[:line]
    except OSError:
        return "-"
    for text in reversed(lines):
        match = ID_KEY.match(text)
        if match:
            return match.group(1)
    return "-"


def line_of(document, path: tuple) -> int:
    """1-based line of the deepest node on `path` that the document has."""
    node, line = document, 1
    for key in path:
        if isinstance(node, CommentedMap) and key in node:
            position = node.lc.key(key)
            line = position[0] + 1
            node = node[key]
        elif isinstance(node, CommentedSeq) and isinstance(key, int) and key < len(node):
            line = node.lc.item(key)[0] + 1
            node = node[key]
        else:
            break
    return line


def dump_yaml(data, header: str = "") -> str:
    yaml = YAML()
    yaml.width = 1 << 16
    yaml.allow_unicode = True
    yaml.indent(mapping=2, sequence=4, offset=2)
    buffer = io.StringIO()
    if header:
        buffer.write(header)
    yaml.dump(data, buffer)
    return buffer.getvalue()


def to_plain(node):
    """ruamel's commented containers → dict / list, keys as strings (rule ids are keys)."""
    if isinstance(node, dict):
        return {str(k): to_plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [to_plain(v) for v in node]
    return node
