"""Examples the Russian translation leaves out (all of rule 47's lettered ones, some of 43, 45, 53-B)
open to the English example in place, marked lang="en", under the note the Russian PDF prints; and
parts the translation shortens (43-A) carry their mark in print as on the page. Pages and PDF HTML are
rendered from memory, without a build."""
from __future__ import annotations

import re
from html import unescape


from tdarules.site.context import Context

MISSING = "Этого примера нет в исходном переводе."
MERGED = "Переведён вместе с предыдущим примером."


def examples(html: str) -> dict[str, str]:
    """id → the example's body (after its summary)."""
    return {m[1]: m[2] for m in re.finditer(r'<details class="tda-example" id="([^"]+)"[^>]*>\s*<summary>.*?</summary>(.*?)</details>',
                                             html, re.S)}


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def empty_examples(rulebook, language="ru"):
    edition = rulebook.edition(language)
    return [(entry, label) for entry in edition.addendum.values() for label, ex in entry.examples.items() if not ex.blocks]


def test_the_russian_edition_has_the_empty_examples_this_is_about(rulebook):
    assert len(empty_examples(rulebook)) == 13
    assert not empty_examples(rulebook, "zh-Hant")


def test_rule_page_shows_the_english_example_in_place(rulebook, strings):
    from tdarules.site.pages import rule_page
    ctx = Context(rulebook, "ru", strings)
    english = rulebook.edition("en").addendum["47"].examples
    page = examples(rule_page(rulebook.edition("ru").rule("47"), ctx))
    for label in ("1-A", "1-B", "3", "3-A", "3-B"):
        body = page[f"example-47-{label}"]
        assert MISSING in body and "&lt;" not in body, label
        shown = re.search(r'<div class="tda-example-en" lang="en">(.*?)</div>', body, re.S)
        assert shown, label
        assert english[label].blocks[0].text[:60] in words(shown[1]), label
    assert 'lang="en"' not in page["example-47-1"] and MISSING not in page["example-47-1"]   # translated: as it was


def test_no_example_opens_empty_on_any_russian_page(rulebook, strings):
    from tdarules.site.pages import addendum_page, rule_page
    ctx = Context(rulebook, "ru", strings)
    addendum = examples(addendum_page(ctx))
    for entry, label in empty_examples(rulebook):
        page = examples(rule_page(rulebook.edition("ru").rule(entry.rule_id), ctx))
        for body in (page[f"example-{entry.id}-{label}"], addendum[f"example-{entry.id}-{label}"]):
            assert words(body), (entry.id, label)
            assert 'lang="en"' in body
    merged = examples(rule_page(rulebook.edition("ru").rule("16"), ctx))["example-16-3"]
    assert MERGED in merged and 'lang="en"' in merged


def test_sheet_data_carries_the_english_example_too(rulebook, strings):
    from tdarules.site.pages import edition_json
    data = edition_json(Context(rulebook, "ru", strings))
    body = examples(data["addendum"]["47"]["html"])["example-47-3-A"]
    assert MISSING in body and 'lang="en"' in body


def test_chinese_pages_are_unchanged(rulebook, strings):
    from tdarules.site.pages import rule_page
    page = rule_page(rulebook.edition("zh-Hant").rule("47"), Context(rulebook, "zh-Hant", strings))
    assert 'class="tda-example-en"' not in page


# ---------------------------------------------------------------- print: shortened parts are marked

def rows(html: str) -> dict[str, str]:
    return {m[1]: m[2] for m in re.finditer(r'<div class="row labelled" id="(p-[^"]+)">(.*?)(?=<div class="row|<section|<p class="rule-url")',
                                             html, re.S)}


def columns(row: str) -> dict[str, str]:
    return {m[1]: m[2] for m in re.finditer(r'<div class="col" lang="([^"]+)">(.*?)</div>', row, re.S)}


def test_russian_handout_marks_a_shortened_part(rulebook, strings):
    from tdarules.printing.documents import Document, document_html
    html = document_html(Document("test", ("ru",), "handout"), rulebook, strings, "/")
    part = rows(html)["p-43-A"]
    assert re.search(r'<p class="defect-note">⚠ Дефект источника: сокращено — Перевод заметно короче', part)
    assert "defect-note" not in rows(html)["p-43-B"]            # a part translated in full: no mark


def test_bilingual_pdf_marks_only_the_shortened_column(rulebook, strings):
    from tdarules.printing.documents import Document, document_html
    html = document_html(Document("test", ("en", "ru"), "selection", (("43", None),)), rulebook, strings, "/")
    cols = columns(rows(html)["p-43-A"])
    assert "defect-note" in cols["ru"] and "defect-note" not in cols["en"]


def test_print_shows_the_defect_note_and_the_screen_mark_stays_hidden(rulebook, strings):
    from tdarules.printing.documents import Document, document_html
    html = document_html(Document("test", ("ru",), "selection", (("43", None),)), rulebook, strings, "/")
    css = re.search(r"<style>(.*?)</style>", html, re.S)[1]
    assert ".tda-ours, .tda-defect { display: none; }" in css
    assert not re.search(r"\.defect-note\s*\{[^}]*display:\s*none", css)
