"""Over real HTTP and on the built files: precompressed responses, cache lifetimes,
content ETags, short links, hashed asset names, per-rule companion data, absolute hreflang."""
from __future__ import annotations

import gzip
import json
import os
import re
from pathlib import Path

import brotli
import httpx
import pytest

from tdarules.model import CURRENT_EDITION
from tdarules.search.server import create_app
from tdarules.web.hashed_assets import hash_assets
from tdarules.web.shortlinks import parse_short_id, pick_language

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"


@pytest.fixture(scope="module")
def server(built_site, start_server):
    return start_server(create_app(SITE))


@pytest.fixture(scope="module")
def built_site():
    if not (SITE / "sw.js").exists():
        pytest.skip("site/ is not built (rulebook build --strict)")
    return SITE


def get(base, path, **headers):
    # httpx would decode and hide the encoding: read raw bytes.
    with httpx.Client(base_url=base, follow_redirects=False) as client:
        return client.get(path, headers=headers)


def linked_assets(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="(?:\.\./)*(assets/[^"]+\.(?:js|css))"', html)


# --- compression ------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding, decode", [("br", brotli.decompress), ("gzip", gzip.decompress)])
def test_rule_page_is_sent_compressed(server, encoding, decode):
    with httpx.Client(base_url=server) as client, client.stream(
            "GET", "/en/rules/43/", headers={"Accept-Encoding": encoding}) as response:
        raw = b"".join(response.iter_raw())
    assert response.status_code == 200
    assert response.headers["content-encoding"] == encoding
    assert "accept-encoding" in response.headers["vary"].lower()
    assert response.headers["content-type"].startswith("text/html")
    body = decode(raw)
    assert body == (SITE / "en/rules/43/index.html").read_bytes()
    assert len(raw) < len(body) / 4


def test_identity_when_the_client_accepts_no_compression(server):
    response = get(server, "/en/rules/43/", **{"Accept-Encoding": "identity"})
    assert "content-encoding" not in response.headers
    assert response.content == (SITE / "en/rules/43/index.html").read_bytes()
    refused = get(server, "/en/rules/43/", **{"Accept-Encoding": "br;q=0, gzip"})
    assert refused.headers["content-encoding"] == "gzip"


# --- cache lifetimes and revalidation -----------------------------------------------------------


def test_hashed_assets_are_immutable_and_html_is_revalidated(server):
    html = (SITE / "en/rules/43/index.html").read_text(encoding="utf-8")
    assets = linked_assets(html)
    assert any("/js/rules." in a for a in assets) and any("stylesheets/site." in a for a in assets)
    assert not any("stylesheets/rules." in a for a in assets), "our stylesheets come as one file"
    bundle = next(SITE.glob("assets/stylesheets/site.*.css")).read_text(encoding="utf-8")
    for part in ("extra.css", "rules.css", "calculators.css", "search.css", "offline.css"):
        own = next(SITE.rglob(part)).read_text(encoding="utf-8").strip()
        assert own in bundle, part
    for asset in assets:
        assert re.search(r"\.[0-9a-f]{8}\.(min\.)?(js|css)$", asset), f"{asset} has no content hash"
        response = get(server, "/" + asset, **{"Accept-Encoding": "br"})
        assert response.status_code == 200, asset
        assert response.headers["cache-control"] == "public, max-age=31536000, immutable", asset
    page = get(server, "/en/rules/43/", **{"Accept-Encoding": "br"})
    assert page.headers["cache-control"] == "no-cache"
    assert get(server, "/sw.js").headers["cache-control"] == "no-cache"


def test_etag_answers_304_and_follows_content_not_mtime(server):
    first = get(server, "/ru/rules/12/", **{"Accept-Encoding": "br"})
    etag = first.headers["etag"]
    again = get(server, "/ru/rules/12/", **{"Accept-Encoding": "br", "If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    other = get(server, "/ru/rules/12/", **{"Accept-Encoding": "gzip"})
    assert other.headers["etag"] != etag, "each encoding is its own representation"
    path = SITE / "ru/rules/12/index.html.br"
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))     # a rebuild that changed nothing
    try:
        assert get(server, "/ru/rules/12/", **{"Accept-Encoding": "br"}).headers["etag"] == etag
    finally:
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))


