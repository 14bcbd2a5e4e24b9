"""Read a new English Longform into the plain text `importers.longform.import_longform` reads.

Three forms arrive: the plain text itself (laid out like `rulebook/sources/000_*.txt`), the TDA's
DOCX (`importers.docx_longform`), or the PDF, read with poppler's `pdftotext -layout`. The PDF's
text is wrapped at the page's width, so its lines are joined back into paragraphs: a blank line, a
page break or a line that opens a heading, a lettered part or an example starts a new paragraph.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from ..importers.longform import ADDENDUM_HEADING, EXAMPLE_MARKER, RP_HEADING, RULE_HEADING, SECTIONS_2024
from ..importers.structure import PART_MARKER


class SourceError(Exception):
    """A source that cannot be read: the message is one `file:line: -: reason` line."""


# Lines that stand alone in a PDF's wrapped text (headings), and lines that open a paragraph the
# next lines continue (a lettered part, an example).
HEADINGS = (RULE_HEADING, RP_HEADING, ADDENDUM_HEADING,
            re.compile(r"^(?:Recommended Procedures|Illustration Addendum)\s*$", re.IGNORECASE))
OPENS_PARAGRAPH = (EXAMPLE_MARKER, PART_MARKER)
PDFTOTEXT_SECONDS = 120


def read_source(path: Path) -> str:
    """The Longform's plain text, or SourceError."""
    suffix = path.suffix.lower()
    if not path.is_file():
        raise SourceError(f"{path}:0: -: no such file")
    try:
        if suffix == ".docx":
            from ..importers.docx_longform import docx_to_longform_text
            return docx_to_longform_text(path)
        if suffix == ".pdf":
            return pdf_text(path)
        return path.read_text(encoding="utf-8")
    except SourceError:
        raise
    except UnicodeDecodeError as error:
        line = path.read_bytes().count(b"\n", 0, error.start) + 1
        raise SourceError(f"{path}:{line}: -: not UTF-8 text ({error.reason}); give a .txt, .docx or .pdf") from None
    except OSError as error:
        raise SourceError(f"{path}:0: -: cannot read: {error.strerror or error}") from None
    except Exception as error:           # python-docx / zip errors on a file that is not a DOCX
        raise SourceError(f"{path}:0: -: not a readable {suffix or 'text'} file ({type(error).__name__}: "
                          f"{str(error).splitlines()[0] if str(error) else 'no detail'})") from None


def pdf_text(path: Path) -> str:
    tool = shutil.which("pdftotext")
    if tool is None:
        raise SourceError(f"{path}:0: -: reading a PDF needs pdftotext (Debian: apt-get install poppler-utils)")
    try:
        done = subprocess.run([tool, "-layout", "-enc", "UTF-8", str(path), "-"], capture_output=True,
                              timeout=PDFTOTEXT_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        raise SourceError(f"{path}:0: -: pdftotext took more than {PDFTOTEXT_SECONDS} s") from None
    if done.returncode != 0:
        reason = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise SourceError(f"{path}:0: -: pdftotext failed: {reason[-1] if reason else f'exit {done.returncode}'}")
    return reflow(done.stdout.decode("utf-8", "replace"), title=path.stem)


def reflow(layout_text: str, title: str) -> str:
    """`pdftotext -layout` output → the document's name, then one paragraph a line."""
    paragraphs: list[str] = []
    current: list[str] = []

    def close():
        if current:
            paragraphs.append(" ".join(current))
            current.clear()

    for raw in layout_text.replace("\f", "\n\n").splitlines():
        line = " ".join(raw.split())
        if not line:
            close()
            continue
        heading = any(pattern.match(line) for pattern in HEADINGS) or \
            any(line.startswith(section) for section in SECTIONS_2024)
        if heading or any(pattern.match(line) for pattern in OPENS_PARAGRAPH):
            close()
        current.append(line)
        if heading:
            close()
    close()
    return "\n\n".join([title, *paragraphs]) + "\n"
