"""The `rulebook` command line: show, validate, and the lazily imported build/index/search/serve hooks."""
from __future__ import annotations

import json
import subprocess
import sys
import shutil
from pathlib import Path

import pytest

from tdarules.show import display_width

from project_build import project_copy

ROOT = Path(__file__).resolve().parents[1]
FILES = ["rulebook/2024/en.yaml", "rulebook/2024/zh-Hant.yaml", "rulebook/2024/ru.yaml",
         "rulebook/2017/en.yaml", "rulebook/glossary.yaml", "rulebook/renumbering.yaml"]


def rulebook(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    # A hang guard, not a time limit: a build refused early takes seconds.
    result = subprocess.run([sys.executable, "-m", "tdarules.cli", *args], capture_output=True, text=True,
                            cwd=ROOT, timeout=timeout)
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


# --- import, build and serve, as a user runs them -----------------------------------------------

def test_import_reproduces_the_committed_yaml(tmp_path):
    """`rulebook import` from the verbatim sources writes exactly the files in the repository."""
    imported = [f for f in FILES if f != "rulebook/glossary.yaml"]     # the glossary is compiled by hand
    shutil.copytree(ROOT / "rulebook", tmp_path / "rulebook")
    for file in imported:
        (tmp_path / file).unlink()
    result = rulebook("import", "--root", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert sorted(line.split()[1] for line in result.stdout.splitlines()) == sorted(str(tmp_path / f) for f in imported)
    for file in imported:
        assert (tmp_path / file).read_bytes() == (ROOT / file).read_bytes(), file
    assert rulebook("validate", "--root", str(tmp_path)).returncode == 0


def test_import_without_sources_says_which(tmp_path):
    (tmp_path / "rulebook").mkdir()
    result = rulebook("import", "--root", str(tmp_path))
    assert result.returncode == 1 and result.stdout == ""
    assert "rulebook/sources/000_ea0a9c803a5824f7.txt:0: -: source text is missing" in result.stderr.splitlines()


def test_build_refuses_bad_data_and_keeps_the_last_good_site(tmp_path):
    root = project_copy(tmp_path)
    (root / "site").mkdir()
    (root / "site" / "index.html").write_text("last good build", encoding="utf-8")
    (root / "build" / "search-index").mkdir(parents=True)
    (root / "build" / "search-index" / "meta.json").write_text("{}", encoding="utf-8")
    en = root / "rulebook/2024/en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace("(See also Rule 65)", "(See also Rule 99)"), encoding="utf-8")
    result = rulebook("build", "--strict", "--root", str(root))
    assert result.returncode == 1
    assert [l for l in result.stdout.splitlines() if l] == [
        f"rulebook/2024/en.yaml:{_line(en, '      B:', after=chr(10) + '  ' + repr('13') + ':')}: 13: "
        "cross-reference 'Rule 99' in part B does not resolve: no rule 99"]
    assert "left as it was" in result.stderr
    assert (root / "site" / "index.html").read_text(encoding="utf-8") == "last good build"
    assert (root / "build" / "search-index" / "meta.json").read_text(encoding="utf-8") == "{}"
    assert not (root / "docs" / "generated").exists()            # refused before writing anything
    assert not list(root.glob(".site*")) and not list((root / "build").glob(".search-index*"))


def test_build_with_an_empty_file_is_refused(tmp_path):
    root = project_copy(tmp_path)
    (root / "rulebook/2024/en.yaml").write_text("", encoding="utf-8")
    result = rulebook("build", "--root", str(root))
    assert result.returncode == 1 and result.stdout.splitlines() == ["rulebook/2024/en.yaml:1: -: file is empty"]
    assert not (root / "site").exists()


def test_a_failing_mkdocs_build_keeps_the_last_good_site(tmp_path):
    root = project_copy(tmp_path)
    (root / "site").mkdir()
    (root / "site" / "index.html").write_text("last good build", encoding="utf-8")
    config = root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("docs_dir: docs", "docs_dir: no-such-docs"),
                      encoding="utf-8")
    result = rulebook("build", "--strict", "--root", str(root))
    assert result.returncode != 0 and "left as it was" in result.stderr
    assert (root / "site" / "index.html").read_text(encoding="utf-8") == "last good build"
    assert not list(root.glob(".site*"))


def test_the_build_publishes_the_site_and_keeps_the_index_private():
    """The suite's one build (`rulebook build --strict`, as `make build` runs it; site_freshness):
    the site and Pagefind in place, the Whoosh index beside it and not in it, no aside tree left behind.
    What the build does around MkDocs (the swap, the lock, signals) is tests/site/test_build_lock.py's."""
    from site_freshness import ensure_fresh_site
    site = ensure_fresh_site()
    assert (site / "en" / "rules" / "43" / "index.html").is_file() and (site / "pagefind").is_dir()
    assert not (site / "search-index").exists()                   # the private index is not published
    meta = json.loads((ROOT / "build" / "search-index" / "meta.json").read_text(encoding="utf-8"))
    assert set(meta["languages"]) == {"en", "zh-Hant", "zh-Hans", "ru"}
    assert not list(ROOT.glob(".site*")) and not list((ROOT / "build").glob(".search-index*"))
    assert not list(ROOT.glob(".pagefind*"))                      # Pagefind's scratch folder moved in
    headers = (ROOT / "build" / "nginx-security-headers.conf").read_text(encoding="utf-8")
    assert 'add_header Content-Security-Policy "default-src \'self\'; script-src \'self\' \'wasm-unsafe-eval\' \'sha256-' in headers


def _line(path: Path, needle: str, after: str) -> int:
    text = path.read_text(encoding="utf-8")
    return text.count("\n", 0, text.index(needle, text.index(after))) + 1


