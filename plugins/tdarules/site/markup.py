"""The one place Python builds markup: rule text with its cross-reference links and glossary terms.

Everything else on a page is written in the templates (`templates/`), where autoescaping escapes every
value. Rule text cannot be: its links sit inside the sentence, at spans `crossrefs.find_refs` and the
glossary find. So the text is cut at those spans, every piece of source text is escaped, and only the
tags written here join them; the result is `markupsafe.Markup`, which the templates then insert as is.
Links come only from parsed references and glossary matches, never from the text itself.

Also here, because they too hand a template text it must not escape again: the Markdown heading
(Markdown escapes, then HTML escapes), JSON inside a <script> element and front matter values.
"""
from __future__ import annotations

import html
import json
import re
from typing import Iterable

from markupsafe import Markup, escape

from .. import urls
from ..crossrefs import find_refs
from ..model import Edition

# (variant as written in this language, term id, tooltip), longest variant first.
Term = tuple[str, str, str]


def linked_text(text: str, *, language: str, edition: Edition, terms: Iterable[Term],
                rule_id: str | None, used_terms: set[str] | None = None,
                ref_names: dict[str, str] | None = None, source_words: str = "") -> Markup:
    """Escaped text with cross-references as links and the first mention of each glossary term explained.

    `used_terms` is the set of term ids already explained on this page (updated here); None: no terms.
    `ref_names`: the page language's words for "addendum", "procedure" and "rule" (see `ref_label`);
    a label put in those words says so in its tooltip (`source_words`) and keeps the source's in
    `data-source-text`: the reader is not told the source wrote it that way when it did not."""
    out: list[Markup] = []
    position = 0
    for ref in find_refs(text, language):
        out.append(_with_terms(text[position:ref.start], language, terms, used_terms))
        href = ref_href(ref, language, rule_id, edition)
        label = ref_label(ref, language, ref_names)
        source = text[ref.start:ref.end]
        if href and label != source:
            out.append(Markup('<a class="tda-ref tda-ref-translated" href="{}" title="{}" data-source-text="{}">{}</a>')
                       .format(href, source_words, source, label))
        elif href:
            out.append(Markup('<a class="tda-ref" href="{}">{}</a>').format(href, label))
        else:
            out.append(Markup('<span class="tda-ref-broken">{}</span>').format(label))
        position = ref.end
    out.append(_with_terms(text[position:], language, terms, used_terms))
    return Markup("").join(out)


# Two Latin letters or more, other than a procedure's "RP": a reference written in English words.
_ENGLISH_WORDS = re.compile(r"(?!RP\b)[A-Za-z]{2,}")


def ref_label(ref, language: str, names: dict[str, str] | None) -> str:
    """The words a link shows. A translation that names its target in English ("см. Illustration Addendum",
    "см. Recommended Procedure 5") gets the link in its own language; the sentence around it stays as
    written, and the source's words stay in the data exports and the compare view."""
    if language == "en" or not names or not _ENGLISH_WORDS.search(ref.text):
        return ref.text
    if ref.kind == "addendum":
        return names["addendum"]
    number = (ref.rule or "").removeprefix("RP-") + (f"-{ref.part}" if ref.part else "")
    if ref.kind == "procedure":
        return f"{names['procedure']} {number}"
    if ref.kind == "rule":
        return f"{names['rule']} {number}"
    return ref.text


def ref_href(ref, language: str, rule_id: str | None, edition: Edition) -> str | None:
    """Where a reference points on this language's site; None when it points at nothing."""
    if ref.kind == "addendum":
        target = ref.rule or rule_id
        entry = next((a for a in edition.addendum.values() if a.rule_id == target), None)
        return urls.addendum_url(language, entry.id) if entry else None
    if not ref.rule or edition.rule(ref.rule) is None:
        return None
    rule = edition.rule(ref.rule)
    part = ref.part if ref.part and ref.part in rule.parts else None
    return urls.rule_url(language, ref.rule, part)


