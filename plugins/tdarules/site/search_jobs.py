"""The two search indexes (Whoosh for the API, Pagefind for the offline fallback), built in a second
process while MkDocs renders the pages.

Both are made from the rulebook alone, never from the rendered HTML, so nothing orders them after the
pages: run in the build's own process they added their whole time to it, while the machine's second core
sat idle. The child gets the loaded rulebook pickled (the YAML is read and validated once, by the
parent) and starts by `spawn`, not `fork`: `mkdocs serve` has threads running, and a forked child would
inherit their locks.

Pagefind goes into a scratch folder beside the site and is moved in when the pages are done: MkDocs
empties `site_dir` after `on_pre_build`, where the jobs start."""
from __future__ import annotations

import multiprocessing
import shutil
from multiprocessing.connection import Connection
from pathlib import Path

PAGEFIND = "pagefind"          # the folder inside the site (static_index.build_pagefind writes it)


def build_both(rulebook, index_dir: Path | None, scratch: Path | None) -> None:
    """The Whoosh index into ``index_dir`` and Pagefind into ``scratch/pagefind``, each only when asked
    for, from one query understanding per language (the typo data and the learned evidence)."""
    from ..search.index import build_index, understanding_by_language
    from ..search.static_index import build_pagefind
    understood = understanding_by_language(rulebook) if index_dir is not None or scratch is not None else {}
    if index_dir is not None:
        build_index(rulebook, index_dir, understood)
    if scratch is not None:
        build_pagefind(scratch, rulebook, understood)


def _child(report: Connection, rulebook, index_dir: Path | None, scratch: Path | None) -> None:
    """In the child: build, then send back None or the error, for the parent to raise."""
    try:
        build_both(rulebook, index_dir, scratch)
    except BaseException as error:        # every failure goes back to the build, to be raised there
        try:
            report.send(error)
        except Exception:                 # an error that does not pickle still says what it was
            report.send(RuntimeError(f"search index: {error!r}"))
    else:
        report.send(None)


def scratch_for(site_dir: Path) -> Path:
    """Where Pagefind is written before it moves into ``site_dir``: beside it, on the same file system
    (renamed in, not copied), named after it so that whoever removes a failed build's site removes
    this too (site/build.py)."""
    return site_dir.parent / f".pagefind-{site_dir.name.lstrip('.')}"


class SearchJobs:
    """One build's search indexes on their way: `finish` waits for them and puts Pagefind in the site;
    `cancel` stops them when the build failed."""

    def __init__(self, rulebook, index_dir: Path | None, site_dir: Path, static_search: bool):
        self.scratch = None
        if static_search:
            self.scratch = scratch_for(Path(site_dir))
            shutil.rmtree(self.scratch, ignore_errors=True)      # what a killed build left
            self.scratch.mkdir(parents=True)
        spawn = multiprocessing.get_context("spawn")
        self.outcome, report = spawn.Pipe(duplex=False)
        # a daemon: should the build itself die, the child goes with it
        self.process = spawn.Process(target=_child, args=(report, rulebook, index_dir, self.scratch), daemon=True,
                                     name="tda-search-indexes")
        self.process.start()
        report.close()                    # the child's end: once it exits, recv() ends instead of waiting

    def finish(self, site_dir: Path) -> None:
        """Wait for both indexes; an error of theirs is raised here, as it was raised in the child."""
        try:
            try:
                error = self.outcome.recv()
            except EOFError:
                self.process.join()
                raise RuntimeError(f"the search index process ended with code {self.process.exitcode} "
                                   "and no word") from None
            if error is not None:
                raise error
            if self.scratch is not None:
                target = Path(site_dir) / PAGEFIND
                shutil.rmtree(target, ignore_errors=True)
                (self.scratch / PAGEFIND).rename(target)
        finally:
            self.cancel()

    def cancel(self) -> None:
        if self.process.is_alive():
            self.process.terminate()      # a child still writing is stopped: the build has failed
        self.process.join()
        self.outcome.close()
        if self.scratch is not None:
            shutil.rmtree(self.scratch, ignore_errors=True)
