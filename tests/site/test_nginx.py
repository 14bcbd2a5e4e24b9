"""The production recipe (deploy/nginx.conf) run for real: Debian's nginx on 127.0.0.1 serving the
built site with its precompressed files and proxying /api/ to uvicorn; pages and search checked
through it. nginx runs in the foreground with its own prefix, pid, logs and temp paths in tmp."""
from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from tdarules.search.security import nginx_snippet
from tdarules.search.server import create_app

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
pytestmark = pytest.mark.skipif(NGINX is None, reason="Debian's nginx is not installed (make test installs it)")

MAIN = """daemon off;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {tmp}/access.log;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {tmp}/tda-rules.conf;
}}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def nginx(built_site, start_server, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("nginx")
    api = start_server(create_app(built_site, ROOT / "build" / "search-index"))
    port = free_port()
    (tmp / "nginx-security-headers.conf").write_text(nginx_snippet(built_site), encoding="utf-8")
    conf = (ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    replacements = {"listen 80 default_server;": f"listen 127.0.0.1:{port} default_server;",
                    "listen 80;": f"listen 127.0.0.1:{port};",
                    "/srv/tda-rules/build/nginx-security-headers.conf": str(tmp / "nginx-security-headers.conf"),
                    "/srv/tda-rules/site": str(built_site),
                    "server 127.0.0.1:8000;": f"server {api.removeprefix('http://')};"}
    for old, new in replacements.items():
        assert old in conf, old                       # the documented config still has what we replace
        conf = conf.replace(old, new)
    assert "/srv/" not in conf
    (tmp / "tda-rules.conf").write_text(conf, encoding="utf-8")
    (tmp / "nginx.conf").write_text(MAIN.format(tmp=tmp), encoding="utf-8")
    test = subprocess.run([NGINX, "-t", "-p", str(tmp), "-c", str(tmp / "nginx.conf")], capture_output=True, text=True)
    assert test.returncode == 0, test.stderr
    process = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf")], stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            httpx.get(f"{url}/en/", timeout=1)
            break
        except httpx.HTTPError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"nginx did not start: {process.stderr.read()}")
            time.sleep(0.1)
    yield url
    process.send_signal(signal.SIGQUIT)               # graceful stop of master and workers
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()


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
