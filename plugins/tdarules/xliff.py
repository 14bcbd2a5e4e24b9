"""XLIFF 1.2 round trip for translators' CAT tools (OmegaT, memoQ, Trados), through translate-toolkit.

Export: one file per language; one trans-unit per translated unit, `id` = the unit id of units.py
(the site's own ids: "43-B:1"), `source` = the English the unit is translated from, `target` = the
current translation, notes = the unit's open QA findings and recorded source defects.

Import: every trans-unit is checked before anything is written; any problem refuses the whole file
with `file:line: unit: message` lines (unknown or duplicate ids, a source that is not today's English,
inline markup or an emptied target, a file for another language). Changed units are written back into
rulebook/2024/<lang>.yaml through ruamel's round trip (the rest of the file stays byte-identical)
with `by: translator` and the date; the fingerprint of their English is recorded, so they are no
longer stale. A file without changes writes nothing.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from lxml import etree
from ruamel.yaml.comments import CommentedMap
from translate.storage import xliff as ttk_xliff

from .loader import Rulebook
from .qa.findings import basis_for
from .qa.report import findings_for, qa_strings
from .units import Unit, edition_units, fingerprint
from .yamlio import Problem, dump_yaml, read_yaml

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


def export_xliff(rulebook: Rulebook, language: str) -> bytes:
    if language not in STORED:
        raise ValueError(f"{language} is not stored as a translation (zh-Hans is converted from zh-Hant)")
    store = ttk_xliff.xlifffile(sourcelanguage="en", targetlanguage=language)
    strings = qa_strings(rulebook)
    notes: dict[str, list[str]] = {}
    for finding in findings_for(rulebook, language):
        if finding.acknowledged is None:
            notes.setdefault(finding.unit, []).append(f"QA {finding.kind}: {finding.message(strings)} [{finding.id}]")
    for unit, english in exportable(rulebook, language):
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
    for unit in untranslated(rulebook, language):
        tu = store.UnitClass(unit.text.text)
        tu.setid(unit.id)
        tu.addnote("missing in this translation: a target here adds the paragraph to the empty part", origin="developer")
        store.addunit(tu)
    # the file element names the YAML the translations go back into
    next(store.document.getroot().iter(f"{{{XLIFF_NS}}}file")).set("original", f"rulebook/2024/{language}.yaml")
    return bytes(store)


def import_file(rulebook: Rulebook, path: Path, *, dry_run: bool = False, today: str | None = None) -> tuple[str, list[Edit], list[str]]:
    language, edits = read_edits(rulebook, path)
    written = [] if dry_run else apply_edits(rulebook, language, edits, today)
    return language, edits, written


@dataclass(frozen=True)
class Edit:
    unit: Unit
    english: str
    text: str
    line: int
    new: bool = False          # fills an empty part (the unit is the English one; its text is not replaced)


class ImportRefused(Exception):
    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


def read_edits(rulebook: Rulebook, path: Path, shown_as: str | None = None) -> tuple[str, list[Edit]]:
    """Validate an XLIFF file against the rulebook; return (language, changed units) or raise ImportRefused."""
    name = shown_as or str(path)
    raw = Path(path).read_bytes()
    try:
        etree.fromstring(raw, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError as error:
        raise ImportRefused([Problem(name, error.lineno or 0, "-", f"not well-formed XML: {error.msg}")]) from None
    store = ttk_xliff.xlifffile.parsestring(raw)
    files = store.document.getroot().findall(f"{{{XLIFF_NS}}}file") or store.document.getroot().findall("file")
    language = files[0].get("target-language") if files else None
    if language not in STORED:
        raise ImportRefused([Problem(name, files[0].sourceline if files else 1, "-",
                                     f"target-language {language!r} is not a stored translation ({', '.join(STORED)})")])
    units = {u.id: (u, english) for u, english in exportable(rulebook, language)}
    gaps = {u.id: u for u in untranslated(rulebook, language)}
    units.update({unit_id: (u, u.text.text) for unit_id, u in gaps.items()})
    problems: list[Problem] = []
    edits: list[Edit] = []
    seen: set[str] = set()
    for tu in store.getunits():
        element = tu.xmlelement
        line = element.sourceline or 0
        unit_id = element.get("id") or ""
        if unit_id in seen:
            problems.append(Problem(name, line, unit_id, "duplicate trans-unit id"))
            continue
        seen.add(unit_id)
        if unit_id not in units:
            problems.append(Problem(name, line, unit_id or "-", "unknown unit id: not a translated unit of the "
                                                                f"{language} edition (ids are exported by rulebook export)"))
            continue
        unit, english = units[unit_id]
        source = tu.source or ""
        if " ".join(source.split()) != " ".join(english.split()):
            problems.append(Problem(name, line, unit_id, "source text differs from today's English: the English "
                                                         "changed since export, or the source was edited; re-export"))
            continue
        target_element = element.find(f"{{{XLIFF_NS}}}target")
        if target_element is None:
            target_element = element.find("target")
        if target_element is not None and len(target_element):
            tags = sorted({etree.QName(child).localname for child in target_element})
            problems.append(Problem(name, target_element.sourceline or line, unit_id,
                                    f"target contains inline markup ({', '.join(tags)}): the rulebook stores plain text"))
            continue
        target = tu.target if target_element is not None else None
        if target is None:
            continue                                   # untranslated in the CAT tool: keep ours
        if not target.strip():
            problems.append(Problem(name, line, unit_id, "empty target would delete the translation"))
            continue
        if any(ord(c) < 32 and c not in "\t\n" for c in target):
            problems.append(Problem(name, line, unit_id, "target contains control characters"))
            continue
        if unit_id in gaps:
            edits.append(Edit(unit, english, target, line, new=True))
        elif target != unit.text.text:
            edits.append(Edit(unit, english, target, line))
    if problems:
        raise ImportRefused(problems)
    return language, edits


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


def apply_edits(rulebook: Rulebook, language: str, edits: list[Edit], today: str | None = None) -> list[str]:
    """Write the edits into the YAML (round trip) and record their English fingerprints. Returns files written."""
    if not edits:
        return []
    today = today or datetime.date.today().isoformat()
    file = Path(rulebook.root) / "rulebook" / "2024" / f"{language}.yaml"
    document = read_yaml(file)
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
    text = dump_yaml(document)
    file.write_text(text, encoding="utf-8")
    from .qa.review_file import record_fingerprints
    from .loader import load_rulebook
    record_fingerprints(load_rulebook(rulebook.root), language, {e.unit.id for e in edits}, overwrite=True)
    return [str(file.relative_to(rulebook.root)), f"rulebook/review/{language}.yaml"]
