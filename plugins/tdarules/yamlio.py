"""YAML reading and writing with line numbers, so every error can name file, line and rule."""
from __future__ import annotations

import io
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ruamel.yaml
import yaml as pyyaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, StreamMark
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.reader import Reader, ReaderError

from .disk_cache import DiskCache

# The rulebook nests about 8 levels deep and holds ~2,000 values per file: far above both, far
# below what turns a hostile file (20,000 nested brackets, an alias bomb) into a crash or a hang.
MAX_DEPTH = 64
MAX_VALUES = 100_000


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
    """Parse a file keeping positions (every node knows its line), for code that reads; every way the
    bytes can be wrong becomes one Problem. No comments are kept: a writer uses read_yaml_round_trip.

    The events come from libyaml (C) and ruamel builds the document from them, as its own round trip
    would: the same values, types and lines in a sixth of the time (ruamel's scanner and parser are
    pure Python, ~0.15 s for an edition's file, 0.6 s for situations.yaml). A file that libyaml
    refuses, or that holds anything this path does not build the way ruamel would (a tag, a
    directive, a tab, an anchor's name the two read differently, a character ruamel refuses, a
    duplicate key, another document), is read by the round trip, which names the defect."""
    name = shown_as or str(path)
    text = _decoded(path, name)
    document = _from_libyaml_events(text, name)
    return document if document is not None else _round_trip(text, path, name)


def read_yaml_round_trip(path: Path, shown_as: str | None = None):
    """read_yaml keeping comments and styles, for code that edits the document and dumps it back."""
    name = shown_as or str(path)
    return _round_trip(_decoded(path, name), path, name)


def _decoded(path: Path, name: str) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise YamlError(Problem(name, line, enclosing_id(path, line),
                                f"not UTF-8: byte 0x{raw[error.start]:02X} ({error.reason})")) from None


_EVENT_KINDS = {pyyaml.MappingStartEvent: MappingNode, pyyaml.SequenceStartEvent: SequenceNode}


def _from_libyaml_events(text: str, name: str):
    """The round trip's document without its comments, composed from libyaml's events the way
    ruamel's composer does (ruamel's resolver types each scalar, ruamel's constructor builds and
    checks the document); None when the round trip must read the file instead."""
    # libyaml takes a tab as a space where ruamel refuses it, and lets through characters ruamel refuses
    if not hasattr(pyyaml, "CSafeLoader") or "\t" in text or Reader.NON_PRINTABLE.search(text):
        return None
    loader = YAML(typ="rt")
    loader.allow_duplicate_keys = False
    resolve = loader.resolver.resolve
    open_nodes: list[list] = []           # [collection node, the key waiting for its value]
    documents: list[Node] = []
    anchors: dict[str, Node] = {}

    def plainly_named(event) -> bool:
        """The two parsers end a name at different characters ("&a: x" is anchor "a" to libyaml,
        "a:" to ruamel): a name both read alike ends at a space, a line's end or a flow bracket."""
        after = event.start_mark.index + 1 + len(event.anchor)
        return text[event.start_mark.index] in "&*" and (after >= len(text) or text[after] in " \r\n,]}")

    def mark(at) -> StreamMark:
        return StreamMark(name, at.index, at.line, at.column)

    def place(node: Node) -> None:
        if not open_nodes:
            documents.append(node)
            return
        parent = open_nodes[-1]
        if isinstance(parent[0], SequenceNode):
            parent[0].value.append(node)
        elif parent[1] is None:
            parent[1] = node
        else:
            parent[0].value.append((parent[1], node))
            parent[1] = None

    try:
        for event in pyyaml.parse(text, Loader=pyyaml.CSafeLoader):
            kind = type(event)
            if kind is pyyaml.ScalarEvent or kind in _EVENT_KINDS:
                if event.tag not in (None, "!") or (event.anchor is not None and not plainly_named(event)):
                    return None
                if kind is pyyaml.ScalarEvent:
                    node = ScalarNode(resolve(ScalarNode, event.value, event.implicit), event.value,
                                      mark(event.start_mark), mark(event.end_mark), style=event.style,
                                      anchor=event.anchor)
                else:
                    cls = _EVENT_KINDS[kind]
                    node = cls(resolve(cls, None, event.implicit), [], mark(event.start_mark), None,
                               flow_style=event.flow_style, anchor=event.anchor)
                if event.anchor is not None:
                    anchors[event.anchor] = node
                place(node)
                if kind is not pyyaml.ScalarEvent:
                    open_nodes.append([node, None])
                    if len(open_nodes) > MAX_DEPTH:
                        return None
            elif kind is pyyaml.MappingEndEvent or kind is pyyaml.SequenceEndEvent:
                open_nodes.pop()[0].end_mark = mark(event.end_mark)
            elif kind is pyyaml.AliasEvent:
                if event.anchor not in anchors or not plainly_named(event):
                    return None
                place(anchors[event.anchor])
            elif kind is pyyaml.DocumentStartEvent and (event.version or event.tags):
                return None
        if len(documents) != 1:
            return None
        return loader.constructor.construct_document(documents[0])
    except Exception:            # libyaml's errors, a duplicate key, …: the round trip names them
        return None


