"""The browser tests' phone has one device pixel per CSS pixel (phone.py); a real phone has two or
three. That is the same phone only while the site styles and draws nothing by density: no resolution
media query, no devicePixelRatio, no srcset or image-set. Kept so here, and checked where it shows: a
page laid out at three device pixels puts every block where it is at one."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

SITE_DIR = Path(__file__).resolve().parents[2] / "site"
BY_DENSITY = re.compile(r"(min-|max-)?resolution\s*:|device-pixel-ratio|devicePixelRatio|image-set\(|srcset")
# what each of those contains, looked for in the bytes first (the pages are ~70 MB)
NEEDLES = (b"resolution", b"device-pixel-ratio", b"devicePixelRatio", b"image-set(", b"srcset")
SHAPE = """() => [...document.querySelectorAll(
    'header, h1, .tda-rule-tools, .tda-part-text, nav.md-nav--primary, .md-content, footer, details, input')]
  .slice(0, 60).map(e => { const r = e.getBoundingClientRect();
    return [e.tagName, e.className, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]; })"""


def test_the_site_styles_and_draws_nothing_by_screen_density():
    files = [p for pattern in ("*.css", "*.js", "*.mjs", "*.html") for p in SITE_DIR.rglob(pattern)]
    assert len(files) > 500, "the built site"
    found = []
    for path in files:
        data = path.read_bytes()
        if any(needle in data for needle in NEEDLES):
            found += [f"{path.relative_to(SITE_DIR)}: {m[0]}" for m in [BY_DENSITY.search(data.decode("utf-8", "replace"))] if m]
    assert not found, "styles or scripts that depend on screen density (the tests' phone has one pixel " \
                      "per CSS pixel: phone.py):\n" + "\n".join(found[:20])


@pytest.mark.parametrize("path", ["/zh-Hant/rules/43/", "/ru/calculators/"])
def test_three_device_pixels_lay_out_as_one(new_context, base_url, path):
    shapes = []
    for density in (1, 3):
        page = new_context(device_scale_factor=density).new_page()
        page.goto(base_url + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("devicePixelRatio") == density
        shapes.append(page.evaluate(SHAPE))
    one, three = shapes
    assert len(one) > 5 and [s[:2] for s in one] == [s[:2] for s in three]
    # line boxes snap to device pixels: a block may sit a pixel apart, a few pixels down a long page
    moved = [(a, b) for a, b in zip(one, three) if any(abs(x - y) > 2 for x, y in zip(a[2:], b[2:]))]
    assert not moved, f"laid out elsewhere at three device pixels: {moved[:5]}"
