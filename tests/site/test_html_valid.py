"""The built pages are valid HTML: the Nu HTML Checker (vnu.jar, pinned in package.json) over one page of
each type in each language, in one Java run (the JVM takes seconds to start). Every error fails the test,
except the few that come from Material's own templates, listed below by message and by the markup they
are found in, so the same error in our markup still fails."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tdarules.model import ALL_LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"

# One page of each type, below each language prefix. A new page type adds its path here.
PAGE_TYPES = {
    "home": "index.html",
    "rule with parts, addendum and a calculator": "rules/43/index.html",
    "rule with source defects and a missing part (ru)": "rules/46/index.html",
    "rule with text before its parts": "rules/1/index.html",
    "procedure with a calculator": "rp/8/index.html",
    "addendum": "addendum/index.html",
    "glossary": "glossary/index.html",
    "calculators": "calculators/index.html",
    "calculator engine reference": "calculators/engine/index.html",
    "source notes (forwards to the QA page)": "source-notes/index.html",
    "translation QA": "qa/index.html",                       # translators' workbench
    "compare index": "compare/index.html",
    "compare view with a gap (RP-8)": "compare/rp/8/index.html",
    "editions 2017-2024": "editions/2017-2024/index.html",
    "editions": "editions/index.html",
    "2017 rule with its redline": "2017/rules/46/index.html",
    "search API page": "api/index.html",
}
SITE_PAGES = ("index.html", "404.html")          # the root redirect and the shared not-found page

# (message, where it is found) → skipped, each only because Material's own template writes it.
MATERIAL = [
    # partials/nav-item.html writes tabindex="{{ tabindex }}" on section labels, empty for sections
    # that navigation.sections shows expanded (mkdocs-material 9.x).
    (r"Bad value “” for attribute “tabindex” on element “label”", r'class="md-nav__link'),
    # base.html: the drawer and search toggles are checkboxes with autocomplete="off" (kept by Material
    # so Firefox does not restore their state on reload).
    (r"Attribute “autocomplete” is only allowed when the input type is", r'class="md-toggle"'),
]


def material_error(message: dict) -> bool:
    return any(re.search(text, message.get("message", "")) and re.search(where, message.get("extract", ""))
               for text, where in MATERIAL)


@pytest.fixture(scope="module")
def pages(built_site) -> list[Path]:
    paths = [built_site / language / page for language in ALL_LANGUAGES for page in PAGE_TYPES.values()]
    paths += [built_site / page for page in SITE_PAGES]
    paths += sorted(built_site.glob("*/404.html"))             # per-language not-found pages, once they exist
    missing = [str(p.relative_to(built_site)) for p in paths if not p.exists()]
    assert not missing, f"pages to validate are not in the build: {missing}"
    return paths


@pytest.fixture(scope="module")
def vnu_messages(pages) -> list[dict]:
    java = shutil.which("java")
    assert java, "java is not on PATH (make test installs default-jre-headless)"
    assert VNU.exists(), f"{VNU} is missing: run `make setup` (npm ci installs vnu-jar)"
    result = subprocess.run([java, "-jar", str(VNU), "--format", "json", "--exit-zero-always", *map(str, pages)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    # vnu writes its report to stderr; the JVM may print a line first (e.g. "Picked up JAVA_TOOL_OPTIONS").
    return json.loads(result.stderr[result.stderr.index("{"):])["messages"]


def describe(message: dict, site: Path) -> str:
    page = message.get("url", "").removeprefix("file:").replace(str(site) + "/", "")
    return f"{page}:{message.get('lastLine', '?')}: {message.get('message')} | {message.get('extract', '').strip()[:160]}"


def test_every_page_was_checked(vnu_messages, pages):
    # vnu reports unreadable or unparsable input as a non-document error; none may hide a page.
    problems = [m for m in vnu_messages if m.get("type") == "non-document-error"]
    assert not problems, problems
    assert len(pages) >= len(PAGE_TYPES) * len(ALL_LANGUAGES) + len(SITE_PAGES)


def test_no_html_errors_in_our_markup(vnu_messages, built_site):
    errors = [m for m in vnu_messages if m.get("type") == "error" and not material_error(m)]
    assert not errors, f"{len(errors)} HTML errors:\n" + "\n".join(describe(m, built_site) for m in errors[:40])


def test_material_skips_are_still_needed(vnu_messages):
    """A skip that matches nothing any more (Material fixed it, or a theme update changed the message)
    is removed, so the list never hides more than it must."""
    for text, where in MATERIAL:
        assert any(m.get("type") == "error" and re.search(text, m.get("message", ""))
                   and re.search(where, m.get("extract", "")) for m in vnu_messages), text