def _round_trip(text: str, path: Path, name: str):
    """ruamel's round trip of `text`: the document with its comments, or the Problem that names
    what is wrong with it."""
    deep = _line_past_max_depth(text)
    if deep is not None:
        raise YamlError(Problem(name, deep, enclosing_id(path, deep), f"nested more than {MAX_DEPTH} levels deep"))
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    yaml.max_depth = MAX_DEPTH
    try:
        document = yaml.load(text)
    except MarkedYAMLError as error:
        # An unterminated quote or block is only noticed where the file (or the next key) begins:
        # "while scanning …" errors name where it started, which is what an editor has to fix.
        start_first = str(error.context or "").startswith("while scanning")
        mark = (error.context_mark or error.problem_mark) if start_first else (error.problem_mark or error.context_mark)
        line = mark.line + 1 if mark else 1
        message = " ".join(str(part) for part in (error.context, error.problem) if part)
        runaway = _runaway_quote(text, line)
        if runaway is not None:
            line, message = runaway
        if "duplicate key" in message:
            message = "duplicate key: " + (error.problem or "").split('"')[1] if '"' in (error.problem or "") else message
        if "maximum depth" in message:
            message = f"nested more than {MAX_DEPTH} levels deep"
        raise YamlError(Problem(name, line, enclosing_id(path, line), message.strip())) from None
    except ReaderError as error:       # a character YAML does not allow (NUL, other control characters)
        line = text.count("\n", 0, max(0, error.position)) + 1
        char = error.character if isinstance(error.character, str) else chr(error.character or 0)
        raise YamlError(Problem(name, line, enclosing_id(path, line),
                                f"character U+{ord(char):04X} is not allowed in YAML")) from None
    except RecursionError:
        raise YamlError(Problem(name, 1, "-", f"nested too deeply to read (more than {MAX_DEPTH} levels)")) from None
    except Exception as error:          # ruamel's other errors (bad tags, unhashable keys) carry no mark
        message = " ".join(f"cannot read YAML: {type(error).__name__}: {error}".split())[:300]
        raise YamlError(Problem(name, 1, "-", message)) from None
    if document is None:
        raise YamlError(Problem(name, 1, "-", "file is empty"))
    return document


