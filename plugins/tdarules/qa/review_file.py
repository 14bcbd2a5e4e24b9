"""Writing rulebook/review/<lang>.yaml: fingerprints of the English each unit was translated from.

Round-trip YAML (comments, acknowledgements and their order kept); only the fingerprints change."""
from __future__ import annotations

from pathlib import Path

from ruamel.yaml.comments import CommentedMap

from ..atomic import write_atomic
from ..loader import Rulebook
from ..yamlio import dump_yaml, read_yaml_round_trip
from .findings import basis_for
from ..units import fingerprint

HEADER = ("# Translation QA data for one language (see ARCHITECTURE.md, 'Translators' workbench').\n"
          "# fingerprints: unit id -> fingerprint of the English the unit was translated from; when the English\n"
          "#   changes, `rulebook qa` reports the unit stale. Written by `rulebook qa --record-fingerprints` (new\n"
          "#   units only) and by `rulebook import-translation` (the units it writes).\n"
          "# acknowledgements: findings a reviewer read and accepted: {finding: <id>, reason, reviewer, date}.\n")


def review_path(root: Path, language: str) -> Path:
    return Path(root) / "rulebook" / "review" / f"{language}.yaml"


def record_fingerprints(rulebook: Rulebook, language: str, unit_ids=None, *, overwrite: bool = False) -> int:
    """Record the current English as the basis of `unit_ids` (default: every unit without a record).
    Returns how many fingerprints changed. The file is replaced whole or not at all (WriteError)."""
    text, changed = fingerprints_text(rulebook, language, unit_ids, overwrite=overwrite)
    if text is not None:
        path = review_path(rulebook.root, language)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text, shown_as=f"rulebook/review/{language}.yaml")
    return changed


def fingerprints_text(rulebook: Rulebook, language: str, unit_ids=None, *, overwrite: bool = False) -> tuple[str | None, int]:
    """(the review file's new text, or None when it need not be written; how many fingerprints changed).
    Nothing is written: the XLIFF import checks the result with the rest of the rulebook first."""
    path = review_path(rulebook.root, language)
    if path.exists():
        document = read_yaml_round_trip(path)
    else:
        document = CommentedMap(language=language, fingerprints=CommentedMap(), acknowledgements=[])
    prints = document.setdefault("fingerprints", CommentedMap())
    basis = basis_for(rulebook.edition("en"), rulebook.edition(language))
    changed = 0
    for unit_id, english in basis.items():
        if unit_ids is not None and unit_id not in unit_ids:
            continue
        if unit_id in prints and not overwrite:
            continue
        value = fingerprint(english)
        if prints.get(unit_id) != value:
            prints[unit_id] = value
            changed += 1
    if not changed and path.exists():
        return None, 0
    text = dump_yaml(document)
    return (text if text.startswith("#") else HEADER + text), changed