def test_unknown_page_is_a_compressed_404_in_the_readers_language(server):
    response = get(server, "/ru/rules/99/", **{"Accept-Encoding": "br"})
    assert response.status_code == 404
    assert response.headers["content-encoding"] == "br"
    page = response.text                       # httpx decodes the brotli body
    assert '<html lang="ru"' in page and "Страница не найдена" in page
    assert 'class="tda-goto"' in page, "the number box"
    assert 'src="/assets/' in page and 'href="../' not in page, "root-relative: served at any depth"
    english = get(server, "/en/nothing/here/", **{"Accept-Encoding": "identity"})
    assert english.status_code == 404 and "Page not found" in english.text


# --- short links ------------------------------------------------------------------------------


@pytest.mark.parametrize("path, accept, location", [
    ("/r/43", "en-US,en;q=0.9", "/en/rules/43/"),
    ("/r/43-B", "ru-RU,ru;q=0.9,en;q=0.5", "/ru/rules/43/#43-B"),
    ("/r/43b", "zh-TW,zh;q=0.9", "/zh-Hant/rules/43/#43-B"),
    ("/r/RP-5", "zh-CN,zh;q=0.9", "/zh-Hans/rp/5/"),
    ("/r/rp-5-d", "de-DE,fr;q=0.8", "/en/rp/5/#RP-5-D"),
    ("/r/12", "en;q=0.5, ru;q=0.8", "/ru/rules/12/"),
    ("/r/12", "", "/en/rules/12/"),
    # a short link may name its edition: what it opens never changes when a newer edition arrives
    ("/r/2024/43-B", "ru-RU,ru;q=0.9", "/ru/rules/43/#43-B"),
    ("/r/2024/RP-5", "en", "/en/rp/5/"),
    ("/r/2017/46-A", "zh-TW", "/zh-Hant/2017/rules/46/#46-A"),
    ("/r/2017/46", "en", "/en/2017/rules/46/"),
])
def test_short_links_redirect_to_the_readers_language(server, path, accept, location):
    response = get(server, path, **{"Accept-Language": accept})
    assert response.status_code == 302
    assert response.headers["location"] == location
    assert "accept-language" in response.headers["vary"].lower()


@pytest.mark.parametrize("path", ["/r/2017/5", "/r/1999/43", "/r/2024/99", "/r/abcd/43", "/r/2024/43/x"])
def test_short_links_to_an_edition_or_rule_that_is_not_there_are_404(server, path):
    assert get(server, path).status_code == 404


@pytest.mark.parametrize("path", ["/r/99", "/r/RP-40", "/r/43-BB", "/r/x"])
def test_short_links_to_nothing_are_404(server, path):
    assert get(server, path).status_code == 404


def test_short_link_parsing_and_language_choice():
    assert parse_short_id("43-b") == ("43", "B")
    assert parse_short_id("RP5") == ("RP-5", None)
    assert parse_short_id("43-") is None
    assert pick_language("zh-Hant-HK;q=0.7, fr") == "zh-Hant"
    assert pick_language("zh") == "zh-Hans"
    assert pick_language("ru;q=0, en") == "en"
    assert pick_language("*;q=0.1, ru-UA;q=0.2") == "ru"


# --- build output -----------------------------------------------------------------------------


def test_companion_loads_one_rule_not_the_edition(built_site):
    rule = json.loads((SITE / "data/2024/en/rules/43.json").read_text(encoding="utf-8"))
    edition = json.loads((SITE / "data/2024/en.json").read_text(encoding="utf-8"))
    assert rule["parts"].keys() == edition["rules"]["43"]["parts"].keys()
    assert rule["parts"]["B"]["html"] == edition["rules"]["43"]["parts"]["B"]["html"]
    assert len(brotli.compress((SITE / "data/2024/en/rules/43.json").read_bytes())) < 5_000
    assert (SITE / "data/2024/ru/rules/RP-5.json").exists()
    script = next((SITE / "assets/js").glob("rules.*.js")).read_text(encoding="utf-8")
    # minified: the template's variables have one-letter names; the data folder is the page's (data-data)
    assert re.search(r"\$\{\w+\}\$\{\w+\}/rules/", script) and "/data/" not in script
    page = (SITE / "en/rules/43/index.html").read_text(encoding="utf-8")
    assert f'data-data="/data/{CURRENT_EDITION}/"' in page


