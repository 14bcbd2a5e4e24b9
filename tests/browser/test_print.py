"""Printing in a real browser (Chromium's own print-to-PDF, the engine behind its print dialog):
a rule page with a companion language prints part beside part; the rule-sheet builder prints 40-47 in
English + Russian with a QR code per rule that decodes to the rule's edition address on the address the sheet was
printed from (and no QR code where the build has no public address); bad selections are named in
the page's language while the rest still prints. PDFs are read back with poppler and zbarimg."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tdarules.model import CURRENT_EDITION
from tdarules.urls import edition_rule_url, printed_path

pytestmark = pytest.mark.browser

TOOLS = all(shutil.which(t) for t in ("pdfinfo", "pdftotext", "pdftoppm", "zbarimg"))
needs_tools = pytest.mark.skipif(not TOOLS, reason="poppler-utils and zbar-tools are needed (make test installs them)")


@pytest.fixture
def desktop(browser, request_log):
    """A desktop-sized page (printing lays out on paper, not on a phone screen); other hosts blocked."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US", service_workers="block")

    def guard(route):
        if request_log.is_local(route.request.url):
            route.continue_()
        else:
            request_log.blocked.append(route.request.url)
            route.abort("blockedbyclient")

    context.route("**/*", guard)
    context.on("request", lambda r: request_log.record(r.url))
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
    request_log.assert_local_only()


def pdf_pages(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info)[1])


def pdf_text(path: Path, *extra: str) -> str:
    return subprocess.run(["pdftotext", *extra, "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


@needs_tools
def test_rule_page_prints_without_screen_furniture_and_with_header_footer(desktop, base_url, tmp_path):
    desktop.goto(f"{base_url}/en/rules/43/")
    path = tmp_path / "43.pdf"
    desktop.pdf(path=str(path), format="A4", display_header_footer=False, prefer_css_page_size=True)
    text = pdf_text(path)
    assert pdf_pages(path) <= 3
    first_page = text.split("\f")[0]
    assert "Rule 43: Raise Amounts" in first_page.splitlines()[0:3].__str__()   # running header
    assert "Poker TDA Rules 2024, v1.0" in first_page and f"/en/{CURRENT_EDITION}/rules/43/" in first_page   # names the edition
    assert re.search(r"\b1\s*/\s*\d\b", first_page)                          # page numbers
    for screen_only in ("Show beside", "Copy citation", "Referenced by", "Next:", "Calculator"):
        assert screen_only not in text
    assert "Example 4-A" in text            # the examples print open
    assert "Rule 45-B" in text              # cross-references stay as text


@needs_tools
def test_bilingual_rule_page_prints_part_beside_part(desktop, base_url, tmp_path):
    desktop.add_init_script("localStorage.setItem('tda-companion', 'ru')")
    desktop.goto(f"{base_url}/en/rules/43/")
    desktop.locator("section[id='43-A'] .tda-companion").wait_for()
    path = tmp_path / "43-en-ru.pdf"
    desktop.pdf(path=str(path), format="A4", prefer_css_page_size=True)
    text = pdf_text(path, "-layout")
    beside = [line for line in text.splitlines() if re.search(r"[A-Za-z]{3,}.*\s{3,}.*[А-Яа-яЁё]{3,}", line)]
    desktop.emulate_media(media="print")
    text_box = desktop.locator("section[id='43-A'] .tda-part-text").bounding_box()
    companion_box = desktop.locator("section[id='43-A'] .tda-companion").bounding_box()
    assert abs(text_box["y"] - companion_box["y"]) < 4, (text_box, companion_box)
    assert companion_box["x"] >= text_box["x"] + text_box["width"] - 1
    assert len(beside) >= 5, "no line holds English and Russian side by side:\n" + text[:3000]


def fill_builder(page, base_url, language, selection, second=None):
    page.goto(f"{base_url}/{language}/print/")
    page.locator("#tda-sheet[data-ready]").wait_for(state="attached")
    if second:
        page.select_option("#tda-pb-second", second)
    page.fill("#tda-pb-selection", selection)
    page.wait_for_function("value => document.querySelector('#tda-sheet').dataset.selection === value", arg=selection)


def decode_qr_codes(pdf: Path, tmp_path: Path) -> list[str]:
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(pdf), str(tmp_path / "sheet")], check=True)
    urls = []
    for png in sorted(tmp_path.glob("sheet*.png")):
        result = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
                                capture_output=True, text=True)
        urls += result.stdout.split()
    return urls


