"""A new edition of the TDA Longform, brought in beside the current one (`rulebook edition add`).

`add_edition(root, source_file, year)`:

1. reads the new English Longform (plain text, DOCX or PDF: `source.py`) and imports it
   (`importers.longform.import_longform`), keeping the text read under `rulebook/sources/`;
2. aligns it with the current edition, the newest `rulebook/<year>/en.yaml` before it
   (`importers.align`), keeping every entry a person confirmed in `rulebook/<year>/mapping.yaml`;
3. carries each translation of the current edition into the new one (`carry.py`): unchanged
   English, translation carried; changed English, translation carried and marked `stale_from`;
   new units, no translation;
4. remaps what is keyed by rule number (`remap.py`) into new files under `rulebook/<year>/remapped/`
   (situations, training questions and the held-out batches' labels, glossary, QA review files, the
   calculators' rule review): the
   build keeps reading today's files until a person moves these into place;
5. returns the report (`EditionReport`), which `edition_report(root, year)` rebuilds at any time from
   the files, a person's edits included.

Every file is written atomically; every failure a user can cause is one `file:line: -: reason` line
(`EditionError`).
"""
from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from ..atomic import WriteError, write_atomic
from ..importers.align import KINDS, LEVELS, Alignment, align, read_mapping, write_mapping
from ..importers.longform import import_longform
from ..loader import MAPPING, _validate, stored_editions
from ..model import LANGUAGES, YEAR, Edition
from ..yamlio import Problem, YamlError, bounded_plain, dump_yaml, line_of, read_yaml, read_yaml_round_trip, to_plain
from .carry import NEW_NOTE, carry_translation
from .remap import Flag, Remapped, Targets, kinds, remap_glossary, remap_review, remap_rule_review, \
    remap_questions, remap_search_spec, remap_situations
from .source import SourceError, read_source

HEADER = "# Imported by `rulebook edition add` from {source}; the alignment with {previous} is in mapping.yaml.\n"
CARRIED_HEADER = ("# Carried from rulebook/{previous}/{language}.yaml by `rulebook edition add`: texts whose English\n"
                  "# changed are marked stale_from: {previous}; units new in {year} have a missing-text defect.\n")


class EditionError(Exception):
    """One line, `file:line: -: reason`."""


@dataclass
class EditionReport:
    year: str
    previous: str
    kinds: dict[str, Counter]
    uncertain: list[Flag]
    stale: dict[str, list[str]]                 # language → units carried stale
    untranslated: dict[str, list[str]]          # language → units new in this edition
    remapped: list[Remapped]
    alignment: Alignment                        # what the report was made from (a person's confirmations included)
    written: list[str] = field(default_factory=list)

    @property
    def flags(self) -> list[Flag]:
        return [flag for item in self.remapped for flag in item.flags]

    def lines(self, limit: int = 0) -> list[str]:
        """The report as text; `limit` > 0 shortens each list to that many lines."""
        def listed(items) -> list[str]:
            items = list(items)
            shown = items if limit <= 0 else items[:limit]
            return [f"  {item}" for item in shown] + ([f"  … and {len(items) - len(shown)} more"]
                                                     if len(shown) < len(items) else [])

        out = [f"the {self.year} edition (rulebook/{self.year}/) aligned with {self.previous}"]
        out.append("matches: " + "; ".join(
            f"{level} " + ", ".join(f"{kind} {self.kinds[level][kind]}" for kind in KINDS if self.kinds[level][kind])
            for level in LEVELS if level in self.kinds))
        out.append(f"uncertain matches: {len(self.uncertain)} (confirm them in rulebook/{self.year}/{MAPPING})")
        out += listed(self.uncertain)
        for language in sorted(self.stale):
            out.append(f"stale translations, {language}: {len(self.stale[language])} unit(s); "
                       f"untranslated (new): {len(self.untranslated[language])}")
            out += listed([f"stale: {', '.join(self.stale[language])}"] if self.stale[language] else [])
            out += listed([f"new: {', '.join(self.untranslated[language])}"] if self.untranslated[language] else [])
        for item in self.remapped:
            out.append(f"{item.source} → {item.target}: {item.references} reference(s), "
                       f"{item.renumbered} renumbered, {len(item.flags)} to review")
            out += listed(item.flags)
        recheck = sorted({name for item in self.remapped for name in item.recheck})
        out.append(f"calculators to re-check: {', '.join(recheck) if recheck else 'none'}")
        return out


