"""A copy of the project and one whole build of it, shared by the tests of the build command
(tests/test_cli.py) and of the public site URL (tests/print/test_site_url.py): each whole build
costs about a minute, so the two read the same one."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
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
    for language, replacements in HOSTILE_TITLES.items():
        path = root / "rulebook" / "2024" / f"{language}.yaml"
        text = path.read_text(encoding="utf-8")
        for old, hostile in replacements.items():
            assert old in text, f"{path}: {old!r} not found"
            key = old.split(":")[0]
            text = text.replace(old, f"{key}: '{hostile}'\n", 1)
        path.write_text(text, encoding="utf-8")


def whole_build(target: Path) -> tuple[Path, subprocess.CompletedProcess]:
    """`rulebook build --strict` in a copy of the project over a stale site, for the public address
    PUBLIC, with HOSTILE_TITLES in its translations. Without the PDFs: at another address their footers and QR codes change, so the cache
    would not serve and rendering all of them again takes minutes; `make build` makes them and
    tests/print checks them."""
    root = project_copy(target)
    add_hostile_titles(root)
    (root / "site").mkdir()
    (root / "site" / "stale.html").write_text("from the last build", encoding="utf-8")
    env = {**os.environ, "TDA_PDF": "false", "NO_MKDOCS_2_WARNING": "1"}
    # a hang guard, not a time limit: a whole build takes ~1–2 min on 2 cores shared with other work
    result = subprocess.run([sys.executable, "-m", "tdarules.cli", "build", "--strict", "--root", str(root),
                             "--site-url", PUBLIC], capture_output=True, text=True, cwd=ROOT, env=env, timeout=900)
    return root, result
