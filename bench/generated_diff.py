"""Normalized diff of two generated trees: proves a refactor of the page generator left the output alone.

    python bench/generated_diff.py snapshot /tmp/before      # copy docs/generated/ and the built site/
    ... change the code, rebuild (`.venv/bin/rulebook build --strict`) ...
    python bench/generated_diff.py snapshot /tmp/after
    python bench/generated_diff.py compare /tmp/before /tmp/after

Compared: every generated Markdown file, every built HTML page, the JSON exports and the sitemaps. What is
normalized, and why it cannot change what a reader or a script gets:
- runs of whitespace become one space, and whitespace next to a block-level tag is dropped (templates put
  such tags on their own lines; HTML renders both the same);
- the spellings of one character entity: `&quot;`/`&#34;`, `&#x27;`/`&#39;` (html.escape and markupsafe
  spell them differently);
- HTML inside JSON strings gets the same treatment (the exports carry rendered rule text).
Prints one unified diff per differing file (normalized text, one tag per line) and a summary; exit 1 if any.

To show that a change touched only what it meant to, `--drop REGEX` (repeatable) deletes the matches from
both sides before comparing: `compare A B --drop ' markdown="0"' --drop ' role="img"'`.
"""
from __future__ import annotations

import argparse
import difflib
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATTERNS = ("generated/**/*.md", "site/**/*.html", "site/data/**/*.json", "site/**/sitemap.xml")
SKIP = ("site/search-index/", "site/pagefind/")
BLOCK = ("address|article|aside|blockquote|body|details|dialog|dd|div|dl|dt|fieldset|figcaption|figure|footer|"
         "form|h[1-6]|head|header|hr|html|li|link|main|meta|nav|noscript|ol|p|pre|script|section|style|summary|"
         "table|tbody|td|tfoot|th|thead|title|tr|ul")
_BLOCK_TAG = re.compile(rf"\s*(</?(?:{BLOCK})\b[^>]*>)\s*", re.IGNORECASE)
_ENTITIES = {"&quot;": "&#34;", "&#x22;": "&#34;", "&#x27;": "&#39;"}


def normalize_html(text: str) -> str:
    for spelling, canonical in _ENTITIES.items():
        text = text.replace(spelling, canonical)
    text = re.sub(r"\s+", " ", text)
    return _BLOCK_TAG.sub(r"\1", text).strip()


def _normalize_json(value):
    if isinstance(value, str):
        return normalize_html(value)
    if isinstance(value, list):
        return [_normalize_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _normalize_json(v) for k, v in value.items()}
    return value


def normalize(path: Path, drop: tuple[str, ...] = ()) -> str:
    text = path.read_text(encoding="utf-8")
    for pattern in drop:
        text = re.sub(pattern, "", text)
    if path.suffix == ".json":
        return json.dumps(_normalize_json(json.loads(text)), ensure_ascii=False, sort_keys=True, indent=0)
    return normalize_html(text)


def files(tree: Path) -> dict[str, Path]:
    found = {}
    for pattern in PATTERNS:
        for path in tree.glob(pattern):
            name = path.relative_to(tree).as_posix()
            if not name.startswith(SKIP):
                found[name] = path
    return found


def snapshot(out: Path) -> None:
    """Copy what `compare` reads: docs/generated/ -> out/generated, site/ -> out/site (no indexes)."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(ROOT / "docs" / "generated", out / "generated")
    shutil.copytree(ROOT / "site", out / "site", ignore=shutil.ignore_patterns("search-index", "pagefind"))
    print(f"snapshot: {len(files(out))} files in {out}")


def compare(before: Path, after: Path, *, max_lines: int = 200, drop: tuple[str, ...] = ()) -> int:
    old, new = files(before), files(after)
    differing = []
    for name in sorted(old.keys() & new.keys()):
        a, b = normalize(old[name], drop), normalize(new[name], drop)
        if a != b:
            differing.append(name)
            # One tag per line so the diff points at the element, not at a 50 KB line.
            lines_a, lines_b = (re.sub(r"(<[^>]+>)", r"\n\1", s).splitlines() for s in (a, b))
            diff = list(difflib.unified_diff(lines_a, lines_b, f"before/{name}", f"after/{name}", lineterm="", n=1))
            print("\n".join(diff[:max_lines]))
    only_old, only_new = sorted(old.keys() - new.keys()), sorted(new.keys() - old.keys())
    for name in only_old:
        print(f"only before: {name}")
    for name in only_new:
        print(f"only after: {name}")
    print(f"compared {len(old.keys() & new.keys())} files: {len(differing)} differ, "
          f"{len(only_old)} only before, {len(only_new)} only after")
    return 1 if differing or only_old or only_new else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("snapshot").add_argument("out", type=Path)
    cmp = sub.add_parser("compare")
    cmp.add_argument("before", type=Path)
    cmp.add_argument("after", type=Path)
    cmp.add_argument("--max-lines", type=int, default=200, help="diff lines shown per file")
    cmp.add_argument("--drop", action="append", default=[], metavar="REGEX",
                     help="delete matches from both sides first (an intended change); repeatable")
    args = parser.parse_args(argv)
    if args.command == "snapshot":
        snapshot(args.out)
        return 0
    return compare(args.before, args.after, max_lines=args.max_lines, drop=tuple(args.drop))


if __name__ == "__main__":
    sys.exit(main())