# ------------------------------------------------------------------------------------------------

def present_editions(root: Path) -> dict[str, list[str]]:
    """Year → stored languages, for every rulebook/<year>/ holding an English edition."""
    stored = stored_editions(root)
    return {year: [lang for lang in LANGUAGES if (year, lang) in stored]
            for year in sorted({year for year, lang in stored if lang == "en"})}


def _read_edition(root: Path, year: str, language: str) -> tuple[dict, Edition]:
    file = f"rulebook/{year}/{language}.yaml"
    try:
        document = read_yaml(root / file, file)
    except YamlError as error:
        raise EditionError(str(error.problem)) from None
    except OSError as error:
        raise EditionError(f"{file}:0: -: cannot read: {error.strerror or error}") from None
    plain = to_plain(document) if isinstance(document, dict) else None
    problems: list[Problem] = []
    edition = _validate(Edition, plain, file, document, problems) if plain is not None else None
    if edition is None:
        raise EditionError(str(problems[0]) if problems else f"{file}:1: -: not an edition")
    return plain, edition


def _check_year(root: Path, year: str, adding: bool) -> str:
    """The previous edition's year, after refusing a year that cannot be (re)added."""
    folder = f"rulebook/{year}"
    if not YEAR.match(str(year)):
        raise EditionError(f"{folder}:0: -: --year {year!r} is not a year (YYYY)")
    present = present_editions(root)
    ours = (root / folder / MAPPING).is_file()
    if adding and year in present and not ours:
        raise EditionError(f"{folder}/en.yaml:0: -: the {year} edition exists and was not added by "
                           "`rulebook edition add`: it is not replaced")
    if not adding and not ours:
        raise EditionError(f"{folder}/{MAPPING}:0: -: no {year} edition was added "
                           f"(`rulebook edition add FILE --year {year}` first)")
    earlier = [y for y in present if y != year]
    if not earlier:
        raise EditionError(f"rulebook:0: -: no edition to align {year} with (no rulebook/<year>/en.yaml)")
    previous = max(earlier)
    if previous > year:
        raise EditionError(f"{folder}:0: -: the current edition is {previous}: a new edition must come after it")
    return previous


def _mapping(root: Path, year: str) -> Alignment | None:
    file = f"rulebook/{year}/{MAPPING}"
    if not (root / file).is_file():
        return None
    try:
        return read_mapping(root / file)
    except YamlError as error:
        raise EditionError(str(error.problem)) from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise EditionError(f"{file}:0: -: not a mapping written by `rulebook edition add` ({error})") from None


def _confirmed_line(root: Path, year: str, message: str) -> str:
    """Where in the mapping file a refused confirmed entry is: the line of the first unit it names."""
    file = f"rulebook/{year}/{MAPPING}"
    try:
        document = read_yaml(root / file, file)
        for index, unit in enumerate(document.get("units") or []):
            if unit.get("confirmed") and repr(str(unit.get("old"))) in message:
                return f"{file}:{line_of(document, ('units', index))}: {unit.get('old')}: {message}"
    except (YamlError, OSError, AttributeError):
        pass
    return f"{file}:0: -: {message}"


# ------------------------------------------------------------------------------------------------

