"""`rulebook edition publish`: the synthetic next edition, added beside the current one, becomes current
in a copy of the whole project (its code too: the command switches the one place the code names the
current edition), whose pages, data and search index are then written by the copy's own code with
three editions (tests/project_build.published_copy). What a reader meets afterwards: every older
edition at its own address in their language, each pair of editions compared, a rule's history, stale
translations said in words, every older edition's numbers still found by search. The pages are read as
the plugin hands them to MkDocs (raw HTML with absolute links); what MkDocs and Material make of a page
is the site's own build's to show."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from project_build import HOSTILE_MARKERS, HOSTILE_TITLES, published_copy
from synthetic_edition import next_edition, renumber_references
from tdarules.editions_next.publish import published_model
from tdarules.editions_next import EditionError
from tdarules.loader import load_rulebook
from tdarules.model import CURRENT_EDITION, OLDER_EDITIONS, PUBLISHED_EDITIONS
from tdarules.search.spec import js_module

ROOT = Path(__file__).resolve().parents[1]
ONE_LINE_ERROR = re.compile(r"^\S+:\d+: \S+: .+$")
MODEL = "plugins/tdarules/model.py"


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    """The synthetic next edition added, refused while uncertain matches wait, confirmed, published;
    its pages, data and index written (tests/project_build.published_copy)."""
    copy = published_copy(tmp_path_factory.mktemp("published"))
    for step in (copy.pages, copy.indexed):
        assert step.returncode == 0, step.stdout[-3000:] + step.stderr[-3000:]
    return copy


def generated(published, path: str) -> str:
    """A page of the copy as the plugin writes it for MkDocs (docs/generated/<path>.<lang>.md)."""
    return (published.root / "docs" / "generated" / path).read_text(encoding="utf-8")


def test_publish_waits_for_a_person_to_confirm_the_uncertain_matches(published):
    refused = published.refused
    assert refused.returncode == 1 and ONE_LINE_ERROR.match(refused.stderr.strip()), refused.stderr
    assert "uncertain" in refused.stderr and f"rulebook/{published.year}/mapping.yaml:" in refused.stderr
    assert "wrote" not in refused.stdout                   # nothing switched while a person is awaited
    assert published.published.returncode == 0, published.published.stderr


def test_published_model_switches_the_current_edition():
    text = f'x = 1\nCURRENT_EDITION = "{CURRENT_EDITION}"\nOLDER_EDITIONS = ("2017",)\n'
    assert published_model(text, "2031") == 'x = 1\nCURRENT_EDITION = "2031"\nOLDER_EDITIONS = ("2017", ' \
                                            f'"{CURRENT_EDITION}",)\n'
    with pytest.raises(EditionError, match="not newer"):
        published_model(text, "2001")
    with pytest.raises(EditionError, match="no CURRENT_EDITION"):
        published_model("x = 1\n", "2031")


def test_publish_puts_the_remapped_files_in_place_and_switches_the_code(published):
    root, year = published.root, published.year
    written = published.published.stdout.split()
    assert f"{MODEL}" in written and "rulebook/situations.yaml" in written and "tests/calculators/RULE-REVIEW.yaml" in written
    model = (root / MODEL).read_text(encoding="utf-8")
    assert f'CURRENT_EDITION = "{year}"' in model
    assert f'OLDER_EDITIONS = ({", ".join(repr(y).replace(chr(39), chr(34)) for y in PUBLISHED_EDITIONS)},)' in model
    for name in ("situations.yaml", "glossary.yaml"):
        assert (root / "rulebook" / name).read_text(encoding="utf-8") == \
            (root / "rulebook" / year / "remapped" / name).read_text(encoding="utf-8")
    # today's files, kept first: copying them back undoes the publish
    kept = root / "rulebook" / year / "before-publish"
    assert (kept / "rulebook" / "situations.yaml").read_bytes() == (ROOT / "rulebook" / "situations.yaml").read_bytes()
    assert f'CURRENT_EDITION = "{CURRENT_EDITION}"' in (kept / MODEL).read_text(encoding="utf-8")
    # the copy's own code, switched, validates the switched project
    check = published.run("validate")
    assert check.returncode == 0, check.stdout + check.stderr


def test_the_browser_copy_of_the_search_specification_follows_it(published):
    """The remapped spec.yaml (chip amounts' rules; the whole build points one at rule 12, which the
    synthetic edition renumbers) is put in place and spec.js, the browser's copy, is written again from it."""
    spec = (published.root / "plugins" / "tdarules" / "search" / "spec.yaml").read_text(encoding="utf-8")
    assert spec == (published.root / "rulebook" / published.year / "remapped" / "search-spec.yaml").read_text(encoding="utf-8")
    new_number = renumber_references(next_edition(load_rulebook(ROOT).edition("en"))).truth["12"][0]
    assert new_number != "12" and yaml.safe_load(spec)["amounts"]["rules"]["change"] == new_number
    js = published.root / "docs" / "assets" / "search" / "spec.js"
    assert js.read_text(encoding="utf-8") == js_module(yaml.safe_load(spec))


