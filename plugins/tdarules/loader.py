"""Load the rulebook YAML once into typed objects; report every problem as file:line: rule: message."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from .chinese import simplified
from .model import CURRENT_EDITION, LANGUAGES, OLDER_EDITIONS, PUBLISHED_EDITIONS, YEAR, Edition, GlossaryTerm, Renumbering, \
    Review, SituationVocabulary, Step, Succession
from .yamlio import Positioned, Problem, YamlError, line_of, read_positioned

# The editions the site is built from: the current one in every stored language, the older English ones.
EDITION_FILES = {*((CURRENT_EDITION, lang) for lang in LANGUAGES), *((year, "en") for year in OLDER_EDITIONS)}


def stored_editions(root: Path) -> set[tuple[str, str]]:
    """(year, language) of every rulebook/<year>/<lang>.yaml on disk."""
    base = root / "rulebook"
    return {(folder.name, lang) for folder in (base.iterdir() if base.is_dir() else ())
            if folder.is_dir() and YEAR.match(folder.name)
            for lang in LANGUAGES if (folder / f"{lang}.yaml").is_file()}


def edition_files(root: Path) -> set[tuple[str, str]]:
    """The editions to load: the ones the site is built from (a missing one is a problem), and any
    other stored one, such as a later edition written by `rulebook edition add`."""
    return set(EDITION_FILES) | stored_editions(root)
# Top-level lists and mappings whose keys are the ids a reader cites.
KEYED = ("rules", "procedures", "addendum")


class RulebookError(Exception):
    """Raised with every problem found, so a caller can print them all at once."""
    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


@dataclass
class Rulebook:
    root: Path
    editions: dict[tuple[str, str], Edition]
    glossary: tuple[GlossaryTerm, ...]
    renumbering: tuple[Renumbering, ...]
    documents: dict[str, Positioned] = field(default_factory=dict, repr=False)   # file → as read, for line numbers
    situations: SituationVocabulary = field(default_factory=lambda: SituationVocabulary(by="ours"))
    reviews: dict[str, Review] = field(default_factory=dict)   # translation QA data per stored language
    successions: tuple[Succession, ...] = ()                  # each edition → the next, as stored
    # chained successions by (old, new): the build asks for the same pairs once per page and per index
    _chained: dict[tuple[str, str], Succession | None] = field(default_factory=dict, init=False, repr=False,
                                                              compare=False)

    def edition(self, language: str, year: str = CURRENT_EDITION) -> Edition:
        return self.editions[(year, language)]

    def succession(self, old: str, new: str) -> Succession | None:
        """How `old`'s rules became `new`'s: the stored succession of a neighbouring pair, or the
        successions between them chained along the published editions (a rule dropped on the way has
        no successor)."""
        if (old, new) not in self._chained:
            self._chained[(old, new)] = self._chain(old, new)
        return self._chained[(old, new)]

    def _chain(self, old: str, new: str) -> Succession | None:
        direct = next((s for s in self.successions if (s.old, s.new) == (old, new)), None)
        if direct is not None or old not in PUBLISHED_EDITIONS or new not in PUBLISHED_EDITIONS:
            return direct
        years = PUBLISHED_EDITIONS[PUBLISHED_EDITIONS.index(old):PUBLISHED_EDITIONS.index(new) + 1]
        links = [self.succession(a, b) for a, b in zip(years, years[1:])]
        if len(years) < 3 or None in links:
            return None
        later = [link.targets() for link in links[1:]]
        steps = []
        for step in links[0].steps:
            ids = step.new
            for targets in later:
                ids = tuple(dict.fromkeys(n for i in ids for n in targets.get(i, ())))
            steps.append(Step(old=step.old, new=ids))
        return Succession(old=old, new=new, file=" + ".join(link.file for link in links), steps=tuple(steps))

    def history(self, rule_id: str, year: str = CURRENT_EDITION) -> list[tuple[str, tuple[str, ...]]]:
        """The rule's ids in each published edition before `year`, newest first: [("2017", ("46",))].
        An edition in which none of its predecessors appears ends the list."""
        out: list[tuple[str, tuple[str, ...]]] = []
        ids: tuple[str, ...] = (rule_id,)
        years = PUBLISHED_EDITIONS[:PUBLISHED_EDITIONS.index(year)] if year in PUBLISHED_EDITIONS else ()
        for older, newer in zip(reversed(years), reversed(PUBLISHED_EDITIONS[1:PUBLISHED_EDITIONS.index(year) + 1])):
            link = self.succession(older, newer)
            ids = tuple(step.old for step in link.steps if set(step.new) & set(ids)) if link else ()
            if not ids:
                break
            out.append((older, ids))
        return out

    def file_of(self, year: str, language: str) -> str:
        source = "zh-Hant" if language == "zh-Hans" else language
        return f"rulebook/{year}/{source}.yaml"

    def line(self, file: str, *path) -> int:
        document = self.documents.get(file)
        return line_of(document, path) if document is not None else 0


def _validate(model, data, file: str, document, problems: list[Problem]):
    try:
        return model.model_validate(data)
    except ValidationError as error:
        for item in error.errors():
            loc = tuple(item["loc"])
            where = str(loc[1]) if len(loc) > 1 and loc[0] in KEYED else "-"
            if len(loc) > 1 and loc[0] == "sections" and isinstance(loc[1], int):
                sections = data.get("sections") if isinstance(data, dict) else None
                section = sections[loc[1]] if isinstance(sections, list) and loc[1] < len(sections) else None
                where = f"section:{section.get('id', loc[1] + 1) if isinstance(section, dict) else loc[1] + 1}"
            path = ".".join(str(p) for p in loc if not str(p).startswith(("function-", "union[", "tagged-union")))
            problems.append(Problem(file, line_of(document, _yaml_path(loc)), where, f"{path}: {item['msg']}"))
        return None


def _yaml_path(loc: tuple) -> tuple:
    """Pydantic's location without the synthetic steps validators add."""
    return tuple(p for p in loc if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))