def serve_as_built_for(page, site: str) -> None:
    """The builder as a build made for `site` serves it: its config names that address as the one its
    QR codes encode, and the codes encode it (made here with the build's own qr_svg)."""
    from tdarules.printing.qr import qr_svg

    def builder(route):
        response = route.fetch()
        body = re.sub(r'"qrBase":\s*(null|"[^"]*")', lambda _: f'"qrBase": {json.dumps(site)}', response.text())
        headers = {k: v for k, v in response.headers.items() if k.lower() not in ("content-encoding", "content-length")}
        route.fulfill(status=response.status, headers=headers, body=body)

    def code(route):
        language, rule = re.search(r"/qr/([^/]+)/([^/.]+)\.svg$", route.request.url).groups()
        route.fulfill(body=qr_svg(site + edition_rule_url(language, rule).lstrip("/")), content_type="image/svg+xml")

    page.route(re.compile(r"/[A-Za-z-]+/print/(\?.*)?$"), builder)
    page.route(re.compile(r"/qr/[^/]+/[^/]+\.svg$"), code)


@needs_tools
def test_builder_prints_40_to_47_in_english_and_russian_with_qr_codes(desktop, base_url, tmp_path):
    site = base_url.rstrip("/") + "/"
    serve_as_built_for(desktop, site)
    fill_builder(desktop, base_url, "en", "40-47", second="ru")
    rules = desktop.locator("#tda-sheet article.tda-sheet-rule")
    rules.nth(7).wait_for()
    assert rules.count() == 8
    assert desktop.locator("#tda-pb-errors li").count() == 0
    desktop.wait_for_function("() => [...document.querySelectorAll('img.tda-qr')].every(i => i.complete && i.naturalWidth > 0)")
    path = tmp_path / "sheet.pdf"
    desktop.pdf(path=str(path), prefer_css_page_size=True)
    pages = pdf_pages(path)
    assert 3 <= pages <= 12, pages
    text = pdf_text(path)
    assert "Raise Amounts" in text and "Размер рейза" in text
    assert "Calculators" not in text and "Second language" not in text     # the form does not print
    decoded = decode_qr_codes(path, tmp_path)
    # the codes and the printed addresses name the edition: a sheet printed today keeps its meaning
    assert sorted(set(decoded)) == sorted(f"{site}en/{CURRENT_EDITION}/rules/{n}/" for n in range(40, 48))
    assert len(decoded) == 8
    for n in range(40, 48):
        assert re.sub(r"^https?://", "", f"{site}en/{CURRENT_EDITION}/rules/{n}/") in text        # as text


def test_builder_names_the_address_it_is_served_from_and_no_qr_code_without_a_public_one(desktop, base_url):
    """The same build served from another address (here the tests' own port, which no build was made
    for): the sheet names where it was printed from, and shows no QR code that would open elsewhere."""
    fill_builder(desktop, base_url, "ru", "43, RP-8")
    urls = desktop.locator("#tda-sheet .tda-sheet-url a").evaluate_all("links => links.map(a => [a.href, a.textContent])")
    host = re.sub(r"^https?://", "", base_url.rstrip("/"))
    year = CURRENT_EDITION
    assert urls == [[f"{base_url}/ru/{year}/rules/43/", f"{host}/ru/{year}/rules/43/"],
                    [f"{base_url}/ru/{year}/rp/8/", f"{host}/ru/{year}/rp/8/"]]
    assert desktop.locator("#tda-sheet img.tda-qr").count() == 0
    # the printed address leads to the rule, in the sheet's language
    errors = []
    desktop.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    desktop.goto(urls[1][0])
    desktop.wait_for_url(f"{base_url}/ru/rp/8/")
    assert desktop.locator("article h1").first.inner_text().startswith("RP-8")
    assert errors == []


@pytest.mark.parametrize("language, word", [("en", "no such rule"), ("ru", "такого правила нет"),
                                            ("zh-Hant", "沒有這條規則"), ("zh-Hans", "没有这条规则")])
