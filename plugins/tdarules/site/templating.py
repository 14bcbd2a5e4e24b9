"""The one Jinja2 environment every generated page is rendered with.

Autoescaping is on for every template, so a data string can only reach HTML escaped; text that is
already markup (rule text with its cross-reference links) arrives as `markupsafe.Markup` from
`markup.py`, the one module that builds markup in Python. `StrictUndefined` turns a misspelt variable
into a build error instead of an empty string. No MkDocs import: the generator must outlive MkDocs.

Templates see `urls` (the one place URLs are built) and a few filters; each view passes `ctx` (the
language's `context.Context`) and its own model objects.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from .. import urls
from .markup import front_matter_value, markdown_heading, script_json

TEMPLATES = Path(__file__).parent / "templates"


def block_groups(blocks) -> list[tuple[str, list]]:
    """Blocks in page order, consecutive numbered items gathered into one list: [(kind, [blocks])]."""
    groups: list[tuple[str, list]] = []
    for block in blocks:
        if block.kind == "item" and groups and groups[-1][0] == "item":
            groups[-1][1].append(block)
        else:
            groups.append((block.kind, [block]))
    return groups


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.globals.update(urls=urls, new_set=set)     # new_set: glossary terms already explained on a page
    env.filters.update(front_matter=front_matter_value, md_heading=markdown_heading,
                       script_json=script_json, block_groups=block_groups)
    return env


def render(template: str, **context) -> str:
    return environment().get_template(template).render(**context)


def macros(template: str, **context):
    """A macro file as a module, for Python callers (JSON exports, tests): `macros("x.html", ctx=c).name(...)`."""
    return environment().get_template(template).make_module(context)
