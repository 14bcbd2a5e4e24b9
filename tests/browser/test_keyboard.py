"""Keyboard only, in chromium on a phone (390×844) and a desktop (1280×800): Tab through
a rule page and the Calculators page (one calculator open) and check that

* focus moves in the visual order: the page's regions in reading order (skip link, header, left
  navigation, content, right-hand contents, footer) and, inside the content, top to bottom (left
  to right on one line);
* every focused element shows a focus indicator: its computed outline, box-shadow, border,
  background or underline while focused differs from the same element unfocused, and an outline
  or border drawn for it is at least 1 px wide and not transparent;
* every focused element is on the screen and not hidden under the fixed header;
* the skip link is the first stop, visible, and moves the next Tab into the content;
* search results are reached with the arrow keys, and a glossary popover opens with Enter and
  closes with Escape, focus back on its term."""
from __future__ import annotations

import re

import pytest

from polling import wait_until

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
REGIONS = ["skip", "header", "nav", "content", "toc", "footer"]

# What the focused element looks like, and where it is; `i` tags it so its unfocused look can be
# read after focus has moved on.
PROBE = """(i) => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  el.dataset.kbStop = String(i);
  // A visually hidden control (Material's palette radio) shows its focus on its visible <label>.
  const shown = (e) => { const b = e.getBoundingClientRect(); return b.width > 2 && b.height > 2; };
  // Material's palette: the focused radio's visible face is the <label> right after it.
  const faces = [...(el.labels || []), el.nextElementSibling].filter((l) => l && l.tagName === 'LABEL');
  const face = shown(el) ? el : faces.find((l) => shown(l)) || el;
  if (face !== el) face.dataset.kbStop = String(i);
  const r = face.getBoundingClientRect();
  // Inside a scrolling sidebar, order is read in the sidebar's own coordinates.
  const wrap = el.closest('.md-sidebar__scrollwrap');
  const origin = wrap ? wrap.getBoundingClientRect().top - wrap.scrollTop : -window.scrollY;
  const region = el.matches('.md-skip') ? 'skip'
    : el.closest('.md-header, .md-tabs') ? 'header'
    : el.closest('.md-sidebar--primary') ? 'nav'
    : el.closest('.md-sidebar--secondary') ? 'toc'
    : el.closest('.md-content, .md-top') ? 'content'
    : el.closest('.md-footer, .md-copyright') ? 'footer' : 'other';
  const header = document.querySelector('.md-header').getBoundingClientRect();
  const x = r.left + Math.min(r.width / 2, 8), y = r.top + Math.min(r.height / 2, 8);
  const hit = document.elementFromPoint(Math.max(0, x), Math.max(0, y));
  const inside = hit && (hit === face || face.contains(hit) || el.contains(hit));
  const fixed = !!el.closest('.md-header, .md-top, .md-skip');
  return {
    i, region, fixed,
    name: (el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' ' +
           (el.getAttribute('aria-label') || el.textContent || el.value || '').trim().replace(/\\s+/g, ' ').slice(0, 40)),
    top: r.top - origin, left: r.left + window.scrollX, width: r.width, height: r.height,
    inView: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth,
    underHeader: !fixed && r.top < header.bottom - 1 && !inside,
  };
}"""

LOOK = """(i) => {
  const all = document.querySelectorAll(`[data-kb-stop="${i}"]`);
  const el = all[all.length - 1];             // the visible face when there is one (see PROBE)
  const look = (e, pseudo) => { const c = getComputedStyle(e, pseudo); return {
    outline: c.outlineStyle === 'none' ? 'none' : `${c.outlineStyle} ${c.outlineWidth} ${c.outlineColor}`,
    outlineWidth: parseFloat(c.outlineWidth) || 0, outlineColor: c.outlineColor, outlineStyle: c.outlineStyle,
    shadow: c.boxShadow, border: `${c.borderTopColor} ${c.borderBottomColor} ${c.borderBottomWidth}`,
    bg: c.backgroundColor, deco: `${c.textDecorationLine} ${c.textDecorationColor}`, color: c.color }; };
  return {self: look(el), after: look(el, '::after'), before: look(el, '::before')};
}"""


def transparent(color: str) -> bool:
    return color in ("transparent", "rgba(0, 0, 0, 0)") or bool(re.match(r"rgba\(.*,\s*0\)$", color))