# Even through libyaml, the rulebook's files take ~0.3 s to read (situations.yaml alone 0.16 s), and
# every build, CLI call and test that reads the rulebook paid it again for the same bytes. What a
# reader needs of a file that parsed (its plain data and the line of each node: `Positioned`) is kept,
# pickled, under the SHA-256 of its bytes (plus the parser's version and settings): the same bytes
# give the same result, and anything else (an edit, a broken file) is parsed and checked anew. Only
# files that parsed are kept, so every error is still found by the parser itself. Plain data and a
# table of lines unpickle in a fifth of the time of ruamel's document (whose every node carries its
# positions as objects), and leave nothing to convert.
CACHE_ENV = "TDA_YAML_CACHE"          # a directory, or "off"
CACHE_KEEP = 256                      # files kept; the oldest go first
_CACHE = DiskCache("yaml", CACHE_ENV, CACHE_KEEP)
_CACHE_SALT = f"yaml-3|{ruamel.yaml.__version__}|{pyyaml.__version__}|{sys.version_info[:2]}|{MAX_DEPTH}|{MAX_VALUES}".encode()


@dataclass(frozen=True)
class Positioned:
    """A file as readers take it (the loader, the interface strings): its plain data (aliases expanded,
    keys as text: `to_plain`) and where each of its nodes stands, for `line_of`. Writers read ruamel's
    document instead (read_yaml_round_trip), to dump it back."""
    data: Any
    line: int            # the document's own line
    # the nodes' lines as ruamel's document has them: a mapping's {key as in the file: (line or None
    # for a key merged in, its value's lines)}, a sequence's [(line, the item's lines)], None for a scalar
    lines: Any


def positioned(document, path: Path, shown_as: str | None = None) -> Positioned:
    """What read_yaml's document gives a reader; a YamlError when it expands past MAX_VALUES values."""
    data = bounded_plain(document, Path(path), shown_as or str(path))
    return Positioned(data, _own_line(document), _lines(document))


def _own_line(document) -> int:
    """1-based line where ruamel's document starts (1 when it does not say)."""
    return document.lc.line + 1 if isinstance(document, (CommentedMap, CommentedSeq)) and document.lc.line is not None else 1


def _lines(node):
    if isinstance(node, CommentedMap):
        known = node.lc.data or {}
        return {key: ((known.get(key) or (None,))[0], _lines(value)) for key, value in node.items()}
    if isinstance(node, CommentedSeq):
        return [(node.lc.item(index)[0], _lines(value)) for index, value in enumerate(node)]
    return None