def test_hreflang_alternates_are_absolute_only_for_a_public_address(built_site):
    # Material fetches sitemap.xml beside each alternate: relative ones keep that on the serving origin
    # when the build has no public address (tests/print/test_printed_address.py tests both cases).
    from urllib.parse import urljoin
    from tdarules.site_url import is_public, site_url
    html = (SITE / "zh-Hant/rules/43/index.html").read_text(encoding="utf-8")
    alternates = re.findall(r'<link rel="alternate" href="([^"]+)" hreflang="([^"]+)">', html)
    assert {lang for _, lang in alternates} == {"en", "zh-Hant", "zh-Hans", "ru"}
    base = site_url() if is_public(site_url()) else "/"
    for href, lang in alternates:
        assert href.startswith("http") == is_public(site_url())
        assert urljoin(urljoin(base, "zh-Hant/rules/43/"), href) == f"{base}{lang}/rules/43/"


def test_manifest_and_worker_are_linked(built_site):
    html = (SITE / "ru/index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="/ru/manifest.webmanifest">' in html
    manifest = json.loads((SITE / "ru/manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "/ru/" and manifest["lang"] == "ru"
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    for icon in manifest["icons"]:
        assert (SITE / icon["src"].lstrip("/")).is_file()
    summary = json.loads((SITE / "offline/summary.json").read_text())
    assert f'const VERSION = "{summary["version"]}"' in (SITE / "sw.js").read_text()
    listing = json.loads((SITE / "offline/ru.json").read_text())
    urls = {f["url"] for f in listing["files"]}
    assert {"/ru/", "/ru/rules/43/", "/ru/calculators/", "/ru/glossary/", "/ru/addendum/"} <= urls
    # The engine reference's own page and the Calculators page's modules, under hashed names.
    assert {"/ru/calculators/engine/", "/data/ui/calculators.ru.json"} <= urls
    assert {re.sub(r"\.[0-9a-f]{8}\.js$", ".js", u) for u in urls if u.startswith("/assets/calculators/")} >= \
        {"/assets/calculators/page.js", "/assets/calculators/ui.js", "/assets/calculators/engine/index.js"}
    assert not any(u.startswith(("/en/", "/zh-")) for u in urls), "one language only"
    assert "/data/2024/en/rules/43.json" in urls
    # The print builder's editions (its own and the English beside it) and the "not saved" page.
    assert {"/data/2024/ru.json", "/data/2024/en.json", "/ru/offline.html", "/data/ui/offline.ru.json"} <= urls
    assert "/data/2024/zh-Hant.json" not in urls
    assert any(u.startswith("/pagefind/fragment/ru_") for u in urls)
    assert not any(u.startswith("/pagefind/fragment/en_") for u in urls)
    assert listing["bytes"] == sum(f["size"] for f in listing["files"])


def test_hash_covers_imports(tmp_path):
    """A change in an imported module renames the importer too, and pages link the new names."""
    site = tmp_path / "site"
    (site / "assets/js").mkdir(parents=True)
    (site / "assets/js/a.js").write_text('import { b } from "./b.js";\nexport const a = b;\n')
    (site / "assets/js/b.js").write_text("export const b = 1;\n")
    (site / "en").mkdir()
    (site / "en/index.html").write_text('<script type="module" src="../assets/js/a.js"></script>')
    first = hash_assets(site)
    assert f'from "./{Path(first["assets/js/b.js"]).name}"' in (site / first["assets/js/a.js"]).read_text()
    assert f'src="../{first["assets/js/a.js"]}"' in (site / "en/index.html").read_text()
    (site / "assets/js/b.js").write_text("export const b = 2;\n")
    (site / "en/index.html").write_text('<script type="module" src="../assets/js/a.js"></script>')
    second = hash_assets(site)
    assert second["assets/js/a.js"] != first["assets/js/a.js"]
