"""Run the fallback's ES modules (docs/assets/search/) in Node from a test, on a JSON payload: their
logic is tested alone, on the data static_index writes, against the Python engine's."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ASSETS = Path(__file__).resolve().parents[2] / "docs" / "assets" / "search"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not on PATH")

# Every runner reads the whole payload first; imports are hoisted above it.
READ_INPUT = """let input = "";
process.stdin.setEncoding("utf8");          // else a chunk boundary can split a character
for await (const chunk of process.stdin) input += chunk;
"""


def run_in_node(runner: str, modules: list[str], payload, timeout: int = 120):
    """`runner` with the file URLs of `modules` (names under docs/assets/search) for its %s, fed
    `payload` (JSON); its stdout parsed as JSON."""
    script = READ_INPUT + runner % tuple(json.dumps((ASSETS / name).as_uri()) for name in modules)
    data = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
    proc = subprocess.run([NODE, "--input-type=module", "-e", script], input=data,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)