def load_rulebook(root: Path | str = ".", cache: dict | None = None) -> Rulebook:
    """Read and validate every rulebook file; raise RulebookError listing all problems.

    Whatever the bytes (empty, truncated, wrong types, hostile nesting), the outcome is a Rulebook or
    RulebookError with `file:line: id: message` problems, never another exception. `cache` (file →
    (mtime, parsed document)), kept by a caller that reloads often (the editing loop), spares re-parsing
    the files that did not change.
    """
    root = Path(root)
    problems: list[Problem] = []
    documents: dict[str, Positioned] = {}
    editions: dict[tuple[str, str], Edition] = {}
    for year, language in sorted(edition_files(root)):
        file = f"rulebook/{year}/{language}.yaml"
        document, plain = _read(root, file, documents, problems, cache)
        if document is None:
            continue
        edition = _validate(Edition, plain, file, document, problems)
        if edition is None:
            continue
        mismatched = [(key, want, got) for key, want, got in (("edition", year, edition.edition),
                                                                ("language", language, edition.language)) if want != got]
        for key, want, got in mismatched:
            problems.append(Problem(file, line_of(document, (key,)), "-",
                                    f"{key}: says {got!r} but the file is the {year} {language} edition"))
        if not mismatched:
            editions[(year, language)] = edition
    glossary = tuple(_entries(root, GLOSSARY_FILE, "terms", {"by"}, GlossaryTerm, documents, problems,
                              lambda item, i: f"glossary:{item.get('id', f'#{i + 1}')}", cache))
    renumbering = tuple(_entries(root, RENUMBERING_FILE, "entries", {"from", "to"}, Renumbering, documents,
                                 problems, lambda item, i: f"renumbering:{item.get('old', f'#{i + 1}')}", cache))
    situations = _load_situations(root, editions.get((CURRENT_EDITION, "en")), documents, problems, cache)
    reviews = _reviews(root, documents, problems, cache)
    successions = _successions(root, renumbering, editions, documents, problems, cache)
    if problems:
        raise RulebookError(problems)
    for year, language in sorted(editions):
        if language == "zh-Hant":
            editions[(year, "zh-Hans")] = to_simplified(editions[(year, language)])
    return Rulebook(root, editions, glossary, renumbering, documents, situations=situations, reviews=reviews,
                    successions=successions)


