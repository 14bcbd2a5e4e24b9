"""`rulebook pdf [--lang L] [--rules SELECTION] [--out DIR]`: the PDFs from the command line.

Every mistake is one line and a non-zero exit: an unknown language, a selection with a bad token."""
from __future__ import annotations

import sys
from pathlib import Path

from ..model import ALL_LANGUAGES, CURRENT_EDITION

# Every part of every rule listed one by one is ~650 characters. A longer selection is not one a person
# typed, and the parser's numbers must stay short: Python refuses to read an integer of 4,300 digits.
MAX_SELECTION = 2000


def fail(message: str) -> int:
    print(f"rulebook pdf: {message}", file=sys.stderr)
    return 2


def main_pdf(root: Path, language: str | None, rules: str | None, out: Path | None, site_url: str | None) -> int:
    from ..site_url import SiteUrlError, local_notice, normalize, site_url as configured_url
    if language is not None and language not in ALL_LANGUAGES:
        return fail(f"unknown language {language!r}; choose one of {', '.join(ALL_LANGUAGES)}")
    try:
        url = normalize(site_url) if site_url else configured_url()
    except SiteUrlError as error:
        return fail(str(error))
    from ..loader import RulebookError, load_rulebook
    try:
        rulebook = load_rulebook(root)
    except RulebookError as error:
        return fail(str(error).splitlines()[0] if str(error) else "the rulebook does not load")
    from ..site.generate import load_strings
    from .documents import Document, documents_for
    from .pdf import publish, render_documents
    strings = load_strings(root / "rulebook")
    if rules is not None and len(rules) > MAX_SELECTION:
        return fail(f"the selection is {len(rules):,} characters long; at most {MAX_SELECTION:,} are read")
    if rules is not None:
        from .selection import parse_selection
        parts = {rule.id: list(rule.parts) for rule in rulebook.edition("en").all_rules()}
        items, errors = parse_selection(rules, parts)
        if errors or not items:
            messages = [strings.get(f"errors.{e.code}", "en", token=e.token, **{"rule": "", "part": "", "last": "", **e.params})
                        for e in errors] or ["the selection is empty"]
            return fail(" ".join(messages))
        selection = tuple((i.rule, tuple(i.parts) if i.parts else None) for i in items)
        slug = "_".join(i.rule + ("-" + "".join(i.parts) if i.parts else "") for i in items)
        slug = slug if len(slug) <= 40 else f"{items[0].rule}-{items[-1].rule}_{len(items)}"
        documents = [Document(f"tda-{CURRENT_EDITION}-rules-{slug}-{lang}", (lang,), "selection", selection)
                     for lang in ([language] if language else ["en"])]
    else:
        documents = documents_for(language)
    out_dir = out or root / "site" / "pdf"
    if notice := local_notice(url):          # once the request is known good: a mistake stays one line
        print(f"warning: {notice}", file=sys.stderr)
    results = render_documents(documents, rulebook, strings, site_url=url, cache_dir=root / ".cache" / "pdf",
                               log=lambda line: print(line, file=sys.stderr))
    publish(results, out_dir)
    for result in results:
        print(out_dir / result.filename)
    return 0
