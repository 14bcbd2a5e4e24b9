"""One small JSON file per rule and language (``/data/2024/<lang>/rules/<id>.json``).

The companion column beside a rule shows one rule of another language: it fetches that rule's file
(a few KB) instead of the whole edition (~190 KB). Same content as the rule's entry in
``/data/2024/<lang>.json`` (`pages.edition_json`), so both stay one format.
"""
from __future__ import annotations

import json
from pathlib import Path

from .. import urls
from ..model import ALL_LANGUAGES


def write_rule_files(rulebook, strings, site_dir: Path) -> int:
    from ..site.context import Context
    from ..site.pages import edition_json
    count = 0
    for language in ALL_LANGUAGES:
        data = edition_json(Context(rulebook, language, strings))
        for rule_id, rule in {**data["rules"], **data["procedures"]}.items():
            path = Path(site_dir) / urls.rule_data_url(language, rule_id).lstrip("/")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps({"language": language, "edition": data["edition"], **rule},
                                       ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
            count += 1
    return count
