"""Make an added edition the current one (`rulebook edition publish --year YYYY`).

What `rulebook edition add` remapped into `rulebook/<year>/remapped/` (a person may have edited it
since) replaces the file it was made from: the situation vocabulary, the training questions, the
glossary, the QA review files, the calculators' rule review, the rules search sends chip amounts to
(search/spec.yaml, and its browser copy spec.js). Then the one place the code names the
current edition (`model.py`: CURRENT_EDITION, OLDER_EDITIONS) is rewritten, the edition that was
current becoming the newest older one. The older edition keeps every page at /<lang>/<year>/…;
its successor is read from the added edition's mapping.yaml.

Refused while the alignment has an uncertain match nobody confirmed (`accept_uncertain` overrides),
and for an edition that is not newer than the current one. Every file is written aside and renamed, and
the files it replaces are kept first under `rulebook/<year>/before-publish/`.
"""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from ..atomic import WriteError, write_atomic
from ..search.spec import js_module
from . import EditionError, edition_report
from .remap import SEARCH_SPEC
from ..yamlio import read_yaml_round_trip

MODEL = "plugins/tdarules/model.py"
SEARCH_SPEC_JS = "docs/assets/search/spec.js"
BEFORE = "before-publish"            # rulebook/<year>/before-publish/: the files publishing replaced
CURRENT_LINE = re.compile(r'^CURRENT_EDITION = "(?P<year>\d{4})"$', re.M)
OLDER_LINE = re.compile(r"^OLDER_EDITIONS = \((?P<years>[^)]*)\)$", re.M)


def published_model(text: str, year: str) -> str:
    """model.py's text with `year` current and the edition current before it added to the older ones."""
    current, older = CURRENT_LINE.search(text), OLDER_LINE.search(text)
    if current is None or older is None:
        raise EditionError(f"{MODEL}:0: -: no CURRENT_EDITION / OLDER_EDITIONS line to switch")
    years = [*re.findall(r"\d{4}", older["years"]), current["year"]]
    if year <= current["year"]:
        raise EditionError(f"{MODEL}:0: -: the current edition is {current['year']}: {year} is not newer")
    text = CURRENT_LINE.sub(f'CURRENT_EDITION = "{year}"', text, count=1)
    return OLDER_LINE.sub("OLDER_EDITIONS = (" + ", ".join(f'"{y}"' for y in years) + ",)", text, count=1)


def _spec_js(text: str, year: str) -> str:
    try:
        return js_module(yaml.safe_load(text))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 0
        raise EditionError(f"rulebook/{year}/remapped/search-spec.yaml:{line}: -: not YAML: "
                           f"{getattr(error, 'problem', None) or error}") from None


def publish_edition(root: Path | str, year: str | int, accept_uncertain: bool = False) -> list[str]:
    """Put the added edition's remapped files in place and make it current; returns the files written."""
    root, year = Path(root), str(year)
    report = edition_report(root, year, read=read_yaml_round_trip)        # its files may be written out
    open_ids = {m.old or m.new[0] for m in report.alignment.matches if m.uncertain and not m.confirmed}
    waiting = [flag for flag in report.uncertain if flag.where in open_ids]
    if waiting and not accept_uncertain:
        first = waiting[0]
        raise EditionError(f"{first.file}:{first.line}: {first.where}: {len(waiting)} uncertain match(es) not "
                           f"confirmed (set confirmed: true on each, or pass --accept-uncertain)")
    model = root / MODEL
    try:
        model_text = published_model(model.read_text(encoding="utf-8"), year)
        # what a person read (and may have corrected) in remapped/, else what the report made
        replacing = [(item.source, (root / item.target).read_text(encoding="utf-8") if (root / item.target).is_file()
                      else item.text) for item in report.remapped]
        # the browser's copy of the search specification follows it
        replacing += [(SEARCH_SPEC_JS, _spec_js(text, year)) for name, text in replacing if name == SEARCH_SPEC]
        before = [(name, (root / name).read_bytes()) for name, _ in replacing if (root / name).is_file()]
    except OSError as error:
        raise EditionError(f"{error.filename or MODEL}:0: -: cannot read: {error.strerror or error}") from None
    # today's files first, kept where a person finds them: a publish that fails half-way, or one
    # regretted, is undone by copying them back
    kept = f"rulebook/{year}/{BEFORE}"
    for name, data in [*before, (MODEL, model.read_bytes())]:
        try:
            (root / kept / name).parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise EditionError(f"{kept}:0: -: cannot create the folder: {error.strerror or error}") from None
        write_atomic(root / kept / name, data, shown_as=f"{kept}/{name}")
    written: list[str] = []
    try:
        for name, text in [*replacing, (MODEL, model_text)]:
            write_atomic(root / name, text, shown_as=name)
            written.append(name)
    except WriteError as error:
        error.note = f"written before it: {', '.join(written) or 'none'}; today's files are in {kept}/"
        raise
    return written

