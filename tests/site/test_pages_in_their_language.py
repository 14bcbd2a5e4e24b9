"""Russian and Chinese pages in their own language where the site speaks: cross-reference links, the home
page, the PDF cover, the workbench's notes and labels. Pages and the cover's HTML are rendered from memory,
without a build; the built site as a whole is scanned by test_no_english_ui.py."""
from __future__ import annotations

import re
from html import unescape

import lxml.html
import pytest

from tdarules.site.context import Context



def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def own_language(html: str) -> str:
    """The page without what it shows marked lang="en" (the English column, English examples)."""
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    for element in root.xpath('.//*[@lang="en"]'):
        element.drop_tree()
    return lxml.html.tostring(root, encoding="unicode")


def links(html: str) -> list[tuple[str, str]]:
    html = own_language(html)
    return [(m[1], words(m[2])) for m in re.finditer(r'<a class="tda-ref[^"]*" href="([^"]+)"[^>]*>(.*?)</a>', html, re.S)]


def test_a_russian_reference_written_in_english_links_in_russian(rulebook, strings):
    from tdarules.site.pages import rule_page
    ctx = Context(rulebook, "ru", strings)
    edition = rulebook.edition("ru")
    ten, eleven, thirty_nine = (rule_page(edition.rule(n), ctx) for n in ("10", "11", "39"))
    assert ("/ru/rules/10/#addendum-10", "Приложение с примерами") in links(ten)
    assert "(см. Приложение с примерами)" in unescape(re.sub(r"<[^>]+>", "", ten))
    assert ("/ru/rules/11/#addendum-11-D", "Приложение с примерами") in links(eleven)
    assert ("/ru/rp/5/", "Рекомендованная процедура 5") in links(thirty_nine)
    for page in (ten, eleven, thirty_nine):
        assert not [label for _, label in links(page) if re.search(r"Addendum|Recommended", label)]
    # the source keeps its words: the YAML and the data export are untouched
    assert "(см. Illustration Addendum)" in edition.rule("10").parts["B"].blocks[0].text
    # English pages and references already in the page's language are as written
    english = rule_page(rulebook.edition("en").rule("10"), Context(rulebook, "en", strings))
    assert any(label == "Illustration Addendum" for _, label in links(english))
    assert any(re.fullmatch(r"правил\w* \d+(-[A-Z])?", label) for _, label in links(rule_page(edition.rule("45"), ctx)))


def test_a_translated_reference_label_says_so_and_keeps_the_source_words(rulebook, strings):
    from tdarules.site.pages import rule_page
    page = rule_page(rulebook.edition("ru").rule("10"), Context(rulebook, "ru", strings))
    link = re.search(r'<a class="tda-ref tda-ref-translated"[^>]*>Приложение с примерами</a>', page)
    assert link, "the translated label is not marked"
    assert 'data-source-text="Illustration Addendum"' in link[0]
    assert f'title="{strings.get("source_words", "ru")}"' in link[0]


def test_printed_books_keep_a_reference_as_the_source_wrote_it(rulebook, strings):
    from tdarules.printing.documents import DOCUMENTS, document_html
    document = next(d for d in DOCUMENTS if d.id == "tda-2024-ru")
    text = unescape(re.sub(r"<[^>]+>", "", document_html(document, rulebook, strings, "https://rules.example/")))
    assert "(см. Illustration Addendum)" in text


# The source files' own words, not TDA text and not the site's: the Russian page's note to its readers
# (a language switch "below" that this site does not have, and the clubs of "your city") and the title
# line of the longform file that English and Chinese share.
RUSSIAN_NOTE = ("Перевод справочный; при спорных ситуациях приоритет — английский оригинал (переключатель ниже). "
                "Окончательные решения — за турнирным директором клуба. Сверить термины можно в словаре покера, "
                "а сыграть по этим правилам — в клубах вашего города.")
TITLE_LINE = "2024 Chinese Poker TDA Rules DOCX Longform Redlines Vers 1.0 FINAL"
NOT_THE_SITES_VOICE = ("переключатель ниже", "клубах вашего города", "Longform Redlines", "rulebook/sources")


def test_the_notes_are_the_sources_own(rulebook):
    assert [block.text for block in rulebook.edition("ru").notice] == [RUSSIAN_NOTE]
    assert [block.text for block in rulebook.edition("en").notice] == [TITLE_LINE]


@pytest.mark.parametrize("language", ["en", "zh-Hant", "zh-Hans", "ru"])
def test_the_home_page_does_not_speak_with_the_sources_voice(rulebook, strings, language):
    from tdarules.site.pages import home_page
    page = unescape(home_page(Context(rulebook, language, strings)))
    assert [text for text in NOT_THE_SITES_VOICE if text in page] == []


@pytest.mark.parametrize("language, kept", [("ru", [RUSSIAN_NOTE]), ("en", [TITLE_LINE]),
                                            ("zh-Hant", [TITLE_LINE]), ("zh-Hans", [TITLE_LINE])])
def test_the_source_notes_page_keeps_the_sources_own_words_verbatim(rulebook, strings, language, kept):
    from tdarules.site.workbench import Workbench, qa_page
    page = qa_page(Workbench(rulebook, strings), language)
    quoted = [(m[1], unescape(words(m[2]))) for m in
              re.finditer(r'<blockquote class="tda-source-own" lang="([^"]+)">(.*?)</blockquote>', page, re.S)]
    assert [text for _, text in quoted] == kept
    assert all(lang == ("ru" if text == RUSSIAN_NOTE else "en") for lang, text in quoted)
    assert "rulebook/sources/" in page                       # where translators find the verbatim files


@pytest.mark.parametrize("document_id", ["tda-2024-en", "tda-2024-ru", "tda-2024-en-ru", "tda-2024-en-zh-Hant",
                                         "tda-2024-zh-Hant", "tda-2024-handout-ru"])
def test_pdf_covers_do_not_print_the_sources_voice(rulebook, strings, document_id):
    from tdarules.printing.documents import DOCUMENTS, document_html
    document = next(d for d in DOCUMENTS if d.id == document_id)
    html = document_html(document, rulebook, strings, "https://rules.example/")
    cover = re.search(r'<section class="title-page">(.*?)</section>', html, re.S)[1]
    assert [text for text in NOT_THE_SITES_VOICE if text in unescape(cover)] == []
    assert "<dd" in cover and "https://rules.example/" in cover            # the cover still says where it is from
