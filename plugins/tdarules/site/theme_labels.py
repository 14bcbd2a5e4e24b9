"""Labels that Material and Python-Markdown take from mkdocs.yml, where one value serves every language:
the palette toggle ("Switch to dark mode", its tooltip and its spoken label) and the headings' permalink
title ("Permanent link"). static-i18n cannot override `markdown_extensions` per language, so the plugin
sets both for each language's pass, from rulebook/ui/site.yaml like every other string."""
from __future__ import annotations

from ..strings import Strings

# Material's palette entries by scheme: the light scheme's toggle switches to dark, and back.
TOGGLE_KEYS = {"slate": "palette_to_light"}
DEFAULT_TOGGLE_KEY = "palette_to_dark"


def localize_theme(theme, mdx_configs: dict, strings: Strings, language: str) -> None:
    """Set the palette toggles' names and the permalink title of `language` in place."""
    palette = theme.get("palette") if hasattr(theme, "get") else None
    for entry in palette if isinstance(palette, list) else [palette] if isinstance(palette, dict) else []:
        toggle = entry.get("toggle") if isinstance(entry, dict) else None
        if isinstance(toggle, dict):
            toggle["name"] = strings.get(TOGGLE_KEYS.get(entry.get("scheme"), DEFAULT_TOGGLE_KEY), language)
    toc = mdx_configs.get("toc")
    if isinstance(toc, dict) and toc.get("permalink"):
        toc["permalink_title"] = strings.get("permalink", language)
