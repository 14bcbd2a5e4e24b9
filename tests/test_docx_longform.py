"""The Longform DOCX reader: a DOCX laid out like the TDA's Longform goes through the existing
plain-text importer and gives the same editions as the plain-text source."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from docx import Document
from docx.enum.text import WD_BREAK
from docx.oxml import OxmlElement
from docx.oxml.ns import qn

from tdarules.importers import LONGFORM_2024
from tdarules.importers.docx_longform import docx_lines, docx_to_longform_text
from tdarules.importers.longform import import_longform

ROOT = Path(__file__).resolve().parents[1]
SOURCE = (ROOT / "rulebook" / LONGFORM_2024).read_text(encoding="utf-8")
LINES = [line for line in SOURCE.splitlines() if line.strip()]
HEADING = re.compile(r"^(?:\d{1,2}:|RP-\d{1,2}[.:]|Rule \d{1,2}(?:-[A-Z])?:|無標題$)")
# Text a redline deletes: must not reach the importer.
DELETED = "superseded wording "
# Every this-many paragraphs carries tracked changes; others are split into several runs.
REDLINE_EVERY = 7


def _run(parent, text: str, *, deleted: bool = False):
    run = OxmlElement("w:r")
    node = OxmlElement("w:delText" if deleted else "w:t")
    node.set(qn("xml:space"), "preserve")
    node.text = text
    run.append(node)
    parent.append(run)
    return run


def _tracked(paragraph, tag: str, text: str, *, deleted: bool = False):
    change = OxmlElement(tag)
    change.set(qn("w:id"), str(abs(hash((tag, text))) % 100000))
    change.set(qn("w:author"), "TDA")
    _run(change, text, deleted=deleted)
    paragraph._p.append(change)


def longform_docx(lines: list[str]) -> Document:
    """The Longform's layout: headings in heading styles with the number in bold, body paragraphs in
    several runs, redlines (an insertion and a deletion) in some paragraphs, empty spacer paragraphs
    and page breaks between parts."""
    document = Document()
    for index, line in enumerate(lines):
        if HEADING.match(line):
            paragraph = document.add_paragraph(style="Heading 2")
            number, _, rest = line.partition(" ")
            paragraph.add_run(number + " ").bold = True
            paragraph.add_run(rest)
        elif index % REDLINE_EVERY == 0 and len(line) > 20:
            paragraph = document.add_paragraph()
            half = len(line) // 2
            paragraph.add_run(line[:half])
            _tracked(paragraph, "w:del", DELETED, deleted=True)
            _tracked(paragraph, "w:ins", line[half:])
        else:
            paragraph = document.add_paragraph()
            cuts = [0, *sorted({len(line) // 3, 2 * len(line) // 3}), len(line)]
            for start, end in zip(cuts, cuts[1:]):
                if end > start:
                    paragraph.add_run(line[start:end])
        if line == "無標題":
            document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
        if index % 11 == 0:
            document.add_paragraph("   ")              # a spacer paragraph, blank to the reader
    return document


@pytest.fixture(scope="module")
def docx_path(tmp_path_factory) -> Path:
    # the plain-text source's first line is the document's name; the file carries that name
    path = tmp_path_factory.mktemp("longform") / f"{LINES[0]}.docx"
    longform_docx(LINES[1:]).save(path)
    return path


def test_docx_reads_as_the_plain_text_source(docx_path):
    assert docx_to_longform_text(docx_path) == SOURCE


def test_docx_imports_as_the_same_english_edition(docx_path):
    expected = import_longform(SOURCE, LONGFORM_2024)
    got = import_longform(docx_to_longform_text(docx_path), LONGFORM_2024)
    assert got["en"] == expected["en"]
    assert got["zh-Hant"] == expected["zh-Hant"]
    assert len(got["en"]["rules"]) == 71 and len(got["en"]["procedures"]) == 22


def test_redlines_are_read_with_the_changes_accepted(docx_path):
    lines = docx_lines(docx_path)
    assert not any(DELETED.strip() in line for line in lines)
    redlined = [line for index, line in enumerate(LINES[1:]) if index % REDLINE_EVERY == 0
                and len(line) > 20 and not HEADING.match(line)]
    assert redlined and all(line in lines for line in redlined)


def test_line_breaks_tables_and_moves():
    document = Document()
    paragraph = document.add_paragraph("first line")
    paragraph.add_run().add_break()                   # a manual line break: a line of its own
    paragraph.add_run("second line")
    paragraph.add_run().add_break(WD_BREAK.PAGE)      # layout only
    paragraph.add_run(" continued")
    moved = document.add_paragraph("kept ")
    _tracked(moved, "w:moveFrom", "moved away")
    _tracked(moved, "w:moveTo", "moved here")
    table = document.add_table(rows=1, cols=2)
    table.cell(0, 0).text = "cell one"
    table.cell(0, 1).text = "cell two"
    document.add_paragraph("after the table")
    buffer = io.BytesIO()
    document.core_properties.title = "A Longform"
    document.save(buffer)
    buffer.seek(0)
    assert docx_to_longform_text(buffer).split("\n\n") == [
        "A Longform", "first line", "second line continued", "kept moved here", "cell one", "cell two",
        "after the table"]


def test_a_document_without_a_name_needs_a_title():
    buffer = io.BytesIO()
    Document().save(buffer)
    buffer.seek(0)
    with pytest.raises(ValueError, match="title="):
        docx_to_longform_text(buffer)
