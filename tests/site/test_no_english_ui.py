"""Russian and Chinese pages speak their own language: every built ru, zh-Hant and zh-Hans page is
scanned for Latin-script words in what a reader sees (text nodes, and the title, aria-label and
placeholder attributes that browsers show as tooltips, spoken labels and hints), outside elements
marked lang="en" (quoted English rule text, the English column, English notes for translators).

A word here is two or more Latin letters: single letters are part labels (43-B) and stay Latin on
purpose, as on the printed rules. Code, URLs and file names are not prose. What remains is either
a name that is the same in every language or English UI that needs a translation."""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import lxml.html

LANGUAGES = ("ru", "zh-Hant", "zh-Hans")

# Not read as prose: program text, and markup with no visible text of its own.
SKIPPED_TAGS = {"script", "style", "code", "pre", "kbd", "samp", "var", "svg", "math", "template"}
ATTRIBUTES = ("title", "aria-label", "placeholder")

# Names written the same in every language (each one a name, not a word of English).
NAMES = {
    "RP",         # procedure numbers (RP-5), written so in every language, like the part letters
    "TDA",        # the Poker Tournament Directors Association, in every translation
    "Poker",      # "Poker TDA", the association's own name, as the Russian text writes it
    "PDF", "JSON", "XLIFF", "QR", "CSV", "API", "HTML", "URL", "UTF", "ASCII",   # file formats and technical names
    "KB", "MB",   # unit symbols of a file's size, written so in Chinese as in English
    "JavaScript", # what a browser must run for the calculators and search, named in their notes
    "Node",       # Node.js, the JavaScript runtime the calculators' functions also run in
    "OpenCC",     # the converter that makes zh-Hans, named in the note that says so
    "DOCX",       # the source file's format, named on the source-notes page
}
# Whole pieces of text that are addresses, file names or function signatures, not words. A signature
# (`undercall(input)`) is code wherever it stands: the calculators' engine reference writes each one as
# <code> in its heading, and the table of contents and navigation that repeat the heading are Material's
# plain text (MkDocs' toc strips the markup), so there it arrives as text but is still program text.
NOT_PROSE = re.compile(r"https?://\S+|\b[\w.-]+\.(?:com|org|net|ru|cn|tw|yaml|json|xlf|pdf|md|html)\b\S*"
                       r"|\brulebook/\S*|/[\w.-]+(?:/[\w.-]*)+|\?\w+=\S*"
                       r"|\b[A-Za-z_$][\w$]*\([\w$, ]*\)")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*[A-Za-z]")


def english_words(text: str) -> list[str]:
    return [w for w in LATIN_WORD.findall(NOT_PROSE.sub(" ", text)) if w not in NAMES]


def source_corpus(data: Path) -> dict[str, str]:
    """Each language's published text, one unit a line: the rules (titles and text from its JSON export),
    and what the export does not carry, read from the rulebook: the front matter, the addendum's
    examples and the source's own notices. Every language also shows the 2017 edition, which exists in
    English only: its titles stand in the navigation and page titles of every language as its source.

    A translation writes some terms in Latin letters itself ("Кнопки «all-in»", "UTG（3號位）"): that is
    the source, shown verbatim, not UI. The English notes recorded about defects are left out."""
    from tdarules.loader import load_rulebook
    from tdarules.units import edition_units

    rulebook = load_rulebook(Path(__file__).resolve().parents[2])
    old_edition = [unit.text.text for unit in edition_units(rulebook.edition("en", "2017"))]
    corpus = {}
    for file in sorted(data.glob("*.json")):
        pieces = []

        def walk(value, key=None):
            if isinstance(value, dict):
                for k, v in value.items():
                    if k != "defects":
                        walk(v, k)
            elif isinstance(value, list):
                for v in value:
                    walk(v, key)
            elif isinstance(value, str) and key in ("text", "title"):
                pieces.append(" ".join(value.split()))

        walk(json.loads(file.read_text(encoding="utf-8")))
        edition = rulebook.edition(file.stem)
        pieces += [" ".join(text.split()) for text in
                   [unit.text.text for unit in edition_units(edition)] + [b.text for b in edition.notice] + old_edition]
        corpus[file.stem] = "\n" + "\n".join(pieces) + "\n"
    return corpus


