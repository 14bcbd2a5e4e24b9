"""Accessibility on a phone (390×844): axe-core (the npm package pinned in package.json,
see axe_runner.py: no request leaves 127.0.0.1) finds no `critical` or `serious` violation on the
home page, a rule page, the calculators (every form open), the engine reference, a compare page,
the glossary, search results and the QA page, in EVERY language in the light palette and in two (a Latin
and a Chinese one) in the dark palette too; plus a few other page types in one language. And, on the same
page loads, every piece of text written in another script than its page sits inside an element whose
`lang` says so (WCAG 3.1.2, language of parts).

Moderate and minor findings are not asserted (e.g. Material's unlabelled code-copy <nav> landmarks)."""
from __future__ import annotations

import pytest

from axe_runner import BLOCKING, run_axe
from polling import wait_until

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "zh-Hant", "zh-Hans", "ru"]
PAGE_TYPES = {
    "home": "/{lang}/",
    "rule": "/{lang}/rules/43/",
    "calculators": "/{lang}/calculators/",
    "engine": "/{lang}/calculators/engine/",
    "compare": "/{lang}/compare/rp/8/",
    "glossary": "/{lang}/glossary/",
    "search": "/{lang}/search/?q={query}",
    "qa": "/{lang}/qa/",
}
# The palettes are the same CSS in every language: the dark one is checked on English and Traditional
# Chinese pages (the two fonts and layouts), which halves what axe runs on the others (~100 s of CI).
DARK_TOO = ("en", "zh-Hant")
QUERY = {"en": "min raise", "zh-Hant": "最低加注", "zh-Hans": "最低加注", "ru": "минимальный рейз"}
OTHER_PAGES = ["/en/2017/rules/46/", "/ru/print/", "/zh-Hant/addendum/", "/ru/editions/2017-2024/", "/zh-Hant/editions/"]

# (rule id, CSS selector): nodes that come from Material's own theme, which we cannot change
# without forking it.
EXCEPTIONS = [
    # Material's JS makes an overflowing code block focusable (tabindex=0) only where the device
    # can hover (`matchMedia("(hover)")`); on a touch phone it leaves the <code> unfocusable, so
    # axe reports the scrollable region. On a desktop (keyboard users) the attribute is there.
    ("scrollable-region-focusable", ".highlight > pre > code"),
]


def url_of(kind: str, lang: str) -> str:
    return PAGE_TYPES[kind].format(lang=lang, query=QUERY[lang])


def settle(page) -> None:
    """Wait until the page's own scripts have drawn what axe should see."""
    page.wait_for_load_state("networkidle")
    # The Calculators page shows one calculator at a time and axe skips what is not rendered: open
    # them all (the group's `name` is what keeps it to one) so every form is built and checked.
    page.evaluate("""() => document.querySelectorAll('details.tda-calc-item').forEach(d => {
        d.removeAttribute('name'); d.open = true; })""")
    # Rule pages load their calculators when they come near the screen: go there.
    for section in page.locator('section[id^="calc-"]').all():
        section.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => [...document.querySelectorAll('section[id^=\"calc-\"]')]"
        ".every(s => s.hasAttribute('data-ready'))"
    )
    if page.locator("[data-tda-results]").count():
        page.locator(".tda-results__group, .tda-results__status:not(:empty)").first.wait_for()


def excepted(page, rule: str, node: dict) -> bool:
    target = node["target"]
    if len(target) != 1 or not isinstance(target[0], str):  # inside a shadow root or iframe
        return False
    return any(
        rule == rule_id
        and page.evaluate("([t, s]) => !!document.querySelector(t)?.matches(s)", [target[0], selector])
        for rule_id, selector in EXCEPTIONS
    )


