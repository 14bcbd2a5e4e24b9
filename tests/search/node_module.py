"""Run the fallback's ES modules (docs/assets/search/) in Node from a test, on a JSON payload: their
logic is tested alone, on the data static_index writes, against the Python engine's."""
from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
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


def with_modules(script: str, modules: list[str]) -> str:
    """`script` with the file URLs of `modules` (names under docs/assets/search) for its %s."""
    return script % tuple(json.dumps((ASSETS / name).as_uri()) for name in modules)


def run_in_node(runner: str, modules: list[str], payload, timeout: int = 120):
    """`runner` (`with_modules`) fed `payload` (JSON); its stdout parsed as JSON."""
    script = READ_INPUT + with_modules(runner, modules)
    data = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
    proc = subprocess.run([NODE, "--input-type=module", "-e", script], input=data,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


# A session's loop: the first line is the shared payload, each later line one request, answered on one line.
SESSION_LOOP = """
import { createInterface } from "node:readline";
let shared;
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (shared === undefined) { shared = JSON.parse(line); continue; }
  let answer;
  try { answer = { ok: handle(shared, JSON.parse(line)) }; } catch (error) { answer = { error: String(error?.stack || error) }; }
  process.stdout.write(JSON.stringify(answer) + "\\n");
}
"""


class NodeSession:
    """One Node process for a test file's many calls: the modules and the shared payload (a site's
    query data, ~0.5 s to read into Node) are loaded once, not once per test. `handler` defines
    `handle(shared, request)`, with `modules` as `with_modules` puts them; `call(request)` returns
    what it returns, and raises with Node's error when it throws."""

    def __init__(self, handler: str, modules: list[str], shared):
        script = with_modules(handler, modules) + SESSION_LOOP
        self.errors = tempfile.TemporaryFile(mode="w+", encoding="utf-8")    # a pipe left unread could fill and block Node
        self.process = subprocess.Popen([NODE, "--input-type=module", "-e", script], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=self.errors, text=True, encoding="utf-8")
        self._send(shared)

    def _send(self, value) -> None:
        self.process.stdin.write(json.dumps(value, ensure_ascii=False) + "\n")
        self.process.stdin.flush()

    def call(self, request):
        self._send(request)
        line = self.process.stdout.readline()
        if not line:
            self.errors.seek(0)
            raise AssertionError(f"node ended: {self.errors.read()[-3000:]}")
        answer = json.loads(line)
        assert "error" not in answer, answer["error"]
        return answer["ok"]

    def calls(self, *calls):
        """The answers to `calls` asked in one request, each call a tuple (fn, lang, args...)."""
        return self.call([list(c) for c in calls])

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)
        self.errors.close()

    def __enter__(self) -> "NodeSession":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
