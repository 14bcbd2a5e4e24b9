"""Journeys, not features: a reader crosses several features in one sitting, in their own language,
against the built site served as `rulebook serve` serves it (create_app: CSP, the search API).

* a player at the table (390×844): home → number box with a reference typed in their own script →
  the part → a glossary term → a calculator → Save for offline → offline: a page never opened, the
  English companion's page, a printed sheet's edition address, the language menu, offline search,
  the print builder;
* floor staff (390×844 and 1366×900): a dispute searched in their words → the rule → the print
  builder, Enter → the sheet printed to PDF names the address it was printed from;
* a translator: a QA finding → its unit → the compare view → XLIFF export, one unit edited, import →
  the generated page shows it.

Every step asserts: no console error, no request to another host, never the browser's own error
page, and on ru/zh pages no English UI outside lang="en" (the scanner of tests/site/test_no_english_ui.py).
"""
from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from servers import SiteCopy
from offline_panel import scroll_to_panel, wait_until_saved
from phone import PHONE_DENSITY
from phone import PHONE_VIEWPORT as PHONE
from polling import wait_until          # the server's CSP refuses wait_for_function's eval
from tdarules.urls import edition_rule_url

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SITE_DIR = ROOT / "site"
DESK = {"width": 1366, "height": 900}

_spec = importlib.util.spec_from_file_location("english_ui", ROOT / "tests" / "site" / "test_no_english_ui.py")
english_ui = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(english_ui)

# What each reader types in the number box: the reference in the page's own script.
NUMBER_BOX = {"en": ("43b", "/en/rules/43/", "43-B"), "zh-Hant": ("規則45-B", "/zh-Hant/rules/45/", "45-B"),
              "zh-Hans": ("规则45B", "/zh-Hans/rules/45/", "45-B"), "ru": ("45-В", "/ru/rules/45/", "45-B")}
# A dispute as floor staff would put it, and the rules that settle it. Several chips put out silently
# against a raise: Rule 45 (multiple-chip betting) decides, and for chips beyond the call it applies
# Rule 43's 50 % standard (45-B), so either is the right page to open. (Chips not said to be several
# could be one overchip, Rule 44: a different answer, so the dispute says "several".)
DISPUTES = {"en": ("facing a raise a player silently puts out several chips, call or raise", ("45", "43")),
            "ru": ("игрок молча выдвинул несколько фишек против рейза, это колл или рейз", ("45", "43")),
            "zh-Hant": ("面對加注，玩家默默推出多枚籌碼，算跟注還是加注", ("45", "43")),
            "zh-Hans": ("面对加注，玩家默默推出多枚筹码，算跟注还是加注", ("45", "43"))}
OFFLINE_SEARCH = {"en": "string bet", "ru": "стринг-бет", "zh-Hant": "分段下注", "zh-Hans": "分段下注"}


@pytest.fixture(scope="module")
def corpus():
    return english_ui.source_corpus(SITE_DIR / "data" / "2024")


def serve_copy(where: Path) -> SiteCopy:
    # as `rulebook serve` runs it, its start-up and shut-down included (the search processes); a
    # journey reads the site and takes its server away, it never writes into it
    return SiteCopy(SITE_DIR, where, lifespan="on", start_timeout=60, rate=None, log_requests=False, linked=True)


@pytest.fixture
def own_server(static_site, tmp_path):      # static_site: site/ rebuilt when older than its sources
    """A server of the player's own: the journey takes it away to go offline."""
    running = serve_copy(tmp_path)
    yield running
    running.remove()


@pytest.fixture(scope="module")
def served(static_site, tmp_path_factory):
    """One server for the journeys that only read from it: each reader still has a context of its own."""
    running = serve_copy(tmp_path_factory.mktemp("journeys"))
    yield running
    running.remove()


