"""Load the rulebook YAML once into typed objects; report every problem as file:line: rule: message."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from .chinese import simplified
from .model import ALL_LANGUAGES, Edition, GlossaryTerm, Renumbering, SituationVocabulary
from .yamlio import Problem, YamlError, line_of, read_yaml, to_plain

EDITION_FILES = {("2024", "en"), ("2024", "zh-Hant"), ("2024", "ru"), ("2017", "en")}
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
    documents: dict[str, object] = field(default_factory=dict, repr=False)   # file → parsed YAML, for line numbers
    situations: SituationVocabulary = field(default_factory=lambda: SituationVocabulary(by="ours"))

    def edition(self, language: str, year: str = "2024") -> Edition:
        return self.editions[(year, language)]

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
            if loc and loc[0] == "terms" and len(loc) > 1 and isinstance(loc[1], int):
                terms = data.get("terms") or []
                term_id = terms[loc[1]].get("id") if loc[1] < len(terms) and isinstance(terms[loc[1]], dict) else loc[1]
                where = f"glossary:{term_id}"
            path = ".".join(str(p) for p in loc if not str(p).startswith(("function-", "union[", "tagged-union")))
            problems.append(Problem(file, line_of(document, _yaml_path(loc)), where, f"{path}: {item['msg']}"))
        return None


def _yaml_path(loc: tuple) -> tuple:
    """Pydantic's location without the synthetic steps validators add."""
    return tuple(p for p in loc if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))


def load_rulebook(root: Path | str = ".") -> Rulebook:
    """Read and validate every rulebook file; raise RulebookError listing all problems."""
    root = Path(root)
    problems: list[Problem] = []
    documents: dict[str, object] = {}
    editions: dict[tuple[str, str], Edition] = {}
    for year, language in sorted(EDITION_FILES):
        file = f"rulebook/{year}/{language}.yaml"
        document = _read(root, file, problems)
        if document is None:
            continue
        documents[file] = document
        edition = _validate(Edition, to_plain(document), file, document, problems)
        if edition is not None:
            editions[(year, language)] = edition
    glossary_doc = _read(root, "rulebook/glossary.yaml", problems)
    glossary: tuple[GlossaryTerm, ...] = ()
    if glossary_doc is not None:
        documents["rulebook/glossary.yaml"] = glossary_doc
        plain = to_plain(glossary_doc)
        terms = []
        for index, term in enumerate(plain.get("terms", []) if isinstance(plain, dict) else []):
            parsed = _validate(GlossaryTerm, term, "rulebook/glossary.yaml", glossary_doc["terms"][index], problems)
            if parsed is not None:
                terms.append(parsed)
        glossary = tuple(terms)
    renumbering_doc = _read(root, "rulebook/renumbering.yaml", problems)
    renumbering: tuple[Renumbering, ...] = ()
    if renumbering_doc is not None:
        documents["rulebook/renumbering.yaml"] = renumbering_doc
        entries = to_plain(renumbering_doc).get("entries", [])
        renumbering = tuple(r for i, e in enumerate(entries)
                            if (r := _validate(Renumbering, e, "rulebook/renumbering.yaml", renumbering_doc["entries"][i], problems)))
    situations = _load_situations(root, editions.get(("2024", "en")), documents, problems)
    if problems:
        raise RulebookError(problems)
    if ("2024", "zh-Hant") in editions:
        editions[("2024", "zh-Hans")] = to_simplified(editions[("2024", "zh-Hant")])
    return Rulebook(root, editions, glossary, renumbering, documents, situations)


SITUATIONS = "rulebook/situations.yaml"


def _load_situations(root: Path, edition: Edition | None, documents, problems) -> SituationVocabulary:
    """The search's situation vocabulary (ours); every rule or part it names must exist."""
    document = _read(root, SITUATIONS, problems)
    if document is None:
        return SituationVocabulary(by="ours")
    documents[SITUATIONS] = document
    vocabulary = _validate(SituationVocabulary, to_plain(document), SITUATIONS, document, problems)
    if vocabulary is None or edition is None:
        return SituationVocabulary(by="ours")
    for index, situation in enumerate(vocabulary.situations):
        for position, target in enumerate(situation.rules):
            rule_id, _, letter = target.rpartition("-") if target[-1].isalpha() and "-" in target else (target, "", "")
            rule = edition.rule(rule_id)
            if rule is None or (letter and letter not in rule.parts):
                problems.append(Problem(SITUATIONS, line_of(document, ("situations", index, "rules", position)),
                                        f"situations:{index}", f"{target!r} is not a 2024 rule or part"))
    return vocabulary


def _read(root: Path, file: str, problems: list[Problem]):
    path = root / file
    if not path.exists():
        problems.append(Problem(file, 0, "-", "file is missing"))
        return None
    try:
        return read_yaml(path, file)
    except YamlError as error:
        problems.append(error.problem)
        return None


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

