"""XLIFF 1.2 round trip for translators' CAT tools (OmegaT, memoQ, Trados), through translate-toolkit.

Export: one file per language; one trans-unit per translated unit, `id` = the unit id of units.py
(the site's own ids: "43-B:1"), `source` = the English the unit is translated from, `target` = the
current translation, notes = the unit's open QA findings and recorded source defects. With
`--changed-since YYYY`, only the units whose English changed or is new since that edition, or whose
translation is stale, each with a note saying which.

Import reads XLIFF 1.1 and 1.2 (with or without their namespace) of one stored language. Every
trans-unit is checked before anything is written; any problem refuses the whole file with
`file:line: unit: message` lines (unknown or duplicate ids, a source that is not today's English,
markup, comments or entities in a target, a target emptied or left with only invisible characters,
control or separator characters, a <file> for another language, a file that is not XLIFF 1.x or
larger than MAX_FILE_BYTES). Targets a CAT tool marks as drafts (state="needs-translation", "new") are
skipped and listed; a target that differs from ours only in whitespace is no change. The rulebook the
edits would make then goes through every check of `rulebook validate` on a scratch copy: a problem
it would bring in (a cross-reference to rule 44-Z) refuses the file, told at the trans-unit causing it.
Changed units are written back into rulebook/2024/<lang>.yaml through ruamel's round trip (the rest
of the file stays byte-identical) with `by: translator` and the date; the fingerprint of their
English is recorded, so they are no longer stale. Both files are written aside and renamed
(atomic.py). A file without changes writes nothing.
"""
from __future__ import annotations

import datetime
import re
import shutil
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from lxml import etree
from ruamel.yaml.comments import CommentedMap
from translate.storage import xliff as ttk_xliff

from .atomic import WriteError, write_atomic
from .changed_since import changed_units
from .loader import Rulebook
from .model import CURRENT_EDITION
from .qa.findings import basis_for
from .qa.report import findings_for, qa_strings
from .units import Unit, edition_units
from .yamlio import Problem, dump_yaml, read_yaml_round_trip

STORED = ("zh-Hant", "ru")
XLIFF_NS = "urn:oasis:names:tc:xliff:document:1.1"


def exportable(rulebook: Rulebook, language: str) -> list[tuple[Unit, str]]:
    """(translated unit, the English it is translated from), in reading order."""
    basis = basis_for(rulebook.edition("en"), rulebook.edition(language))
    return [(u, basis[u.id]) for u in edition_units(rulebook.edition(language)) if u.id in basis]


def untranslated(rulebook: Rulebook, language: str) -> list[Unit]:
    """English units of parts the translation has but left empty (RP-8-E in Chinese): a CAT tool can fill
    them. Their `path` points into the translation's part, where import appends the new block."""
    edition = rulebook.edition(language)
    out = []
    for unit in edition_units(rulebook.edition("en")):
        rule = edition.rule(unit.rule) if unit.rule else None
        if unit.place != "text" or rule is None or unit.part not in rule.parts or rule.parts[unit.part].blocks:
            continue
        out.append(unit)
    return out


CHANGE_NOTES = {"changed": "the English changed since {year}", "new": "new since {year}",
                "not-in-source": "the {year} source held here has no text to compare this unit with"}


def export_xliff(rulebook: Rulebook, language: str, changed_since: str | None = None) -> bytes:
    """The language's translated units (and the English of parts it left empty) as XLIFF. With
    `changed_since` (an older edition's year), only the units a translator must look at again: English
    changed or new since then (changed_since.changed_units), or a translation marked stale; each says why."""
    if language not in STORED:
        raise ValueError(f"{language} is not stored as a translation (zh-Hans is converted from zh-Hant)")
    changes = changed_units(rulebook, changed_since) if changed_since else None

    def note_change(tu, unit_id: str) -> None:
        if changes is not None and unit_id in changes:
            tu.addnote(CHANGE_NOTES[changes[unit_id]].format(year=changed_since), origin="developer")

    store = ttk_xliff.xlifffile(sourcelanguage="en", targetlanguage=language)
    strings = qa_strings(rulebook)
    notes: dict[str, list[str]] = {}
    for finding in findings_for(rulebook, language):
        if finding.acknowledged is None:
            notes.setdefault(finding.unit, []).append(f"QA {finding.kind}: {finding.message(strings)} [{finding.id}]")
    for unit, english in exportable(rulebook, language):
        if changes is not None and unit.id not in changes and not unit.text.stale_from:
            continue
        tu = store.UnitClass(english)
        tu.setid(unit.id)
        tu.target = unit.text.text
        store.addunit(tu)
        container_notes = notes.get(unit.container, []) if unit.container != unit.id else []
        for note in notes.get(unit.id, []) + container_notes:
            tu.addnote(note, origin="developer")
        for defect in unit.text.defects:
            tu.addnote(f"source defect {defect.kind}: {defect.note}", origin="developer")
        if unit.text.by == "ours":
            tu.addnote("text written by the site (by: ours), not by the translation's source", origin="developer")
        note_change(tu, unit.id)
        if unit.text.stale_from:
            tu.addnote(f"translated from the {unit.text.stale_from} English", origin="developer")
    for unit in untranslated(rulebook, language):
        tu = store.UnitClass(unit.text.text)
        tu.setid(unit.id)
        tu.addnote("missing in this translation: a target here adds the paragraph to the empty part", origin="developer")
        note_change(tu, unit.id)
        store.addunit(tu)
    # the file element names the YAML the translations go back into
    next(store.document.getroot().iter(f"{{{XLIFF_NS}}}file")).set("original", f"rulebook/{CURRENT_EDITION}/{language}.yaml")
    return bytes(store)


