"""The steps that run once the whole site (every language) is on disk, in this order:

0. our stylesheets as one file (`bundle`); our scripts minified (`minify_js`: hashes and offline
   sizes must be those of what is served); Material's CSS without the rules no page or script uses
   (`purge_css`, after minifying, so finalizing its own output again changes nothing);
1. hashed names for our CSS/JS (`hashed_assets`), rewriting every page that links them;
2. absolute hreflang alternates (`alternates`);
3. one JSON file per rule for the companion column (`companion`), a 404 page and an offline page
   ("not saved") per language (`not_found`);
4. web app manifests, then brotli/gzip siblings of every text file (`precompress`);
5. the service worker and its per-language file lists (`offline`, sizes taken from step 4),
   compressed in turn.

Each step reads what the previous one wrote. Plain functions, no MkDocs import.
"""
from __future__ import annotations

import logging
import time
from pathlib import Path

from . import alternates, bundle, companion, hashed_assets, minify_js, not_found, offline, precompress, purge_css

log = logging.getLogger("mkdocs.plugins.tda-rules")


def finalize_site(site_dir: Path, site_url: str, rulebook=None, strings=None,
                  names: dict[str, str] | None = None, description: str = "",
                  stylesheets: list[str] | None = None) -> str:
    site_dir = Path(site_dir)
    started = time.perf_counter()
    if stylesheets:
        bundle.bundle_stylesheets(site_dir, stylesheets)
    own = set(hashed_assets.own_assets(site_dir))
    minify_js.minify_scripts(site_dir, sorted(rel for rel in own if rel.endswith(".js")))
    # After minifying: words in our scripts' comments ("quote", "middle") kept selectors no page uses,
    # and a second finalize over this output (a redeploy) dropped them, relinking every page.
    purge_css.purge_material_css(site_dir)
    hashed_assets.hash_assets(site_dir)
    alternates.absolute_alternates(site_dir, site_url)
    if rulebook is not None:
        companion.write_rule_files(rulebook, strings, site_dir)
    if strings is not None:
        not_found.write_not_found_pages(site_dir, strings)
        not_found.write_offline_pages(site_dir, strings)
    offline.write_web_manifests(site_dir, names or {}, description)
    totals = precompress.precompress(site_dir)
    version = offline.build_offline(site_dir, own, strings)
    precompress.precompress_files([site_dir / "sw.js", *sorted((site_dir / "offline").glob("*.json"))])
    log.info("tda-rules: site finalized in %.1f s (build %s; %d files precompressed, %.1f MB -> %.1f MB brotli)",
             time.perf_counter() - started, version, totals["files"], totals["raw"] / 1e6, totals["br"] / 1e6)
    return version
