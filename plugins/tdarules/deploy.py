"""Run the production recipe (deploy/nginx.conf) locally: Debian's nginx in the foreground, with its
own prefix, pid, logs and temp paths in a scratch folder, on 127.0.0.1, in front of a running
`rulebook serve`. Used by tests/site/test_nginx.py and `bench/load.py --nginx`; the documented
paths in the recipe are replaced, nothing else.
"""
from __future__ import annotations

import grp
import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

from .search.security import nginx_snippet

RECIPE = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"
MAIN = """daemon off;
{user}worker_processes {workers};
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 1024; }}
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


def nginx_binary() -> str | None:
    return shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


def worker_user(site: Path) -> str:
    """Started as root, nginx runs its workers as `nobody`, who cannot enter a checkout under a
    0700 folder (mktemp -d, a home directory): every page would be a 404. Locally the workers run as
    the site's owner instead; not started as root, nginx cannot switch users and keeps its own."""
    if os.geteuid() != 0:
        return ""
    owner = site.stat()
    return f"user {pwd.getpwuid(owner.st_uid).pw_name} {grp.getgrgid(owner.st_gid).gr_name};\n"


LIMIT_LINE = "        limit_req zone=tda_search burst=40 nodelay;\n"


def local_config(tmp: Path, site: Path, port: int, upstream: str, workers: int = 1, rate_limit: bool = True) -> Path:
    """Write nginx.conf + the recipe with local paths into `tmp`; returns the main config file.
    rate_limit=False drops the per-client search limit (a load test's clients share one address)."""
    (tmp / "nginx-security-headers.conf").write_text(nginx_snippet(site), encoding="utf-8")
    conf = RECIPE.read_text(encoding="utf-8")
    replacements = {"listen 80 default_server;": f"listen 127.0.0.1:{port} default_server;",
                    "listen 80;": f"listen 127.0.0.1:{port};",
                    "/srv/tda-rules/build/nginx-security-headers.conf": str(tmp / "nginx-security-headers.conf"),
                    "/srv/tda-rules/site": str(site),
                    "server 127.0.0.1:8000;": f"server {upstream};"}
    for old, new in replacements.items():
        if old not in conf:
            raise ValueError(f"deploy/nginx.conf no longer contains {old!r}")
        conf = conf.replace(old, new)
    if not rate_limit:
        if LIMIT_LINE not in conf:
            raise ValueError("deploy/nginx.conf no longer contains the limit_req line")
        conf = conf.replace(LIMIT_LINE, "")
    (tmp / "tda-rules.conf").write_text(conf, encoding="utf-8")
    main = tmp / "nginx.conf"
    main.write_text(MAIN.format(tmp=tmp, workers=workers, user=worker_user(site)), encoding="utf-8")
    return main


class LocalNginx:
    """with LocalNginx(tmp, site, port, "127.0.0.1:8000") as url: … (stopped gracefully on exit)."""

    def __init__(self, tmp: Path, site: Path, port: int, upstream: str, workers: int = 1, rate_limit: bool = True):
        self.binary = nginx_binary()
        if self.binary is None:
            raise FileNotFoundError("nginx is not installed")
        self.tmp, self.port = tmp, port
        self.config = local_config(tmp, site, port, upstream, workers, rate_limit)
        self.process: subprocess.Popen | None = None

    def check(self) -> subprocess.CompletedProcess:
        return subprocess.run([self.binary, "-t", "-p", str(self.tmp), "-c", str(self.config)],
                              capture_output=True, text=True)

    def __enter__(self) -> str:
        checked = self.check()
        if checked.returncode != 0:
            raise RuntimeError(f"nginx -t failed: {checked.stderr}")
        self.process = subprocess.Popen([self.binary, "-p", str(self.tmp), "-c", str(self.config)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return f"http://127.0.0.1:{self.port}"
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.__exit__()
                    log = self.tmp / "error.log"
                    raise RuntimeError("nginx did not start: " + (log.read_text(errors="replace")[-2000:] if log.exists() else "")) from None
                time.sleep(0.1)

    def __exit__(self, *exc) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGQUIT)          # graceful: master and its workers
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
