"""python bench/plain_site N OUT_DIR [--build]: generate (and optionally build) the plain site."""

import argparse
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from plain_site import generate  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(prog="plain_site", description=__doc__)
    parser.add_argument("n", type=int, help="number of pages")
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--build", action="store_true", help="also run mkdocs build --strict")
    args = parser.parse_args()
    config = generate(args.n, args.out_dir)
    print(f"wrote {args.n} pages: {config}")
    if args.build:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(config)],
            check=True,
        )
        print(f"built in {time.perf_counter() - start:.2f} s: {args.out_dir / 'site'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
