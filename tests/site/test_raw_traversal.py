"""No spelling of a path reaches a file outside site/, on the layout a build really leaves:
build/search-index/meta.json (the private index) and other files sit beside site/, so a traversal
bug would answer them with a 200 (a stand-in tree where the index is elsewhere would say 404 either
way). The paths are sent byte for byte over a socket: an HTTP client would remove `..` segments and
re-encode before sending. Through `rulebook serve` (a real process) and through the nginx recipe."""
from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from raw_http import ROOT, SECRET, raw_request, real_layout, remove_layout
from tdarules.deploy import LocalNginx, nginx_binary
from servers import free_port

INDEX = "build/search-index/meta.json"
INDEX_MARK = b'"renumbering"'                 # in meta.json, in no page of the site

TRAVERSALS = [
    "/../" + INDEX,
    "/en/../" + INDEX,                          # resolves to site/build/…: must not be the root's build/
    "/en/../../" + INDEX,
    "/en/rules/43/../../../../" + INDEX,
    "../" + INDEX,                              # no leading slash
    "/./../" + INDEX,
    "//../" + INDEX,
    "/.../" + INDEX,
    "/..;/" + INDEX,
    "/%2e%2e/" + INDEX,
    "/%2E%2E/" + INDEX,
    "/.%2e/" + INDEX,
    "/en/%2e%2e/%2e%2e/" + INDEX,
    "/..%2f" + INDEX.replace("/", "%2f"),
    "/%2e%2e%2f" + INDEX.replace("/", "%2F"),
    "/en%2f..%2f..%2f" + INDEX.replace("/", "%2f"),
    "/..\\" + INDEX.replace("/", "\\"),
    "/en\\..\\..\\" + INDEX.replace("/", "\\"),
    "/%2e%2e%5c" + INDEX.replace("/", "%5c"),
    "/%252e%252e/" + INDEX,                     # double encoding
    "/%252e%252e%252f" + INDEX.replace("/", "%252f"),
    "/%c0%ae%c0%ae/" + INDEX,                   # overlong UTF-8 "."
    "/%c0%ae%c0%ae%c0%af" + INDEX.replace("/", "%c0%af"),   # overlong "." and "/"
    "/%e0%80%ae%e0%80%ae/" + INDEX,             # three-byte overlong "."
    "/..%c0%af" + INDEX,
    "/..%u2216" + INDEX,
    "/%00/../" + INDEX,
    "/en/leak-dir/search-index/meta.json",      # a symlink in site/ to the build folder
    "/en/leak.txt",                             # a symlink in site/ to a file beside it
    "/../secret.txt",
    "/%2e%2e/secret.txt",
    "/en/../../secret.txt",
    "/../build/secret.txt",
    "http://127.0.0.1/../" + INDEX,             # absolute form
]


@pytest.fixture(scope="module")
def layout(built_site, tmp_path_factory) -> Path:
    root = real_layout(tmp_path_factory.mktemp("layout"), built_site)
    assert INDEX_MARK in (root / INDEX).read_bytes()
    yield root
    remove_layout(root)


@contextlib.contextmanager
def rulebook_serve(root: Path):
    """`rulebook serve --root root` on a free port, in its own session; yields the port once the
    site answers; SIGTERM to its process group afterwards."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "tdarules.cli", "serve", "--root", str(root), "--port", str(port),
                                "--no-access-log"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    deadline = time.monotonic() + 90
    try:
        while True:
            try:
                if raw_request(port, "/en/", timeout=2).status == 200:
                    break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"rulebook serve did not start (exit {process.returncode}):\n{process.communicate()[1][-3000:]}")
            time.sleep(0.2)
        yield port
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(20)


@pytest.fixture(scope="module")
def serve_port(layout):
    with rulebook_serve(layout) as port:
        yield port


@pytest.fixture(scope="module")
def nginx_port(layout, serve_port, tmp_path_factory):
    if nginx_binary() is None:
        pytest.skip("Debian's nginx is not installed (make test installs it)")
    port = free_port()
    with LocalNginx(tmp_path_factory.mktemp("nginx"), layout / "site", port, f"127.0.0.1:{serve_port}"):
        yield port


def assert_not_leaked(port: int, target: str) -> None:
    response = raw_request(port, target)
    leaked = INDEX_MARK in response.body or SECRET.encode() in response.body
    assert not leaked and response.status != 200, f"{target}: {response.status}"
    assert response.status is None or response.status < 500, f"{target}: {response.status}"


def test_the_layout_is_served_and_the_secrets_are_real_files(layout, serve_port, nginx_port):
    """Guards the test itself: both servers answer raw requests, the files a traversal would
    reach exist and hold the markers looked for."""
    for port in (serve_port, nginx_port):
        page = raw_request(port, "/en/rules/43/")
        assert page.status == 200 and b"Rule 43" in page.body
    assert SECRET in (layout / "secret.txt").read_text(encoding="utf-8")
    assert (layout / "site" / "en" / "leak.txt").read_text(encoding="utf-8").startswith(SECRET)


@pytest.mark.parametrize("target", TRAVERSALS)
def test_rulebook_serve_answers_no_file_outside_site(serve_port, target):
    assert_not_leaked(serve_port, target)


@pytest.mark.parametrize("target", TRAVERSALS)
def test_nginx_answers_no_file_outside_site(nginx_port, target):
    assert_not_leaked(nginx_port, target)