class Reader:
    """One reader's browser context: every console error, page error, request to another host and
    visit to the browser's own error page is kept, and checked at the end."""

    def __init__(self, browser, viewport, service_workers="block"):
        self.context = browser.new_context(viewport=viewport, device_scale_factor=PHONE_DENSITY, is_mobile=viewport == PHONE,
                                           has_touch=viewport == PHONE, locale="en-US", service_workers=service_workers)
        self.problems: list[str] = []
        self.context.on("request", self._request)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        # the console's "Failed to load resource" names its resource only in the message's location
        self.page.on("console", lambda m: m.type == "error" and self.problems.append(
            f"console: {m.text} ({m.location.get('url', '')}, at {self.page.url})"))
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.page.on("framenavigated", self._navigated)

    def _request(self, request):
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https") and parts.hostname != "127.0.0.1":
            self.problems.append(f"request to another host: {request.url}")

    def _navigated(self, frame):
        if frame == self.page.main_frame and frame.url.startswith("chrome-error://"):
            self.problems.append(f"the browser's error page, after {self.last_url}")

    last_url = ""

    def goto(self, url: str):
        self.last_url = url
        self.page.goto(url)
        self.page.wait_for_load_state("load")
        self.check_page()

    def check_page(self, corpus=None):
        url = self.page.url
        assert not url.startswith("chrome-error://"), f"the browser's own error page for {self.last_url}"
        lang = self.page.evaluate("document.documentElement.lang")
        if lang in english_ui.LANGUAGES and corpus is not None:
            hits = english_ui.hits_in(self.page.content(), corpus)
            assert not hits, f"English UI on {url}:\n" + "\n".join(hits[:10])

    def close(self):
        self.context.close()
        assert not self.problems, "\n".join(self.problems)


def save_for_offline(page):
    scroll_to_panel(page)
    button = page.locator(".tda-offline button").first
    button.click()
    wait_until_saved(page)


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans", "ru"])
def test_a_player_at_the_table(browser, own_server, corpus, lang):
    reader = Reader(browser, PHONE, service_workers="allow")
    page = reader.page
    base = own_server.url
    reader.goto(f"{base}/{lang}/")
    reader.check_page(corpus)
    # the number box, with the reference as the reader writes it
    typed, path, part = NUMBER_BOX[lang]
    page.locator("#tda-goto-input").fill(typed)
    page.locator("#tda-goto-input").press("Enter")
    page.wait_for_url(re.compile(re.escape(path) + "#" + re.escape(part) + "$"))
    assert page.locator(f'[id="{part}"]').first.is_visible()
    reader.check_page(corpus)
    # a glossary term in the rule's text
    term = page.locator("a.tda-term").first
    href = term.get_attribute("href")
    reader.goto(base + href)
    assert page.locator(f'[id="{href.split("#", 1)[1]}"]').count() == 1
    reader.check_page(corpus)
    # a calculator opened by its link
    reader.goto(f"{base}/{lang}/calculators/#calc-minRaise")
    page.locator("section#calc-minRaise[data-ready]").wait_for()
    reader.check_page(corpus)
    # saved for offline, then the network goes
    reader.goto(f"{base}/{lang}/rules/43/")
    wait_until(page, "Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)",
               message="the service worker never took control of the page")
    save_for_offline(page)
    # the network goes (the phone knows it), then the server too: nothing can reach it any more
    reader.context.set_offline(True)
    own_server.stop()
    # a page never opened, the English companion's page, a language from the menu: each leads somewhere
    for where in (f"/{lang}/rules/60/", "/en/rules/43/", f"/{lang}/glossary/"):
        reader.goto(base + where)
        assert page.locator("body").inner_text().strip(), where
    # the address a printed sheet's QR code names (the edition's), scanned at the table offline
    page.goto(base + edition_rule_url(lang, "43"), wait_until="commit")      # it leads on at once
    page.wait_for_url(f"{base}/{lang}/rules/43/", wait_until="load")
    reader.check_page(corpus)
    other = page.evaluate(f"[...document.querySelectorAll('a.md-select__link[hreflang]')]"
                          f".map((a) => a.href).find((h) => !h.includes('/{lang}/'))")
    reader.goto(base + urlsplit(other).path)               # the language menu, offline
    # offline search, from the header box
    reader.goto(f"{base}/{lang}/")
    page.locator("input.tda-search__input").fill(OFFLINE_SEARCH[lang])
    page.locator(".tda-search__results li a").first.wait_for(timeout=30_000)
    # the print builder, offline
    reader.goto(f"{base}/{lang}/print/?rules=43")
    wait_until(page, "document.querySelectorAll('.tda-sheet [id], .tda-print-sheet [id], article [id=\"43-A\"]').length > 0"
                     " || document.body.innerText.includes('43')", message="the print builder shows no rule offline")
    error = page.locator(".tda-print-error, [role=alert]").all_inner_texts()
    assert not [e for e in error if e.strip()], error
    reader.context.set_offline(False)
    reader.close()


