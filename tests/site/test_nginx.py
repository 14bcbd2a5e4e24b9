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

from raw_http import SECRET, raw_request, real_layout, remove_layout
from tdarules.deploy import RECIPE, LocalNginx, local_config, nginx_binary
from tdarules.search.server import create_app
from servers import free_port

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(nginx_binary() is None, reason="Debian's nginx is not installed (make test installs it)")


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
    changed = [line for line in recipe if line not in used.splitlines()]
    documented = ("listen 80", "/srv/tda-rules/", "server 127.0.0.1:8000;")
    assert changed and all(any(part in line for part in documented) for line in changed), changed


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
    shutil.rmtree(private / "site")         # hard links: the files stay in site/


def test_directory_redirect_is_relative(nginx):
    response = httpx.get(f"{nginx}/en", follow_redirects=False)
    assert response.status_code == 301 and response.headers["location"] == "/en/"


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def test_unknown_host_gets_nothing(nginx):
    port = port_of(nginx)
    assert raw_request(port, "/en/").status == 200                     # nginx is up, and this is ours
    refused = raw_request(port, "/en/", headers={"Host": "evil.example"})   # ConnectionRefusedError if nginx died
    assert refused.status is None and refused.body == b""             # 444: closed without a byte
    assert raw_request(port, "/en/").status == 200


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


# --- short links, headers on every answer, symlinks, the search limit behind a proxy ------------


@pytest.mark.parametrize("path, accept, location", [
    ("/r/43", "en-US,en;q=0.9", "/en/rules/43/"),
    ("/r/43-B", "ru-RU,ru;q=0.9", "/ru/rules/43/#43-B"),
    ("/r/RP-5", "zh-CN,zh;q=0.9", "/zh-Hans/rp/5/"),
])
def test_short_links_through_nginx(nginx, path, accept, location):
    response = httpx.get(nginx + path, headers={"Accept-Language": accept}, follow_redirects=False)
    assert response.status_code == 302 and response.headers["location"] == location
    assert "accept-language" in response.headers["vary"].lower()
    assert httpx.get(nginx + location.split("#")[0]).status_code == 200
    assert httpx.get(f"{nginx}/r/99").status_code == 404
    assert httpx.post(nginx + path, content=b"x").status_code in (403, 405)


SECURITY = ("content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy",
            "cross-origin-opener-policy", "permissions-policy")


def assert_security_headers(response, what: str) -> None:
    for name in SECURITY:
        values = response.header(name)
        assert len(values) == 1, f"{what}: {name} {values}"             # present, and once only
    assert "default-src 'self'" in response.header("content-security-policy")[0], what
    assert response.header("x-content-type-options") == ["nosniff"], what


@pytest.mark.parametrize("method, target, headers, body, status", [
    ("GET", "/.site.new/index.html", {}, b"", 404),
    ("GET", "/.well-hidden", {}, b"", 404),
    ("GET", "/search-index/meta.json", {}, b"", 404),
    ("GET", "/nope/", {}, b"", 404),
    ("POST", "/en/", {"Content-Length": "1"}, b"x", 403),
    ("POST", "/api/search?q=raise", {"Content-Length": "1"}, b"x", 403),
    ("POST", "/en/", {"Content-Length": "5000"}, b"", 413),
    ("GET", "/" + "a" * 20_000, {}, b"", 414),
    ("GET", "/en/", {"X-Big": "b" * 20_000}, b"", 400),
    ("GET", "/en/", {}, b"", 200),
    ("GET", "/api/search?q=raise", {}, b"", 200),                     # proxied: uvicorn's headers, not twice
    ("GET", "/healthz", {}, b"", 200),
    ("GET", "/r/43", {}, b"", 302),
])
def test_every_answer_carries_the_security_headers_once(nginx, method, target, headers, body, status):
    response = raw_request(port_of(nginx), target, method=method, headers=headers, body=body)
    assert response.status == status, target[:80]
    assert_security_headers(response, f"{method} {target[:80]} {status}")


