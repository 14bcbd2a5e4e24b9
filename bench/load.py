"""Load benchmark: `rulebook serve` under 32 clients, 1 and 2 uvicorn workers, normal and hostile mix.

    .venv/bin/python bench/load.py [--seconds 30] [--clients 32] [--workers 1 2] [--quick] [--nginx]

Needs a built site (`make build`: site/ and build/search-index). For each worker count it starts
`rulebook serve --workers N --rate 0` on 127.0.0.1 (the per-client rate limit is off: every client
here is 127.0.0.1) and runs, for --seconds each:

* normal   every client alternates a page (rule, procedure, glossary and home pages and their CSS/JS,
           four languages) and a search (real queries in four languages, tests/search/queries.yaml);
* hostile  half the clients send hostile searches (22 made-up words, typos on every word, 200
           characters of noise, syntax, bad parameters) as fast as they can; the other half fetch
           pages. Page latency is compared with the normal run's: the bound is 2x its p99.
* made-up  the normal mix, plus --attackers clients each sending --attack-rate searches a second
           of made-up words (25 of 7 letters, 22 of 8: every one compared with the vocabulary);
* expanding  the same with characters NFKC multiplies (U+FDFA x18, U+FDFB x8, U+3390 x2), at and
           past the length limit;
* idle     the normal mix while 1,100 connections from another loopback address send nothing.
           In these three the normal clients' search and page p99 are compared with the normal
           run's (bound 2x).

--nginx puts the production recipe in front (deploy/nginx.conf through tdarules.deploy, its per-client
limit off, one nginx worker per uvicorn worker): nginx serves the pages, uvicorn only the searches.

Prints requests/s, p50/p99 (all, pages, searches), errors (normal: anything but 200; hostile: a
5xx or a failed connection, 400 being the right answer to bad input) and the server's peak RSS
(all its processes, sampled every 0.2 s). The client is a minimal asyncio HTTP/1.1 client with
keep-alive, so that it costs the shared CPU as little as possible; client and server share the
machine's cores, so figures are lower bounds.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

import yaml

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "zh-Hant", "zh-Hans", "ru")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def page_paths(site: Path) -> list[str]:
    paths = []
    for lang in LANGS:
        for rule in ("43", "1", "36", "51", "71"):
            paths.append(f"/{lang}/rules/{rule}/")
        paths += [f"/{lang}/", f"/{lang}/rp/5/", f"/{lang}/glossary/"]
    assets = [p for p in site.joinpath("assets").rglob("*") if p.suffix in (".css", ".js") and p.is_file()]
    paths += ["/" + str(p.relative_to(site)) for p in sorted(assets)[:12]]
    missing = [p for p in paths if not (site / p.lstrip("/")).exists() and not (site / p.lstrip("/") / "index.html").exists()]
    assert not missing, missing
    return paths


def search_paths() -> list[str]:
    data = yaml.safe_load((ROOT / "tests" / "search" / "queries.yaml").read_text(encoding="utf-8"))
    items = data if isinstance(data, list) else data.get("queries", [])
    out = [f"/api/search?q={quote(str(item['q']))}&lang={item['lang']}" for item in items if "q" in item]
    assert len(out) > 50
    return out


def hostile_paths(rng: random.Random, n: int = 400) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = []
    for i in range(n):
        kind = i % 5
        if kind == 0:       # 22 made-up words (the reproduction)
            q = " ".join("".join(rng.choice(letters) for _ in range(rng.randint(5, 8))) for _ in range(22))[:200]
        elif kind == 1:     # a typo in every word of a real phrase, repeated
            q = " ".join(w[:-1] + rng.choice(letters) for w in ("raise", "minimum", "string", "betting", "player",
                                                              "declare", "action", "substantial") * 3)[:200]
        elif kind == 2:     # 200 characters of mixed noise
            q = "".join(rng.choice(letters + "абвгдежз規則加注 ") for _ in range(200))
        elif kind == 3:     # syntax a parser would choke on
            q = "raise AND (call OR NOT fold) title:x " * 5
        else:               # bad parameters
            out.append(rng.choice(["/api/search?q=raise&limit=%C2%B2", "/api/search?q=%FF%FE", "/api/search?q=&lang=xx",
                                   "/api/search?q=raise&q=call", "/api/search?lang=en"]))
            continue
        out.append(f"/api/search?q={quote(q[:200])}&lang={rng.choice(LANGS)}")
    return out


def made_up_paths(rng: random.Random, n: int = 200) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    cyrillic = "абвгдежзиклмнопрстуфхцчшщыэюя"
    out = []
    for i in range(n):
        count, size = ((25, 7), (22, 8))[i % 2]
        alphabet = cyrillic if i % 3 == 0 else letters
        q = " ".join("".join(rng.choice(alphabet) for _ in range(size)) for _ in range(count))[:200]
        out.append(f"/api/search?q={quote(q)}&lang={rng.choice(LANGS)}")
    return out


def expanding_paths(rng: random.Random, n: int = 200) -> list[str]:
    out = []
    for i in range(n):
        char, times = (("\ufdfa", 200), ("\ufdfa", 11), ("\ufdfb", 100), ("\ufdfb", 25), ("\u3390", 100))[i % 5]
        out.append(f"/api/search?q={quote(char * times)}&lang={rng.choice(LANGS)}")
    return out


def idle_connections(port: int, n: int = 1100) -> list[socket.socket]:
    """Connections that send nothing, from 127.0.0.2 (the measured clients are 127.0.0.1)."""
    opened = []
    for _ in range(n):
        try:
            opened.append(socket.create_connection(("127.0.0.1", port), timeout=5, source_address=("127.0.0.2", 0)))
        except OSError:
            break
    return opened


class Client:
    """One keep-alive HTTP/1.1 connection; get(path) -> (status, seconds)."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None

    async def get(self, path: str) -> tuple[int, float]:
        start = time.perf_counter()
        for attempt in range(2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                self.writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n".encode())
                head = await self.reader.readuntil(b"\r\n\r\n")
                status = int(head.split(b" ", 2)[1])
                length, close = 0, False
                for line in head.split(b"\r\n")[1:]:
                    name, _, value = line.partition(b":")
                    if name.lower() == b"content-length":
                        length = int(value)
                    elif name.lower() == b"connection" and value.strip().lower() == b"close":
                        close = True
                if length:
                    await self.reader.readexactly(length)
                if close:
                    self.writer.close()
                    self.writer = None
                return status, time.perf_counter() - start
            except (ConnectionError, asyncio.IncompleteReadError, OSError):
                if self.writer is not None:
                    self.writer.close()
                self.writer = None
                if attempt:
                    return 0, time.perf_counter() - start
        return 0, time.perf_counter() - start


async def run_mix(port: int, clients: int, seconds: float, pages: list[str], searches: list[str],
                  hostile: list[str] | None, attack: list[str] | None = None, attackers: int = 0,
                  attack_rate: float = 1.0) -> dict:
    """``hostile``: half the clients send these as fast as they can. ``attack``: ``attackers`` more
    clients send these at ``attack_rate`` a second each, beside the normal clients."""
    results = {"page": [], "search": [], "hostile": []}
    stop = time.monotonic() + seconds

    async def slow_attacker(n: int):
        rng = random.Random(1000 + n)
        client = Client(port)
        while time.monotonic() < stop:
            status, elapsed = await client.get(rng.choice(attack))
            results["hostile"].append((status, elapsed))
            await asyncio.sleep(max(0.0, 1 / attack_rate - elapsed))
        if client.writer is not None:
            client.writer.close()

    async def worker(n: int):
        rng = random.Random(n)
        client = Client(port)
        attacker = hostile is not None and n % 2 == 0
        i = 0
        while time.monotonic() < stop:
            if attacker:
                kind, path = "hostile", rng.choice(hostile)
            elif hostile is not None or i % 2 == 0:
                kind, path = "page", rng.choice(pages)
            else:
                kind, path = "search", rng.choice(searches)
            status, elapsed = await client.get(path)
            results[kind].append((status, elapsed))
            i += 1
        if client.writer is not None:
            client.writer.close()

    await asyncio.gather(*(worker(n) for n in range(clients)),
                         *(slow_attacker(n) for n in range(attackers if attack else 0)))
    return results


def tree_rss(pid: int) -> int:
    """RSS in bytes of a process and all its descendants (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parts = f.read().rsplit(")", 1)[1].split()
                children.setdefault(int(parts[1]), []).append(int(entry))
            except OSError:
                continue
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        todo += children.get(p, [])
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


class RssSampler(threading.Thread):
    def __init__(self, *pids: int):
        super().__init__(daemon=True)
        self.pids, self.peak, self.running = pids, 0, True

    def run(self):
        while self.running:
            self.peak = max(self.peak, sum(tree_rss(pid) for pid in self.pids))
            time.sleep(0.2)


def start_server(workers: int, port: int, log: Path) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "tdarules.cli", "serve", "--root", str(ROOT), "--port", str(port),
                                "--workers", str(workers), "--rate", "0"],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log.open("w"), start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                if s.recv(64).startswith(b"HTTP/1.1 200"):
                    return process
        except OSError:
            pass
        if process.poll() is not None:
            break
        time.sleep(0.3)
    process.kill()
    raise SystemExit(f"rulebook serve did not start; see {log}")


def stop_server(process: subprocess.Popen) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


def summarise(name: str, workers: int, seconds: float, results: dict, rss: int, hostile: bool) -> dict:
    rows = {k: v for k, v in results.items() if v}
    every = [r for v in rows.values() for r in v]
    if hostile:
        errors = sum(1 for s, _ in every if s == 0 or s >= 500)
    else:
        errors = sum(1 for s, _ in every if s != 200)
    out = {"mix": name, "workers": workers, "requests": len(every), "rps": len(every) / seconds, "errors": errors,
           "p50": pct([t for _, t in every], 0.5), "p99": pct([t for _, t in every], 0.99), "rss_mb": rss / 2**20}
    for kind, values in rows.items():
        times = [t for _, t in values]
        out[f"{kind}_n"] = len(values)
        out[f"{kind}_p50"], out[f"{kind}_p99"] = pct(times, 0.5), pct(times, 0.99)
        out[f"{kind}_status"] = {s: sum(1 for x, _ in values if x == s) for s in sorted({x for x, _ in values})}
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--quick", action="store_true", help="10 s per run")
    parser.add_argument("--nginx", action="store_true", help="through deploy/nginx.conf (Debian's nginx)")
    parser.add_argument("--mixes", nargs="+", default=["normal", "hostile", "made-up", "expanding", "idle"])
    parser.add_argument("--attackers", type=int, default=2)
    parser.add_argument("--attack-rate", type=float, default=4.0, help="searches/s per attacker")
    args = parser.parse_args()
    seconds = 10 if args.quick else args.seconds
    site = ROOT / "site"
    if not (site / "en" / "index.html").exists() or not (ROOT / "build" / "search-index" / "meta.json").exists():
        raise SystemExit("build the site first: make build")
    pages, searches = page_paths(site), search_paths()
    hostile = hostile_paths(random.Random(8))
    attacks = {"made-up": made_up_paths(random.Random(9)), "expanding": expanding_paths(random.Random(10))}
    rows = []
    for workers in args.workers:
        port = free_port()
        log = Path(os.environ.get("TMPDIR", "/tmp")) / f"tda-load-{workers}w.log"
        server = start_server(workers, port, log)
        front = None
        try:
            target, pids = port, [server.pid]
            if args.nginx:
                from tdarules.deploy import LocalNginx
                scratch = Path(tempfile.mkdtemp(prefix="tda-nginx-"))
                front = LocalNginx(scratch, site, free_port(), f"127.0.0.1:{port}", workers=workers, rate_limit=False)
                target = int(front.__enter__().rsplit(":", 1)[1])
                pids.append(front.process.pid)
            for name in ["normal"] + [m for m in args.mixes if m != "normal"]:
                idle = idle_connections(target) if name == "idle" else []
                sampler = RssSampler(*pids)
                sampler.start()
                results = asyncio.run(run_mix(target, args.clients, seconds, pages, searches,
                                              hostile if name == "hostile" else None, attacks.get(name),
                                              args.attackers, args.attack_rate))
                sampler.running = False
                sampler.join()
                for sock in idle:
                    sock.close()
                rows.append(summarise(name, workers, seconds, results, sampler.peak, name != "normal"))
                if idle:
                    rows[-1]["idle_open"] = len(idle)
                print(f"  {workers} worker(s), {name}: {rows[-1]['rps']:.0f} req/s, errors {rows[-1]['errors']}",
                      file=sys.stderr, flush=True)
        finally:
            if front is not None:
                front.__exit__()
                shutil.rmtree(front.tmp, ignore_errors=True)
            stop_server(server)
    print(f"\n{args.clients} clients, {seconds:.0f} s per run, {os.cpu_count()} CPU cores shared by client and server"
          + (", through nginx (deploy/nginx.conf)" if args.nginx else "") + "\n")
    print(f"{'mix':8} {'workers':>7} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'page p50':>8} {'page p99':>8} "
          f"{'search p50':>10} {'search p99':>10} {'errors':>6} {'peak RSS':>9}")
    for r in rows:
        search_p50 = r.get("search_p50", r.get("hostile_p50", float("nan")))
        search_p99 = r.get("search_p99", r.get("hostile_p99", float("nan")))
        print(f"{r['mix']:8} {r['workers']:>7} {r['rps']:>7.0f} {r['p50']:>7.1f} {r['p99']:>7.1f} "
              f"{r.get('page_p50', float('nan')):>8.1f} {r.get('page_p99', float('nan')):>8.1f} "
              f"{search_p50:>10.1f} {search_p99:>10.1f} {r['errors']:>6} {r['rss_mb']:>7.0f} MB")
    print("\nhostile rows: 'search' columns are the hostile queries; their answers by status:")
    for r in rows:
        if r["mix"] == "normal":
            continue
        normal = next(x for x in rows if x["mix"] == "normal" and x["workers"] == r["workers"])
        ratio = lambda kind: r.get(f"{kind}_p99", float("nan")) / normal[f"{kind}_p99"]   # noqa: E731
        line = f"  {r['mix']:9} {r['workers']} worker(s): page p99 {r.get('page_p99', float('nan')):.1f} ms = {ratio('page'):.2f}x"
        if "search_p99" in r:
            line += f", normal search p99 {r['search_p99']:.1f} ms = {ratio('search'):.2f}x"
        line += " of normal (bound 2x)"
        if "hostile_status" in r:
            line += f"; attack answers {r['hostile_status']}, p99 {r['hostile_p99']:.1f} ms"
        if "idle_open" in r:
            line += f"; {r['idle_open']} idle connections opened, normal answers {r.get('search_status')} {r.get('page_status')}"
        print(line)
    return 0 if all(r["errors"] == 0 for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
