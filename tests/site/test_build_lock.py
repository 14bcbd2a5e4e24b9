"""`rulebook build` run twice in one root, and stopped with a signal, as real processes: the build
(`site/build.py`) in a process of its own, around a stand-in for MkDocs that writes into the
build-aside tree, starts a helper process of its own (as the plugin starts node and Pagefind) and
then takes as long as the test wants. A whole MkDocs build takes minutes; what is tested here is
what the build does around its child."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FAKE_MKDOCS = textwrap.dedent('''
    import os, subprocess, sys, time
    from pathlib import Path
    site = Path(sys.argv[sys.argv.index("--site-dir") + 1])
    site.mkdir(parents=True)
    (site / "index.html").write_text("<p>new build</p>")
    helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    Path(os.environ["FAKE_STATE"], "helper.pid").write_text(str(helper.pid))
    Path(os.environ["FAKE_STATE"], "child.pid").write_text(str(os.getpid()))
    deadline = time.monotonic() + float(os.environ["FAKE_SECONDS"])
    while time.monotonic() < deadline:               # keeps writing, as MkDocs does
        (site / "page.html").write_text(str(time.monotonic()))
        time.sleep(0.05)
    helper.kill()
''')

DRIVER = textwrap.dedent('''
    import sys
    from pathlib import Path
    from tdarules.site import build
    build.check = lambda root: (None, [])            # the data gate is tested elsewhere
    build.MKDOCS = (sys.executable, sys.argv[2])
    sys.exit(build.build_site(Path(sys.argv[1])))
''')


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "root"
    (root / "site").mkdir(parents=True)
    (root / "site" / "index.html").write_text("<p>last good build</p>", encoding="utf-8")
    (tmp_path / "fake_mkdocs.py").write_text(FAKE_MKDOCS, encoding="utf-8")
    (tmp_path / "state").mkdir()
    return root


def start_build(root: Path, seconds: float) -> subprocess.Popen:
    """The build in a process of its own; its output goes to files (a child left running would keep
    a pipe open, and reading it would wait for that child)."""
    env = {**os.environ, "FAKE_SECONDS": str(seconds), "FAKE_STATE": str(root.parent / "state"),
           "TDA_SITE_URL": "https://rules.example.org/"}
    runs = len(list(root.parent.glob("build-*.err")))
    err = root.parent / f"build-{runs}.err"
    with open(err, "w") as stderr:
        process = subprocess.Popen([sys.executable, "-c", DRIVER, str(root), str(root.parent / "fake_mkdocs.py")],
                                   cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True)
    process.err = err
    return process


def finish(process: subprocess.Popen, timeout: float = 60) -> tuple[int, str]:
    code = process.wait(timeout)
    return code, process.err.read_text()


def wait_for(path: Path, process: subprocess.Popen, timeout: float = 30) -> int:
    deadline = time.monotonic() + timeout
    while not (path.exists() and path.read_text()):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"the build's child did not start: {finish(process)[1][-2000:]}")
        time.sleep(0.05)
    return int(path.read_text())


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"                                # a zombie no one has reaped yet is dead


def wait_dead(pid: int, timeout: float = 15) -> bool:
    deadline = time.monotonic() + timeout
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not alive(pid)


@pytest.fixture
def cleanup():
    """Whatever a failing test leaves running is killed, by the ids it recorded."""
    pids: list[int] = []
    yield pids
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_a_second_build_in_the_same_root_is_refused_clearly(project, cleanup):
    first = start_build(project, seconds=6)
    cleanup.append(first.pid)
    child = wait_for(project.parent / "state" / "child.pid", first)
    cleanup += [child, int((project.parent / "state" / "helper.pid").read_text())]
    second = start_build(project, seconds=0)
    cleanup.append(second.pid)
    code, err = finish(second)
    assert code == 1, err
    assert f"another build is running in {project} (pid {first.pid})" in err
    assert "Traceback" not in err
    assert alive(child) and (project / ".site.new" / "index.html").exists()      # the first goes on
    code, err = finish(first)
    assert code == 0, err
    assert (project / "site" / "index.html").read_text() == "<p>new build</p>"
    (project.parent / "state" / "child.pid").unlink()
    third = start_build(project, seconds=0)                # the lock went with the first build
    cleanup.append(third.pid)
    code, err = finish(third)
    assert code == 0, err


def test_a_build_killed_outright_does_not_lock_the_root(project, cleanup):
    (project / "site" / "stale.html").write_text("from the last build", encoding="utf-8")
    first = start_build(project, seconds=60)
    cleanup.append(first.pid)
    child = wait_for(project.parent / "state" / "child.pid", first)
    cleanup += [child, int((project.parent / "state" / "helper.pid").read_text())]
    os.kill(first.pid, signal.SIGKILL)                     # no handler runs: the kernel drops the lock
    first.wait(10)
    for pid in cleanup[1:]:                                # what SIGKILL left behind
        os.kill(pid, signal.SIGKILL)
    (project.parent / "state" / "child.pid").unlink()
    second = start_build(project, seconds=0)
    cleanup.append(second.pid)
    code, err = finish(second)
    assert code == 0, err
    assert (project / "site" / "index.html").read_text() == "<p>new build</p>"
    assert sorted(p.name for p in (project / "site").iterdir()) == ["index.html"]      # replaced whole, not merged
    assert not list(project.glob(".site*"))


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_to_the_build_stops_its_children_and_keeps_the_last_site(project, cleanup, signum):
    before = (project / "site" / "index.html").read_bytes()
    build = start_build(project, seconds=120)
    cleanup.append(build.pid)
    child = wait_for(project.parent / "state" / "child.pid", build)
    helper = int((project.parent / "state" / "helper.pid").read_text())
    cleanup += [child, helper]
    assert (project / ".site.new" / "index.html").exists()
    os.kill(build.pid, signum)                             # to the build's process only, as systemd or kill does
    code, err = finish(build, 30)
    assert code == 128 + signum, err
    assert "Traceback" not in err and "stopped" in err and str(project / "site") in err
    assert wait_dead(child) and wait_dead(helper)          # no orphan keeps writing
    time.sleep(0.3)
    assert not (project / ".site.new").exists()
    assert not (project / "build" / ".search-index.new").exists()
    assert (project / "site" / "index.html").read_bytes() == before
    assert sorted(p.name for p in (project / "site").iterdir()) == ["index.html"]