@pytest.mark.parametrize("lang, viewport", [("en", PHONE), ("ru", PHONE), ("zh-Hant", PHONE), ("zh-Hans", PHONE),
                                            ("en", DESK)], ids=["en", "ru", "zh-Hant", "zh-Hans", "en-desk"])
def test_floor_staff_at_a_desk(browser, served, corpus, tmp_path, lang, viewport):
    reader = Reader(browser, viewport)
    page = reader.page
    base = served.url
    reader.goto(f"{base}/{lang}/")
    dispute, rules = DISPUTES[lang]
    page.locator("input.tda-search__input").fill(dispute)
    hits = page.locator(".tda-search__results li a")
    hits.first.wait_for(timeout=30_000)
    found = [h.get_attribute("href") for h in hits.all()[:3]]
    settling = [h for h in found if any(f"/rules/{r}/" in h for r in rules)]
    assert settling, found
    reader.goto(base + settling[0])
    rule = settling[0].split("/rules/", 1)[1].split("/", 1)[0]
    reader.check_page(corpus)
    # the print builder: a selection typed, Enter pressed, the settings kept in the address
    reader.goto(f"{base}/{lang}/print/?with=ru&compact=1" if lang != "ru" else f"{base}/{lang}/print/?with=en&compact=1")
    field = page.locator("input[name=rules]")
    field.fill(f"{rule}, RP-8")
    field.press("Enter")
    wait_until(page, "location.search.includes('rules=')", message="Enter did not put the selection in the address")
    query = page.evaluate("location.search")
    assert "compact=1" in query and "with=" in query, query
    # the sheet is drawn once the edition's data has come: print what the reader sees, not the empty frame
    page.locator(f'#tda-sheet article.tda-sheet-rule[data-rule="{rule}"]').wait_for()
    reader.check_page(corpus)
    pdf = tmp_path / "sheet.pdf"
    page.emulate_media(media="print")
    page.pdf(path=str(pdf))
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
    assert f"127.0.0.1:{served.port}" in text, "the printed sheet names the address it was printed from"
    if shutil.which("zbarimg"):
        png = tmp_path / "sheet"
        subprocess.run(["pdftoppm", "-r", "150", "-png", str(pdf), str(png)], check=True)
        decoded = subprocess.run(["zbarimg", "-q", "--raw", *map(str, sorted(tmp_path.glob("sheet*.png")))],
                                 capture_output=True, text=True).stdout.split()
        assert all(urlsplit(code).netloc == f"127.0.0.1:{served.port}" for code in decoded), decoded
    reader.close()


