"""Servers for the tests: a free port on 127.0.0.1 and an app run by uvicorn in a thread."""
from __future__ import annotations

import socket
import threading
import time


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerThread:
    """An app served by uvicorn on 127.0.0.1 in a thread, as `rulebook serve` serves it; a context manager
    (its URL on entry). lifespan="on" runs the app's start-up and shut-down (the search processes
    started before the first request and stopped after), which a slower start may need time for."""

    def __init__(self, app, lifespan: str = "off", start_timeout: float = 20):
        import uvicorn
        from tdarules.search.server import uvicorn_options
        self.port = free_port()
        self.start_timeout = start_timeout
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="error",
                                                    lifespan=lifespan, **uvicorn_options()))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + self.start_timeout
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)
