"""Does search stay as good once a new edition renumbers everything? The synthetic next edition
(tests/synthetic_edition.py) goes through `rulebook edition add`; then a copy of the project is
switched to it as if it were current (its YAML in the current edition's folder, the remapped
situation vocabulary, glossary and training questions in place of today's) and both search indexes are
built. The held-out batches are asked of each: today's with their own labels, the new edition's with
the labels remapped through the same alignment (`remap.remap_list`, as the training questions were).

    .venv/bin/python bench/edition_search.py [--batches unseen12,unseen13,unseen14]

Prints MRR@10 / recall@3 per batch and language for both, and how many labels the remapping dropped
or flagged; asserts nothing. The learned evidence trains on `evaluate.TUNING`, paths of this project:
for the switched copy they are pointed at its remapped training files (the only way in without
changing the package for a benchmark).
"""
from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "plugins"))
sys.path.insert(0, str(ROOT / "tests"))

from synthetic_edition import longform_text, next_edition, renumber_references  # noqa: E402
from tdarules.editions_next import add_edition, added_edition  # noqa: E402
from tdarules.editions_next.remap import Targets, remap_list  # noqa: E402
from tdarules.loader import load_rulebook  # noqa: E402
from tdarules.model import CURRENT_EDITION, LANGUAGES  # noqa: E402
from tdarules.search import evaluate  # noqa: E402
from tdarules.search.index import build_index  # noqa: E402
from tdarules.search.query import search  # noqa: E402

LANGS = ("en", "zh-Hant", "zh-Hans", "ru")


def add_synthetic(root: Path) -> str:
    """The synthetic next edition added beside the current one in `root`; returns its year."""
    current = load_rulebook(ROOT)
    synthetic = renumber_references(next_edition(current.edition("en", CURRENT_EDITION)))
    shutil.copytree(ROOT / "rulebook", root / "rulebook")
    (root / "tests" / "calculators").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "calculators" / "RULE-REVIEW.yaml", root / "tests" / "calculators")
    source = root / "longform.txt"
    source.write_text(longform_text(synthetic.edition), encoding="utf-8")
    report = add_edition(root, source, synthetic.edition.edition)
    for line in report.lines(limit=2)[:6]:
        print("  " + line)
    return synthetic.edition.edition


def switched(root: Path, year: str, targets: Targets) -> Path:
    """A copy of `root` whose current edition is the added one, with what was remapped in place."""
    out = root.parent / "switched"
    shutil.copytree(root / "rulebook", out / "rulebook")
    book, added = out / "rulebook", out / "rulebook" / year
    for language in LANGUAGES:
        text = (added / f"{language}.yaml").read_text(encoding="utf-8")
        text = re.sub(rf"^edition: '?{year}'?$", f"edition: '{CURRENT_EDITION}'", text, count=1, flags=re.M)
        (book / CURRENT_EDITION / f"{language}.yaml").write_text(text, encoding="utf-8")
    remapped = added / "remapped"
    for name in ("situations.yaml", "glossary.yaml"):
        if (remapped / name).exists():
            shutil.copy(remapped / name, book / name)
    for path in (remapped / "training").glob("*.yaml"):
        shutil.copy(path, book / "training" / path.name)
    # the 2017 → current pairs follow the renumbering too (a dropped rule: no successor)
    lines = []
    for line in (book / "renumbering.yaml").read_text(encoding="utf-8").splitlines():
        match = re.match(r"^(\s+new: )'([^']+)'$", line)
        if match:
            target = targets.target(match[2])
            line = f"{match[1]}'{target.new[0]}'" if target and target.new else f"{match[1]}" if target else line
        lines.append(line)
    (book / "renumbering.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    shutil.rmtree(added)
    return out


def measure(index_dir: Path, cases) -> dict[str, list]:
    ranks: dict[str, list] = {lang: [] for lang in LANGS}
    for case in cases:
        hits = search(index_dir, case.q[:1000], case.lang, 10)
        ranks[case.lang].append(evaluate.rank_of([(h.id, h.rule, h.kind) for h in hits], case.expect))
    return ranks


def row(name: str, ranks: dict[str, list]) -> str:
    cells = []
    for lang in (*LANGS, "all"):
        values = [r for lst in ranks.values() for r in lst] if lang == "all" else ranks[lang]
        s = evaluate.summarize(values)
        cells.append(f"{s['mrr@10']:.3f} / {s['recall@3']:.3f}")
    return f"{name:<24}" + "  ".join(f"{c:>15}" for c in cells)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", default="unseen12,unseen13,unseen14")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "project"
        print("edition add (synthetic):")
        year = add_synthetic(root)
        _, _, targets = added_edition(root, year)
        new_root = switched(root, year, targets)
        switched_book = load_rulebook(new_root)                   # the switched copy is valid data
        titles = {r.title.text for r in switched_book.edition("en").all_rules()}
        print(f"switched: {len(titles)} rules and procedures, "
              f"{len(titles - {r.title.text for r in load_rulebook(ROOT).edition('en').all_rules()})} titles not in today's")
        today_index, new_index = Path(folder) / "today", Path(folder) / "next"
        build_index(load_rulebook(ROOT), today_index)
        tuning = evaluate.TUNING
        evaluate.TUNING = tuple(new_root / "rulebook" / "training" / p.name for p in tuning)
        evaluate.tuning_cases.cache_clear()
        try:
            build_index(load_rulebook(new_root), new_index)
        finally:
            evaluate.TUNING = tuning
            evaluate.tuning_cases.cache_clear()
        print(f"\n{'MRR@10 / recall@3':<24}" + "  ".join(f"{lang:>15}" for lang in (*LANGS, "all")))
        for name in args.batches.split(","):
            cases = evaluate.load_queries(evaluate.QUERIES.with_name(f"questions_{name}.yaml"))
            moved, flagged, dropped = [], 0, 0
            for case in cases:
                expect, notes, _ = remap_list(case.expect, targets, case.q, case.lang)
                flagged += bool(notes)
                if expect:
                    moved.append(replace(case, expect=expect))
                else:
                    dropped += 1
            print(row(f"{name} today", measure(today_index, cases)))
            print(row(f"{name} next", measure(new_index, moved))
                  + f"   ({len(moved)} asked; {flagged} labels flagged, {dropped} dropped with their rule)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