def import_file(rulebook: Rulebook, path: Path, *, dry_run: bool = False, today: str | None = None) -> tuple[str, list[Edit], list[str]]:
    result = import_translation(rulebook, path, dry_run=dry_run, today=today)
    return result.language, result.edits, result.written


@dataclass(frozen=True)
class Edit:
    unit: Unit
    english: str
    text: str
    line: int                  # of the <target>
    new: bool = False          # fills an empty part (the unit is the English one; its text is not replaced)


@dataclass(frozen=True)
class Draft:
    """A target the CAT tool marks as not translated yet: not imported, and said so."""
    unit: str
    line: int
    state: str

    def __str__(self) -> str:
        return f"skipped: target state=\"{self.state}\" marks a draft; set it to translated (or final) to import it"


@dataclass(frozen=True)
class Reading:
    language: str
    edits: list[Edit]
    drafts: list[Draft]
    file_line: int             # of the first <file>: where problems of the file as a whole are reported


@dataclass(frozen=True)
class Imported:
    language: str
    edits: list[Edit]
    drafts: list[Draft]
    written: list[str]


class ImportRefused(Exception):
    """`problems`: the first MAX_LISTED problems, in file order; `total`: how many there were."""
    def __init__(self, problems: list[Problem], total: int | None = None):
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems
        self.total = max(total or 0, len(problems))


# A full export is ~250 KB; a CAT tool's file with every language's memory inlined stays a few MB.
# Past this the file is not an export of ours, and lxml would hold ~30 times its size in memory.
MAX_FILE_BYTES = 20 << 20
MAX_LISTED = 50               # problems a refusal lists; the rest are counted ("… and N more")
XLIFF_1 = {"urn:oasis:names:tc:xliff:document:1.1", "urn:oasis:names:tc:xliff:document:1.2", None}
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
# XLIFF 1.2 target states that mean "not translated yet": a CAT tool's pre-filled copy or an unconfirmed
# draft. The needs-review-* states are translations awaiting review, which the site's own QA then covers.
DRAFT_STATES = frozenset({"new", "needs-translation", "needs-l10n", "needs-adaptation"})
# Whitespace noise a CAT tool adds or drops (re-wrapping, trailing spaces). A no-break space is not in
# it: putting one between a number and its word is a real typographic edit.
NOISE = re.compile(r"[ \t\r\n]+")
SEPARATORS = {"\u2028": "line separator", "\u2029": "paragraph separator"}
# Letters that render as nothing: a target of them alone is as blank as one of zero-width spaces.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


class _Problems:
    """Problems in file order: the first MAX_LISTED kept, the rest counted (a 700,000-unit file
    must not hold, or print, 700,000 lines)."""
    def __init__(self):
        self.listed: list[Problem] = []
        self.total = 0

    def add(self, problem: Problem) -> None:
        self.total += 1
        if len(self.listed) < MAX_LISTED:
            self.listed.append(problem)

    def refuse_if_any(self) -> None:
        if self.total:
            raise ImportRefused(self.listed, self.total)


def read_edits(rulebook: Rulebook, path: Path, shown_as: str | None = None) -> tuple[str, list[Edit]]:
    """Validate an XLIFF file against the rulebook; return (language, changed units) or raise ImportRefused."""
    reading = read_import(rulebook, path, shown_as)
    return reading.language, reading.edits


