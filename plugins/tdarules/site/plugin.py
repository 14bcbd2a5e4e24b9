"""MkDocs glue for the rule pages, in the style of Material's own plugins: a typed config, small
event handlers, the work in plain functions (`generate.py`, `pages.py`)."""
from __future__ import annotations

import logging
import os
from pathlib import Path

from mkdocs.config import config_options as opt
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority

from ..gate import check
from ..model import ALL_LANGUAGES, CURRENT_EDITION
from .generate import generate_pages, load_strings, write_exports, write_page_sitemaps
from .navigation import build_nav
from .safe_titles import plain
from .theme_labels import localize_theme

log = logging.getLogger("mkdocs.plugins.tda-rules")


class RulesConfig(Config):
    rulebook = opt.Dir(default="rulebook", exists=True)       # YAML data, relative to mkdocs.yml
    generated = opt.Type(str, default="generated")           # folder inside docs_dir, git-ignored
    exports = opt.Type(bool, default=True)                   # /data/<year>/<lang>.json
    search_index = opt.Type(bool, default=True)              # Whoosh index, private: outside site_dir
    search_index_dir = opt.Type(str, default="build/search-index")  # relative to mkdocs.yml; $TDA_SEARCH_INDEX_DIR wins
    static_search = opt.Type(bool, default=True)             # Pagefind index: search offline / without the API
    finalize = opt.Type(bool, default=True)                  # hashed assets, precompression, service worker
    pdf = opt.Type(bool, default=True)                       # site/pdf/*.pdf (rendered only when changed)
    pdf_cache = opt.Type(str, default=".cache/pdf")          # rendered PDFs by content hash, outside site/


