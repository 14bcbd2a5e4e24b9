"""uvicorn's h11 protocol, answering oversized request headers with 431 instead of a reset.

h11 stops buffering a request head at 16 KiB and says the right status (`error_status_hint` 431);
uvicorn answers every parse error 400 and closes at once. Closing while the client is still
sending its megabyte of headers makes the kernel send a reset, so the client never reads the
answer. Here the answer is 431 and the connection drains what is still arriving (up to a bound,
for a short while) before it closes: what nginx calls a lingering close.
"""
from __future__ import annotations

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

DRAIN_BYTES = 8 << 20          # read and drop at most this much after the answer
DRAIN_SECONDS = 2.0


class Protocol(H11Protocol):
    _status_hint = 400
    _draining = 0

    def handle_events(self) -> None:
        next_event = self.conn.next_event

        def remember_hint():
            try:
                return next_event()
            except h11.RemoteProtocolError as error:
                self._status_hint = getattr(error, "error_status_hint", 400)
                raise
        self.conn.next_event = remember_hint
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
