"""A copy of the project with hostile translated titles and a new edition made current
(`published_copy`, for tests/test_edition_publish.py); the hostile titles also go through Material's
templates in tests/site/test_safe_titles.py."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = "https://rules.example.org/"


def project_copy(target: Path) -> Path:
    """What `rulebook build` reads: mkdocs.yml, docs/, overrides/, rulebook/."""
    for name in ("docs", "overrides", "rulebook"):
        shutil.copytree(ROOT / name, target / name, ignore=shutil.ignore_patterns("generated"))
    shutil.copy(ROOT / "mkdocs.yml", target / "mkdocs.yml")
    return target


def project_with_code(target: Path) -> tuple[Path, dict]:
    """project_copy plus what the edition commands read and write (the code, which `rulebook edition
    publish` switches, the calculators' rule review, the held-out questions the build keeps out of what
    search learns); returns the copy and the environment that runs the copy's own code."""
    project_copy(target)
    shutil.copytree(ROOT / "plugins", target / "plugins", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    (target / "node_modules").symlink_to(ROOT / "node_modules")          # terser, for the build's minifying
    (target / "tests" / "calculators").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "calculators" / "RULE-REVIEW.yaml", target / "tests" / "calculators")
    shutil.copytree(ROOT / "tests" / "search", target / "tests" / "search", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(target / "plugins"), "TDA_PDF": "false", "NO_MKDOCS_2_WARNING": "1"}
    return target, env


# Translated titles as an attacker would import them through XLIFF: each reaches Material's own
# templates (<title>, header topic, navigation, footer), which print page and section titles unescaped.
HOSTILE_TITLES = {
    "ru": {"text: Размер рейза\n": '</title><meta http-equiv="refresh" content="0;url=https://evil.example/"><script>alert(1)</script>',
           "text: Общие положения\n": "<svg onload=alert(2)>",
           "text: Кнопки «all-in»\n": "<style>body{display:none}</style>"},
    "zh-Hant": {"title: 標準加注值\n": "<img src=x onerror=alert(3)>"},
}
HOSTILE_MARKERS = ("<script>alert(1)", "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example/\">", "<svg onload=", "<style>body{display:none}",
                   "<img src=x onerror")


def add_hostile_titles(root: Path) -> None:
    """Replace the first occurrence of each title in the copy's translations with hostile markup."""
    from tdarules.model import CURRENT_EDITION
    for language, replacements in HOSTILE_TITLES.items():
        path = root / "rulebook" / CURRENT_EDITION / f"{language}.yaml"
        text = path.read_text(encoding="utf-8")
        for old, hostile in replacements.items():
            assert old in text, f"{path}: {old!r} not found"
            key = old.split(":")[0]
            text = text.replace(old, f"{key}: '{hostile}'\n", 1)
        path.write_text(text, encoding="utf-8")


# The rule the search sends "change asked for" amounts to, pointed at one the synthetic edition
# renumbers (it leaves 41 to 61 where they are): publishing moves it, and spec.js with it.
AMOUNT_RULES = {"change": "12"}


@dataclass
class PublishedCopy:
    """A copy of the project in which the synthetic next edition was added and made current, and what
    each step said."""
    root: Path
    year: str                                    # the edition current in it, published there
    env: dict
    refused: subprocess.CompletedProcess         # `edition publish` before the uncertain matches were confirmed
    published: subprocess.CompletedProcess       # ... and after
    pages: subprocess.CompletedProcess           # copy_pages.py: generated pages, exports, edition addresses
    indexed: subprocess.CompletedProcess         # `rulebook index`

    def run(self, *args: str) -> subprocess.CompletedProcess:
        """A `rulebook` command of the copy's own code in the copy."""
        return subprocess.run([sys.executable, "-m", "tdarules.cli", *args, "--root", str(self.root)], cwd=self.root,
                              env=self.env, capture_output=True, text=True, timeout=900)


def published_copy(target: Path) -> PublishedCopy:
    """Everything a real project meets later, in one copy: its code, HOSTILE_TITLES in its
    translations, the synthetic next edition added (`rulebook edition add`), its uncertain matches
    confirmed by a person and published (`rulebook edition publish`); then, with the copy's own code,
    the pages and data the build derives from the switched rulebook (copy_pages.py) and its search
    index (`rulebook index`). No MkDocs render: the site's own build is the suite's one build, and
    what MkDocs and Material do with a page is tested there and on a small project
    (tests/site/test_safe_titles.py)."""
    from synthetic_edition import edit_mapping, longform_text, next_edition, renumber_references, with_amount_rules
    from tdarules.loader import load_rulebook
    from tdarules.yamlio import read_yaml, to_plain

    root, env = project_with_code(target)
    add_hostile_titles(root)
    spec = root / "plugins" / "tdarules" / "search" / "spec.yaml"
    spec.write_text(with_amount_rules(spec.read_text(encoding="utf-8"), AMOUNT_RULES), encoding="utf-8")
    synthetic = renumber_references(next_edition(load_rulebook(ROOT).edition("en")))
    year = synthetic.edition.edition
    (root / "longform.txt").write_text(longform_text(synthetic.edition), encoding="utf-8")
    copy = PublishedCopy(root, year, env, None, None, None, None)
    added = copy.run("edition", "add", "longform.txt", "--year", year)
    assert added.returncode == 0, added.stderr
    copy.refused = copy.run("edition", "publish", "--year", year)
    # a person reads the uncertain matches and confirms them as the aligner proposed
    mapping = root / "rulebook" / year / "mapping.yaml"
    edit_mapping(mapping, {unit["old"]: {"confirmed": True}
                           for unit in to_plain(read_yaml(mapping))["units"] if unit["uncertain"]})
    copy.published = copy.run("edition", "publish", "--year", year)
    copy.pages = subprocess.run([sys.executable, str(ROOT / "tests" / "copy_pages.py"), str(root)], cwd=root, env=env,
                                capture_output=True, text=True, timeout=900)
    copy.indexed = copy.run("index")
    return copy