MAPPING = "mapping.yaml"


def _successions(root: Path, renumbering, editions, documents, problems, cache) -> tuple[Succession, ...]:
    """Each edition → the next: the reviewed 2017 pairs of renumbering.yaml, and every later edition's
    rule-level alignment (rulebook/<year>/mapping.yaml, written by `rulebook edition add`). Every
    published edition but the oldest must be reached from the one before it."""
    out: list[Succession] = []
    read = documents.get(RENUMBERING_FILE)
    document = read.data if read is not None else None
    if renumbering and isinstance(document, dict):
        out.append(Succession(old=str(document.get("from", "")), new=str(document.get("to", "")), file=RENUMBERING_FILE,
                              steps=tuple(Step(old=e.old, new=(e.new,) if e.new else (), note=e.note) for e in renumbering)))
    for year in sorted({year for year, _ in editions}):
        file = f"rulebook/{year}/{MAPPING}"
        if not (root / file).is_file():
            continue
        document, plain = _read(root, file, documents, problems, cache)
        if document is None:
            continue
        from .importers.align import Alignment   # the aligner's rapidfuzz: only when an edition was added
        try:
            alignment = Alignment.from_yaml_dict(plain)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            problems.append(Problem(file, 1, "-", f"not a mapping written by `rulebook edition add` ({error})"))
            continue
        if alignment.new_edition != year:
            problems.append(Problem(file, line_of(document, ("to",)), "-", f"to: says {alignment.new_edition!r}, "
                                    f"but the file is the {year} edition's"))
            continue
        steps = [Step(old=match.old, new=match.new, note=match.note) for match in alignment.at("rule") if match.old is not None]
        out.append(Succession(old=alignment.old_edition, new=year, file=file, steps=tuple(steps)))
    reached = {s.new for s in out}
    unread = {problem.file for problem in problems}       # a file that failed to read is reported already
    for year in PUBLISHED_EDITIONS[1:]:
        if year not in reached and not unread & {RENUMBERING_FILE, f"rulebook/{year}/{MAPPING}"}:
            problems.append(Problem(f"rulebook/{year}/{MAPPING}", 0, "-",
                                    f"the {year} edition is published but nothing says how the rules before it became its rules"))
    return tuple(out)


SITUATIONS = "rulebook/situations.yaml"


def _load_situations(root: Path, edition: Edition | None, documents, problems, cache=None) -> SituationVocabulary:
    """The search's situation vocabulary (ours); every rule or part it names must exist."""
    document, plain = _read(root, SITUATIONS, documents, problems, cache)
    if document is None:
        return SituationVocabulary(by="ours")
    vocabulary = _validate(SituationVocabulary, plain, SITUATIONS, document, problems)
    if vocabulary is None or edition is None:
        return SituationVocabulary(by="ours")
    for section, entries in (("situations", vocabulary.situations), ("concepts", vocabulary.concepts)):
        for index, entry in enumerate(entries):
            for position, target in enumerate(entry.rules):
                rule_id, _, letter = target.rpartition("-") if target[-1].isalpha() and "-" in target else (target, "", "")
                rule = edition.rule(rule_id)
                if rule is None or (letter and letter not in rule.parts):
                    problems.append(Problem(SITUATIONS, line_of(document, (section, index, "rules", position)),
                                            f"{section}:{index}", f"{target!r} is not a {CURRENT_EDITION} rule or part"))
    seen: dict[tuple[str, str], int] = {}
    for index, concept in enumerate(vocabulary.concepts):
        for lang in ("en", "zh", "ru"):      # a word names one concept only
            for word in concept.words("zh-Hant" if lang == "zh" else lang):
                key = (lang, word.lower())
                if key in seen and seen[key] != index:
                    problems.append(Problem(SITUATIONS, line_of(document, ("concepts", index, "rules", 0)),
                                            f"concepts:{index}", f"{word!r} is in concepts {seen[key]} and {index}"))
                seen.setdefault(key, index)
    return vocabulary


