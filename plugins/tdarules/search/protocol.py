"""uvicorn's h11 protocol, fit to face the internet without a proxy in front.

* Idle and slow connections: uvicorn never times out a connection that has not finished its first
  request head, and its ``limit_concurrency`` counts those connections, so a thousand sockets that
  send nothing (or a byte a second) made every other client's request a 503. Here a request head
  must arrive whole within ``HEAD_SECONDS`` of the connection opening (or of the last response on a
  kept-alive one), and one client address holds at most ``PER_CLIENT`` connections per worker
  (nginx, in front, holds its 16 kept-alive upstream connections and a few more under load).
* ``TCP_NODELAY`` on every accepted socket: asyncio sets it only when the listening socket says it
  is TCP (``proto``), and the socket uvicorn binds for ``--workers`` does not; headers and body go
  out in two writes, and Nagle's algorithm held the second for the client's delayed ACK (~40 ms on
  every request after the first on a kept-alive connection).
* Oversized request headers get 431 instead of a reset:

h11 stops buffering a request head at 16 KiB and says the right status (`error_status_hint` 431);
uvicorn answers every parse error 400 and closes at once. Closing while the client is still
sending its megabyte of headers makes the kernel send a reset, so the client never reads the
answer. Here the answer is 431 and the connection drains what is still arriving (up to a bound,
for a short while) before it closes: what nginx calls a lingering close.
"""
from __future__ import annotations

import asyncio
import logging
import socket
from collections import Counter

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

DRAIN_BYTES = 8 << 20          # read and drop at most this much after the answer
DRAIN_SECONDS = 2.0
HEAD_SECONDS = 10.0            # a whole request head within this, or the connection is closed
PER_CLIENT = 200               # open connections per client address and worker

log = logging.getLogger("tdarules.search")


class Protocol(H11Protocol):
    _status_hint = 400
    _draining = 0
    _head_timer = None
    _counted = None
    open_by_client: Counter[str | None] = Counter()   # per worker process: the event loop is its one thread

    # asyncio declares a BaseTransport; uvicorn's H11Protocol narrows it to the Transport a server gets
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        host = self.client[0] if self.client else None
        if self.open_by_client[host] >= PER_CLIENT:
            if self.open_by_client[host] == PER_CLIENT:
                log.warning("%s holds %d connections: closing its new ones", host, PER_CLIENT)
            transport.abort()
            return
        self.open_by_client[host] += 1
        self._counted = (host,)
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        if self._counted is not None:
            (host,), self._counted = self._counted, None
            self.open_by_client[host] -= 1
            if self.open_by_client[host] <= 0:
                del self.open_by_client[host]
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm_head_timer()             # the next request head, on a kept-alive connection

    def _arm_head_timer(self) -> None:
        self._cancel_head_timer()
        self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_timed_out)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def handle_events(self) -> None:
        next_event = self.conn.next_event

        def remember_hint() -> h11.Event | type[h11.NEED_DATA] | type[h11.PAUSED]:
            try:
                event = next_event()
            except h11.RemoteProtocolError as error:
                self._status_hint = getattr(error, "error_status_hint", 400)
                raise
            if isinstance(event, h11.Request):
                self._cancel_head_timer()      # the head is in: the app has its own budgets
            return event
        self.conn.next_event = remember_hint  # type: ignore[method-assign]  # h11 has no hook for the status hint
        try:
            super().handle_events()
        finally:
            del self.conn.next_event

    def data_received(self, data: bytes) -> None:
        if self._draining:
            self._draining -= len(data)
            if self._draining <= 0:
                self.transport.close()
            return
        super().data_received(data)

    def send_400_response(self, msg: str) -> None:
        if self._status_hint != 431:
            return super().send_400_response(msg)
        body = b"Request header fields too large\n"
        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close"),
                   (b"content-length", str(len(body)).encode())]
        try:
            self.transport.write(self.conn.send(h11.Response(status_code=431, headers=headers,
                                                               reason=b"Request Header Fields Too Large")))
            self.transport.write(self.conn.send(h11.Data(data=body)))
            self.transport.write(self.conn.send(h11.EndOfMessage()))
        except h11.LocalProtocolError:
            # h11 refuses to answer a request it could not parse: write the status line ourselves.
            self.transport.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\n" +
                                 b"".join(k + b": " + v + b"\r\n" for k, v in headers) + b"\r\n" + body)
        self._draining = DRAIN_BYTES
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(DRAIN_SECONDS, self.transport.close)
