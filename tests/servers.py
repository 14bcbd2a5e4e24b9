"""Servers for the tests: a free port on 127.0.0.1 and an app run by uvicorn in a thread."""
from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path


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


class SiteCopy:
    """A copy of the built site (a test may stop its server or deploy over it) served by uvicorn on
    127.0.0.1 with the real app (`create_app`, as `rulebook serve` runs it); stop() takes the server away.
    `lifespan`/`start_timeout` as ServerThread's; `linked`: the files hard-linked, not copied (10,000
    files, ~2 s a copy), for a test that takes the server away but never writes into the site; the
    rest goes to create_app (rate=None: no rate limit)."""

    def __init__(self, site_dir: Path, root: Path, *, lifespan: str = "off", start_timeout: float = 20,
                 linked: bool = False, **app_options):
        from tdarules.search.server import create_app
        self.dir = root / "site"
        shutil.copytree(site_dir, self.dir, copy_function=os.link if linked else shutil.copy2)
        app = create_app(self.dir, site_dir.parent / "build" / "search-index", **app_options)   # kept outside site/
        self.server = ServerThread(app, lifespan=lifespan, start_timeout=start_timeout)
        self.url, self.port = self.server.__enter__(), self.server.port

    def stop(self):
        self.server.__exit__(None, None, None)

    def remove(self):
        """Stop the server (if still up) and delete the copy: ~11,000 entries a copy, which pytest
        would otherwise keep and delete at the end of a later session, in its serial finish."""
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
