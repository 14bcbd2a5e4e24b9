"""`rulebook ARGS --root ROOT` run in the test's own process, its output captured: an exception fails
the test as a traceback would, without an interpreter start per case. The files that use it keep one
test that runs the installed command in its own process."""
from __future__ import annotations

import contextlib
import io
import subprocess
from pathlib import Path

from tdarules.cli import main


def run_cli(root: Path, *args: str) -> subprocess.CompletedProcess:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(root), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*args, "--root", str(root)])
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())
