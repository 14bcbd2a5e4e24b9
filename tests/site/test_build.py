"""The built site: every page exists, every internal link and anchor resolves, every cross-reference
in the model became a link, and nothing is fetched from another host."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import lxml.html
import pytest

from tdarules import urls
from tdarules.crossrefs import find_refs
from tdarules.model import ALL_LANGUAGES


@dataclass
class Links:
    """What one page holds that the checks follow: its ids, its links, the assets it loads and how
    many of its links are cross-references."""
    ids: set[str]
    links: list[str]
    assets: list[str]
    ref_links: int


ASSET_RELS = ("stylesheet", "preload", "modulepreload", "icon", "manifest")
ASSETS = ("//script/@src | //img/@src | //iframe/@src | //source/@src | //link[%s]/@href"
          % " or ".join(f"@rel='{rel}'" for rel in ASSET_RELS))


def parse(path: Path) -> Links:
    # lxml (C), not html.parser: ~1,400 pages are read, which took html.parser ~10 s
    root = lxml.html.document_fromstring(path.read_text(encoding="utf-8"))
    return Links(
        ids={str(value) for value in root.xpath("//@id")},
        links=[str(value) for value in root.xpath("//a/@href") if value],
        assets=[str(value) for value in root.xpath(ASSETS) if value],
        ref_links=len(root.xpath("//a[@href != '' and contains(concat(' ', normalize-space(@class), ' '), ' tda-ref ')]")),
    )


@pytest.fixture(scope="module")
def pages(built_site):
    return {path: parse(path) for path in built_site.rglob("*.html")}


def page_path(site: Path, url_path: str) -> Path:
    path = site / unquote(url_path).lstrip("/")
    return path / "index.html" if url_path.endswith("/") or path.is_dir() else path


def test_every_rule_and_procedure_page_exists_in_every_language(built_site, rulebook):
    missing = []
    for language in ALL_LANGUAGES:
        for rule in rulebook.edition(language).all_rules():
            if not page_path(built_site, urls.rule_url(language, rule.id)).exists():
                missing.append(urls.rule_url(language, rule.id))
        for extra in ("", "addendum/", "glossary/"):
            if not page_path(built_site, f"/{language}/{extra}").exists():
                missing.append(f"/{language}/{extra}")
    assert not missing
    assert len(list(built_site.glob("*/rules/*/index.html"))) == 71 * 4
    assert len(list(built_site.glob("*/rp/*/index.html"))) == 22 * 4


def test_no_broken_internal_links_or_anchors(built_site, pages):
    broken = []
    checked = 0
    for path, parser in pages.items():
        base = "/" + str(path.relative_to(built_site)).replace("index.html", "")
        for href in parser.links:
            parsed = urlparse(urljoin(base, href))
            if parsed.scheme not in ("", "http") or (parsed.netloc and parsed.netloc != "127.0.0.1:8000"):
                continue
            target = page_path(built_site, parsed.path) if parsed.path else path
            checked += 1
            if not target.exists():
                broken.append(f"{base}: {href} (no file)")
            elif parsed.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else parse(target).ids
                if unquote(parsed.fragment) not in ids:
                    broken.append(f"{base}: {href} (no anchor)")
    print(f"checked {checked} internal links in {len(pages)} pages")
    assert checked > 10_000
    assert not broken, "\n".join(broken[:50])


def test_every_cross_reference_became_a_link(built_site, rulebook, pages):
    total = 0
    for language in ALL_LANGUAGES:
        edition = rulebook.edition(language)
        for rule in edition.all_rules():
            expected = sum(len(find_refs(block.text, language)) for _, block in rule.all_blocks())
            expected += sum(len(find_refs(block.text, language))
                            for entry in edition.addendum.values() if entry.rule_id == rule.id
                            for block in (*entry.blocks, *(b for ex in entry.examples.values() for b in ex.blocks)))
            english = rulebook.edition("en").rule(rule.id)
            if language != "en" and english is not None:    # the English companion is in the page too
                expected += sum(len(find_refs(block.text, "en"))
                                for block in (*english.blocks, *(b for p in english.parts.values() for b in p.blocks)))
            parser = pages[page_path(built_site, urls.rule_url(language, rule.id))]
            assert parser.ref_links == expected, f"{language} {rule.id}: {parser.ref_links} links for {expected} references"
            total += expected
    assert total > 300                      # the loop saw the rules and their references (344 in 2024)


def test_no_request_to_another_host(built_site, pages):
    outside = [(str(path), asset) for path, parser in pages.items() for asset in parser.assets
               if urlparse(asset).netloc and urlparse(asset).netloc != "127.0.0.1:8000"]
    assert not outside
    stylesheets = list(built_site.rglob("*.css"))
    assert len(stylesheets) >= 4                          # Material's and ours
    for css in stylesheets:
        assert not re.search(r"url\(\s*['\"]?https?://", css.read_text(encoding="utf-8")), css
    assert len(pages) > 300
    for page in list(pages)[:50]:
        assert "fonts.googleapis" not in page.read_text(encoding="utf-8")


def test_pages_carry_hreflang_alternates_and_language(built_site):
    html = page_path(built_site, "/ru/rules/43/").read_text(encoding="utf-8")
    assert '<html lang="ru"' in html
    for language in ALL_LANGUAGES:
        assert f'hreflang="{language}"' in html and f'/{language}/rules/43/' in html


def test_json_export_uses_page_ids_and_urls(built_site, rulebook):
    for language in ALL_LANGUAGES:
        data = json.loads((built_site / "data" / "2024" / f"{language}.json").read_text(encoding="utf-8"))
        edition = rulebook.edition(language)
        assert list(data["rules"]) == list(edition.rules)
        assert list(data["procedures"]) == list(edition.procedures)
        assert data["rules"]["43"]["parts"]["B"]["url"] == f"/{language}/rules/43/#43-B"
        assert page_path(built_site, data["procedures"]["RP-5"]["url"]).exists()


def test_text_written_by_us_and_defects_are_marked(built_site):
    zh = page_path(built_site, "/zh-Hant/rules/11/").read_text(encoding="utf-8")
    assert 'class="tda-ours"' in zh              # the Chinese heading of rule 11 is ours
    assert 'data-kind="missing-title"' in zh
    hans = page_path(built_site, "/zh-Hans/rules/43/").read_text(encoding="utf-8")
    assert 'class="tda-converted"' in hans and "规则" in hans
    assert "参见" in hans and "參見" not in hans      # the rule text itself is converted, not only titles
    assert 'data-kind="stray-markup"' in page_path(built_site, "/en/rules/11/").read_text(encoding="utf-8")


def test_qa_page_lists_every_recorded_defect(built_site, rulebook):
    # recorded source defects are a section of the translation QA page; /<lang>/source-notes/ forwards there
    from tdarules.defects import iter_defects
    for language in ALL_LANGUAGES:
        defects = list(iter_defects(rulebook.edition(language)))
        html = page_path(built_site, f"/{language}/qa/").read_text(encoding="utf-8")
        recorded = html[html.index('id="recorded"'):]
        assert recorded.count('data-kind="recorded"') == len(defects) > 0
        moved = page_path(built_site, f"/{language}/source-notes/").read_text(encoding="utf-8")
        assert f"/{language}/qa/#recorded" in moved
    kinds = {d.defect.kind for d in iter_defects(rulebook.edition("zh-Hant"))}
    assert {"missing-title", "stray-markup", "missing-text", "mistranslation"} <= kinds


def test_navigation_follows_the_rulebook_sections_in_each_language(built_site, rulebook):
    html = page_path(built_site, "/ru/rules/43/").read_text(encoding="utf-8")
    nav = html[html.index('class="md-nav md-nav--primary"'):html.index('class="md-content"')]
    section = rulebook.edition("ru").section_of("43")
    assert section.title.text in nav
    positions = [nav.index(f"Правило {n}:") for n in (9, 10, 42, 43, 44)]
    assert positions == sorted(positions)                  # rule order, not string order ("10" before "9")


@pytest.mark.parametrize("language", ["en", "zh-Hant", "ru"])
def test_engine_reference_is_in_the_navigation_after_the_calculators(built_site, language):
    html = page_path(built_site, f"/{language}/rules/43/").read_text(encoding="utf-8")
    nav = html[html.index('class="md-nav md-nav--primary"'):html.index('class="md-content"')]
    assert nav.index('calculators/"') < nav.index('calculators/engine/"')      # links are relative


def test_referenced_by_lists_citing_parts_including_ranges(built_site):
    html = page_path(built_site, "/en/rules/45/").read_text(encoding="utf-8")
    section = html[html.index('class="tda-referenced-by"'):]
    assert 'href="/en/rules/43/#43-A"' in section                # 43-A: "(see Rule 45-B)"
    html44 = page_path(built_site, "/en/rules/44/").read_text(encoding="utf-8")
    assert 'href="/en/rules/46/#46-C"' in html44[html44.index('class="tda-referenced-by"'):]   # 46-C: "rules 41-45"