def _with_terms(text: str, language: str, terms: Iterable[Term], used: set[str] | None) -> Markup:
    if used is None or not text:
        return escape(text)
    lowered = text.lower()
    spans: list[tuple[int, int, str, str]] = []
    for variant, term_id, tooltip in terms:
        if term_id in used:
            continue
        start = lowered.find(variant.lower())
        if start < 0 or any(s < start + len(variant) and start < e for s, e, _, _ in spans):
            continue
        if language in ("en", "ru") and not _word_bounded(text, start, start + len(variant)):
            continue
        used.add(term_id)
        spans.append((start, start + len(variant), term_id, tooltip))
    out, position = [], 0
    for start, end, term_id, tooltip in sorted(spans):
        out.append(escape(text[position:start]))
        out.append(Markup('<a class="tda-term" href="{}" title="{}">{}</a>').format(
            urls.glossary_url(language, term_id), tooltip, text[start:end]))
        position = end
    out.append(escape(text[position:]))
    return Markup("").join(out)


def _word_bounded(text: str, start: int, end: int) -> bool:
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    return not (before.isalnum() or after.isalnum())


def template_title(title):
    """A page or section title for Material's templates, which print it unescaped: escaped once, as
    Markup, so Jinja's ``|e`` leaves it as it is (None stays None)."""
    if title is None or isinstance(title, Markup):
        return title
    return escape(str(title))


def markdown_heading(text: str) -> Markup:
    """Text for a `# heading` line: Markdown's own syntax escaped with backslashes (braces too: attr_list
    would read `{: onclick=…}` as attributes), then HTML. `<` and `>` are left to the HTML escaping:
    Python-Markdown would keep the backslash of `\\&lt;`."""
    return Markup(html.escape(re.sub(r"([\\`*_\[\]#{}])", r"\\\1", text), quote=False))


def script_json(value, *, ensure_ascii: bool = True) -> Markup:
    """JSON for a <script type="application/json"> element. HTML escaping does not apply inside <script>
    (the browser reads it raw); the only way out is `</`, so that is written `<\\/`, still valid JSON."""
    return Markup(json.dumps(value, ensure_ascii=ensure_ascii).replace("</", "<\\/"))


def front_matter_value(value) -> Markup:
    """A value of the page's YAML front matter (read by MkDocs, not HTML): a JSON string is valid YAML.
    MkDocs escapes the title itself wherever it puts it into HTML."""
    return Markup(json.dumps(value, ensure_ascii=False))


def markdown_document(text: str) -> Markup:
    """Markdown we wrote (docs/assets/calculators/ENGINE.md) placed in a page for MkDocs to render:
    escaping it here would show its code samples as entities. It is repository text, never data."""
    return Markup(text)


def in_language(text, language: str) -> Markup:
    """Text (escaped unless already markup) in an element naming its language: a quotation in another
    language inside a sentence, so screen readers and fonts take it as that language."""
    return Markup('<span lang="{}">{}</span>').format(language, text)


def filled(template: str, **params) -> Markup:
    """A string of ours with its {params} filled: the string escaped, each param escaped unless it is
    already markup (a quotation marked with its language)."""
    return Markup(escape(template)).format(**params)


def named_in_sentence(sentence: str, slot: str, name: Markup) -> Markup:
    """`sentence` escaped, with every `slot` in it replaced by the markup `name`."""
    return name.join(escape(piece) for piece in sentence.split(slot))


_LATIN_ONLY = re.compile(r"[A-Za-z][A-Za-z’' -]*")


def latin_marked(text: str, language: str) -> Markup:
    """A rendering as written; one a Russian or Chinese text writes in Latin letters ("upcard",
    "Bring-in") marked as English."""
    return in_language(text, "en") if language != "en" and _LATIN_ONLY.fullmatch(text) else escape(text)
