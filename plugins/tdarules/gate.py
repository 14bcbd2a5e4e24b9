"""The one data gate: every check `rulebook validate` makes, shared by validate, build and the plugin.

`check(root)` returns the rulebook (None when it does not load) and every problem found, each a
`file:line: id: message` line. Nothing is written; callers decide whether to refuse.
"""
from __future__ import annotations

from pathlib import Path

from .loader import Rulebook, RulebookError, load_rulebook
from .yamlio import Problem


def check(root: Path | str) -> tuple[Rulebook | None, list[Problem]]:
    try:
        rulebook = load_rulebook(Path(root))
    except RulebookError as error:
        return None, list(error.problems)
    from .validate import validate
    return rulebook, validate(rulebook)
