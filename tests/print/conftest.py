"""The PDFs, made once per session through `rulebook pdf` (rendering is skipped for documents whose
HTML did not change since the build), and poppler's tools to read them."""
from __future__ import annotations

import functools
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
POPPLER = all(shutil.which(tool) for tool in ("pdfinfo", "pdffonts", "pdftotext", "pdftoppm", "pdftohtml"))


def run(*command: str) -> str:
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


@dataclass
class Word:
    page: int
    x: float
    y: float
    text: str


class Pdf:
    """One PDF read with poppler; every reading is cached (the session's tests ask the same questions)."""

    def __init__(self, path: Path):
        self.path = path
        self.info = dict(line.split(":", 1) for line in run("pdfinfo", str(path)).splitlines() if ":" in line)
        self.pages = int(self.info["Pages"])
        self.width, self.height = (float(v) for v in re.findall(r"[\d.]+", self.info["Page size"])[:2])

    @functools.lru_cache(maxsize=None)
    def text(self, first: int | None = None, last: int | None = None) -> str:
        args = ["pdftotext", "-enc", "UTF-8"] + (["-f", str(first), "-l", str(last or first)] if first else [])
        return run(*args, str(self.path), "-")

    def page_texts(self) -> list[str]:
        return self.text().split("\f")[: self.pages]

    def fonts(self) -> list[dict]:
        lines = run("pdffonts", str(self.path)).splitlines()[2:]
        rows = []
        for line in lines:
            cells = line.split()
            # name type... encoding emb sub uni objectID gen: the last six cells are fixed
            rows.append({"name": cells[0], "emb": cells[-5], "sub": cells[-4], "uni": cells[-3]})
        return rows

    @functools.lru_cache(maxsize=None)
    def outline(self) -> list[tuple[int, int, str]]:
        """(level, page, label) of every bookmark, from pdftohtml's XML."""
        xml = run("pdftohtml", "-xml", "-stdout", "-i", "-q", "-f", "1", "-l", "1", str(self.path))
        out, level = [], 0
        for token in re.finditer(r'<outline>|</outline>|<item page="(\d+)">(.*?)</item>', xml, re.S):
            if token.group(0) == "<outline>":
                level += 1
            elif token.group(0) == "</outline>":
                level -= 1
            else:
                out.append((level, int(token[1]), unescape(re.sub(r"<[^>]+>", "", token[2]))))
        return out

    @functools.lru_cache(maxsize=None)
    def words(self, first: int, last: int) -> list[Word]:
        """Words of the page body (running header and page number cut off), with positions in points."""
        xml = run("pdftotext", "-bbox", "-enc", "UTF-8", "-f", str(first), "-l", str(last), str(self.path), "-")
        words, page = [], first - 1
        for token in re.finditer(r'<page |<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>(.*?)</word>', xml):
            if token.group(0) == "<page ":
                page += 1
                continue
            x, y = float(token[1]), float(token[2])
            if 45 < y < self.height - 45:
                words.append(Word(page, x, y, unescape(token[3])))
        return words


@pytest.fixture(scope="session")
def pdf_dir(tmp_path_factory) -> Path:
    if not POPPLER:
        pytest.skip("poppler-utils is not installed (make test installs it)")
    out = tmp_path_factory.mktemp("pdf")
    rulebook = Path(sys.executable).with_name("rulebook")
    result = subprocess.run([str(rulebook), "pdf", "--out", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]
    return out


@pytest.fixture(scope="session")
def pdfs(pdf_dir) -> dict[str, Pdf]:
    from tdarules.printing.documents import DOCUMENTS
    return {document.id: Pdf(pdf_dir / document.filename) for document in DOCUMENTS}
