"""MkDocs hook: serve docs/generated/** without the `generated/` URL segment.

The tda-rules plugin writes real Markdown files into the git-ignored
``docs/generated/`` folder (static-i18n needs real files inside ``docs_dir``).
This hook maps ``generated/rules/43.en.md`` to the destination ``rules/43.en/...``
*before* static-i18n (priority -100) handles the language suffix, so the page is
published at ``/en/rules/43/``. static-i18n copies ``dest_uri`` when it rebuilds each
File, so the rewrite survives. It also lifts the children of the automatic
"Generated" navigation section to the top level.

Idempotent and harmless if the plugin does the same itself.
"""

from __future__ import annotations

import os

from mkdocs.structure.nav import Section

PREFIX = "generated/"


def on_files(files, config):
    for file in files:
        if file.src_uri.startswith(PREFIX) and file.dest_uri.startswith(PREFIX):
            file.dest_uri = file.dest_uri[len(PREFIX):]
            # url and abs_dest_path are cached properties derived from dest_uri
            file.url = file._get_url()
            file.abs_dest_path = os.path.normpath(os.path.join(config.site_dir, file.dest_uri))
    return files


def _lift(items):
    out = []
    for item in items:
        if isinstance(item, Section) and item.title.lower() == "generated":
            for child in item.children:
                child.parent = None
                out.append(child)
        else:
            out.append(item)
    return out


def on_nav(nav, config, files):
    nav.items = _lift(nav.items)
    return nav
