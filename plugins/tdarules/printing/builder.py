"""The rule-sheet builder page (/<lang>/print/): the form, and what its script needs (strings, ids,
where the QR codes are). The sheets themselves are assembled in the browser from /data/2024/<lang>.json
(docs/assets/print/builder.js); the selection is parsed by docs/assets/print/selection.js."""
from __future__ import annotations

from .. import urls
from ..editions import to_current
from ..model import ALL_LANGUAGES, CURRENT_EDITION
from ..site.templating import render
from ..site_url import is_public, site_url

ERROR_PARAMS = {"token": "{token}", "rule": "{rule}", "part": "{part}", "last": "{last}"}
LABELS = ("selected_count", "nothing_selected", "loading", "load_failed", "preview", "older_selection", "older_dropped")


def builder_page(ctx) -> str:
    """Markdown of the page (templates/pages/print.md, the site's page frame)."""
    s = ctx.s
    config = {
        "lang": ctx.language,
        "dataFolder": urls.data_folder(),          # the current edition's: the script names no year
        "errors": {code: s(f"errors.{code}", **ERROR_PARAMS) for code in ctx.strings.table["errors"]},
        "labels": {key: s(key, count="{count}", year="{year}", typed="{typed}", rules="{rules}") for key in LABELS},
        # a shared selection names the edition it was made in; an older one is read through this
        "edition": CURRENT_EDITION,
        "renumbering": to_current(ctx.rulebook),
        "ruleLabel": {lang: ctx.strings.get("rule", lang) for lang in ALL_LANGUAGES},
        "exampleLabel": s("addendum"),
        "parts": {rule.id: list(rule.parts) for rule in ctx.edition.all_rules()},
        # the address the build's QR codes encode (none are made without a public one): the sheet
        # shows a code only where it opens the page the sheet names (address.js)
        "qrBase": site_url() if is_public(site_url()) else None,
    }
    title = s("builder_title")
    return render("pages/print.md", ctx=ctx, title=title, meta={}, language=ctx.language, s=s,
                  others=[(lang, ctx.strings.get("language_name", lang)) for lang in ALL_LANGUAGES if lang != ctx.language],
                  config=config)