def indicator(focused: dict, unfocused: dict) -> str | None:
    """Why the focused look counts as a visible indicator, or None."""
    for part in ("self", "after", "before"):
        f, u = focused[part], unfocused[part]
        if f["outline"] != u["outline"] and f["outlineStyle"] != "none" and f["outlineWidth"] >= 1 \
                and not transparent(f["outlineColor"]):
            return f"{part} outline {f['outline']}"
        if f["shadow"] != u["shadow"] and f["shadow"] != "none":
            return f"{part} box-shadow"
        for key in ("border", "bg", "deco"):
            if f[key] != u[key]:
                return f"{part} {key}"
    return None


# One round trip per stop after the key press (a desktop rule page has ~250 stops): where the new
# stop is and how it looks, and how the stop before it looks now that focus has left it.
STEP = f"""([i, previous]) => {{
  const probe = ({PROBE}), look = ({LOOK});
  const stop = probe(i);
  return {{stop, focused: stop && look(i), unfocused: previous === null ? null : look(previous)}};
}}"""


def tab_through(page, limit: int = 500) -> list[dict]:
    """Tab from the top of the page until focus leaves it (or `limit` stops); each stop with its
    focused look and, read after focus moved on, its unfocused look."""
    page.evaluate("window.scrollTo(0, 0); document.activeElement && document.activeElement.blur()")
    stops: list[dict] = []
    for i in range(limit):
        page.keyboard.press("Tab")
        previous = stops[-1]["i"] if stops else None
        step = page.evaluate(STEP, [i, previous])
        if previous is not None:
            stops[-1]["unfocused"] = step["unfocused"]
        stop = step["stop"]
        if stop is None:
            break
        # a smooth scroll to the focused element may still run, or a calculator that mounted near
        # the screen may have moved it (a clean-clone run caught 45-B off screen after 0.5 s): look
        # again for up to 2 s
        for _ in range(8):
            if stop["inView"] and not stop["underHeader"]:
                break
            page.wait_for_timeout(250)
            step = page.evaluate(STEP, [i, None])
            stop = step["stop"]
        if stops and stop["name"] == stops[0]["name"] and stop["top"] == stops[0]["top"]:
            break                                                 # wrapped round
        stop["focused"] = step["focused"]
        stops.append(stop)
    if stops:
        page.evaluate("document.activeElement && document.activeElement.blur()")
        stops[-1]["unfocused"] = page.evaluate(LOOK, stops[-1]["i"])
    return stops


def order_problems(stops: list[dict]) -> list[str]:
    problems = []
    ranks = [REGIONS.index(s["region"]) if s["region"] in REGIONS else -1 for s in stops]
    for prev, stop, rank, prank in zip(stops, stops[1:], ranks[1:], ranks):
        if rank == -1:
            problems.append(f"stop {stop['i']} {stop['name']!r}: outside every known region")
        elif rank < prank:
            problems.append(f"stop {stop['i']} {stop['name']!r}: back to {stop['region']} after {prev['region']}")
        elif rank == prank and stop["region"] in ("content", "nav", "toc") and not stop["fixed"] and not prev["fixed"]:
            same_line = abs(stop["top"] - prev["top"]) < 8 or (
                stop["top"] < prev["top"] + prev["height"] and stop["left"] >= prev["left"] + prev["width"] - 1)
            if stop["top"] < prev["top"] - 1 and not same_line:
                problems.append(f"stop {stop['i']} {stop['name']!r} (y {stop['top']:.0f}) comes after "
                                f"{prev['name']!r} (y {prev['top']:.0f}) but is above it")
    return problems


def look_problems(stops: list[dict]) -> list[str]:
    problems = []
    for stop in stops:
        if not stop["inView"]:
            problems.append(f"stop {stop['i']} {stop['name']!r}: focused but not on the screen")
        if stop["underHeader"]:
            problems.append(f"stop {stop['i']} {stop['name']!r}: focused but hidden under the fixed header")
        if indicator(stop["focused"], stop["unfocused"]) is None:
            problems.append(f"stop {stop['i']} {stop['name']!r} ({stop['region']}): no visible focus indicator "
                            f"(outline {stop['focused']['self']['outline']})")
    return problems