INLINE = {"a", "abbr", "b", "bdi", "cite", "del", "em", "i", "ins", "mark", "q", "s", "small", "span", "strong",
          "sub", "sup", "time", "u"}
# Where the site joins source text to its own words: "RP-1: Кнопки «all-in»", "2017 年規則 1：Floor Decisions",
# glossary variants "чек / check", and Material's page title "Правило 53: … - Правила покера TDA".
JOINS = re.compile(r": |：| · | / | - ")


def beside_text(element) -> bool:
    """Marks the site sets beside a text, not part of it: an icon (role="img", named by its aria-label,
    which is checked as an attribute), a heading's permalink ¶, the source's own list or part label."""
    classes = element.get("class", "").split()
    return element.get("role") == "img" or "headerlink" in classes or "tda-marker" in classes


def inline_text(element) -> str:
    """The text of a block as read: its own text and that of inline children, not of nested blocks."""
    out = [element.text or ""]
    for child in element:
        if isinstance(child.tag, str) and child.tag in INLINE and not beside_text(child):
            out.append(inline_text(child))
        out.append(child.tail or "")
    return "".join(out)


def block_of(element):
    """The block an inline element is read in; an element marked with its own language is a quotation,
    read as a whole of its own (an excerpt of the translation in a list of findings)."""
    while element.getparent() is not None and element.tag in INLINE and element.get("lang") is None:
        element = element.getparent()
    return element


@functools.lru_cache(maxsize=None)
def in_source(text: str, corpus: str) -> bool:
    """`text` appears in the source as it stands (not as part of a longer word); an excerpt's ellipses
    mark what it leaves out. Remembered: every page repeats the navigation's and footer's texts."""
    text = " ".join(text.split()).strip("…")
    if not text or text not in corpus:          # a plain substring test first: most texts are not there
        return False
    return re.search(r"(?<![A-Za-z])" + re.escape(text) + r"(?![A-Za-z])", corpus) is not None


class Inherited:
    """Each element's language (its nearest lang attribute, its own or an ancestor's) and whether it
    sits in a skipped tag, read once from the root down: walking up the ancestors again for every
    element of ~1,000 pages cost most of the scan."""

    def __init__(self, root):
        self.state: dict = {}
        for element in root.iter():
            parent = element.getparent()
            parent_skipped, parent_lang = self.state[parent] if parent is not None else (False, None)
            own = isinstance(element.tag, str) and element.tag.lower() in SKIPPED_TAGS
            lang = element.get("lang") if isinstance(element.tag, str) else None
            self.state[element] = (parent_skipped or own, parent_lang if lang is None else lang)

    def language_of(self, element) -> str | None:
        return self.state[element][1]

    def is_english(self, element) -> bool:
        lang = self.language_of(element)
        return lang is not None and (lang == "en" or lang.startswith("en-"))

    def skipped(self, element) -> bool:
        return self.state[element][0]


def whole_unit(text: str, corpus: str) -> bool:
    """`text` is a whole unit of the source (a title, a paragraph), as it stands."""
    return f"\n{' '.join(text.split())}\n" in corpus


def joined_from_source(block: str, text: str, source: str) -> bool:
    """`block` is verbatim source, or the piece of it that holds the English words of `text` is."""
    if in_source(block, source):
        return True
    return any(english_words(piece) and in_source(piece, source) for piece in JOINS.split(block)
               if any(word in piece for word in english_words(text)))


def from_source(element, text: str, corpus: dict[str, str], language: str | None) -> bool:
    """The text is the translation's own words: its block (or one joined piece of it) is verbatim source,
    or the text itself is a whole unit of it (a title the site sets beside its own words).

    Cross-reference links are the exception: their label is the site's, in the page's language."""
    source = corpus.get(language or "")
    if not source or any(a.get("class", "").split()[:1] == ["tda-ref"] for a in element.iterancestors("a")) \
            or (element.tag == "a" and "tda-ref" in element.get("class", "").split()):
        return False
    return whole_unit(text, source) or joined_from_source(" ".join(inline_text(block_of(element)).split()), text, source)


