"""The installable, offline site: web app manifests, the service worker and its file lists.

After the build (hashed asset names in place, before precompression):

* ``/<lang>/manifest.webmanifest`` — name, icons, theme colour, start URL per language;
* ``/offline/<lang>.json`` — every file "Save for offline" stores for one language: its pages and
  its offline page ("not saved", ``not_found.offline_page``), the companion rules (its own and
  English), the print builder's editions (its own and English) and QR codes, calculators and offline
  strings, its Pagefind index, the assets;
  with each file's revision and its size on the wire (brotli when there is a ``.br``);
* ``/offline/manifest.json`` — {path: revision} for all of them, read by a new worker to carry
  a reader's cache over to a new build; ``/offline/summary.json`` — sizes for the button;
* ``/sw.js`` — ``js/sw.js`` with this build's VERSION (a hash of every file's revision, so an
  identical rebuild keeps the reader's cache and a changed one replaces it) and the offline page's
  title and text in every language (what it shows a reader who has no offline page cached).

File revisions come from workbox-build's ``getManifest`` (``js/manifest.mjs``, run with node).
Plain functions, no MkDocs import.
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

from ..model import ALL_LANGUAGES, CURRENT_EDITION
from .hashed_assets import IMMUTABLE, IMMUTABLE_RE

HERE = Path(__file__).parent
HASHED, HASHED_RE = IMMUTABLE, IMMUTABLE_RE
PATTERNS = ["*/**/index.html", "*/404.html", "*/offline.html", "assets/**/*.{css,js,png,svg}", f"data/{CURRENT_EDITION}/*.json",
            f"data/{CURRENT_EDITION}/*/rules/*.json", "data/ui/*.json", "qr/*/*.svg", "pagefind/**/*", "*/manifest.webmanifest",
            "pdf/*.pdf"]              # in no language's list: saved one by one on request (large)
IGNORES = ["**/*.br", "**/*.gz", "assets/javascripts/lunr/**", "assets/javascripts/workers/**",
           "pagefind/pagefind-*ui*", "pagefind/pagefind-highlight.js", "search-index/**"]
THEME_COLOR = "#3f51b5"                      # Material's indigo, the palette in mkdocs.yml
SUMMARY = "/offline/summary.json"
PAGEFIND_LANG = {"en": "en", "zh-Hant": "zh-hant", "zh-Hans": "zh-hans", "ru": "ru"}


class OfflineBuildError(RuntimeError):
    pass


def workbox_manifest(site_dir: Path) -> list[dict]:
    """[{url, revision (None for hashed names), size}] for every file a reader may cache."""
    node = shutil.which("node")
    if not node:
        raise OfflineBuildError("node is not installed: the service worker needs workbox-build (make setup)")
    options = {"globDirectory": str(site_dir), "globPatterns": PATTERNS, "globIgnores": IGNORES,
               "hashedNames": HASHED, "maximumFileSize": 8_000_000}
    result = subprocess.run([node, str(HERE / "js" / "manifest.mjs"), json.dumps(options)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        hint = " (run `make setup`: npm ci installs workbox-build)" if "workbox-build" in result.stderr else ""
        raise OfflineBuildError(f"workbox-build getManifest failed{hint}:\n{result.stderr[-2000:]}")
    return json.loads(result.stdout)["entries"]


def page_url(path: str) -> str:
    if path.endswith(("/404.html", "/offline.html")):
        return "/" + path
    return "/" + (path[: -len("index.html")] if path.endswith("index.html") else path)


def wire_size(site_dir: Path, path: str, size: int) -> int:
    br = site_dir / (path + ".br")
    return br.stat().st_size if br.exists() else size


def belongs_to(path: str, lang: str, own_assets: set[str]) -> bool:
    """Is this file part of the offline copy of `lang`? (Pages of that language and what they use.)"""
    first = path.split("/", 1)[0]
    if first in ALL_LANGUAGES:
        return first == lang
    if path.startswith("assets/"):
        # Our own CSS/JS only under their hashed names (the plain copies are never linked).
        return path.startswith(("assets/javascripts/", "assets/images/", "assets/stylesheets/main.",
                                "assets/stylesheets/palette.")) or bool(HASHED_RE.search(path)) \
            or path not in own_assets
    if path.startswith(f"data/{CURRENT_EDITION}/"):
        # The page's rules and the default companion: per rule (the companion column) and whole
        # editions (the print builder's data, its own language and English beside it).
        return path.split("/")[2].removesuffix(".json") in {lang, "en"}
    if path.startswith("data/ui/"):
        return path in (f"data/ui/calculators.{lang}.json", f"data/ui/offline.{lang}.json")
    if path.startswith("qr/"):
        return path.split("/")[1] == lang
    if path.startswith("pdf/"):
        return False
    if path.startswith("pagefind/"):
        name = path.rsplit("/", 1)[-1]
        tagged = re.match(r"(?:pagefind\.)?([a-z-]+)_[0-9a-f]{7,}\.pf_", name)
        if tagged:
            return tagged.group(1) == PAGEFIND_LANG[lang]
        if name.startswith("wasm."):
            return name == f"wasm.{'unknown' if lang.startswith('zh') else lang}.pagefind"
        if name.startswith("tda-query."):
            return name == f"tda-query.{lang}.json"
        if name == "t2s.json":
            return lang.startswith("zh")
        return True
    return False


def web_manifest(lang: str, name: str, description: str) -> dict:
    return {"name": name, "short_name": "TDA", "description": description, "lang": lang,
            "start_url": f"/{lang}/", "scope": "/", "id": f"/{lang}/", "display": "standalone",
            "background_color": "#ffffff", "theme_color": THEME_COLOR,
            "icons": [{"src": "/assets/offline/icon-192.png", "sizes": "192x192", "type": "image/png"},
                      {"src": "/assets/offline/icon-512.png", "sizes": "512x512", "type": "image/png"},
                      {"src": "/assets/offline/icon.svg", "sizes": "any", "type": "image/svg+xml"},
                      {"src": "/assets/offline/icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
                       "purpose": "maskable"}]}


def write_web_manifests(site_dir: Path, names: dict[str, str], description: str) -> None:
    for lang in ALL_LANGUAGES:
        if (site_dir / lang).is_dir():
            (site_dir / lang / "manifest.webmanifest").write_text(
                json.dumps(web_manifest(lang, names.get(lang, "Poker TDA Rules"), description), ensure_ascii=False),
                encoding="utf-8")


def offline_texts(strings) -> dict[str, dict[str, str]]:
    """{lang: {title, text}}: the offline page's words, for the worker's last-resort page."""
    if strings is None:
        return {}
    return {lang: {"title": strings.get("offline.page_title", lang), "text": strings.get("offline.needs_connection", lang)}
            for lang in ALL_LANGUAGES}


def build_offline(site_dir: Path, own_assets: set[str] = frozenset(), strings=None) -> str:
    """Write the file lists and /sw.js (after `write_web_manifests` and precompression, so the
    lists carry the sizes on the wire); return the build VERSION."""
    site_dir = Path(site_dir)
    entries = workbox_manifest(site_dir)
    files = sorted((page_url(e["url"]), e["revision"], wire_size(site_dir, e["url"], e["size"]), e["url"])
                   for e in entries)
    digest = hashlib.sha256("\n".join(f"{url} {rev or ''}" for url, rev, _, _ in files).encode()).hexdigest()
    version = digest[:12]
    out = site_dir / "offline"
    out.mkdir(exist_ok=True)
    summary = {"version": version, "languages": {}}
    for lang in ALL_LANGUAGES:
        mine = [{"url": url, "revision": rev, "size": size} for url, rev, size, path in files
                if belongs_to(path, lang, own_assets)]
        mine.append({"url": SUMMARY, "revision": version, "size": 400})   # written below, names this build
        if not any(f["url"].startswith(f"/{lang}/") for f in mine):
            continue
        total = sum(f["size"] for f in mine)
        (out / f"{lang}.json").write_text(json.dumps({"version": version, "language": lang, "bytes": total,
                                                      "files": mine}, separators=(",", ":")), encoding="utf-8")
        pages = sum(f["url"].startswith(f"/{lang}/") and f["url"].endswith("/") for f in mine)
        summary["languages"][lang] = {"files": len(mine), "bytes": total, "pages": pages}
    (out / "manifest.json").write_text(json.dumps({"version": version, "files": {**{url: rev for url, rev, _, _ in files}, SUMMARY: version}},
                                                  separators=(",", ":")), encoding="utf-8")
    (out / "summary.json").write_text(json.dumps(summary, separators=(",", ":")), encoding="utf-8")
    # JSON is a JS expression; ensure_ascii leaves nothing a script could misread.
    worker = (HERE / "js" / "sw.js").read_text(encoding="utf-8").replace("__TDA_VERSION__", version) \
        .replace("/*__TDA_OFFLINE_TEXT__*/ {}", json.dumps(offline_texts(strings), ensure_ascii=True))
    (site_dir / "sw.js").write_text(worker, encoding="utf-8")
    return version
