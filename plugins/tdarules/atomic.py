"""The one way the project writes a file a user keeps or edits (edition YAML, review files, the
renumbering mapping, XLIFF exports): aside and renamed.

The bytes go to a temporary file in the same directory, are fsynced, and replace the old file with
`os.replace`, which is atomic on one filesystem. A write that fails at any step (a full disk, a
read-only folder, a quota) leaves the old file byte-identical and no temporary file behind, and raises
WriteError: an OSError whose message is one line naming the file that was not written and why.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

CHUNK = 1 << 16


class WriteError(OSError):
    def __init__(self, path: Path | str, error: OSError):
        reason = error.strerror or str(error) or type(error).__name__
        super().__init__(error.errno, reason, str(path))
        self.path = str(path)
        self.reason = reason
        self.note = ""            # what a caller writing several files adds: which of them were written

    def __str__(self) -> str:
        line = f"{self.path}: not written ({self.reason}); the previous version, if any, is unchanged"
        return f"{line}; {self.note}" if self.note else line


def _new_file_mode() -> int:
    # mkstemp creates 0600; a new file gets what open() would have given it under the current umask
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomic(path: Path | str, data: str | bytes, *, shown_as: str | None = None) -> None:
    """Replace `path` with `data` (str is written as UTF-8) all at once, or not at all.

    A symlink is followed, so the file it points at is replaced and the link stays a link.
    `shown_as` is the name a failure message gives the file (default: the path as given)."""
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    target = Path(os.path.realpath(path))
    name = shown_as or str(path)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = _new_file_mode()
    except OSError as error:
        raise WriteError(name, error) from None
    try:
        fd, aside = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as error:
        raise WriteError(name, error) from None
    try:
        try:
            view = memoryview(raw)
            while view:
                written = os.write(fd, view[:CHUNK])
                view = view[written:]
            os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(aside, target)
    except BaseException as error:
        try:
            os.unlink(aside)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise WriteError(name, error) from None
        raise
    _sync_directory(target.parent)


def _sync_directory(folder: Path) -> None:
    """Make the rename itself durable; some filesystems cannot open a directory, which is no failure."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