def _line_past_max_depth(text: str) -> int | None:
    """A line where collections nest past MAX_DEPTH, read by libyaml; None when they do not or when
    libyaml cannot read the file (the round trip then names what is wrong). ruamel stops at the
    same depth, but only after its scanner has read the whole run of brackets, rescanning every open
    level for each one: 5,000 nested brackets take it seconds, libyaml (C) a millisecond and it stops
    at the first level too deep."""
    if not hasattr(pyyaml, "CSafeLoader"):         # PyYAML built without libyaml: ruamel alone
        return None
    depth = 0
    try:
        for event in pyyaml.parse(text, Loader=pyyaml.CSafeLoader):
            if isinstance(event, pyyaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return int(event.start_mark.line) + 1
            elif isinstance(event, pyyaml.CollectionEndEvent):
                depth -= 1
    except pyyaml.YAMLError as error:
        # libyaml reads ahead through a run of brackets and stops itself past 1,000 levels
        mark = getattr(error, "problem_mark", None)
        if mark is not None and "nesting depth" in str(getattr(error, "problem", "")):
            return int(mark.line) + 1
        return None
    return None


def read_positioned(path: Path, shown_as: str | None = None) -> Positioned:
    """read_yaml as a reader takes it (`positioned`), from the parse cache when these exact bytes
    parsed before. Each call gives a new object: a caller may change its data."""
    if _CACHE.folder() is None:
        return positioned(read_yaml(path, shown_as), path, shown_as)
    key = _CACHE.key(_CACHE_SALT, Path(path).read_bytes())
    found = _CACHE.load(key)
    if not isinstance(found, Positioned):
        found = positioned(read_yaml(path, shown_as), path, shown_as)       # raises YamlError: nothing is kept
        _CACHE.store(key, found)
    return found


def _runaway_quote(text: str, error_line: int) -> tuple[int, str] | None:
    """(line, message) when a quoted scalar opened before the error swallowed a rule key: the quote
    that was never closed is the defect, not the line where the parser finally gave up."""
    from ruamel.yaml.tokens import ScalarToken
    yaml = YAML(typ="rt")
    last = None
    try:
        for token in yaml.scan(text):
            if isinstance(token, ScalarToken) and token.style in ('"', "'"):
                last = token
    except Exception:        # the same error the parser met; tokens before it are what we need
        pass
    if last is None or last.start_mark.line + 1 > error_line:
        return None
    swallowed = text[last.start_mark.index:last.end_mark.index]
    key = KEY_LINE.search(swallowed)
    if key is None:
        return None
    key_line = last.start_mark.line + 1 + swallowed.count("\n", 0, key.start() + 1)
    return (last.start_mark.line + 1,
            f"quoted text opened here is never closed: it runs on into '{key.group(1)}' (line {key_line})")


KEY_LINE = re.compile(r"""\n {2,8}['"]?((?:RP-)?\d{1,2}(?:-[A-Z])?|[a-z_]+)['"]?:(?: |\n)""")
ID_KEY = re.compile(r"""^  ['"]?((?:RP-)?\d{1,2}(?:-[A-Z])?)['"]?:""")


def bounded_plain(document, path: Path, shown_as: str):
    """to_plain, a document that expands past MAX_VALUES values being a YamlError that names the
    file, the line and the rule around it."""
    try:
        return to_plain(document)
    except TooLarge as error:
        raise YamlError(Problem(shown_as, error.line, enclosing_id(path, error.line),
                                f"expands to more than {MAX_VALUES:,} values (YAML aliases nested too deep?)")) from None


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
    """1-based line of the deepest node on `path` that the document (ruamel's, or `Positioned`) has."""
    if isinstance(document, Positioned):
        return _positioned_line(document, path)
    node, line = document, _own_line(document)
    for key in path:
        if isinstance(node, CommentedMap) and key in node:
            position = (node.lc.data or {}).get(key)     # a key merged in (<<: *anchor) has none here
            if position is not None:
                line = position[0] + 1
            node = node[key]
        elif isinstance(node, CommentedSeq) and isinstance(key, int) and key < len(node):
            line = node.lc.item(key)[0] + 1
            node = node[key]
        else:
            break
    return line


def _positioned_line(document: Positioned, path: tuple) -> int:
    """line_of's walk over `Positioned.lines`: the same steps as over ruamel's nodes."""
    line, lines = document.line, document.lines
    for key in path:
        if isinstance(lines, dict) and key in lines:
            at, lines = lines[key]
        elif isinstance(lines, list) and isinstance(key, int) and key < len(lines):
            at, lines = lines[key]
        else:
            break
        if at is not None:
            line = at + 1
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


class TooLarge(Exception):
    """The document expands (through aliases) to more than MAX_VALUES values."""
    def __init__(self, line: int):
        super().__init__(line)
        self.line = line


def to_plain(node, budget: list[int] | None = None):
    """ruamel's commented containers → dict / list, keys as strings (rule ids are keys).

    Aliases are expanded here, so the count of values produced is bounded: TooLarge names the line
    of the container being expanded when the budget runs out.
    """
    if budget is None:
        budget = [MAX_VALUES]
    if isinstance(node, (dict, list)):
        budget[0] -= len(node) + 1
        if budget[0] < 0:
            lc = getattr(node, "lc", None)
            raise TooLarge((lc.line or 0) + 1 if lc is not None else 1)
    if isinstance(node, dict):
        return {str(k): to_plain(v, budget) for k, v in node.items()}
    if isinstance(node, list):
        return [to_plain(v, budget) for v in node]
    return node