def open_page(page, url: str, calc: str | None = None):
    """Open the page (without a fragment: it would move where Tab starts) and, on the Calculators
    page, open one calculator as a reader would have before tabbing through it."""
    page.goto(url)
    page.wait_for_load_state("networkidle")
    if calc:
        page.evaluate(f"document.querySelector('details[data-calc-item={calc}]').open = true")
        wait_until(page, f"!!document.querySelector('details[data-calc-item={calc}][open] section[data-ready]')")
        page.evaluate("window.scrollTo(0, 0)")


CASES = [("/en/rules/43/", None), ("/zh-Hant/rules/43/", None), ("/en/calculators/", "minRaise"),
         ("/ru/calculators/", "sidePots")]


@pytest.mark.parametrize("path, calc", CASES)
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_tab_order_follows_the_layout_and_focus_is_always_visible(new_context, base_url, path, calc, size):
    options = {"viewport": DESKTOP, "is_mobile": False, "has_touch": False, "device_scale_factor": 1} \
        if size == "desktop" else {}
    page = new_context(**options).new_page()
    open_page(page, base_url + path, calc)
    stops = tab_through(page)
    assert len(stops) > 10, [s["name"] for s in stops]
    regions = [s["region"] for s in stops]
    assert regions[0] == "skip" and "content" in regions, regions[:5]
    if calc:
        names = " | ".join(s["name"] for s in stops)
        assert page.locator(f"#calc-{calc} button[type=submit]").count() == 1
        assert any(s["region"] == "content" and s["name"].startswith("button") for s in stops), names
    problems = order_problems(stops) + look_problems(stops)
    assert not problems, f"{path} ({size}): {len(problems)} problem(s) in {len(stops)} stops:\n  " + "\n  ".join(problems[:25])


@pytest.mark.parametrize("path", ["/en/rules/43/", "/ru/calculators/"])
def test_skip_link_is_first_visible_and_skips_to_the_content(page, base_url, path):
    open_page(page, base_url + path)
    page.keyboard.press("Tab")
    skip = page.locator(".md-skip")
    assert page.evaluate("document.activeElement.matches('.md-skip')")
    box = skip.bounding_box()
    assert box and box["width"] > 20 and box["height"] > 10 and box["y"] >= 0 and box["y"] < 844
    wait_until(page, "getComputedStyle(document.querySelector('.md-skip')).opacity === '1'", timeout=3,
               message="the focused skip link never became visible")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("!!document.activeElement.closest('.md-content')"), \
        page.evaluate("document.activeElement.outerHTML.slice(0, 120)")


def test_search_results_are_reached_with_the_arrow_keys(page, base_url):
    page.goto(f"{base_url}/en/search/?q=misdeal")
    page.locator(".tda-results__group").first.wait_for()
    links = page.locator(".tda-results a[data-result]")
    page.locator(".tda-results__form input").focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.hasAttribute('data-result')")
    first = page.evaluate("document.activeElement.getAttribute('href')")
    page.keyboard.press("ArrowDown")
    second = page.evaluate("document.activeElement.getAttribute('href')")
    assert second != first and second == links.nth(1).get_attribute("href")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.getAttribute('href')") == first
    # The header's search box too: type, then arrow down into its list.
    box = page.locator("input.tda-search__input")
    box.focus()
    page.keyboard.type("dead hand")
    page.locator(".tda-search__results li a").first.wait_for()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("!!document.activeElement.closest('.tda-search__results')")


def test_glossary_popover_opens_with_enter_and_closes_with_escape(page, base_url):
    open_page(page, f"{base_url}/en/rules/43/")
    term = page.locator("a.tda-term").first
    # Tab to the first term as a keyboard user would (no click, no programmatic focus of it).
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('a.tda-term')"):
            break
    assert page.evaluate("document.activeElement.matches('a.tda-term')")
    href = page.evaluate("document.activeElement.getAttribute('href')")
    page.keyboard.press("Enter")
    pop = page.locator(".tda-term-pop")
    assert pop.is_visible() and page.url.endswith("/en/rules/43/")
    focused_term = page.locator('a.tda-term[aria-expanded="true"]')
    assert focused_term.get_attribute("href") == href
    # The popover's own link is the next Tab stop.
    page.keyboard.press("Tab")
    assert page.evaluate("!!document.activeElement.closest('.tda-term-pop')")
    page.keyboard.press("Escape")
    assert pop.count() == 0
    assert page.evaluate("document.activeElement.matches('a.tda-term')")
    assert page.evaluate("document.activeElement.getAttribute('href')") == href
    assert term.count() > 0