def add_edition(root: Path | str, source_file: Path | str, year: str | int) -> EditionReport:
    """Import, align, carry and remap a new edition; write its files; return the report."""
    root, source_file, year = Path(root), Path(source_file), str(year)
    previous = _check_year(root, year, adding=True)
    try:
        text = read_source(source_file)
    except SourceError as error:
        raise EditionError(str(error)) from None
    source_name = f"sources/{year}_{hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]}.txt"
    try:
        data = import_longform(text, source_name, year=year, languages=("en",))["en"]
    except (IndexError, KeyError, ValueError) as error:
        raise EditionError(f"{source_file}:0: -: not a Longform the importer reads ({type(error).__name__}: {error})") from None
    if not data["rules"]:
        raise EditionError(f"{source_file}:1: -: no rules found: the Longform names its sections "
                           "('General Concepts') and rules ('1: Floor Decisions') on lines of their own")
    try:
        new_en = Edition.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise EditionError(f"{source_file}:0: {'.'.join(map(str, first['loc'][:2])) or '-'}: {first['msg']}") from None
    _, old_en = _read_edition(root, previous, "en")
    earlier = _mapping(root, year)
    try:
        alignment = align(old_en, new_en, confirmed=earlier.confirmed() if earlier else None)
    except ValueError as error:
        raise EditionError(_confirmed_line(root, year, str(error))) from None

    carried = {}
    for language in present_editions(root)[previous]:
        if language == "en":
            continue
        old_plain, _ = _read_edition(root, previous, language)
        carried[language] = carry_translation(old_plain, old_en, new_en, alignment, year)
    translations = {}
    for language, result in carried.items():
        try:
            translations[language] = Edition.model_validate(result.data)
        except ValidationError as error:        # a defect of the carrying, not of the user's input
            raise EditionError(f"rulebook/{year}/{language}.yaml:0: -: carried translation is not valid: "
                               f"{error.errors()[0]['loc']}: {error.errors()[0]['msg']}") from None
    targets = Targets(alignment, old_en, new_en, year, translations)
    remapped = _remap_all(root, targets, year)

    files: list[tuple[str, str | bytes]] = [
        (f"rulebook/{source_name}", text),
        (f"rulebook/{year}/en.yaml", dump_yaml(data, HEADER.format(source=source_name, previous=previous))),
    ]
    for language, result in carried.items():
        files.append((f"rulebook/{year}/{language}.yaml",
                      dump_yaml(result.data, CARRIED_HEADER.format(previous=previous, language=language, year=year))))
    files += [(item.target, item.text) for item in remapped]
    written: list[str] = []
    try:
        for name, content in files:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            write_atomic(root / name, content, shown_as=name)
            written.append(name)
        write_mapping(root / "rulebook" / year / MAPPING, alignment)
        written.append(f"rulebook/{year}/{MAPPING}")
    except WriteError as error:
        error.note = f"written before it: {', '.join(written) or 'none'}"
        raise
    except OSError as error:
        raise EditionError(f"rulebook/{year}:0: -: cannot create the folder: {error.strerror or error}") from None
    report = _report(root, year, previous, alignment, translations, remapped)
    report.written = written
    return report


def added_edition(root: Path | str, year: str | int) -> tuple[Alignment, dict[str, Edition], Targets]:
    """An added edition read back from its files (mapping.yaml with a person's edits): its alignment
    with the edition before it, its translations, and what each reference to that edition now is."""
    root, year = Path(root), str(year)
    _check_year(root, year, adding=False)
    alignment = _mapping(root, year)
    _, old_en = _read_edition(root, alignment.old_edition, "en")
    _, new_en = _read_edition(root, year, "en")
    translations = {language: _read_edition(root, year, language)[1]
                    for language in present_editions(root).get(year, []) if language != "en"}
    try:
        return alignment, translations, Targets(alignment, old_en, new_en, year, translations)
    except KeyError as error:
        raise EditionError(_unknown_unit(year, error)) from None


def _unknown_unit(year: str, error: KeyError) -> str:
    return f"rulebook/{year}/{MAPPING}:0: -: names unit {error} that neither edition has"


