"""The editing loop: an edit to the YAML re-renders the rule's built page; a YAML error is reported as
file:line: rule: message and the server keeps serving the last good pages (over real HTTP)."""
from __future__ import annotations

import gc
import json
import shutil
import urllib.request
import weakref
from pathlib import Path

import pytest

from tdarules.site.devloop import Previewer, create_dev_app

ROOT = Path(__file__).resolve().parents[2]
ORIGINAL = "Бёрн-карта защищает остаток колоды (стаб)"


@pytest.fixture
def project(tmp_path, built_site):
    shutil.copytree(ROOT / "rulebook", tmp_path / "rulebook")
    shutil.copytree(ROOT / "docs", tmp_path / "docs", ignore=shutil.ignore_patterns("generated"))
    shutil.copytree(ROOT / "overrides", tmp_path / "overrides")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    for page in ["ru/rules/38", "en/rules/38", *(f"{lang}/compare/rules/38" for lang in ("en", "zh-Hant", "zh-Hans", "ru"))]:
        shutil.copytree(built_site / page, tmp_path / "site" / page)
    return tmp_path


def edit(project: Path, old: str, new: str) -> None:
    path = project / "rulebook/2024/ru.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")


def test_edit_rerenders_the_rule_and_its_compare_view(project):
    previewer = Previewer(project, project / "site")
    assert previewer.poll() == []                                     # nothing changed yet
    edit(project, ORIGINAL, "ПРАВКА " + ORIGINAL)
    pages = previewer.poll()
    assert "/ru/rules/38/" in pages and "/en/compare/rules/38/" in pages and "/en/rules/38/" not in pages
    html = (project / "site/ru/rules/38/index.html").read_text(encoding="utf-8")
    assert "ПРАВКА" in html and 'class="md-header' in html                       # new text inside the built page
    assert "ПРАВКА Бёрн-карта" in (project / "site/zh-Hant/compare/rules/38/index.html").read_text(encoding="utf-8")


def test_yaml_error_is_reported_with_file_line_and_rule_and_pages_survive(project, start_server):
    previewer = Previewer(project, project / "site")
    base = start_server(create_dev_app(previewer))
    edit(project, "  '38':\n", "  '38':\n   bad: [\n")
    assert previewer.poll() == []
    assert previewer.error.startswith("rulebook/2024/ru.yaml:") and ": 38: " in previewer.error.splitlines()[0]
    with urllib.request.urlopen(base + "/_dev/state") as response:
        state = json.loads(response.read())
    assert state["error"] == previewer.error
    with urllib.request.urlopen(base + "/ru/rules/38/") as response:
        page = response.read().decode("utf-8")
    assert "Бёрн" in page and "ПРАВКА" not in page and "/_dev/state" in page   # last good page, reload script
    edit(project, "  '38':\n   bad: [\n", "  '38':\n")                    # fixed: the error clears
    previewer.poll()
    assert previewer.error == ""


def test_an_edit_lets_the_last_rulebook_go(project):
    """The loop runs for hours: each edit loads a new rulebook, and nothing may keep the last one alive
    (a cache keyed by the rulebook grew by one whole rulebook per edit)."""
    previewer = Previewer(project, project / "site")
    edit(project, ORIGINAL, "ПРАВКА " + ORIGINAL)
    assert "/ru/rules/38/" in previewer.poll()              # drawn from this rulebook, with its English
    drawn_from = weakref.ref(previewer.rulebook)
    edit(project, "ПРАВКА ", "ПРАВКА 2 ")
    assert "/ru/rules/38/" in previewer.poll()
    gc.collect()
    assert drawn_from() is None
