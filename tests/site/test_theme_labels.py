"""Material's palette toggle and the headings' permalinks speak the language of the pass being built:
mkdocs.yml gives one English value, the tda-rules plugin relabels them for each static-i18n pass."""
from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.config import load_config

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def config():
    return load_config(str(ROOT / "mkdocs.yml"))


@pytest.mark.parametrize("language, dark, light, permalink", [
    ("ru", "Включить тёмную тему", "Включить светлую тему", "Постоянная ссылка на этот раздел"),
    ("zh-Hant", "切換至深色模式", "切換至淺色模式", "此標題的永久連結"),
    ("zh-Hans", "切换至深色模式", "切换至浅色模式", "此标题的永久链接"),
    ("en", "Switch to dark mode", "Switch to light mode", "Permanent link"),
    ("xx", "Switch to dark mode", "Switch to light mode", "Permanent link"),     # the root stub: English
])
def test_each_pass_labels_the_toggle_and_permalinks_in_its_language(config, language, dark, light, permalink):
    config.plugins["i18n"].current_language = language
    config = config.plugins["tda-rules"].on_config(config)
    names = {entry["scheme"]: entry["toggle"]["name"] for entry in config.theme["palette"]}
    assert names == {"default": dark, "slate": light}
    assert config.mdx_configs["toc"]["permalink_title"] == permalink