def term_names_from_source(names: str, corpus: dict[str, str]) -> bool:
    """A glossary tooltip's names in the translations: each is no English, or is written so by the
    translation's own text (zh-Hant and ru write "Bring-in" in Latin letters themselves)."""
    translations = "".join(text for language, text in corpus.items() if language != "en")
    return all(not english_words(name) or in_source(name, translations) for name in names.split(" · "))


def hits_in(html: str, corpus: dict[str, str] | None = None) -> list[str]:
    """Each piece of English UI in one page, as `<tag.class>[attribute] text: words`."""
    corpus = corpus or {}
    root = lxml.html.document_fromstring(html)
    inherited = Inherited(root)
    found = []

    def report(element, where, text, words=None):
        words = english_words(text) if words is None else words
        if words:
            name = element.tag + (f".{element.get('class').split()[0]}" if element.get("class") else "")
            found.append(f"<{name}>{where} {' '.join(text.split())[:120]!r}: {' '.join(words)}")

    def check_text(element, text):
        if english_words(text) and not from_source(element, text, corpus, inherited.language_of(element)):
            report(element, "", text)

    for element in root.iter():
        if not isinstance(element.tag, str) or inherited.skipped(element):
            continue
        if not inherited.is_english(element):
            for attribute in ATTRIBUTES:
                value = element.get(attribute)
                if not value:
                    continue
                if attribute == "title" and "tda-term" in element.get("class", "").split():
                    # A glossary term's tooltip names it in every language, English first (the
                    # popover built from it marks that name lang="en"): the rest must be no English.
                    value = " · ".join(value.split(" · ")[1:])
                    if term_names_from_source(value, corpus):
                        continue
                elif english_words(value) and joined_from_source(" ".join(value.split()), value,
                                                                 corpus.get(inherited.language_of(element) or "", "")):
                    continue    # a source title in a label: "Назад: Правило 1 (2017): Floor Decisions"
                report(element, f"[{attribute}]", value)
            if element.text:
                check_text(element, element.text)
        # The tail belongs to the parent element, so its language is the parent's.
        parent = element.getparent()
        if element.tail and parent is not None and not inherited.skipped(parent) and not inherited.is_english(parent):
            check_text(parent, element.tail)
    return found


def site_hits(site: Path) -> dict[str, list[str]]:
    corpus = source_corpus(site / "data" / "2024")
    result = {}
    for language in LANGUAGES:
        for page in sorted((site / language).rglob("*.html")):
            hits = hits_in(page.read_text(encoding="utf-8"), corpus)
            if hits:
                result[str(page.relative_to(site))] = hits
    return result


def test_the_scanner_finds_english_and_spares_what_is_not_ui():
    page = ('<html lang="ru"><head><title>Правило 43 - Правила покера TDA</title></head><body>'
            '<label class="md-header__button" title="Switch to dark mode">x</label>'
            '<a class="headerlink" href="#a" title="Permanent link">¶</a>'
            '<p>Правило 43-B и RP-5, <code>rulebook build</code>, https://pokertda.com/x.</p>'
            '<div lang="en"><p>A player <b>must</b> act.</p></div>'
            '<p>(см. <a href="/ru/addendum/">Illustration Addendum</a>)</p>'
            '<input placeholder="Search rules"></body></html>')
    hits = hits_in(page)
    assert [h.split(": ")[-1] for h in hits] == ["Switch to dark mode", "Permanent link",
                                                  "Illustration Addendum", "Search rules"], hits


def test_no_english_ui_on_russian_and_chinese_pages(built_site):
    hits = site_hits(built_site)
    listing = "\n".join(f"{page}\n  " + "\n  ".join(h) for page, h in hits.items())
    assert not hits, f"{sum(map(len, hits.values()))} English UI texts on {len(hits)} pages:\n{listing}"


if __name__ == "__main__":                      # the full list, for fixing: python tests/site/test_no_english_ui.py SITE
    import sys
    for page, page_hits in site_hits(Path(sys.argv[1] if len(sys.argv) > 1 else "site")).items():
        for hit in page_hits:
            print(page, hit)