def edition_report(root: Path | str, year: str | int, read=read_yaml) -> EditionReport:
    """The report of an added edition, rebuilt from its files (a person's edits included).

    It reads today's rule-keyed files without their comments (a report writes nothing; the question
    files, the many, are read through libyaml whatever `read` is); `read=read_yaml_round_trip` keeps
    comments, for a caller that writes the remapped files out."""
    root, year = Path(root), str(year)
    alignment, translations, targets = added_edition(root, year)
    try:
        remapped = _remap_all(root, targets, year, read)
    except KeyError as error:
        raise EditionError(_unknown_unit(year, error)) from None
    return _report(root, year, alignment.old_edition, alignment, translations, remapped)


def _bounded(read):
    """`read`, refusing as the loader does a document whose aliases expand past MAX_VALUES values: the
    remap walks every reference, and aliases of aliases would make billions of them."""
    def bounded(path: Path, shown_as: str | None = None):
        document = read(path, shown_as)
        bounded_plain(document, path, shown_as or str(path))
        return document
    return bounded


def _remap_all(root: Path, targets: Targets, year: str, read=read_yaml_round_trip) -> list[Remapped]:
    read = _bounded(read)
    try:
        out = [remap_situations(root, targets, year, read), *remap_questions(root, targets, year, read),
               remap_glossary(root, targets, year, read), *remap_review(root, targets, year, read),
               remap_rule_review(root, targets, year, read), remap_search_spec(root, targets, year, read)]
    except YamlError as error:
        raise EditionError(str(error.problem)) from None
    return [item for item in out if item is not None]


def _report(root: Path, year: str, previous: str, alignment: Alignment, translations: dict[str, Edition],
            remapped: list[Remapped]) -> EditionReport:
    file = f"rulebook/{year}/{MAPPING}"
    try:
        document = read_yaml(root / file, file)
    except (YamlError, OSError):
        document = None
    uncertain = []
    for index, match in enumerate(alignment.matches):
        if match.uncertain:
            line = line_of(document, ("units", index)) if document is not None else 0
            target = ", ".join(match.new) or "nothing"
            uncertain.append(Flag(file, line, match.old or match.new[0],
                                  f"{match.level} {match.kind} → {target} (confidence {match.confidence:.2f})"))
    stale, untranslated = {}, {}
    for language, edition in translations.items():
        stale[language], untranslated[language] = translation_status(edition)
    return EditionReport(year, previous, kinds(alignment), uncertain, stale, untranslated, remapped, alignment)


def translation_status(edition: Edition) -> tuple[list[str], list[str]]:
    """(units carried stale, units new and untranslated) of a carried translation, from its texts."""
    stale: list[str] = []
    new: list[str] = []

    def look(unit: str, texts, defects=()) -> None:
        texts = list(texts)
        if any(t.stale_from for t in texts):
            stale.append(unit)
        notes = [d.note for t in texts for d in t.defects] + [d.note for d in defects]
        if any(n.startswith(NEW_NOTE.split("{")[0]) for n in notes) and unit not in new:
            new.append(unit)

    for key in ("preamble", "procedures_preamble", "addendum_preamble"):
        look(key.replace("_", "-"), getattr(edition, key))
    for section in edition.sections:
        look(f"section:{section.id}", [section.title])
    for rule in edition.all_rules():
        look(rule.id, [rule.title, *rule.blocks, *rule.after])
        for letter, part in rule.parts.items():
            look(f"{rule.id}-{letter}", part.blocks, part.defects)
    for entry in edition.addendum.values():
        unit = f"addendum:{entry.id}"
        look(unit, [*([entry.title] if entry.title else []), *entry.blocks])
        for label, example in entry.examples.items():
            look(f"{unit}/{label}", [*([example.title] if example.title else []), *example.blocks], example.defects)
    return stale, new