def test_closed_phone_drawer_takes_no_focus_and_opens_visible(page, base_url):
    open_page(page, f"{base_url}/en/rules/43/")
    drawer = ".md-sidebar--primary"
    assert page.evaluate(f"getComputedStyle(document.querySelector('{drawer}')).visibility") == "hidden"
    page.locator('.md-header label[for="__drawer"]').click()
    wait_until(page, f"getComputedStyle(document.querySelector('{drawer}')).visibility === 'visible'", timeout=3)
    link = page.locator(f"{drawer} a.md-nav__link").nth(3)
    link.wait_for(state="visible")
    link.focus()
    assert page.evaluate("!!document.activeElement.closest('.md-sidebar--primary')")
    page.locator("label.md-overlay").click(position={"x": 370, "y": 400})     # tap beside the drawer
    wait_until(page, f"getComputedStyle(document.querySelector('{drawer}')).visibility === 'hidden'", timeout=3)


@pytest.mark.parametrize("width", [390, 1024])
def test_menu_button_is_reached_and_worked_with_the_keyboard(new_context, base_url, width):
    """Below 1220 px the navigation is only behind Material's menu button, a <label> no Tab reached."""
    page = new_context(viewport={"width": width, "height": 800}, is_mobile=width < 960,
                       has_touch=width < 960).new_page()
    open_page(page, f"{base_url}/zh-Hant/rules/43/")
    for _ in range(15):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.md-header label[for=\"__drawer\"]')"):
            break
    button = page.locator('.md-header label[for="__drawer"]')
    assert page.evaluate("document.activeElement.matches('.md-header label[for=\"__drawer\"]')"), \
        page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    assert button.get_attribute("role") == "button" and button.get_attribute("aria-label") == "選單"
    assert button.get_attribute("aria-expanded") == "false"
    page.keyboard.press("Enter")
    wait_until(page, "!!document.activeElement.closest('.md-sidebar--primary')", timeout=3,
               message="Enter did not move focus into the opened drawer")
    assert page.evaluate("document.getElementById('__drawer').checked")
    assert button.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")
    assert not page.evaluate("document.getElementById('__drawer').checked")
    assert page.evaluate("document.activeElement.matches('.md-header label[for=\"__drawer\"]')")
    page.keyboard.press(" ")
    assert page.evaluate("document.getElementById('__drawer').checked")


def test_a_calculator_built_above_the_focus_does_not_push_it_off_the_screen(new_context, base_url):
    """A rule page builds its calculator when it comes near the screen, which is when a reader tabs
    through the links right below it: on a phone the form's height pushed the focused link down."""
    page = new_context().new_page()
    page.goto(base_url + "/en/rules/43/")
    page.wait_for_load_state("networkidle")
    assert not page.evaluate("!!document.querySelector('section.tda-calc[data-ready]')")    # not built yet
    link = page.locator('.tda-referenced-by a[href$="#47-A"]')
    link.focus()
    wait_until(page, "!!document.querySelector('section.tda-calc[data-ready]')")
    page.wait_for_timeout(500)                      # a smooth scroll back to it may still run
    box = link.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"], box
    assert page.evaluate("document.activeElement.getAttribute('href')").endswith("#47-A")


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans", "ru"])
def test_the_offline_panel_filled_above_the_focus_does_not_push_it_off_the_screen(new_context, base_url, lang):
    """"Save for offline" is filled in when the end of the page comes near the screen, which is when
    a reader tabs to the footer's links below it: on a phone the button's height pushed them down."""
    page = new_context(viewport={"width": 320, "height": 640}).new_page()
    page.goto(f"{base_url}/{lang}/calculators/")
    page.wait_for_load_state("networkidle")
    assert page.locator(".tda-offline button").count() == 0                     # not filled yet
    link = page.locator(".md-footer__link").first
    where = "document.querySelector('.md-footer__link').getBoundingClientRect().top + scrollY"
    before = page.evaluate(where)
    link.focus()
    page.locator(".tda-offline button").wait_for(state="attached")
    page.wait_for_timeout(300)                      # a smooth scroll back to it may still run
    assert page.evaluate(where) == before
    box = link.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= 640, box
    assert page.evaluate("document.activeElement.matches('.md-footer__link')")