class RulesPlugin(BasePlugin[RulesConfig]):
    supports_multiple_instances = False

    def __init__(self):
        self.rulebook = None
        self.strings = None
        self.built_once = False
        self.pdfs = None
        self.search_jobs = None

    # After static-i18n (priority -100) set up each language's pass, which runs `on_config` again: the
    # labels Material and the toc extension take from mkdocs.yml, in that pass's language.
    @event_priority(-150)
    def on_config(self, config):
        language = getattr(config.plugins.get("i18n"), "current_language", None)
        strings = self.strings or load_strings(Path(self.config.rulebook))
        localize_theme(config.theme, config.mdx_configs, strings, language if language in ALL_LANGUAGES else "en")
        return config

    # Runs first, before static-i18n (priority -100) collects files: its `on_files` rebuilds every
    # File from docs_dir, so pages must already exist there as real Markdown.
    @event_priority(100)
    def on_pre_build(self, config):
        rulebook_dir = Path(self.config.rulebook)          # resolved against mkdocs.yml by opt.Dir
        # static-i18n runs a nested build per language (`building` is set then): the rulebook, its
        # gate and the PDFs are the same for all of them, so they are done once per build.
        nested = self.rulebook is not None and getattr(config.plugins.get("i18n"), "building", False)
        if not nested:
            # The same gate as `rulebook validate`: a plain `mkdocs build` refuses bad data too.
            self.rulebook, problems = check(rulebook_dir.parent)
            if problems:
                self.rulebook = None
                raise PluginError("the rulebook has problems:\n" + "\n".join(map(str, problems)))
            self.strings = load_strings(rulebook_dir)
            self._start_search(config)
        # PDFs before the pages: the home pages list their sizes.
        if self.config.pdf and (self.pdfs is None or not nested):
            from ..printing.build import render_site_pdfs
            cache = Path(config.config_file_path).parent / self.config.pdf_cache
            self.pdfs = render_site_pdfs(self.rulebook, rulebook_dir, config.site_url, cache)
        if nested:          # every language's pages were written before the first pass collected files
            return
        written = generate_pages(self.rulebook, self.strings, Path(config.docs_dir) / self.config.generated,
                                 downloads=self.pdfs or [])
        if written:
            log.info("tda-rules: wrote %d changed page(s)", written)

    # After MkDocs built the navigation from files (folder names, string order) and before static-i18n
    # (priority -100) translates it: replace it with the rulebook's sections in the current language.
    @event_priority(50)
    def on_nav(self, nav, config, files):
        i18n = config.plugins.get("i18n")
        language = getattr(i18n, "current_language", None)
        if self.rulebook is None or (CURRENT_EDITION, language) not in self.rulebook.editions:
            return nav
        return build_nav(nav, self.rulebook.edition(language), self.strings, language, self.config.generated)

    # Once a language's pages are on disk. static-i18n builds each language inside its own
    # on_post_build (priority -100) and this event fires again for each of those passes: the
    # per-page sitemaps are written per pass, the data files, QR codes and PDFs once.
    @event_priority(50)
    def _post_build_language(self, config):
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
        from ..printing.qr import write_qr_codes      # the rule-sheet builder's QR codes
        write_qr_codes(self.rulebook, config.site_url or "/", site_dir)
        if self.pdfs:
            from ..printing.pdf import publish
            publish(self.pdfs, site_dir / "pdf")

    def _start_search(self, config):
        """Both search indexes, on the second core while the pages render (search_jobs.py)."""
        if self.search_jobs is not None:           # a `mkdocs serve` rebuild whose last build failed
            self.search_jobs.cancel()
            self.search_jobs = None
        if self.config.search_index or self.config.static_search:
            from .search_jobs import SearchJobs
            self.search_jobs = SearchJobs(self.rulebook, self.index_dir(config) if self.config.search_index else None,
                                          Path(config.site_dir), self.config.static_search)

    def _finish_search(self, config):
        if self.search_jobs is None:
            return
        from ..search.evaluate import QueryFileError      # both learn from the labelled questions
        jobs, self.search_jobs = self.search_jobs, None
        try:
            jobs.finish(Path(config.site_dir))
        except QueryFileError as error:
            raise PluginError(f"search: {error}") from None

    def index_dir(self, config) -> Path:
        """Where the Whoosh index goes: never inside site_dir, which a static host publishes whole."""
        configured = os.environ.get("TDA_SEARCH_INDEX_DIR") or self.config.search_index_dir
        return Path(config.config_file_path).parent / configured

    # Last of all: static-i18n (priority -100) builds the other languages inside the first pass's
    # on_post_build, and is `building` while it does. When it is done every page of every language is
    # on disk: the search indexes are collected (started in on_pre_build), the edition addresses (after the page sitemaps, which they need none of; before the
    # offline lists, which carry them), then hash asset names, precompress and write the service
    # worker (web/finalize.py).
    @event_priority(-200)
    def _post_build_site(self, config):
        i18n = config.plugins.get("i18n")
        if self.rulebook is None or getattr(i18n, "building", False):
            return
        self._finish_search(config)
        from .edition_paths import missing_addresses, write_edition_redirects
        write_edition_redirects(self.rulebook, self.strings, Path(config.site_dir), config.site_url or "/",
                                config.theme["favicon"])
        # A printed address that leads nowhere is a broken promise: refuse the build, never publish it
        # (an older edition made current needs its pages first).
        missing = missing_addresses(self.rulebook, Path(config.site_dir))
        if missing:
            raise PluginError(f"{len(missing)} edition addresses have no page, e.g. {', '.join(missing[:3])}: "
                              "every published edition's rules need their pages (site/workbench.py older_rule_page)")
        if not self.config.finalize:
            return
        from ..web.finalize import finalize_site
        from ..web.offline import OfflineBuildError
        names = {lang.locale: lang.site_name for lang in getattr(i18n, "config", {}).get("languages", [])
                 if getattr(lang, "site_name", None)} if i18n else {}
        try:
            finalize_site(Path(config.site_dir), config.site_url or "/", self.rulebook, self.strings,
                          names, config.site_description or "", [str(css) for css in config.extra_css])
        except OfflineBuildError as error:
            raise PluginError(str(error)) from None

    on_post_build = CombinedEvent(_post_build_language, _post_build_site)

    # Each page once written: its own running header, footer and short URL for printing.
    def on_post_page(self, output, page, config):
        language = getattr(config.plugins.get("i18n"), "current_language", None)
        if self.rulebook is None or language not in ALL_LANGUAGES:
            return output
        from ..printing.print_head import add_print_head
        edition = self.rulebook.edition(language)
        return add_print_head(output, title=plain(page.title) or config.site_name, url=page.canonical_url or "",
                              edition_line=self.strings.get("edition_line", language, edition=edition.edition,
                                                            version=edition.version))

    # A build that fails leaves no second process writing an index behind it.
    def on_build_error(self, error):
        if self.search_jobs is not None:
            self.search_jobs.cancel()
            self.search_jobs = None

    # `mkdocs serve` rebuilds: let the next build write exports again.
    def on_serve(self, server, config, builder):
        self.built_once = False
        return server