def test_builder_names_bad_tokens_in_the_page_language_and_keeps_the_rest(desktop, base_url, language, word):
    fill_builder(desktop, base_url, language, "40-, RP-99, 72, 43-Z, 45, 11-D")
    errors = desktop.locator("#tda-pb-errors li")
    errors.nth(3).wait_for()
    messages = errors.all_inner_texts()
    assert len(messages) == 4
    for token in ("40-", "RP-99", "72", "43-Z"):
        assert any(token in m for m in messages), (token, messages)
    assert any(word in m for m in messages), messages
    sheet = desktop.locator("#tda-sheet article.tda-sheet-rule")
    assert [sheet.nth(i).get_attribute("data-rule") for i in range(sheet.count())] == ["45", "11"]
    assert desktop.locator("#tda-sheet article[data-rule='11'] .tda-sheet-row[data-part]").evaluate_all(
        "rows => rows.map(r => r.dataset.part)") == ["D"]


def test_builder_compact_drops_examples_and_shrinks_type(desktop, base_url):
    fill_builder(desktop, base_url, "en", "43")
    desktop.locator("#tda-sheet article[data-rule='43']").wait_for()
    assert desktop.locator("#tda-sheet .tda-sheet-examples").count() > 0
    full_size = desktop.locator("#tda-sheet").evaluate("n => parseFloat(getComputedStyle(n).fontSize)")
    desktop.check("input[name=layout][value=compact]")
    desktop.wait_for_function("() => document.querySelector('#tda-sheet').classList.contains('tda-sheet-compact')")
    assert desktop.locator("#tda-sheet .tda-sheet-examples").count() == 0
    assert desktop.locator("#tda-sheet").evaluate("n => parseFloat(getComputedStyle(n).fontSize)") < full_size
    assert "compact=1" in desktop.url


@needs_tools
@pytest.mark.parametrize("path, paper, footer", [
    ("/en/", "A4", "Poker TDA Rules 2024, v1.0"),
    ("/en/glossary/", "Letter", "Poker TDA Rules 2024, v1.0"),
    ("/en/calculators/", "Letter", "Poker TDA Rules 2024, v1.0"),
    ("/ru/addendum/", "A4", "Правила Poker TDA 2024, в. 1.0"),
    ("/zh-Hant/rp/8/", "Letter", "撲克 TDA 規則 2024，版本 1.0"),
])
def test_every_page_type_prints_on_a4_and_letter_without_navigation(desktop, base_url, tmp_path, path, paper, footer):
    desktop.goto(base_url + path)
    title = desktop.title().split(" - ")[0]
    pdf = tmp_path / "page.pdf"
    desktop.pdf(path=str(pdf), format=paper)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    width, height = (float(v) for v in re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info).groups())
    expected = {"A4": (595.3, 841.9), "Letter": (612, 792)}[paper]
    assert abs(width - expected[0]) < 2 and abs(height - expected[1]) < 2, (width, height)
    text = pdf_text(pdf)
    pages = text.split("\f")
    assert footer in pages[0] and printed_path(path) in pages[0]          # footer: edition · short URL
    assert title.split(":")[0] in pages[0].splitlines()[0]            # running header: the page title
    for furniture in ("Table of contents", "Skip to content", "Switch to dark mode", "Go to repository"):
        assert furniture not in text


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_sheet_link_from_an_older_edition_prints_what_its_rules_became(desktop, base_url, language):
    """A link to a sheet names the edition it was made in. Opened once another edition is current (here:
    a link made in the oldest edition), it prints the rules those numbers became, says so in the page's
    language, and its address names today's edition from then on."""
    from tdarules.editions import to_current
    from tdarules.loader import load_rulebook
    from tdarules.model import CURRENT_EDITION, OLDER_EDITIONS
    old = OLDER_EDITIONS[0]
    renumbering = to_current(load_rulebook(Path(__file__).resolve().parents[2]))[old]
    typed = [r for r, new in renumbering.items() if new and new != r][:3]
    assert typed
    desktop.goto(f"{base_url}/{language}/print/?rules={'%2C+'.join(typed)}&edition={old}")
    sheet = desktop.locator("#tda-sheet article.tda-sheet-rule")
    sheet.nth(len(typed) - 1).wait_for()
    assert [sheet.nth(i).get_attribute("data-rule") for i in range(sheet.count())] == \
        list(dict.fromkeys(renumbering[r] for r in typed))
    notice = desktop.locator(".tda-pb-notice").inner_text()
    assert old in notice and ", ".join(typed) in notice
    assert "the rules they are now" in notice if language == "en" else "правила, которыми они стали" in notice
    assert f"edition={CURRENT_EDITION}" in desktop.evaluate("location.search")