def _parse(path: Path, name: str):
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)       # read no more than the cap, whatever stat says
    except OSError as error:
        raise ImportRefused([Problem(name, 0, "-", f"cannot read: {error.strerror or error}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise ImportRefused([Problem(name, 1, "-", f"the file is larger than {MAX_FILE_BYTES / (1 << 20):.1f} MB, "
                                                   "the most an import reads (a full export is ~0.3 MB)")])
    # entities stay unresolved (no XXE, no billion laughs): one inside a target is refused below
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        return etree.fromstring(raw, parser)
    except etree.XMLSyntaxError as error:
        raise ImportRefused([Problem(name, error.lineno or 0, "-", f"not well-formed XML: {error.msg}")]) from None


def _files(root, name: str) -> tuple[str | None, list]:
    """(the XLIFF namespace, the <file> elements) of a 1.1 or 1.2 document; anything else is refused."""
    qname = etree.QName(root)
    line = root.sourceline or 1
    version = root.get("version") or ""
    if qname.localname != "xliff":
        raise ImportRefused([Problem(name, line, "-", f"the root element is <{qname.localname}>, not <xliff>: "
                                                      "not an XLIFF file (export one with rulebook export)")])
    if version.startswith("2") or ":xliff:document:2" in (qname.namespace or ""):
        raise ImportRefused([Problem(name, line, "-", "XLIFF 2.0 is not supported; export XLIFF 1.2 "
                                                      "(or 1.1) from the CAT tool")])
    if qname.namespace not in XLIFF_1:
        raise ImportRefused([Problem(name, line, "-", f"unknown XLIFF namespace {qname.namespace!r}: "
                                                      "XLIFF 1.1 and 1.2 are read")])
    ns = qname.namespace
    files = root.findall(f"{{{ns}}}file" if ns else "file")
    if not files:
        raise ImportRefused([Problem(name, line, "-", "no <file> element: the XLIFF file holds nothing to import")])
    return ns, files


def _target_text(target) -> tuple[str | None, str | None]:
    """(the target's plain text, None) or (None, why it is not plain text)."""
    found: list[str] = []
    for child in target:
        if isinstance(child, etree._Comment):
            found.append("a comment")
        elif isinstance(child, etree._ProcessingInstruction):
            found.append("a processing instruction")
        elif isinstance(child, etree._Entity):
            found.append(f"an entity reference {child.text}")
        else:
            found.append(f"inline markup ({etree.QName(child).localname})")
    if found:
        return None, f"target contains {', '.join(dict.fromkeys(found))}: the rulebook stores plain text"
    text = target.text or ""
    space = next((e.get(XML_SPACE) for e in (target, *target.iterancestors()) if e.get(XML_SPACE)), "preserve")
    if space == "default":                             # XML's own rule: whitespace is not significant
        text = NOISE.sub(" ", text).strip(" ")
    return text, None


def _unwritable(text: str) -> str | None:
    """Why the text cannot go into the rulebook, or None."""
    for char in text:
        if char in "\t\n":
            continue
        if char in SEPARATORS:
            return f"target contains a {SEPARATORS[char]} U+{ord(char):04X}: use a line break or a new unit"
        if unicodedata.category(char) == "Cc":
            return f"target contains the control character U+{ord(char):04X}"
    if not text.strip():
        return "empty target would delete the translation"
    if not any(_visible(c) for c in text):
        invisible = next(c for c in text if not c.isspace())
        return (f"target has no visible text (only invisible characters such as U+{ord(invisible):04X}): "
                "it would blank the translation")
    return None


def _visible(char: str) -> bool:
    return unicodedata.category(char)[0] not in "ZC" and char not in BLANK_LETTERS


def same_words(a: str, b: str) -> bool:
    """Equal but for whitespace noise: such a target is no change, not a translator's edit."""
    return NOISE.sub(" ", a).strip(" ") == NOISE.sub(" ", b).strip(" ")


