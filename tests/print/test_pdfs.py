"""Every PDF, read back with poppler: sane page counts, embedded fonts, rule 43's text as in the model
(Chinese and Russian included, each language in its own column in the bilingual ones), bookmarks for
every rule, the contents' page numbers, metadata, and a page rendered to PNG that is not blank."""
from __future__ import annotations

import re
import subprocess

import pytest

from tdarules.printing.documents import DOCUMENTS

FULL = [d for d in DOCUMENTS if d.kind == "full"]
IDS = [d.id for d in DOCUMENTS]


def squash(text: str) -> str:
    """Compare text without its line breaks and spacing (lines wrap differently on paper)."""
    return re.sub(r"\s+", "", text)


def weight(text: str) -> int:
    """Characters of text, a Han character counting as two (it carries about as much as two letters)."""
    return sum(2 if "\u3000" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef" else 1 for c in text)


def rule_label(rule_id: str, language: str, strings) -> str:
    return rule_id if rule_id.startswith("RP-") else f"{strings.get('rule', language)} {rule_id}"


@pytest.mark.parametrize("doc_id", IDS)
def test_page_count_is_sane_and_no_page_is_blank_or_only_a_heading(pdfs, doc_id):
    pdf = pdfs[doc_id]
    document = next(d for d in DOCUMENTS if d.id == doc_id)
    expected = {"full": (18, 80), "handout": (6, 20)}[document.kind]
    if len(document.languages) > 1:
        expected = (30, 90)
    assert expected[0] <= pdf.pages <= expected[1], pdf.pages
    for number, text in enumerate(pdf.page_texts(), start=1):
        body = [line for line in text.splitlines() if line.strip()]
        # running header (2 lines) and page number are on every page but the first
        content = body if number == 1 else body[2:-1]
        # The last page holds what is left of the last rule, however short; any other page is full.
        least = 20 if number == pdf.pages else 150
        assert weight(squash("".join(content))) > least, f"page {number} of {doc_id} is (nearly) empty: {body}"


@pytest.mark.parametrize("language", ["en", "zh-Hant", "zh-Hans", "ru"])
def test_the_handout_is_shorter_and_bilingual_longer(pdfs, language):
    full = pdfs[f"tda-2024-{language}"].pages
    assert pdfs[f"tda-2024-handout-{language}"].pages < full < pdfs["tda-2024-en-ru"].pages


@pytest.mark.parametrize("doc_id", IDS)
def test_every_font_is_embedded_and_chinese_uses_its_own_noto_cjk(pdfs, doc_id):
    fonts = pdfs[doc_id].fonts()
    assert fonts
    assert [f["name"] for f in fonts if f["emb"] != "yes" or f["uni"] != "yes"] == []
    names = " ".join(f["name"] for f in fonts)
    if "zh-Hant" in doc_id:
        assert "CJK-TC" in names and "CJK-SC" not in names and "CJK-JP" not in names
    elif "zh-Hans" in doc_id:
        assert "CJK-SC" in names and "CJK-TC" not in names and "CJK-JP" not in names
    else:
        assert "CJK" not in names


def blocks_of(rule) -> list[str]:
    return [(b.marker or "") + b.text for _, b in rule.all_blocks()]


def assert_in_order(pieces: list[str], text: str, where: str):
    haystack, position = squash(text), 0
    for piece in pieces:
        found = haystack.find(squash(piece), position)
        assert found >= 0, f"{where}: not found after position {position}: {piece[:80]!r}"
        position = found + len(squash(piece))


def rule_pages(pdf, label: str, title: str) -> tuple[int, int]:
    """First and last page of a rule: from its bookmark to the next bookmark."""
    outline = [(page, text) for level, page, text in pdf.outline()]
    index = next(i for i, (_, text) in enumerate(outline) if text.startswith(f"{label} {title}"))
    return outline[index][0], outline[index + 1][0]


@pytest.mark.parametrize("doc_id", [d.id for d in DOCUMENTS if len(d.languages) == 1])
def test_rule_43_text_matches_the_model(pdfs, rulebook, strings, doc_id):
    pdf = pdfs[doc_id]
    language = next(d for d in DOCUMENTS if d.id == doc_id).languages[0]
    rule = rulebook.edition(language).rule("43")
    first, last = rule_pages(pdf, rule_label("43", language, strings), rule.title.text)
    words = pdf.words(first, last)
    text = "".join(w.text for w in words)
    assert_in_order([rule.title.text] + blocks_of(rule), text, f"{doc_id} pages {first}-{last}")


@pytest.mark.parametrize("doc_id", [d.id for d in DOCUMENTS if len(d.languages) == 2])
def test_bilingual_rule_43_has_each_language_in_its_column(pdfs, rulebook, strings, doc_id):
    pdf = pdfs[doc_id]
    left_language, right_language = next(d for d in DOCUMENTS if d.id == doc_id).languages
    left_rule, right_rule = (rulebook.edition(lang).rule("43") for lang in (left_language, right_language))
    first, last = rule_pages(pdf, rule_label("43", "en", strings), left_rule.title.text)
    words = pdf.words(first, last)
    split = pdf.width / 2 + 8            # the right column starts past the middle (part labels on the left)
    left = "".join(w.text for w in words if w.x < split)
    right = "".join(w.text for w in words if w.x >= split)
    assert_in_order(blocks_of(left_rule), left, f"{doc_id}, left column")
    assert_in_order(blocks_of(right_rule), right, f"{doc_id}, right column")
    # Part beside part: each part's label and both texts start on the same line.
    for letter in left_rule.parts:
        row = [w for w in words if w.text == letter and w.x < 70]
        assert row, f"part label {letter} not found"


@pytest.mark.parametrize("doc_id", IDS)
def test_bookmarks_for_every_section_and_rule(pdfs, rulebook, strings, doc_id):
    document = next(d for d in DOCUMENTS if d.id == doc_id)
    language = document.languages[0]
    edition = rulebook.edition(language)
    outline = pdfs[doc_id].outline()
    labels = [text for _, _, text in outline]
    rules = list(edition.rules.values()) + (list(edition.procedures.values()) if document.kind == "full" else [])
    for rule in rules:
        wanted = f"{rule_label(rule.id, language, strings)} {rule.title.text}"
        assert any(label.startswith(wanted) for label in labels), f"no bookmark {wanted!r}"
    sections = [level for level, _, text in outline if level == 1]
    assert len(sections) >= len(edition.sections)
    assert all(level == 2 for level, _, text in outline if text.startswith(rule_label("43", language, strings) + " "))
    pages = [page for _, page, _ in outline]
    assert pages == sorted(pages) and pages[-1] <= pdfs[doc_id].pages


def toc_entries(pdf) -> dict[str, int]:
    """Title (squashed) → page number, from the contents pages ('Raise Amounts ........ 16'; a long title
    wraps onto the line with the dots)."""
    entries, pending = {}, ""
    for page in range(2, 5):
        for line in pdf.text(page).splitlines():
            line = line.strip()
            match = re.match(r"(.*?)\s*\.{4,}\s*(\d+)$", line)
            if match:
                entries.setdefault(squash(pending + match[1]), int(match[2]))
                pending = ""
            elif re.fullmatch(r"(RP-)?\d+|", line):
                pending = ""                  # the rule number column, or a blank line
            else:
                pending += line
    return entries


@pytest.mark.parametrize("doc_id", IDS)
@pytest.mark.parametrize("rule_id", ["1", "43", "71"])
def test_contents_page_numbers_are_right(pdfs, rulebook, strings, doc_id, rule_id):
    pdf = pdfs[doc_id]
    language = next(d for d in DOCUMENTS if d.id == doc_id).languages[0]
    rule = rulebook.edition(language).rule(rule_id)
    page = toc_entries(pdf)[squash(rule.title.text)]
    label = rule_label(rule_id, language, strings)
    heading = squash(f"{label}{rule.title.text}")
    def has_heading(number):        # the heading itself, not the running header "Rule 43: …"
        return heading in squash("".join(w.text for w in pdf.words(number, number)))
    assert has_heading(page), f"{label} is not on page {page}"
    assert not has_heading(page - 1)
    bookmark = next(p for _, p, text in pdf.outline() if text.startswith(f"{label} {rule.title.text}"))
    assert bookmark == page


@pytest.mark.parametrize("doc_id", IDS)
def test_metadata_title_and_language(pdfs, rulebook, doc_id):
    pdf = pdfs[doc_id]
    language = next(d for d in DOCUMENTS if d.id == doc_id).languages[0]
    assert rulebook.edition(language).title.text in pdf.info["Title"]
    assert pdf.info["Author"].strip().startswith("Poker Tournament Directors Association")
    assert f"/Lang ({language})".encode() in catalog(pdf.path)


def catalog(path) -> bytes:
    """The document catalog, from inside a compressed object stream if need be."""
    import zlib
    data = path.read_bytes()
    pieces = [data]
    for match in re.finditer(rb"stream\r?\n", data):
        end = data.find(b"endstream", match.end())
        try:
            pieces.append(zlib.decompress(data[match.end():end]))
        except zlib.error:
            continue
    return next(p[p.find(b"/Type /Catalog"):][:2000] for p in pieces if b"/Type /Catalog" in p)


@pytest.mark.parametrize("doc_id", IDS)
def test_title_page_names_edition_language_and_notices(pdfs, strings, doc_id):
    document = next(d for d in DOCUMENTS if d.id == doc_id)
    first = squash(pdfs[doc_id].text(1))
    assert "2024" in first and "1.0" in first
    for language in document.languages:
        assert squash(strings.get("language_name", language)) in first
        if language != "en":
            assert squash(strings.get("english_governs", language)) in first
        if language == "zh-Hans":
            assert squash(strings.get("converted", language)) in first


def test_cross_references_are_clickable_inside_the_pdf(pdfs):
    """Rule 45-B cites Rule 43: the link goes to the page where Rule 43 is."""
    pdf = pdfs["tda-2024-en"]
    xml = subprocess.run(["pdftohtml", "-xml", "-stdout", "-i", "-q", str(pdf.path)], capture_output=True,
                         text=True, check=True).stdout
    targets = {int(page) for page in re.findall(r'<a href="[^"#]*#(\d+)">Rule 43</a>', xml)}
    rule_43 = next(p for _, p, text in pdf.outline() if text.startswith("Rule 43 "))
    assert targets == {rule_43}


@pytest.mark.parametrize("doc_id", IDS)
def test_a_page_rendered_to_png_is_not_blank(pdfs, doc_id, tmp_path):
    from PIL import Image
    pdf = pdfs[doc_id]
    page = min(5, pdf.pages)
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-f", str(page), "-l", str(page), str(pdf.path),
                    str(tmp_path / "page")], check=True)
    [png] = tmp_path.glob("page*.png")
    image = Image.open(png).convert("L")
    inked = sum(image.histogram()[:200])           # pixels darker than light grey
    assert inked / (image.width * image.height) > 0.01, f"page {page} of {doc_id} looks blank"