def _reviews(root: Path, documents: dict, problems: list[Problem], cache: dict | None) -> dict[str, Review]:
    """rulebook/review/<lang>.yaml (optional): fingerprints and acknowledged QA findings."""
    out: dict[str, Review] = {}
    for path in sorted((root / "rulebook" / "review").glob("*.yaml")):
        file = f"rulebook/review/{path.name}"
        document, plain = _read(root, file, documents, problems, cache)
        if document is None:
            continue
        review = _validate(Review, plain, file, document, problems)
        if review is not None:
            out[review.language] = review
    return out


GLOSSARY_FILE = "rulebook/glossary.yaml"
RENUMBERING_FILE = "rulebook/renumbering.yaml"


def _entries(root: Path, file: str, key: str, other_keys: set[str], model, documents: dict,
             problems: list[Problem], where_of, cache: dict | None = None) -> list:
    """The validated items of a file holding one non-empty list under `key` (glossary, renumbering)."""
    document, plain = _read(root, file, documents, problems, cache)
    if document is None:
        return []
    items = plain.get(key)
    if not isinstance(items, list) or not items:
        what = "is missing" if key not in plain else ("is empty" if items in ([], None) else
                                                         f"must be a list, not {_kind(items)}")
        problems.append(Problem(file, line_of(document, (key,)), "-", f"{key}: {what}"))
        return []
    for extra in (k for k in plain if k != key and k not in other_keys):
        problems.append(Problem(file, line_of(document, (extra,)), "-", f"{extra}: unknown top-level key"))
    parsed = []
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            problems.append(Problem(file, line_of(document, (key, index)), f"{key.rstrip('s')}:#{index + 1}",
                                    f"{key}.{index}: must be a mapping, not {_kind(item)}"))
            continue
        where = str(where_of(item, index))
        try:
            parsed.append(model.model_validate(item))
        except ValidationError as error:
            for problem in error.errors():
                loc = _yaml_path(tuple(problem["loc"]))
                path = ".".join(str(p) for p in loc) or "-"
                problems.append(Problem(file, line_of(document, (key, index, *loc)), where, f"{path}: {problem['msg']}"))
    return parsed


def _kind(value) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return {str: "text", type(None): "empty"}.get(type(value), type(value).__name__)


def _read(root: Path, file: str, documents: dict, problems: list[Problem], cache: dict | None = None):
    """(the file read with its lines, `Positioned`; its plain data) or (None, None) after recording why not.

    A document that parses is kept in `documents` (file → document) so later messages can cite its lines.
    """
    path = root / file
    if not path.is_file():
        problems.append(Problem(file, 0, "-", "file is missing"))
        return None, None
    try:
        if cache is None:
            document = read_positioned(path, file)
        else:
            stamp = path.stat().st_mtime_ns
            if file not in cache or cache[file][0] != stamp:
                cache[file] = (stamp, read_positioned(path, file))
            document = cache[file][1]
    except YamlError as error:
        problems.append(error.problem)
        return None, None
    except OSError as error:
        problems.append(Problem(file, 0, "-", f"cannot read: {error.strerror}"))
        return None, None
    if not isinstance(document.data, dict):
        problems.append(Problem(file, 1, "-", f"the top level must be a mapping, not {_kind(document.data)}"))
        return None, None
    documents[file] = document
    return document, document.data


def to_simplified(edition: Edition) -> Edition:
    """The zh-Hans view: every shown text converted by OpenCC; verbatim sources and notes untouched."""
    def convert(node):
        if isinstance(node, dict):
            return {k: (simplified(v) if k == "text" and isinstance(v, str) else convert(v)) for k, v in node.items()}
        if isinstance(node, (list, tuple)):
            return [convert(v) for v in node]
        return node
    data = convert(edition.model_dump(mode="python", by_alias=True))
    data.update(language="zh-Hans", converted_from="zh-Hant")
    return Edition.model_validate(data)

