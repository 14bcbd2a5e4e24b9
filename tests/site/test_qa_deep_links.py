"""Every link of the QA page to a unit lands on an element of the built rule page: the part, the
addendum entry or the example the finding is about."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tdarules.loader import load_rulebook
from tdarules.site.workbench import Workbench, qa_page
from tdarules.strings import Strings

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("language", ["ru", "zh-Hant"])
def test_deep_links_point_at_anchors_that_exist(built_site, language):
    rulebook = load_rulebook(ROOT)
    html = qa_page(Workbench(rulebook, Strings.load(ROOT / "rulebook" / "ui" / "site.yaml")), language)
    links = sorted(set(re.findall(rf'href="(/{language}/[^"#]*)#([^"]+)"', html)))
    deep = [(path, anchor) for path, anchor in links if "/compare/" not in path and "/qa/" not in path]
    assert len(deep) > 50 and any("#example-" in f"#{a}" for _, a in deep)
    for path, anchor in deep:
        page = (built_site / path.strip("/") / "index.html").read_text(encoding="utf-8")
        assert f'id="{anchor}"' in page, f"{path}#{anchor}"
