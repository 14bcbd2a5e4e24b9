"""Whether the search index on disk is whole: checked when the server starts, by ``/healthz`` and
before a language is searched.

A damaged index used to look healthy: with ``meta.json`` cut short, a segment overwritten or a
language's directory gone, ``/healthz`` said "ok" and every search was a 500 with a traceback (and
the engine reopened each time). ``build_index`` records the SHA-256 of every file it wrote in
``meta.json`` (``files``); :func:`check` compares them, so any damage is named, per language.

Checks are kept for ``RECHECK_SECONDS`` (and redone at once when ``meta.json`` changes): a poller
calling ``/healthz`` in a loop costs one read of the index (~5 MB, a few ms) per interval, not one
per call.
"""
from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

RECHECK_SECONDS = 10.0
SKIPPED = {"MAIN_WRITELOCK"}          # Whoosh's empty lock file
Stamp = tuple[int, int, int]          # meta.json's (mtime in ns, size, inode): changes when it is rewritten


def file_digests(index_dir: Path, languages: Iterable[str]) -> dict[str, str]:
    """{"<lang>/<file>": SHA-256} of every file of the languages' indexes (what :func:`check` compares)."""
    digests: dict[str, str] = {}
    for lang in languages:
        for path in sorted((index_dir / lang).iterdir()):
            if path.is_file() and path.name not in SKIPPED:
                digests[f"{lang}/{path.name}"] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digests


@dataclass
class Health:
    status: str                                   # "ok", "damaged" or "no index"
    problems: list[str] = field(default_factory=list)
    broken: set[str] = field(default_factory=set)  # languages that cannot be searched
    build: str = ""
    built: str = ""
    languages: dict[str, int] = field(default_factory=dict)   # meta.json's: documents per language

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def to_dict(self) -> dict[str, object]:
        if self.ok:
            return {"status": "ok", "index": {"build": self.build, "built": self.built, "languages": self.languages}}
        return {"status": self.status, "problems": self.problems}


def inspect(index_dir: Path) -> Health:
    """Read ``meta.json`` and every file it names, now."""
    meta_file = index_dir / "meta.json"
    try:
        data = meta_file.read_bytes()
        built = datetime.fromtimestamp(meta_file.stat().st_mtime, timezone.utc).isoformat(timespec="seconds")
    except FileNotFoundError:
        return Health("no index", [f"no search index in {index_dir} (run `rulebook index`)"])
    except OSError as error:
        return Health("damaged", [f"meta.json cannot be read: {error.strerror or error}"])
    try:
        meta = json.loads(data)
        languages = meta["languages"]
        files = meta.get("files")
        if not isinstance(languages, dict) or not (files is None or isinstance(files, dict)):
            raise ValueError("unexpected shape")
    except (ValueError, KeyError, TypeError) as error:
        return Health("damaged", [f"meta.json is not a whole index description ({error.__class__.__name__})"])
    health = Health("ok", build=hashlib.sha256(data).hexdigest()[:16], built=built, languages=languages)
    for lang in languages:
        directory = index_dir / lang
        try:
            present = {p.name for p in directory.iterdir()}
        except OSError as error:
            health.problems.append(f"{lang}: the index directory cannot be read ({error.strerror or error})")
            health.broken.add(lang)
            continue
        for name, digest in (files or {}).items():
            if not name.startswith(f"{lang}/"):
                continue
            file_name = name.split("/", 1)[1]
            problem: str | None
            if file_name not in present:
                problem = f"{name} is missing"
            else:
                try:
                    problem = None if hashlib.sha256((index_dir / name).read_bytes()).hexdigest() == digest \
                        else f"{name} is not the file the build wrote"
                except OSError as error:
                    problem = f"{name} cannot be read ({error.strerror or error})"
            if problem:
                health.problems.append(f"{lang}: {problem}")
                health.broken.add(lang)
    if health.problems:
        health.status = "damaged"
    return health


class HealthCheck:
    """:func:`inspect`, kept for RECHECK_SECONDS and while ``meta.json`` is unchanged."""

    def __init__(self, index_dir: Path):
        self.index_dir = Path(index_dir)
        self._lock = threading.Lock()
        self._last: tuple[Stamp | None, float, Health] | None = None        # (stamp, when, Health)

    def _stamp(self) -> Stamp | None:
        try:
            stat = (self.index_dir / "meta.json").stat()
            return stat.st_mtime_ns, stat.st_size, stat.st_ino
        except OSError:
            return None

    def __call__(self) -> Health:
        stamp, now = self._stamp(), time.monotonic()
        with self._lock:
            if self._last and self._last[0] == stamp and now - self._last[1] < RECHECK_SECONDS:
                return self._last[2]
        health = inspect(self.index_dir)
        with self._lock:
            self._last = (stamp, now, health)
        return health
