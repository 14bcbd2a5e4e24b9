"""The `rulebook` command line: show, validate, and the lazily imported build/index/search/serve hooks."""
from __future__ import annotations

import subprocess
import sys
import shutil
from pathlib import Path

import pytest

from tdarules.show import display_width

ROOT = Path(__file__).resolve().parents[1]
FILES = ["rulebook/2024/en.yaml", "rulebook/2024/zh-Hant.yaml", "rulebook/2024/ru.yaml",
         "rulebook/2017/en.yaml", "rulebook/glossary.yaml", "rulebook/renumbering.yaml"]


def rulebook(*args: str) -> subprocess.CompletedProcess:
    result = subprocess.run([sys.executable, "-m", "tdarules.cli", *args], capture_output=True, text=True,
                            cwd=ROOT, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr
    return result


@pytest.fixture(scope="module")
def complete():
    missing = [f for f in FILES if not (ROOT / f).exists()]
    if missing:
        pytest.skip(f"rulebook files not produced yet: {', '.join(missing)}")


def test_validate_is_clean_on_the_repo(complete):
    result = rulebook("validate", "--root", str(ROOT))
    assert (result.returncode, result.stdout) == (0, ""), result.stdout


def test_show_english(complete):
    result = rulebook("show", "43", "--width", "80")
    assert result.returncode == 0
    out = result.stdout
    assert out.startswith("Rule 43: Raise Amounts\n")
    assert "\nA: A raise must be at least equal" in out and "\nB: Without other clarifying" in out
    assert "Example 1:" in out and "Example 4-B:" in out          # the addendum's worked examples
    assert max(len(line) for line in out.splitlines()[2:]) <= 80      # wrapped (the rule heading aside)


def test_show_traditional_chinese(complete):
    result = rulebook("show", "43", "--lang", "zh-Hant", "--width", "60")
    assert result.returncode == 0
    out = result.stdout
    assert out.startswith("規則 43: 標準加注值\n")
    assert "參見規則45-B" in out.replace("\n", "").replace(" ", "")
    assert "案例1" in out and "**" not in out                    # example markers shown without stray markup
    assert max(display_width(line) for line in out.splitlines()[2:]) <= 60


def test_show_simplified_chinese_differs(complete):
    hant = rulebook("show", "43", "--lang", "zh-Hant").stdout
    hans = rulebook("show", "43", "--lang", "zh-Hans").stdout
    assert hans != hant
    assert hans.startswith("规则 43: 标准加注值\n")
    assert "OpenCC" in hans                                     # says it is machine-converted


def test_show_simplified_chinese_converts_the_rule_text(complete):
    hans = rulebook("show", "43", "--lang", "zh-Hans", "--width", "60").stdout.replace("\n", "").replace(" ", "")
    assert "参见规则45-B" in hans and "參見規則45-B" not in hans


def test_show_russian_and_2017(complete):
    ru = rulebook("show", "43", "--lang", "ru")
    assert ru.returncode == 0 and ru.stdout.startswith("Правило 43:")
    old = rulebook("show", "46", "--year", "2017")
    assert old.returncode == 0 and old.stdout.startswith("Rule 46: Raise Amounts")


def test_show_procedure_and_unknown_rule(complete):
    rp = rulebook("show", "rp-5")
    assert rp.returncode == 0 and rp.stdout.startswith("RP-5: ")
    missing = rulebook("show", "72")
    assert missing.returncode == 2 and "no rule 72" in missing.stderr


def test_malformed_file_gives_the_loaders_problem(tmp_path):
    (tmp_path / "rulebook").mkdir()
    result = rulebook("validate", "--root", str(tmp_path))
    assert result.returncode == 1
    assert "rulebook/2024/en.yaml:0: -: file is missing" in result.stdout.splitlines()


def test_index_then_search_from_the_terminal(tmp_path):
    # A copy of the data, so the test writes its own index instead of the built site's.
    shutil.copytree(ROOT / "rulebook", tmp_path / "rulebook")
    assert rulebook("index", "--root", str(tmp_path)).returncode == 0
    assert (tmp_path / "build" / "search-index" / "meta.json").is_file()
    assert not (tmp_path / "site").exists()              # the private index is never in the published tree
    hits = rulebook("search", "全下", "--lang", "zh-Hans", "--limit", "3", "--root", str(tmp_path))
    assert hits.returncode == 0 and "/zh-Hans/rules/" in hits.stdout
    jump = rulebook("search", "2017 rule 46", "--root", str(tmp_path))
    first_title, first_url = jump.stdout.splitlines()[:2]        # "1. 43  Raise Amounts" / "   /en/rules/43/  score"
    assert first_title.split()[:2] == ["1.", "43"], jump.stdout
    assert first_url.split()[0] == "/en/rules/43/", jump.stdout
    bad = rulebook("search", "   ", "--root", str(tmp_path))
    assert bad.returncode == 1 and bad.stderr.strip()
