"""Generate a plain mkdocs-material project to time against the real site build.

Same theme settings as the real ``mkdocs.yml`` (Material, ``font: false``, light and
dark palette, same features and Markdown extensions), but no static-i18n, no
``tda-rules`` plugin, no hooks, no ``custom_dir``: N pages of text comparable to a
rule page (headings per part, paragraphs, a list, an example block, cross-links).

    from plain_site import generate          # with bench/ on sys.path
    config_file = generate(315, "/tmp/plain")
    # then time: mkdocs build -f <config_file> -d <site dir>

or from the shell:

    .venv/bin/python bench/plain_site 315 /tmp/plain [--build]
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

__all__ = ["generate", "MKDOCS_YML"]

MKDOCS_YML = """\
site_name: Plain Material benchmark
site_url: http://127.0.0.1:8000/
docs_dir: docs
use_directory_urls: true
theme:
  name: material
  font: false
  language: en
  palette:
    - media: "(prefers-color-scheme: light)"
      scheme: default
      primary: indigo
      accent: indigo
      toggle:
        icon: material/weather-night
        name: Switch to dark mode
    - media: "(prefers-color-scheme: dark)"
      scheme: slate
      primary: indigo
      accent: indigo
      toggle:
        icon: material/weather-sunny
        name: Switch to light mode
  features:
    - navigation.footer
    - navigation.indexes
    - navigation.sections
    - navigation.prune
    - navigation.top
    - navigation.tracking
    - toc.follow
    - content.tooltips
    - content.code.copy
plugins: []
extra:
  generator: false
markdown_extensions:
  - abbr
  - admonition
  - attr_list
  - def_list
  - md_in_html
  - tables
  - toc:
      permalink: true
  - pymdownx.details
  - pymdownx.superfences
"""

_WORDS = (
    "player dealer button bet raise call fold all-in chip stack pot table floor "
    "hand card showdown muck action turn blind ante tournament clock penalty seat "
    "verbal declaration substantial amount opening opponent river flop board "
    "the a of to in is must may not be any when if and or by with before after"
).split()


def _sentence(rng: random.Random, n: int) -> str:
    words = [rng.choice(_WORDS) for _ in range(n)]
    return " ".join(words).capitalize() + "."


def _paragraph(rng: random.Random) -> str:
    return " ".join(_sentence(rng, rng.randint(8, 22)) for _ in range(rng.randint(2, 5)))


def _page(i: int, n: int, rng: random.Random) -> str:
    """About the size and shape of a generated rule page (2-4 KB of Markdown)."""
    lines = [f"# Rule {i}: {_sentence(rng, 3).rstrip('.')}", ""]
    for letter in "ABCD"[: rng.randint(1, 4)]:
        lines += [f"## {i}-{letter} {{#{i}-{letter}}}", "", _paragraph(rng), ""]
        if rng.random() < 0.3:
            lines += [f"{k}. {_sentence(rng, 10)}" for k in range(1, 4)] + [""]
    target = rng.randint(1, n)
    lines += [f"See [Rule {target}](page-{target}.md#{target}-A).", ""]
    if rng.random() < 0.5:
        lines += [f'??? example "Example {i}-A"', "", f"    {_paragraph(rng)}", ""]
    return "\n".join(lines)


def generate(n: int, out_dir: str | Path, *, seed: int = 2024) -> Path:
    """Write a plain mkdocs-material project with ``n`` pages to ``out_dir``.

    ``out_dir`` is emptied first. Returns the path of its ``mkdocs.yml``.
    """
    if n < 1:
        raise ValueError("n must be at least 1")
    out = Path(out_dir)
    if out.exists():
        shutil.rmtree(out)
    docs = out / "docs"
    docs.mkdir(parents=True)
    rng = random.Random(seed)
    (docs / "index.md").write_text(
        "# Plain Material benchmark\n\n"
        + "\n".join(f"- [Rule {i}](page-{i}.md)" for i in range(1, n + 1))
        + "\n",
        encoding="utf-8",
    )
    for i in range(1, n + 1):
        (docs / f"page-{i}.md").write_text(_page(i, n, rng), encoding="utf-8")
    config = out / "mkdocs.yml"
    config.write_text(MKDOCS_YML, encoding="utf-8")
    return config