@pytest.fixture(scope="module")
def dead_upstream_nginx(built_site, tmp_path_factory):
    with socket.socket() as closed:                                   # bound, never listening: refused
        closed.bind(("127.0.0.1", 0))
        upstream = f"127.0.0.1:{closed.getsockname()[1]}"
        with LocalNginx(tmp_path_factory.mktemp("nginx-dead"), built_site, free_port(), upstream) as url:
            yield url


@pytest.mark.parametrize("target", ["/api/search?q=raise", "/healthz", "/r/43"])
def test_nginx_error_pages_carry_the_security_headers(dead_upstream_nginx, target):
    response = raw_request(port_of(dead_upstream_nginx), target)
    assert response.status == 502, target
    assert_security_headers(response, target)


@pytest.fixture(scope="module")
def layout_nginx(built_site, start_server, tmp_path_factory):
    """nginx over a copy of the site with what a careless operator leaves in it: symlinks to files
    beside site/, a hidden folder."""
    root = real_layout(tmp_path_factory.mktemp("layout"), built_site)
    hidden = root / "site" / ".old"
    hidden.mkdir()
    (hidden / "site.webmanifest").write_text(SECRET, encoding="utf-8")
    (hidden / "index.html").write_text(SECRET, encoding="utf-8")
    api = start_server(create_app(built_site, ROOT / "build" / "search-index"))
    with LocalNginx(tmp_path_factory.mktemp("nginx-layout"), root / "site", free_port(),
                    api.removeprefix("http://")) as url:
        yield url
    remove_layout(root)


@pytest.mark.parametrize("target", ["/en/leak.txt", "/en/leak-dir/secret.txt", "/en/leak-dir/search-index/meta.json",
                                    "/.old/site.webmanifest", "/.old/index.html", "/.old/"])
def test_symlinks_and_hidden_files_in_site_are_not_served(layout_nginx, target):
    response = raw_request(port_of(layout_nginx), target)
    assert response.status in (403, 404), f"{target}: {response.status}"
    assert SECRET.encode() not in response.body and b'"renumbering"' not in response.body
    assert_security_headers(response, target)
    assert raw_request(port_of(layout_nginx), "/en/rules/43/").status == 200


def limited(port: int, *, forwarded_for: str | None = None, source: str | None = None, tries: int = 80) -> int:
    """How many searches in a row pass before the first 429 (tries if none). nginx's limit and the
    app's (which counts the client nginx names) allow the same burst; either may answer first."""
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    for count in range(tries):
        response = raw_request(port, "/api/search?q=raise&limit=%C2%B2", headers=headers, source=source)
        if response.status == 429:
            return count
        assert response.status == 400                                  # the app's quick refusal of the limit
    return tries


def test_search_limit_is_per_client_behind_a_trusted_proxy(nginx):
    """127.0.0.1 is a trusted proxy (a local TLS terminator or tunnel): the client it names in
    X-Forwarded-For is counted, not the proxy, so one busy reader does not stop everyone."""
    port = port_of(nginx)
    assert 40 <= limited(port, forwarded_for="203.0.113.7") < 80
    assert limited(port, forwarded_for="203.0.113.8", tries=5) == 5   # the next client behind the proxy
    # a client's own claim is not believed: its searches draw on the drained budget of the address
    # the proxy named (at 20 searches/s one may have come back since; a believed claim passes all 3)
    limited(port, forwarded_for="203.0.113.7")
    assert limited(port, forwarded_for="198.51.100.1, 203.0.113.7", tries=3) <= 1


def test_a_direct_client_cannot_dodge_the_limit_with_forwarded_for(nginx):
    port = port_of(nginx)
    names = iter(f"192.0.2.{n}" for n in range(1, 200))
    headers_differ = [raw_request(port, "/api/search?q=raise&limit=%C2%B2", source="127.0.0.2",
                                  headers={"X-Forwarded-For": next(names)}).status for _ in range(80)]
    assert 429 in headers_differ and headers_differ.index(429) >= 40
