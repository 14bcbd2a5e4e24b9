"""How long reading the rulebook's YAML takes: read_yaml (libyaml's events, built by ruamel) against
read_yaml_round_trip (ruamel alone, comments kept for writers), and a hit of the parse cache
(read_positioned: the plain data and the lines a reader needs).

    .venv/bin/python bench/yaml_read.py [--runs 5]

Prints the median time per file and the totals; asserts nothing about time.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from tdarules.yamlio import CACHE_ENV, read_positioned, read_yaml, read_yaml_round_trip  # noqa: E402


def median_ms(read, path: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        read(path)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    files = sorted((ROOT / "rulebook").glob("*.yaml")) + sorted((ROOT / "rulebook").glob("[0-9]*/*.yaml"))
    os.environ[CACHE_ENV] = tempfile.mkdtemp(prefix="yaml-cache-")
    totals = [0.0, 0.0, 0.0]
    print(f"{'file':44} {'read_yaml':>10} {'round trip':>11} {'cache hit':>10}   (ms, median of {args.runs})")
    for path in files:
        read_positioned(path)                      # the cache is filled once, then hit
        row = [median_ms(read, path, args.runs) for read in (read_yaml, read_yaml_round_trip, read_positioned)]
        totals = [a + b for a, b in zip(totals, row)]
        print(f"{str(path.relative_to(ROOT)):44} {row[0]:10.1f} {row[1]:11.1f} {row[2]:10.1f}")
    print(f"{'all ' + str(len(files)) + ' files':44} {totals[0]:10.1f} {totals[1]:11.1f} {totals[2]:10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
