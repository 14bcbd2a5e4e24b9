"""Fixtures shared by every test folder: the rulebook and interface strings, and a real uvicorn server on
127.0.0.1 in a thread."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from servers import ServerThread

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def rulebook():
    """The project's rulebook, loaded once per test process: the model is frozen, tests only read it."""
    from tdarules.loader import load_rulebook
    return load_rulebook(ROOT)


@pytest.fixture(scope="session")
def strings():
    """The interface strings (rulebook/ui/*.yaml), loaded once per test process."""
    from tdarules.site.generate import load_strings
    return load_strings(ROOT / "rulebook")


# `make test` runs the suite on several processes (pytest-xdist, a process per core and one more), a test file at a time: a file's
# module fixtures (an engine, a server, a page, the HTML checker's run) are then made once, not once per
# process (per test, each process made them again). The files that read one of the costly
# session fixtures go to one process together (the PDFs).
# (By file, not by xdist_group marks: xdist 3.8 puts a mark's group into `item._nodeid`, which
# pytest 9 no longer reads.)
SHARED_FIXTURE_FILES = {
    "tests/print/test_pdfs.py": "pdf_dir", "tests/print/test_pdf_fidelity.py": "pdf_dir",
}


# Files of long tests that share nothing costly across languages: each test goes to whichever process
# is free (a file is otherwise run whole by one process, the other idling once the queue is empty),
# except that a language's tests go together: they read the same queries (tests/search/readings.py).
SPREAD_FILES = {"tests/search/test_plan_parity.py", "tests/search/test_relevance.py"}
LANGUAGE_OF_TEST = re.compile(r"[\[-](en|zh-Hant|zh-Hans|ru)\]$")


def pytest_xdist_make_scheduler(config, log):
    if config.getoption("dist") != "load":
        return None
    # The scopes go out with the most tests first (xdist's --loadscope-reorder): the files of many
    # parametrised tests start early and the long single tests fill the gaps. Sending the longest files
    # first instead (by measured durations) ran the suite no faster here: the browser files then ran
    # side by side and took turns at the two cores.
    from xdist.scheduler import LoadScopeScheduling

    class SharedFixturesTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if path in SPREAD_FILES:
                lang = LANGUAGE_OF_TEST.search(nodeid)
                return f"search queries in {lang[1]}" if lang else nodeid
            return SHARED_FIXTURE_FILES.get(path, path)

    return SharedFixturesTogether(config, log)


@pytest.fixture(scope="session")
def start_server():
    """start_server(app) -> base URL; every server started is stopped at the end of the session."""
    started = []

    def start(app) -> str:
        server = ServerThread(app)
        url = server.__enter__()
        started.append(server)
        return url

    yield start
    for server in started:
        server.__exit__(None, None, None)
