"""One rate-limit budget per client across processes (plugins/tdarules/search/ratelimit.py)."""
from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tdarules.search.ratelimit import LocalBuckets, SharedBuckets, drop_store, make_store

NOW = 1_000.0


def _spend(path: str, client: str, times: int, start, results) -> None:
    buckets = SharedBuckets(path, rate=1.0, burst=40)
    start.wait()
    results.put(sum(1 for _ in range(times) if buckets.take(client, NOW) == 0))


def test_four_processes_share_one_burst(tmp_path):
    """4 processes x 30 requests at the same instant: exactly the burst (40) passes, not 4 x 40;
    each UPSERT is atomic, so no two processes spend the same token."""
    path = str(tmp_path / "buckets.sqlite")
    SharedBuckets(path, 1.0, 40).take("warm-up", NOW)        # the table exists before the race
    ctx = multiprocessing.get_context("spawn")
    start, results = ctx.Barrier(4), ctx.Queue()
    procs = [ctx.Process(target=_spend, args=(path, "203.0.113.7", 30, start, results)) for _ in range(4)]
    for p in procs:
        p.start()
    passed = sum(results.get(timeout=60) for _ in procs)
    for p in procs:
        p.join(30)
    assert passed == 40
    # Another client has its own budget; the first one refills at the rate (1/s): 2.5 s -> 2 more.
    other = SharedBuckets(path, 1.0, 40)
    assert other.take("198.51.100.1", NOW) == 0
    assert other.take("203.0.113.7", NOW) > 0
    assert [other.take("203.0.113.7", NOW + 2.5) == 0 for _ in range(3)] == [True, True, False]


def test_retry_after_and_the_same_arithmetic_in_memory(tmp_path):
    for buckets in (LocalBuckets(2.0, 3), SharedBuckets(tmp_path / "b.sqlite", 2.0, 3)):
        assert [buckets.take("c", NOW) for _ in range(3)] == [0, 0, 0]
        wait = buckets.take("c", NOW)
        assert 0.45 < wait <= 0.5, type(buckets)                    # a token every 0.5 s
        assert buckets.take("c", NOW + 0.5) == 0


def test_an_unusable_store_falls_back_to_counting_per_process(tmp_path):
    blocked = tmp_path / "not-a-dir"
    blocked.write_text("x")
    buckets = SharedBuckets(blocked / "buckets.sqlite", 1.0, 2)
    assert [buckets.take("c", NOW) == 0 for _ in range(3)] == [True, True, False]


def test_idle_buckets_are_pruned(tmp_path, monkeypatch):
    import tdarules.search.ratelimit as rl
    monkeypatch.setattr(rl, "PRUNE_EVERY", 10)
    buckets = SharedBuckets(tmp_path / "b.sqlite", 10.0, 5)
    for i in range(9):
        buckets.take(f"10.0.0.{i}", NOW)
    buckets.take("10.0.0.99", NOW + 60)                          # the 10th take prunes the full buckets
    rows = buckets._connection().execute("SELECT client FROM buckets").fetchall()
    assert rows == [("10.0.0.99",)]


def test_stores_of_dead_servers_are_swept_and_only_the_owner_drops_its_own(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    gone = tmp_path / "tda-rate-gone"
    gone.mkdir()
    (gone / "owner").write_text(dead.stdout.strip())           # that process has exited
    foreign = tmp_path / "tda-rate-foreign"
    foreign.mkdir()                                             # no owner file: not ours to judge
    mine = Path(make_store())
    assert not gone.exists() and foreign.exists()
    assert mine.parent.parent == tmp_path and (mine.parent / "owner").read_text() == str(os.getpid())
    other = tmp_path / "tda-rate-other"
    other.mkdir()
    (other / "owner").write_text("1")                           # pid 1: alive, and not us
    drop_store(str(other / "buckets.sqlite"))
    assert other.exists()
    drop_store(str(mine))
    assert not mine.parent.exists()
