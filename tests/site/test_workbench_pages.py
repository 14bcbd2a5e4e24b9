"""The translators' workbench pages in the built site: QA per language in that language, compare
view with explicit gaps, editions index, 2017 pages and redlines, and the link from 2024 rule pages."""
from __future__ import annotations

import re
from pathlib import Path


from tdarules.qa.report import findings_for


def page(site: Path, url: str) -> str:
    return (site / url.strip("/") / "index.html").read_text(encoding="utf-8")


def content(html: str) -> str:
    return html[html.index('class="tda-workbench'):]


def test_qa_page_per_language_is_in_that_language_and_lists_its_findings(built_site, rulebook):
    for language, word in (("zh-Hant", "譯文"), ("zh-Hans", "译文"), ("ru", "перевод")):
        html = content(page(built_site, f"/{language}/qa/"))
        assert word in html
        assert "The English has" not in html and "the translation does not" not in html   # messages localized
        if language == "zh-Hans":                # converted from zh-Hant: its findings are zh-Hant's, linked
            assert 'href="/zh-Hant/qa/"' in html
            continue
        findings = findings_for(rulebook, language, grouped=True)
        assert html.count('class="tda-finding"') >= len(findings) > 0
    ru = content(page(built_site, "/ru/qa/"))
    assert "В английском есть число 1100, в переводе — нет." in ru
    # the English page shows the English's own wrong reference and the per-language totals
    en = content(page(built_site, "/en/qa/"))
    assert "RP-22" in en and "Spreading the Pot" in en and 'href="/ru/qa/"' in en


def test_compare_view_aligns_rp8_with_an_explicit_gap(built_site):
    html = content(page(built_site, "/en/compare/rp/8/"))
    rows = re.findall(r'<section class="tda-cmp-row" id="u-([^"]+)"(.*?)</section>', html, re.S)
    ids = [r[0] for r in rows]
    assert ids[:1] == ["RP-8-title"] and "RP-8-E-1" in ids and "RP-8-F-1" in ids
    e_row = dict(rows)["RP-8-E-1"]
    zh_cell = re.search(r'data-col="zh-Hant" lang="zh-Hant">(.*?)</div>', e_row, re.S).group(1)
    assert "tda-gap-note" in zh_cell and "Missing in this language." in zh_cell
    f_row = dict(rows)["RP-8-F-1"]
    assert "E：" in f_row and "在全場同步階段，發生全下" in f_row and "all-in and call during H4H" in f_row


def test_compare_view_shows_provenance_and_findings(built_site):
    html = content(page(built_site, "/zh-Hant/compare/rules/45/"))
    assert "自動轉換" in html and "本站補充" in html               # converted zh-Hans, titles ours in Russian
    assert 'data-kind="numbers"' in html                             # findings per unit


def test_editions_page_and_2017_rule_with_redline(built_site):
    html = content(page(built_site, "/en/editions/2017-2024/"))
    item = re.search(r'<li class="tda-edition-item" data-status="renumbered" id="old-46">(.*?)</li>', html, re.S).group(1)
    assert 'href="/en/2017/rules/46/"' in item and 'href="/en/rules/43/"' in item and "#redline" in item
    assert 'data-status="not-in-source" id="old-1"' in html
    old = content(page(built_site, "/ru/2017/rules/46/"))
    assert "Редакция 2017 г. устарела" in old and 'href="/ru/rules/43/"' in old
    redline = old[old.index('id="redline"'):]
    # only the TDA's rewording is marked; the space the 2017 PDF lost ("playerraises") is put back
    assert "<del>If a</del> <ins>A</ins> player <ins>who</ins> raises" in redline
    assert "playerraises" not in redline
    # the 2024 rule page links its 2017 number to that redline
    assert 'href="/zh-Hant/2017/rules/46/#redline"' in page(built_site, "/zh-Hant/rules/43/")


def test_a_rule_page_shows_its_history_through_every_older_edition(built_site, rulebook):
    """Renumbered or not, a rule that an older edition had links to that text (at its redline when the
    older source has text to compare); a rule no older edition holds shows none."""
    history = {rule.id: rulebook.history(rule.id) for rule in rulebook.edition("en").all_rules()}
    kept = next(r for r, h in history.items() if h and h[0][1] == (r,) and r != "1")     # same number
    moved = next(r for r, h in history.items() if h and h[0][1] != (r,))
    for rule_id in (kept, moved):
        year, (old, *_) = history[rule_id][0]
        html = page(built_site, f"/ru/rules/{rule_id}/")
        assert f'<a class="tda-formerly" href="/ru/{year}/rules/{old}/#redline">Редакция {year}: правило {old}</a>' in html
    # rule 1 of the partial source has a title only: its page, without a redline to jump to
    assert history["1"] and f'class="tda-formerly" href="/en/{history["1"][0][0]}/rules/1/">' in page(built_site, "/en/rules/1/")
    unheld = next(r for r, h in history.items() if not h)
    assert "tda-formerly" not in page(built_site, f"/en/{'rp/' + unheld[3:] if unheld.startswith('RP-') else 'rules/' + unheld}/")
