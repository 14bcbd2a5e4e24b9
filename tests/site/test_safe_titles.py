"""Translated titles as an attacker would import them through XLIFF, through Material's own templates
(`<title>`, header topic, navigation, footer), which print page and section titles unescaped. A
small MkDocs project with the site's theme overrides, static-i18n and the site's title hook
(overrides/hooks/safe_titles.py, listed in mkdocs.yml): every page it builds must carry the titles as
text, never as markup. tests/test_edition_publish.py checks that the same titles reach the generated
pages of a real project copy as data, for this hook to escape."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from project_build import HOSTILE_MARKERS, HOSTILE_TITLES

ROOT = Path(__file__).resolve().parents[2]
HOOK = ROOT / "overrides" / "hooks" / "safe_titles.py"
PAGE_TITLE, SECTION_TITLE, TRANSLATED_SECTION = (*HOSTILE_TITLES["ru"].values(),)
ZH_TITLE = next(iter(HOSTILE_TITLES["zh-Hant"].values()))


def page(title: str, body: str) -> str:
    """A page as the plugin writes one: the title in front matter, as YAML data."""
    return f"---\n{yaml.safe_dump({'title': title}, allow_unicode=True)}---\n\n{body}\n"


@pytest.fixture(scope="module")
def small_site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("titles")
    docs = root / "docs"
    (docs / "rules").mkdir(parents=True)
    (docs / "index.en.md").write_text(page("Home", "Home."), encoding="utf-8")
    (docs / "index.ru.md").write_text(page("Главная", "Главная."), encoding="utf-8")
    (docs / "rules" / "43.en.md").write_text(page("Rule 43", "Rule."), encoding="utf-8")
    (docs / "rules" / "43.ru.md").write_text(page(f"Правило 43: {PAGE_TITLE}", "Правило."), encoding="utf-8")
    (docs / "rules" / "44.en.md").write_text(page(f"Rule 44: {ZH_TITLE}", "Next."), encoding="utf-8")
    (docs / "rules" / "44.ru.md").write_text(page("Правило 44", "Следующее."), encoding="utf-8")
    config = {
        "site_name": "Titles", "site_url": "http://127.0.0.1:8000/", "docs_dir": "docs",
        "theme": {"name": "material", "custom_dir": str(ROOT / "overrides"), "features": ["navigation.footer"]},
        "plugins": [{"i18n": {"docs_structure": "suffix", "reconfigure_material": True, "languages": [
            {"locale": "en", "name": "English", "default": True, "build": True},
            {"locale": "ru", "name": "Русский", "build": True,
             # static-i18n translates this section title: the hook runs after it
             "nav_translations": {"Rules": TRANSLATED_SECTION}}]}}],
        "hooks": [str(HOOK)],
        "nav": [{"Home": "index.md"}, {"Rules": ["rules/43.md", "rules/44.md"]}, {SECTION_TITLE: ["rules/44.md"]}],
    }
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet"], cwd=root, capture_output=True,
                            text=True, timeout=300, env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr[-3000:]
    return root / "site"


def test_the_site_runs_the_title_hook():
    listed = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)["hooks"]
    assert "overrides/hooks/safe_titles.py" in listed


def test_hostile_titles_arrive_as_text_on_every_page(small_site):
    pages = sorted(small_site.rglob("*.html"))
    assert len(pages) >= 6
    raw = {str(p.relative_to(small_site)): [m for m in HOSTILE_MARKERS if m in p.read_text(encoding="utf-8")]
           for p in pages}
    assert not {name: found for name, found in raw.items() if found}
    rule = (small_site / "ru" / "rules" / "43" / "index.html").read_text(encoding="utf-8")
    assert "&lt;/title&gt;&lt;meta http-equiv=" in rule.split("</title>")[0]       # shown, as text
    assert "&lt;svg onload=alert(2)&gt;" in rule                                   # a section of the navigation
    assert "&lt;style&gt;body{display:none}&lt;/style&gt;" in rule                 # translated by static-i18n
    assert "&amp;lt;" not in rule                                                  # and only once escaped
    english = (small_site / "rules" / "43" / "index.html").read_text(encoding="utf-8")     # the default language
    footer = english[english.index("md-footer__link--next"):]
    assert "&lt;img src=x onerror=alert(3)&gt;" in footer                          # the next page's title