def test_every_older_edition_has_its_pages_in_each_language(published):
    site = published.root / "site"
    page = generated(published, f"{CURRENT_EDITION}/rules/43.ru.md")
    ru = load_rulebook(ROOT).edition("ru").rule("43")
    assert ru.parts["A"].blocks[0].text[:40] in page             # the edition it was, in Russian
    assert f'href="/ru/editions/{CURRENT_EDITION}-{published.year}/#old-43"' in page
    assert f"{OLDER_EDITIONS[0]} Rule 46" in generated(published, f"{OLDER_EDITIONS[0]}/rules/46.en.md")
    for language in ("en", "zh-Hant", "zh-Hans", "ru"):
        for old, new in ((OLDER_EDITIONS[0], CURRENT_EDITION), (OLDER_EDITIONS[0], published.year),
                         (CURRENT_EDITION, published.year)):
            compared = generated(published, f"editions/{old}-{new}.{language}.md")
            assert 'data-status="' in compared, (language, old, new)
        # the new edition's address leads to the current pages
        assert 'url=/%s/rules/43/"' % language in (site / language / published.year / "rules" / "43" / "index.html").read_text(encoding="utf-8")


def test_a_dropped_and_a_split_rule_of_the_older_edition(published):
    compared = generated(published, f"editions/{CURRENT_EDITION}-{published.year}.en.md")
    assert re.search(r'data-status="dropped" id="old-9"', compared)
    assert re.search(r'data-status="split" id="old-35"', compared)


def test_a_renumbered_rule_shows_its_history(published):
    """The synthetic edition drops rule 9: 2024 rule 10 is now rule 9, and its page says so."""
    page = generated(published, "rules/9.en.md")
    assert f'href="/en/{CURRENT_EDITION}/rules/10/#redline">{CURRENT_EDITION} edition: Rule 10<' in page


def test_a_stale_translation_says_so(published):
    page = generated(published, "rules/43.ru.md")
    assert f'<span class="tda-stale">перевод текста {CURRENT_EDITION} г.' in page


def test_search_still_reads_the_oldest_numbers(published):
    meta = json.loads((published.root / "build" / "search-index" / "meta.json").read_text(encoding="utf-8"))
    today = load_rulebook(ROOT)
    assert meta["renumbering"]["2017"]["46"] == "43" == next(s for s in today.successions).targets()["46"][0]
    # and the edition that was current until now: its numbers through the new edition's mapping
    assert meta["renumbering"][CURRENT_EDITION]["10"] == "9" and meta["renumbering"][CURRENT_EDITION]["9"] is None


@pytest.mark.parametrize(("q", "lang", "first"), [
    ("2017 rule 46", "en", "43"),                        # through both successions
    (f"{CURRENT_EDITION} rule 10", "en", "9"),           # the edition current until now: rule 9 was dropped
    (f"правило 10 ({CURRENT_EDITION})", "ru", "9"),
    (f"{CURRENT_EDITION} 規則10", "zh-Hant", "9"),
    ("rule 10", "en", "10"),                              # today's numbers are the new edition's
])
def test_the_older_editions_numbers_are_read_through_their_successions(published, q, lang, first):
    from tdarules.search.query import search
    hits = search(published.root / "build" / "search-index", q, lang, 5)
    assert hits and hits[0].rule == first, (q, [h.rule for h in hits])


def test_a_rule_the_new_edition_dropped_is_named_as_such(published):
    from tdarules.search.query import search
    assert search(published.root / "build" / "search-index", f"{CURRENT_EDITION} rule 9", "en", 5) == []


def test_the_scripts_read_the_current_editions_data_wherever_it_is(published):
    """The companion column and the sheet builder fetch the edition's data from the folder the page
    names: after the switch, the new edition's, which is there."""
    site, year = published.root / "site", published.year
    rule = generated(published, "rules/43.ru.md")
    assert f'data-data="/data/{year}/"' in rule and (site / "data" / year / "en" / "rules" / "43.json").is_file()
    builder = generated(published, "print.ru.md")
    assert f'"dataFolder": "/data/{year}/"' in builder and (site / "data" / year / "ru.json").is_file()
    scripts = [p for p in (ROOT / "docs" / "assets").rglob("*.js") if p.name != "spec.js"]
    assert scripts and not [p for p in scripts if re.search(r"/data/\d{4}/", p.read_text(encoding="utf-8"))]


def test_hostile_titles_reach_the_pages_as_data_and_never_as_markup(published):
    """The translated titles an attacker imported: in a page's front matter (YAML data, which the
    site's title hook escapes for Material: tests/site/test_safe_titles.py) and escaped wherever the
    plugin writes them into a page's HTML itself."""
    from mkdocs.utils.meta import get_data       # MkDocs' own reading of front matter: (body, data)
    pages = sorted((published.root / "docs" / "generated").rglob("*.md"))
    assert len(pages) > 900
    read = {str(page.relative_to(published.root)): get_data(page.read_text(encoding="utf-8")) for page in pages}
    assert not {name: [m for m in HOSTILE_MARKERS if m in body] for name, (body, _) in read.items()
                if any(m in body for m in HOSTILE_MARKERS)}
    body, front = read["docs/generated/rules/43.ru.md"]
    assert HOSTILE_TITLES["ru"]["text: Размер рейза\n"] in front["title"]
    assert "&lt;/title&gt;&lt;meta http-equiv=" in body


def test_the_copys_edition_addresses_are_checked_where_mkdocs_will_put_its_pages(tmp_path):
    """copy_pages.py refuses an edition address without a page, reading the generated pages as MkDocs
    will publish them (generated/ dropped, the language suffix a folder)."""
    from copy_pages import rendered_addresses
    for name in ("2024/rules/43.ru.md", "index.en.md", "editions/index.zh-Hant.md", "rp/5.zh-Hans.md"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert rendered_addresses(tmp_path) == {"/ru/2024/rules/43/", "/en/", "/zh-Hant/editions/", "/zh-Hans/rp/5/"}