@pytest.mark.parametrize("lang", ["ru", "zh-Hant"])
def test_a_translator_at_the_desk(browser, served, corpus, tmp_path, lang):
    reader = Reader(browser, PHONE)
    page = reader.page
    base = served.url
    reader.goto(f"{base}/{lang}/qa/")
    reader.check_page(corpus)
    # read in one call: the Russian QA page links hundreds of findings (one call each took ~6 s)
    deep = page.eval_on_selector_all("main a[href*='/rules/'][href*='#']", "(links) => links.map((a) => a.getAttribute('href'))")
    assert deep, "the QA page links findings to their unit"
    target = deep[0]
    reader.goto(base + target)
    assert page.locator(f'[id="{target.split("#", 1)[1]}"]').count() >= 1, target
    rule_id = target.split("/rules/", 1)[1].split("/", 1)[0]
    reader.goto(f"{base}/{lang}/compare/rules/{rule_id}/")
    reader.check_page(corpus)
    reader.close()
    # the round trip through a CAT tool: export, one unit edited, import, the page generated again
    from lxml import etree

    from tdarules.loader import load_rulebook
    from tdarules.site.generate import generate_pages, load_strings
    from tdarules.xliff import XLIFF_NS, export_xliff, import_file
    project = tmp_path / "project"
    shutil.copytree(ROOT / "rulebook", project / "rulebook")
    xlf = project / f"{lang}.xlf"
    xlf.write_bytes(export_xliff(load_rulebook(project), lang))
    tree = etree.parse(str(xlf))
    unit = tree.find(f".//{{{XLIFF_NS}}}trans-unit[@id='38:1']")
    new_text = {"ru": "Бёрн-карта защищает стаб: после существенного действия убитая рука сбрасывается целиком.",
                "zh-Hant": "燒牌保護牌堆：有效行動之後，死手牌整手棄掉。"}[lang]
    unit.find(f"{{{XLIFF_NS}}}target").text = new_text
    tree.write(str(xlf), xml_declaration=True, encoding="utf-8")
    language, edits, _ = import_file(load_rulebook(project), xlf, today="2026-12-04")
    assert language == lang and [e.unit.id for e in edits] == ["38:1"]
    out = tmp_path / "generated"
    generate_pages(load_rulebook(project), load_strings(project / "rulebook"), out)
    page_md = (out / "rules" / f"38.{lang}.md").read_text(encoding="utf-8")     # the 2024 page (2017 has one too)
    shown = re.sub(r"<[^>]+>", "", page_md)          # as read: glossary terms in the text are links
    assert new_text in shown


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans", "ru"])
def test_floor_staff_following_an_old_rule_number(browser, served, corpus, lang):
    """A ruling quoted by its old number: home → the editions page → an older edition compared with
    today's → the old rule → today's rule it became → back through the rule's history, on a phone."""
    from tdarules.editions import pairs
    from tdarules.model import OLDER_EDITIONS
    reader = Reader(browser, PHONE)
    page = reader.page
    base = served.url
    reader.goto(f"{base}/{lang}/")
    page.locator(f'a[href="/{lang}/editions/"]').first.click()
    page.wait_for_url(re.compile(f"/{lang}/editions/$"))
    reader.check_page(corpus)
    old, new = pairs()[0]
    page.locator(f'a[href="/{lang}/editions/{old}-{new}/"]').first.click()
    page.wait_for_url(re.compile(f"/{lang}/editions/{old}-{new}/$"))
    reader.check_page(corpus)
    # a rule that was renumbered: its old page, then where it is now
    item = page.locator('li.tda-edition-item[data-status="renumbered"]').first
    old_id = item.get_attribute("id").removeprefix("old-")
    item.locator("a.tda-edition-old").click()
    page.wait_for_url(re.compile(f"/{lang}/{OLDER_EDITIONS[0]}/rules/{old_id}/$"))
    reader.check_page(corpus)
    banner = page.locator(".tda-old-banner a").first
    now = banner.get_attribute("href")
    banner.click()
    page.wait_for_url(re.compile(re.escape(now) + "$"))
    reader.check_page(corpus)
    # today's rule names the number floor staff still quote, and leads back to its redline
    formerly = page.locator(f'.tda-rule a.tda-formerly[href="/{lang}/{OLDER_EDITIONS[0]}/rules/{old_id}/#redline"]')
    assert formerly.is_visible() and old_id in formerly.inner_text()
    formerly.click()
    page.wait_for_url(re.compile(f"/{lang}/{OLDER_EDITIONS[0]}/rules/{old_id}/#redline$"))
    assert page.locator("#redline").is_visible()
    reader.check_page(corpus)
    reader.close()
