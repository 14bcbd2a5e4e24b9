"""`rulebook build`: refuse bad data, then build aside and swap.

1. The data gate (`gate.check`, every check `rulebook validate` makes): any problem refuses the build
   before anything is written, one `file:line: id: message` line each.
2. MkDocs builds into `.site.new/` (the tda-rules plugin adds the JSON exports and Pagefind) and the
   Whoosh index into `build/.search-index.new/`. The index is private: it lives outside the published
   tree, so no static host and no URL trick can serve it.
3. Only when the whole build succeeded are the new trees renamed into place. A failed build leaves
   the last good `site/` and index exactly as they were.

One build at a time in a root: the builds share the root's aside trees, docs/generated/ and the PDF
cache, and a second one deleted the first's index under it. `build/.build.lock` is held (flock) for
the whole build; a second build says which process holds it and stops (exit 1) rather than wait:
it would only build the same thing again. The kernel drops the lock with its process, however that
ends, so a killed build never leaves the root locked.

MkDocs runs in a process group of its own, with the helpers it starts (node, Pagefind). SIGTERM,
SIGINT or SIGHUP to the build become a SIGTERM to that whole group (a terminal's Ctrl-C reaches the
build alone, the group is not the terminal's; SIGTERM stops Python and node without a traceback
each, so the build's one line says what happened); once the group is gone, the aside trees are removed and
the build exits 128 + the signal's number, `site/` untouched. Before, SIGTERM to the build (systemd,
`kill`) killed it and left MkDocs running as an orphan, writing its aside tree.
"""
from __future__ import annotations

import fcntl
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from ..gate import check
from .search_jobs import scratch_for

INDEX_ENV = "TDA_SEARCH_INDEX_DIR"      # read by the plugin: where this build writes the Whoosh index
DEFAULT_INDEX = Path("build") / "search-index"
MKDOCS = (sys.executable, "-m", "mkdocs")
LOCK = Path("build") / ".build.lock"
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
GRACE = 10.0                            # seconds the child has to stop before its group is killed


def build_site(root: Path, strict: bool = True, site_dir: Path | None = None, index_dir: Path | None = None) -> int:
    root = Path(root)
    site = Path(site_dir) if site_dir else root / "site"
    index = Path(index_dir) if index_dir else root / DEFAULT_INDEX
    _, problems = check(root)
    if problems:
        for problem in problems:
            print(problem)
        print(f"build refused: {len(problems)} problem(s) in the rulebook; {site} left as it was", file=sys.stderr)
        return 1
    from ..site_url import SiteUrlError, local_notice, site_url
    try:
        notice = local_notice(site_url())
    except SiteUrlError as error:
        print(f"build refused: {error}", file=sys.stderr)
        return 2
    if notice:               # the build goes on: make serve and make test build without an address
        print(f"warning: {notice}", file=sys.stderr)
    lock = _lock(root)
    if isinstance(lock, str):
        print(f"build refused: {lock}; {site} left as it was", file=sys.stderr)
        return 1
    try:
        return _build(root, site, index, strict)
    finally:
        os.close(lock)


def _build(root: Path, site: Path, index: Path, strict: bool) -> int:
    new_site, new_index = _aside(site), _aside(index)
    for path in (new_site, new_index):
        shutil.rmtree(path, ignore_errors=True)
    new_index.parent.mkdir(parents=True, exist_ok=True)
    command = [*MKDOCS, "build", "--quiet", "--site-dir", str(new_site.resolve())]
    command += ["--strict"] if strict else []
    env = {**os.environ, INDEX_ENV: str(new_index.resolve())}
    with _StopSignals() as stop:
        code = _run_child(command, root, env, stop)
        if stop.received or code != 0 or not (new_site / "index.html").exists():
            for path in (new_site, new_index, scratch_for(new_site)):
                shutil.rmtree(path, ignore_errors=True)
            if stop.received:
                name = signal.Signals(stop.received[0]).name
                print(f"build stopped by {name}; {site} left as it was", file=sys.stderr)
                return 128 + stop.received[0]
            print(f"build failed (mkdocs exit {code}); {site} left as it was", file=sys.stderr)
            return code or 1
        # A signal from here on waits for the two renames: between them there is no site/.
        if new_index.is_dir():
            _swap(new_index, index)
        _swap(new_site, site)
        _write_nginx_headers(site, index.parent)
    return 0


def _lock(root: Path) -> int | str:
    """The root's build lock (an open descriptor, held until closed), or why it cannot be had."""
    path = root / LOCK
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        os.close(fd)
        return f"another build is running in {root}" + (f" (pid {holder})" if holder.isdigit() else "")
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


class _StopSignals:
    """While active: SIGTERM, SIGINT and SIGHUP are recorded, and the child's process group, when one
    runs, is sent SIGTERM (SIGKILL on a second signal). Only the main thread may set handlers;
    elsewhere the signals keep their handlers and nothing is recorded."""

    def __init__(self):
        self.received: list[int] = []
        self.group: int | None = None
        self._previous: dict[int, object] = {}

    def __enter__(self) -> "_StopSignals":
        if threading.current_thread() is threading.main_thread():
            self._previous = {signum: signal.signal(signum, self._handle) for signum in STOP_SIGNALS}
        return self

    def __exit__(self, *exc) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)

    def _handle(self, signum, frame) -> None:
        self.received.append(signum)
        if self.group is not None:
            self.kill(signal.SIGKILL if len(self.received) > 1 else signal.SIGTERM)

    def kill(self, signum: int) -> None:
        try:
            os.killpg(self.group, signum)
        except (ProcessLookupError, PermissionError):
            pass                                          # the group is gone already


def _run_child(command: list[str], cwd: Path, env: dict, stop: _StopSignals) -> int:
    """Run MkDocs in its own process group and wait for it. When a stop signal came, every process
    of the group is gone on return (killed after GRACE seconds if it has not stopped by then), so
    nothing writes into the aside trees once they are removed."""
    process = subprocess.Popen(command, cwd=cwd, env=env, process_group=0)
    stop.group = process.pid
    if stop.received:                                    # arrived while the child was being started
        stop.kill(signal.SIGTERM)
    try:
        while True:
            try:
                code = process.wait(timeout=GRACE if stop.received else None)
                break
            except subprocess.TimeoutExpired:
                stop.kill(signal.SIGKILL)
    finally:
        if stop.received:
            stop.kill(signal.SIGKILL)                    # helpers that outlived MkDocs
            _wait_group_gone(process.pid)
        stop.group = None
    return code


def _wait_group_gone(group: int, timeout: float = GRACE) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except (ProcessLookupError, PermissionError):
            return
        time.sleep(0.02)


def _write_nginx_headers(site: Path, build_dir: Path) -> None:
    """deploy/nginx.conf includes these: the CSP names the hashes of this build's inline scripts."""
    from ..search.security import nginx_snippet
    build_dir.mkdir(parents=True, exist_ok=True)
    target = build_dir / "nginx-security-headers.conf"
    aside = target.with_name(f".{target.name}.new")
    aside.write_text(nginx_snippet(site), encoding="utf-8")
    os.replace(aside, target)


def _aside(path: Path) -> Path:
    return path.with_name(f".{path.name}.new")


def _swap(new: Path, target: Path) -> None:
    """Put `new` where `target` is: two renames, so readers see the old tree or the new one."""
    old = target.with_name(f".{target.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        os.rename(target, old)
    os.rename(new, target)
    shutil.rmtree(old, ignore_errors=True)