def read_import(rulebook: Rulebook, path: Path, shown_as: str | None = None) -> Reading:
    """Check an XLIFF file against the rulebook: the changed units and skipped drafts, or ImportRefused."""
    name = shown_as or str(path)
    root = _parse(Path(path), name)
    ns, files = _files(root, name)

    def q(tag: str) -> str:
        return f"{{{ns}}}{tag}" if ns else tag

    language = files[0].get("target-language")
    file_line = files[0].sourceline or 1
    if language not in STORED:
        raise ImportRefused([Problem(name, file_line, "-",
                                     f"target-language {language!r} is not a stored translation ({', '.join(STORED)})")])
    problems = _Problems()
    for other in files[1:]:
        if other.get("target-language") != language:
            problems.add(Problem(name, other.sourceline or 0, "-",
                                 f"a <file> for target-language {other.get('target-language')!r} in a file for "
                                 f"{language!r}: import one language per XLIFF file"))
    units = {u.id: (u, english) for u, english in exportable(rulebook, language)}
    gaps = {u.id: u for u in untranslated(rulebook, language)}
    units.update({unit_id: (u, u.text.text) for unit_id, u in gaps.items()})
    edits: list[Edit] = []
    drafts: list[Draft] = []
    seen: set[str] = set()
    for file in files:
        if file.get("target-language") != language:
            continue                                   # refused above; its units would only add noise
        for element in file.iter(q("trans-unit")):
            line = element.sourceline or 0
            unit_id = element.get("id") or ""
            if unit_id in seen:
                problems.add(Problem(name, line, unit_id, "duplicate trans-unit id"))
                continue
            seen.add(unit_id)
            if unit_id not in units:
                problems.add(Problem(name, line, unit_id or "-", "unknown unit id: not a translated unit of the "
                                                                 f"{language} edition (ids are exported by rulebook export)"))
                continue
            unit, english = units[unit_id]
            source_element = element.find(q("source"))
            source = "".join(source_element.itertext()) if source_element is not None else ""
            if " ".join(source.split()) != " ".join(english.split()):
                problems.add(Problem(name, line, unit_id, "source text differs from today's English: the English "
                                                          "changed since export, or the source was edited; re-export"))
                continue
            target_element = element.find(q("target"))
            if target_element is None:
                continue                               # untranslated in the CAT tool: keep ours
            target_line = target_element.sourceline or line
            target, why = _target_text(target_element)
            state = target_element.get("state")
            if state in DRAFT_STATES:
                if target is None or unit_id in gaps or not same_words(target, unit.text.text):
                    drafts.append(Draft(unit_id, target_line, state))
                continue
            why = why or _unwritable(target)
            if why:
                problems.add(Problem(name, target_line, unit_id, why))
                continue
            if unit_id in gaps:
                edits.append(Edit(unit, english, target, target_line, new=True))
            elif not same_words(target, unit.text.text):
                edits.append(Edit(unit, english, target, target_line))
    problems.refuse_if_any()
    return Reading(language, edits, drafts, file_line)


def import_translation(rulebook: Rulebook, path: Path, *, dry_run: bool = False, today: str | None = None,
                       shown_as: str | None = None) -> Imported:
    """Read, check the rulebook the edits would make with every `rulebook validate` check, then write it
    (unless dry_run). Raises ImportRefused (nothing written) or WriteError (a file could not be written)."""
    name = shown_as or str(path)
    reading = read_import(rulebook, path, shown_as)
    if not reading.edits:
        return Imported(reading.language, [], reading.drafts, [])
    staged = stage_edits(rulebook, reading, today or datetime.date.today().isoformat(), name)
    written = [] if dry_run else write_staged(rulebook, staged)
    return Imported(reading.language, reading.edits, reading.drafts, written)


def _resolve(document, path: tuple):
    node = document
    keys = list(path)
    for key in keys[:-1]:
        if key == "blocks" and isinstance(node, list):
            continue                                   # "A: [blocks]": the part is its list
        node = node[key]
    last = keys[-1]
    if last == "blocks" and isinstance(node, list):
        raise KeyError(path)
    return node, last


def _append_to_part(document, edit: Edit, today: str) -> None:
    """A paragraph for a part the translation left empty: `E: {blocks: [], defects: …}` gets the block."""
    field, rule_id, _, letter = edit.unit.path[:4]
    part = document[field][rule_id]["parts"][letter]
    blocks = part if isinstance(part, list) else part.setdefault("blocks", [])
    block = CommentedMap()
    block[edit.unit.kind if edit.unit.kind in ("p", "note", "item") else "p"] = edit.text
    if edit.unit.marker:
        block["marker"] = edit.unit.marker
    block["by"] = "translator"
    block["date"] = today
    if hasattr(blocks, "fa"):
        blocks.fa.set_block_style()            # "blocks: []" was written in flow style
    blocks.append(block)