def blocking_violations(page) -> list[str]:
    results = run_axe(page)
    found = []
    for violation in results["violations"]:
        if violation["impact"] not in BLOCKING:
            continue
        nodes = [n for n in violation["nodes"] if not excepted(page, violation["id"], n)]
        if not nodes:
            continue
        lines = [f"{violation['id']} ({violation['impact']}, {len(nodes)} node(s)): {violation['help']}"]
        for node in nodes[:5]:
            summary = " ".join(node.get("failureSummary", "").split())
            lines.append(f"    {' '.join(map(str, node['target']))}: {summary[:300]}")
        if len(nodes) > 5:
            lines.append(f"    ... and {len(nodes) - 5} more")
        found.append("\n".join(lines))
    return found


def check(page, path: str, dark: bool = True) -> None:
    """axe in the light palette (the system's choice), then in the dark one on the same page, switched
    with the header's toggle as a reader would (one load for both)."""
    page.emulate_media(color_scheme="light")
    page.goto(path)
    settle(page)
    for scheme, expected in (("light", "default"), ("dark", "slate"))[:2 if dark else 1]:
        if scheme == "dark":
            page.locator('label[for="__palette_1"]').click()
            # then away, as a reader's finger lifts: the toggle's tooltip, shown while it is hovered or
            # focused, would be measured mid-fade (a contrast no reader sees)
            page.mouse.move(0, page.viewport_size["height"] - 1)
            page.evaluate("document.activeElement && document.activeElement.blur()")
        wait_until(page, f"document.body.getAttribute('data-md-color-scheme') === '{expected}'")
        wait_until(page, "document.getAnimations().every(a => a.playState !== 'running')")
        found = blocking_violations(page)
        assert not found, f"axe on {path} ({scheme}) found {len(found)} serious/critical rule(s):\n" + "\n".join(found)


def test_the_dark_palette_follows_the_system_when_the_reader_has_not_chosen(page, base_url):
    page.emulate_media(color_scheme="dark")
    page.goto(base_url + "/ru/rules/43/")
    assert page.locator("body").get_attribute("data-md-color-scheme") == "slate"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", list(PAGE_TYPES))
def test_no_serious_or_critical_axe_violations_and_other_scripts_marked(page, base_url, kind, lang):
    check(page, base_url + url_of(kind, lang), dark=lang in DARK_TOO)
    assert_other_scripts_marked(page, lang)          # on the same load: the page is settled already


@pytest.mark.parametrize("path", OTHER_PAGES)
def test_no_serious_or_critical_axe_violations_elsewhere(page, base_url, path):
    check(page, base_url + path)


def test_axe_is_the_pinned_npm_package(page, base_url):
    import json
    from axe_runner import ROOT, version
    page.goto(f"{base_url}/en/")
    run_axe(page)
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["axe-core"]
    assert version(page) == pinned


# Text in a script a page's language does not use, and the languages it may be marked with.
SCRIPTS = {"cyrillic": ("[\\u0400-\\u04FF]", ("ru",)),
           "han": ("[\\u3400-\\u9FFF\\uF900-\\uFAFF]", ("zh-Hant", "zh-Hans"))}
TEXT_LANGUAGES = """([pattern, allowed]) => {
  const re = new RegExp(pattern);
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!re.test(node.data) || el.closest('script, style, noscript, template')) continue;
    const lang = el.closest('[lang]')?.getAttribute('lang') || '';
    if (!allowed.includes(lang)) out.push(`${el.tagName.toLowerCase()}.${el.className} [${lang}]: ${node.data.trim().slice(0, 60)}`);
  }
  return [...new Set(out)];
}"""



def assert_other_scripts_marked(page, lang: str) -> None:
    problems = []
    for script, (pattern, allowed) in SCRIPTS.items():
        if lang in allowed:
            continue                 # the page's own script (zh-Hant vs zh-Hans is not told apart here)
        problems += page.evaluate(TEXT_LANGUAGES, [pattern, list(allowed)])
    assert not problems, f"{len(problems)} text(s) without a matching lang:\n  " + "\n  ".join(problems[:20])
