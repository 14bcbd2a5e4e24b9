"""Connections as an attacker or a careless client holds them, against uvicorn as `rulebook serve`
runs it (server.uvicorn_options), over real sockets on 127.0.0.1."""
from __future__ import annotations

import socket
import time
from urllib.parse import urlsplit

import httpx
import pytest

from tdarules.search import protocol
from tdarules.search.server import create_app


@pytest.fixture(scope="module")
def url(start_server, site_dir, index_dir):
    return start_server(create_app(site_dir, index_dir, rate=None, log_requests=False))


def _open(url: str, n: int, source: str = "127.0.0.2") -> list[socket.socket]:
    """``n`` connections from ``source`` (another loopback address than the tests' own requests)."""
    parts = urlsplit(url)
    opened = []
    for _ in range(n):
        try:
            opened.append(socket.create_connection((parts.hostname, parts.port), timeout=5,
                                                   source_address=(source, 0)))
        except OSError:
            break
    return opened


def _closed_by_server(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


def test_idle_connections_do_not_lock_out_other_requests(url):
    """1,100 connections from one address that send nothing (more than uvicorn's limit_concurrency
    of 1,000): the requests of everyone else are still answered."""
    idle = _open(url, 1100)
    try:
        time.sleep(0.5)                                        # the server has accepted what it will
        statuses = [httpx.get(f"{url}/en/", timeout=10).status_code for _ in range(20)]
    finally:
        for sock in idle:
            sock.close()
    assert statuses == [200] * 20


def test_one_client_holds_a_bounded_number_of_connections(url):
    idle = _open(url, protocol.PER_CLIENT + 50)
    try:
        time.sleep(0.5)
        closed = sum(_closed_by_server(sock, 0.05) for sock in idle)
    finally:
        for sock in idle:
            sock.close()
    assert closed >= 50


@pytest.mark.parametrize("drip", [None, b"G"])
def test_a_request_head_must_arrive_in_time(url, monkeypatch, drip):
    """Nothing at all, or one byte every 0.3 s: closed once HEAD_SECONDS have passed, not kept open."""
    monkeypatch.setattr(protocol, "HEAD_SECONDS", 1.0)
    (sock,) = _open(url, 1)
    start = time.monotonic()
    try:
        closed = False
        while time.monotonic() - start < 4 and not closed:
            if drip:
                try:
                    sock.sendall(drip)
                except OSError:
                    closed = True
                    break
            closed = _closed_by_server(sock, 0.3)
    finally:
        sock.close()
    assert closed and time.monotonic() - start < 3


def test_accepted_sockets_get_tcp_nodelay(monkeypatch):
    """Whatever the listening socket says of itself (uvicorn's --workers bind gives proto 0, and
    asyncio then leaves Nagle on)."""
    seen = []

    class Transport:
        def __init__(self, sock):
            self.sock = sock

        def get_extra_info(self, name, default=None):
            return {"socket": self.sock, "peername": ("127.0.0.2", 5), "sockname": ("127.0.0.1", 80)}.get(name, default)

        def abort(self):
            seen.append("aborted")

        def close(self):
            seen.append("closed")

        def is_closing(self):
            return False

    import asyncio
    from uvicorn.config import Config
    from uvicorn.server import ServerState
    loop = asyncio.new_event_loop()
    try:
        config = Config(app=lambda *a: None, http=protocol.Protocol)
        config.load()
        proto = protocol.Protocol(config=config, server_state=ServerState(), app_state={}, _loop=loop)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, 0)
        try:
            proto.connection_made(Transport(sock))
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) == 1
            proto.connection_lost(None)
        finally:
            sock.close()
    finally:
        loop.close()
    assert "aborted" not in seen and not protocol.Protocol.open_by_client.get("127.0.0.2")
