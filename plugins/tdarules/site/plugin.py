"""MkDocs glue for the rule pages, in the style of Material's own plugins: a typed config, small
event handlers, the work in plain functions (`generate.py`, `pages.py`)."""
from __future__ import annotations

import logging
import os
from pathlib import Path

from mkdocs.config import config_options as opt
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

from ..gate import check
from ..model import ALL_LANGUAGES
from .generate import generate_pages, load_strings, write_exports, write_page_sitemaps
from .navigation import build_nav

log = logging.getLogger("mkdocs.plugins.tda-rules")


class RulesConfig(Config):
    rulebook = opt.Dir(default="rulebook", exists=True)       # YAML data, relative to mkdocs.yml
    generated = opt.Type(str, default="generated")           # folder inside docs_dir, git-ignored
    exports = opt.Type(bool, default=True)                   # /data/<year>/<lang>.json
    search_index = opt.Type(bool, default=True)              # Whoosh index, private: outside site_dir
    search_index_dir = opt.Type(str, default="build/search-index")  # relative to mkdocs.yml; $TDA_SEARCH_INDEX_DIR wins
    static_search = opt.Type(bool, default=True)             # Pagefind index: search offline / without the API


class RulesPlugin(BasePlugin[RulesConfig]):
    supports_multiple_instances = False

    def __init__(self):
        self.rulebook = None
        self.strings = None
        self.built_once = False

    # Runs first, before static-i18n (priority -100) collects files: its `on_files` rebuilds every
    # File from docs_dir, so pages must already exist there as real Markdown.
    @event_priority(100)
    def on_pre_build(self, config):
        rulebook_dir = Path(self.config.rulebook)          # resolved against mkdocs.yml by opt.Dir
        # The same gate as `rulebook validate`: a plain `mkdocs build` refuses bad data too.
        self.rulebook, problems = check(rulebook_dir.parent)
        if problems:
            self.rulebook = None
            raise PluginError("the rulebook has problems:\n" + "\n".join(map(str, problems)))
        self.strings = load_strings(rulebook_dir)
        written = generate_pages(self.rulebook, self.strings, Path(config.docs_dir) / self.config.generated)
        if written:
            log.info("tda-rules: wrote %d changed page(s)", written)

    # After MkDocs built the navigation from files (folder names, string order) and before static-i18n
    # (priority -100) translates it: replace it with the rulebook's sections in the current language.
    @event_priority(50)
    def on_nav(self, nav, config, files):
        i18n = config.plugins.get("i18n")
        language = getattr(i18n, "current_language", None)
        if self.rulebook is None or ("2024", language) not in self.rulebook.editions:
            return nav
        return build_nav(nav, self.rulebook.edition(language), self.strings, language, self.config.generated)

    # Once a language's pages are on disk. static-i18n builds each language inside its own
    # on_post_build (priority -100) and this event fires again for each of those passes: the
    # per-page sitemaps are written per pass, the data files and indexes once.
    @event_priority(50)
    def on_post_build(self, config):
        if self.rulebook is None:
            return
        site_dir = Path(config.site_dir)
        language = getattr(config.plugins.get("i18n"), "current_language", None)
        if language in ALL_LANGUAGES:          # this pass's pages are on disk now
            write_page_sitemaps(site_dir, config.site_url or "/", language)
        if self.built_once:
            return
        self.built_once = True
        if self.config.exports:
            write_exports(self.rulebook, self.strings, site_dir)
        if self.config.search_index:
            from ..search.index import build_index
            build_index(self.rulebook, self.index_dir(config))
        if self.config.static_search:
            from ..search.static_index import build_pagefind
            build_pagefind(site_dir, self.rulebook)

    def index_dir(self, config) -> Path:
        """Where the Whoosh index goes: never inside site_dir, which a static host publishes whole."""
        configured = os.environ.get("TDA_SEARCH_INDEX_DIR") or self.config.search_index_dir
        return Path(config.config_file_path).parent / configured

    # `mkdocs serve` rebuilds: let the next build write exports again.
    def on_serve(self, server, config, builder):
        self.built_once = False
        return server
