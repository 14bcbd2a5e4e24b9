"""The one Jinja2 environment every generated page is rendered with.

Autoescaping is on for every template, so a data string can only reach HTML escaped; text that is
already markup (rule text with its cross-reference links) arrives as `markupsafe.Markup`.
`StrictUndefined` turns a misspelt variable into a build error instead of an empty string.
No MkDocs import: the generator must outlive MkDocs.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

TEMPLATES = Path(__file__).parent / "templates"


@lru_cache(maxsize=1)
def environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render(template: str, **context) -> str:
    return environment().get_template(template).render(**context)