def edited_yaml(rulebook: Rulebook, language: str, edits: list[Edit], today: str) -> str:
    """The edition file with the edits applied (ruamel round trip: the rest stays byte-identical)."""
    file = Path(rulebook.root) / "rulebook" / CURRENT_EDITION / f"{language}.yaml"
    document = read_yaml_round_trip(file)
    for edit in [e for e in edits if e.new]:
        _append_to_part(document, edit, today)
    for edit in [e for e in edits if not e.new]:
        container, key = _resolve(document, edit.unit.path)
        old = container[key]
        if isinstance(old, str):
            kind = "text" if edit.unit.kind == "title" else edit.unit.kind
            new = CommentedMap()
            new[kind] = edit.text
            if edit.unit.text.by == "source":
                new["source_text"] = old               # the published translation stays in the data, verbatim
        else:
            new = old
            text_key = next(k for k in ("text", "p", "note", "item") if k in new)
            if edit.unit.text.by == "source" and "source_text" not in new:
                new.insert(list(new).index(text_key) + 1, "source_text", new[text_key])
            new[text_key] = edit.text
        new["by"] = "translator"
        new["date"] = today
        container[key] = new
    return dump_yaml(document)


OWNER = re.compile(r"^(RP-\d+|\d+)\b")


def stage_edits(rulebook: Rulebook, reading: Reading, today: str, name: str) -> dict[str, str | None]:
    """{file: new text (None: unchanged)} for the edition and its review file, after running every check
    of `rulebook validate` on a scratch copy of the rulebook holding them. A problem the import would
    bring in (one the rulebook does not have today) refuses it, reported at the unit that causes it."""
    from .gate import check
    from .loader import RulebookError, load_rulebook
    from .qa.review_file import fingerprints_text
    language, edits = reading.language, reading.edits
    yaml_file, review_file = f"rulebook/{CURRENT_EDITION}/{language}.yaml", f"rulebook/review/{language}.yaml"
    yaml_text = edited_yaml(rulebook, language, edits, today)
    review_text = None
    root = Path(rulebook.root)
    try:
        with tempfile.TemporaryDirectory(prefix="tda-import-") as scratch:
            copy = Path(scratch)
            shutil.copytree(root / "rulebook", copy / "rulebook", ignore=shutil.ignore_patterns("sources"))
            (copy / yaml_file).write_text(yaml_text, encoding="utf-8")
            try:
                after = load_rulebook(copy)
            except RulebookError as error:
                found = list(error.problems)
            else:
                review_text, _ = fingerprints_text(after, language, {e.unit.id for e in edits}, overwrite=True)
                if review_text is not None:
                    (copy / review_file).parent.mkdir(parents=True, exist_ok=True)
                    (copy / review_file).write_text(review_text, encoding="utf-8")
                found = check(copy)[1]
    except OSError as error:
        # the scratch copy lives in the system's temporary folder, which can be full too
        raise WriteError(yaml_file, error) from None
    if found:
        today_problems = {(p.file, p.where, p.message) for p in check(root)[1]}
        problems = _Problems()
        for problem in found:
            if (problem.file, problem.where, problem.message) not in today_problems:
                problems.add(_blame(problem, edits, name, reading.file_line))
        if problems.total:
            problems.listed.sort(key=lambda p: p.line)
            problems.refuse_if_any()
    return {yaml_file: yaml_text, review_file: review_text}


def _blame(problem: Problem, edits: list[Edit], name: str, file_line: int) -> Problem:
    """The gate's problem (a line of the YAML) told at the trans-unit whose target brings it in: an
    edit of the rule it names, preferably the one whose text holds what the message quotes."""
    owner = OWNER.match(problem.where)
    quoted = re.findall(r"'([^']+)'", problem.message)
    of_rule = [e for e in edits if owner and e.unit.rule == owner.group(1)]
    quoting = [e for e in of_rule if any(text in e.text for text in quoted)]
    chosen = (quoting or of_rule or [None])[0]
    if chosen is None:
        return Problem(name, file_line, "-", f"after this import `rulebook validate` would report: {problem}")
    return Problem(name, chosen.line, chosen.unit.id,
                   f"{problem.message} (`rulebook validate` would report it at {problem.file}:{problem.line})")


def write_staged(rulebook: Rulebook, staged: dict[str, str | None]) -> list[str]:
    """Write each staged file aside and rename it: the edition first, then its review file, so a failure
    never records fingerprints for a translation that was not written."""
    written: list[str] = []
    for file, text in staged.items():
        if text is None:
            continue
        try:
            write_atomic(Path(rulebook.root) / file, text, shown_as=file)
        except WriteError as error:
            if written:
                error.note = (f"{', '.join(written)} was written; the units it changed keep their old "
                              "fingerprints, so `rulebook qa` may report them stale")
            raise
        written.append(file)
    return written

