"""Read the TDA's Longform DOCX into the plain text `longform.import_longform` reads.

The plain-text source the importer was written for (`sources/000_ea0a9c803a5824f7.txt`) is the
DOCX's text laid out as: the document's name on the first line, then every non-empty paragraph of
the body on a line of its own, paragraphs separated by one blank line. Headings ("1: Floor
Decisions-…", "RP-1. …", "Rule 43: …", section names, 無標題) are ordinary lines there: the
importer recognises them by their text, not by a style, so styles are not read here.

The Longform is published with redlines (tracked changes). The text taken is what the document says
with every change accepted: inserted and moved-to text is kept, deleted and moved-from text is not.
Field codes are skipped (their shown result is kept), and so is the fallback copy of a drawing's
text that Word stores next to the drawing itself. Tables, if any, are read cell by cell in reading
order. A manual line break inside a paragraph starts a new line, since the importer reads one
paragraph a line.
"""
from __future__ import annotations

from pathlib import Path
from typing import IO

from docx import Document
from docx.oxml.ns import qn
from lxml import etree

NS = {
    "w": "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
    "mc": "http://schemas.openxmlformats.org/markup-compatibility/2006",
}
# Text nodes of a paragraph in reading order, without what accepting the changes removes
# (w:del, w:moveFrom) and without the duplicate text of a drawing's fallback (mc:Fallback).
# w:tab is taken only inside a run: in w:pPr it defines a tab stop, not a character.
ACCEPTED = ("[not(ancestor::w:del) and not(ancestor::w:moveFrom) and not(ancestor::mc:Fallback)]")
TEXT_NODES = f".//w:t{ACCEPTED} | .//w:r/w:tab{ACCEPTED} | .//w:r/w:br{ACCEPTED} | .//w:r/w:cr{ACCEPTED}" \
             f" | .//w:r/w:noBreakHyphen{ACCEPTED}"
TEXT_NODES_OF = etree.XPath(TEXT_NODES, namespaces=NS)
PARAGRAPH_SEPARATOR = "\n\n"     # the plain-text source puts a blank line between paragraphs


def paragraph_text(paragraph) -> str:
    """The accepted text of one w:p element; a manual line break becomes a new line."""
    pieces = []
    for node in TEXT_NODES_OF(paragraph):
        tag = node.tag
        if tag == qn("w:t"):
            pieces.append(node.text or "")
        elif tag == qn("w:tab"):
            pieces.append("\t")
        elif tag == qn("w:noBreakHyphen"):
            pieces.append("-")
        elif tag == qn("w:cr") or node.get(qn("w:type")) in (None, "textWrapping"):
            pieces.append("\n")
        # a page or column break is layout, not text
    return "".join(pieces)


def _body_paragraphs(container):
    """w:p elements of a body or a table cell in reading order, tables and content controls entered."""
    for child in container.iterchildren():
        if child.tag == qn("w:p"):
            yield child
        elif child.tag == qn("w:tbl"):
            for cell in child.iterfind(".//w:tc", NS):
                yield from _body_paragraphs(cell)
        elif child.tag == qn("w:sdt"):
            content = child.find("w:sdtContent", NS)
            if content is not None:
                yield from _body_paragraphs(content)


def docx_lines(source: str | Path | IO[bytes]) -> list[str]:
    """The non-empty lines of the document's body, in order, each stripped."""
    body = Document(source).element.body
    lines = []
    for paragraph in _body_paragraphs(body):
        for line in paragraph_text(paragraph).split("\n"):
            if line.strip():
                lines.append(line.strip())
    return lines


def docx_to_longform_text(source: str | Path | IO[bytes], title: str | None = None) -> str:
    """The Longform DOCX as the plain text `import_longform` reads.

    `title` is the first line (the importer keeps it as the edition's notice): the document's name.
    Without it, the file's name without `.docx` stands in, or the document's own title property for
    a file object; a document with neither needs `title`.
    """
    if title is None:
        if isinstance(source, (str, Path)):
            title = Path(source).stem
        else:
            title = Document(source).core_properties.title
            source.seek(0)
    if not title or not title.strip():
        raise ValueError("the Longform's first line is its name: pass title= (the document has no title)")
    return PARAGRAPH_SEPARATOR.join([title.strip(), *docx_lines(source)])
