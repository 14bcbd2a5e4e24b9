"""Every text unit of the model reaches the PDFs verbatim: each paragraph, note and item of every rule,
procedure, preface and example in the full documents; every rule's text in the handouts (which leave
out procedures and examples on purpose). Read back with pdftotext, running header and page number cut."""
from __future__ import annotations

import re

import pytest

from tdarules.printing.documents import DOCUMENTS


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def units(edition, kind: str) -> list[str]:
    rules = edition.all_rules() if kind == "full" else edition.rules.values()
    out = [block.text for rule in rules for _, block in rule.all_blocks()]
    if kind == "full":
        out += [b.text for b in (*edition.preamble, *edition.procedures_preamble, *edition.addendum_preamble)]
        for entry in edition.addendum.values():
            out += [b.text for b in entry.blocks]
            out += [b.text for example in entry.examples.values() for b in example.blocks]
    return out


@pytest.mark.parametrize("document", [d for d in DOCUMENTS if len(d.languages) == 1], ids=lambda d: d.id)
def test_every_sentence_of_the_model_is_in_the_pdf(pdfs, rulebook, document):
    pdf = pdfs[document.id]
    body = squash("".join(word.text for word in pdf.words(2, pdf.pages)))
    expected = units(rulebook.edition(document.languages[0]), document.kind)
    missing = [text[:80] for text in expected if squash(text) not in body]
    assert len(expected) > 100
    assert missing == [], f"{len(missing)} of {len(expected)} text units missing from {document.filename}"
