"""Results kept between processes under a hash of everything they depend on, in the user's cache
folder (``~/.cache/tdarules/<kind>``, like pip's): the same inputs give the same result, so a build,
a CLI call or a test process reuses what an earlier one computed, and any change of input is a new key.

Only values that were computed whole are kept, written aside and renamed, so a reader sees a whole
entry or none; a folder that cannot be written (a read-only home) just means computing every time.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

MISSING = object()


class DiskCache:
    def __init__(self, kind: str, env: str, keep: int):
        self.kind = kind          # the sub-folder of ~/.cache/tdarules
        self.env = env            # names another folder, or "off"
        self.keep = keep          # entries kept; the oldest go first

    def folder(self) -> Path | None:
        chosen = os.environ.get(self.env)
        if chosen == "off":
            return None
        if chosen:
            return Path(chosen)
        base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
        return Path(base) / "tdarules" / self.kind

    @staticmethod
    def key(*parts: bytes) -> str:
        digest = hashlib.sha256()
        for part in parts:
            digest.update(len(part).to_bytes(8, "big") + part)   # lengths: ("ab", "c") is not ("a", "bc")
        return digest.hexdigest()

    def load(self, key: str):
        """The value stored under key, or MISSING."""
        folder = self.folder()
        if folder is None:
            return MISSING
        try:
            return pickle.loads((folder / f"{key}.pickle").read_bytes())
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError):
            return MISSING

    def store(self, key: str, value) -> None:
        folder = self.folder()
        if folder is None:
            return
        entry = folder / f"{key}.pickle"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            aside = entry.with_name(f".{entry.name}.{os.getpid()}")
            aside.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(aside, entry)
            entries = sorted(folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime_ns)
            for old in entries[:-self.keep]:
                old.unlink(missing_ok=True)
        except OSError:
            pass
