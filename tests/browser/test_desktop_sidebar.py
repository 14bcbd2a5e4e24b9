"""Desktop sidebar (no section heading may overlap the list as it scrolls), in
chromium at 1280×800 and 1440×900: scroll the left navigation through its whole length and check
that no navigation heading's box ever intersects a link's box inside the visible part of the
column (Material kept the title sticky over the scrolling 44 px links; extra.css lets it scroll)."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SIZES = [{"width": 1280, "height": 800}, {"width": 1440, "height": 900}]
PAGES = ["/en/rules/43/", "/zh-Hant/glossary/", "/ru/calculators/", "/zh-Hans/rp/8/"]

OVERLAPS = """() => {
  const wrap = document.querySelector('.md-sidebar--primary .md-sidebar__scrollwrap');
  const view = wrap.getBoundingClientRect();
  const visible = (r) => r.width > 0 && r.height > 0 && r.bottom > view.top && r.top < view.bottom;
  const clip = (r) => ({top: Math.max(r.top, view.top), bottom: Math.min(r.bottom, view.bottom), left: r.left, right: r.right});
  const heads = [...wrap.querySelectorAll('.md-nav__title')].map((h) => [h, h.getBoundingClientRect()]).filter(([, r]) => visible(r));
  const links = [...wrap.querySelectorAll('.md-nav__link')].map((a) => [a, a.getBoundingClientRect()]).filter(([, r]) => visible(r));
  const out = [];
  for (const [h, hr] of heads) for (const [a, ar] of links) {
    if (h.contains(a) || a.contains(h)) continue;
    const x = clip(hr), y = clip(ar);
    const dy = Math.min(x.bottom, y.bottom) - Math.max(x.top, y.top), dx = Math.min(x.right, y.right) - Math.max(x.left, y.left);
    if (dy > 0.5 && dx > 0.5) out.push(`${h.textContent.trim().slice(0, 30)} × ${a.textContent.trim().slice(0, 30)} (${dy.toFixed(1)} px)`);
  }
  return {out, heads: heads.length, links: links.length};
}"""


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_sidebar_heading_never_covers_the_list(new_context, base_url, size, path):
    page = new_context(viewport=size, is_mobile=False, has_touch=False, device_scale_factor=1).new_page()
    page.goto(base_url + path)
    page.wait_for_load_state("networkidle")
    wrap = page.locator(".md-sidebar--primary .md-sidebar__scrollwrap")
    assert wrap.is_visible(), "the primary sidebar is shown at this width"
    height, view = wrap.evaluate("w => [w.scrollHeight, w.clientHeight]")
    assert height > view + 200, "the navigation is long enough to scroll"
    wrap.evaluate("w => { w.scrollTop = 0; }")             # Material scrolls it to the current page
    page.wait_for_timeout(50)
    first = page.evaluate(OVERLAPS)
    assert first["heads"] >= 1 and first["links"] > 5, first         # the heading is there at the top
    assert not first["out"], first["out"]
    for top in [8, 20, 37, 60, 120, 400, 1000, height // 2, height]:
        wrap.evaluate(f"w => {{ w.scrollTop = {top}; }}")
        page.wait_for_timeout(50)
        found = page.evaluate(OVERLAPS)
        assert not found["out"], f"{path} at scrollTop {top}: " + "; ".join(found["out"][:5])
