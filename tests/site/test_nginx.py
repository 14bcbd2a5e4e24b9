"""The production recipe (deploy/nginx.conf) run for real: Debian's nginx on 127.0.0.1 serving the
built site with its precompressed files and proxying /api/ to uvicorn; pages and search checked
through it. nginx runs in the foreground with its own prefix, pid, logs and temp paths in tmp."""
from __future__ import annotations

import os
import shutil
import socket
from pathlib import Path

import httpx
import pytest

from tdarules.deploy import RECIPE, LocalNginx, local_config, nginx_binary
from tdarules.search.server import create_app

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(nginx_binary() is None, reason="Debian's nginx is not installed (make test installs it)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def nginx(built_site, start_server, tmp_path_factory):
    api = start_server(create_app(built_site, ROOT / "build" / "search-index"))
    with LocalNginx(tmp_path_factory.mktemp("nginx"), built_site, free_port(), api.removeprefix("http://")) as url:
        yield url


def test_the_recipe_is_used_as_documented(tmp_path, built_site):
    """Only the documented paths and ports are replaced; the rest of deploy/nginx.conf runs as written."""
    local_config(tmp_path, built_site, 8081, "127.0.0.1:9")
    used = (tmp_path / "tda-rules.conf").read_text(encoding="utf-8")
    assert "/srv/" not in used and "listen 80" not in used
    recipe = RECIPE.read_text(encoding="utf-8").splitlines()
    same = [line for line in used.splitlines() if line in recipe]
    assert len(same) >= len(recipe) - 8


def test_pages_through_nginx_with_security_headers(nginx):
    page = httpx.get(f"{nginx}/zh-Hant/rules/43/")
    assert page.status_code == 200 and "規則 43" in page.text
    assert page.headers["content-type"].startswith("text/html")
    csp = page.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "'sha256-" in csp and "'unsafe-inline'" not in csp.split("; ")[1]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert "nginx/" not in page.headers.get("server", "")                  # server_tokens off
    assert httpx.get(f"{nginx}/").status_code == 200                       # the root redirect page
    assert httpx.get(f"{nginx}/nope/").status_code == 404


def test_site_in_a_private_folder(tmp_path, built_site, start_server):
    """A checkout under a 0700 folder (mktemp -d, a home directory) is served too: started as root,
    nginx's workers would otherwise be `nobody` and answer every page with a 404."""
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    shutil.copytree(built_site, private / "site", copy_function=os.link)   # same files, private path
    api = start_server(create_app(built_site, ROOT / "build" / "search-index"))
    (tmp_path / "nginx").mkdir()
    with LocalNginx(tmp_path / "nginx", private / "site", free_port(), api.removeprefix("http://")) as url:
        assert httpx.get(f"{url}/ru/rules/43/").status_code == 200


def test_directory_redirect_is_relative(nginx):
    response = httpx.get(f"{nginx}/en", follow_redirects=False)
    assert response.status_code == 301 and response.headers["location"] == "/en/"


def test_unknown_host_gets_nothing(nginx):
    with pytest.raises(httpx.HTTPError):
        httpx.get(f"{nginx}/en/", headers={"Host": "evil.example"})


def test_search_through_nginx(nginx):
    response = httpx.get(f"{nginx}/api/search", params={"q": "min raise", "lang": "en", "limit": "5"})
    assert response.status_code == 200 and response.headers["content-type"].startswith("application/json")
    assert "43" in [h["rule"] for h in response.json()["hits"][:3]]
    ru = httpx.get(f"{nginx}/api/search", params={"q": "правило 43", "lang": "ru"}).json()["hits"]
    assert ru[0]["url"].startswith("/ru/rules/43/")
    bad = httpx.get(f"{nginx}/api/search?q=raise&limit=%C2%B2")
    assert bad.status_code == 400 and "limit" in bad.json()["error"]
    health = httpx.get(f"{nginx}/healthz")
    assert health.status_code == 200 and health.json()["status"] == "ok"


def test_precompressed_and_compressed(nginx, built_site):
    # gzip_static: the .gz file beside sitemap.xml is sent byte for byte (on-the-fly gzip would differ)
    with httpx.stream("GET", f"{nginx}/sitemap.xml", headers={"Accept-Encoding": "gzip"}) as sitemap:
        assert sitemap.headers.get("content-encoding") == "gzip"
        raw = b"".join(sitemap.iter_raw())
    assert raw == (built_site / "sitemap.xml.gz").read_bytes()
    page = httpx.get(f"{nginx}/en/rules/43/", headers={"Accept-Encoding": "gzip"})
    assert page.headers.get("content-encoding") == "gzip" and "Rule 43" in page.text
    wasm = next(built_site.glob("pagefind/*.wasm*"), None)
    if wasm is not None:
        assert httpx.get(f"{nginx}/pagefind/{wasm.name}").status_code == 200


def test_private_and_hidden_paths(nginx):
    for path in ("/search-index/meta.json", "/build/search-index/meta.json", "/.site.new/index.html",
                 "/en/../build/search-index/meta.json"):
        assert httpx.get(nginx + path).status_code == 404, path
    assert httpx.post(f"{nginx}/api/search?q=raise", content=b"x").status_code in (403, 405)
