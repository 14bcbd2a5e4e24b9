"""The strings JSON the calculators UI loads (plugins/tdarules/site/calculators.py): every rule part
the engine cites in any test case can be linked and quoted in every language, every rule a
calculator is placed on exists, and the UI's own strings are there in all four languages."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tdarules.loader import load_rulebook
from tdarules.model import ALL_LANGUAGES
from tdarules.site.calculators import calculator_rules, calculator_widget, rule_widgets, strings_json
from tdarules.site.context import Context
from tdarules.site.generate import load_strings

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
UI_JS = ROOT / "docs" / "assets" / "calculators" / "ui.js"
NODE = shutil.which("node")


@pytest.fixture(scope="module")
def contexts():
    rulebook = load_rulebook(ROOT)
    strings = load_strings(ROOT / "rulebook")
    return {language: Context(rulebook, language, strings) for language in ALL_LANGUAGES}


@pytest.fixture(scope="module")
def data(contexts):
    return {language: strings_json(ctx) for language, ctx in contexts.items()}


@pytest.fixture(scope="module")
def engine_citations() -> set[str]:
    if NODE is None:
        pytest.skip("node is not on PATH")
    from test_engine import CASES
    payload = json.dumps([{k: c[k] for k in ("id", "calculator", "input", "expect")} for c in CASES])
    proc = subprocess.run([NODE, str(HERE / "run_cases.mjs")], input=payload, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return {c for r in json.loads(proc.stdout) for c in ((r["output"] or {}).get("citations") or [])}


def test_every_cited_part_is_linked_and_quoted(data, engine_citations, contexts):
    assert {"43-A", "47-A", "54-B", "RP-8-A", "1"} <= engine_citations
    for language, d in data.items():
        edition = contexts[language].edition
        for cite in engine_citations:
            entry = d["citations"].get(cite)
            assert entry, f"{language}: {cite}"
            assert entry["text"].strip() and entry["label"], f"{language}: {cite}"
            rule, _, part = cite.partition("-") if not cite.startswith("RP-") else ("RP-" + cite[3:].split("-")[0], "", "-".join(cite[3:].split("-")[1:]))
            assert edition.rule(rule) is not None
            assert entry["url"] == f"/{language}/" + ("rp/" + rule[3:] if rule.startswith("RP-") else f"rules/{rule}") + "/" + (f"#{cite}" if part else "")


def test_quotes_are_the_rule_text_in_the_page_language(data, contexts):
    assert data["en"]["citations"]["43-A"]["text"] == contexts["en"].edition.rule("43").parts["A"].blocks[0].text
    assert "加注" in data["zh-Hant"]["citations"]["43-A"]["text"]
    assert data["zh-Hans"]["citations"]["43-A"]["text"] != data["zh-Hant"]["citations"]["43-A"]["text"]
    assert "рейз" in data["ru"]["citations"]["43-A"]["text"].lower()


def test_calculators_sit_on_existing_rule_pages(contexts):
    CALCULATOR_RULES = calculator_rules(contexts["en"].strings)
    assert CALCULATOR_RULES["minRaise"] == ["43", "47"] and CALCULATOR_RULES["handForHand"] == ["RP-8"]
    for calc, rules in CALCULATOR_RULES.items():
        assert rules, calc
        for rule in rules:
            assert contexts["en"].edition.rule(rule) is not None, (calc, rule)
            assert f'data-calc="{calc}"' in rule_widgets(rule, contexts["ru"])


def test_ui_strings_in_every_language(data):
    source = UI_JS.read_text(encoding="utf-8")
    ui_keys = set(re.findall(r"S\.ui\.(\w+)", source)) | {f"clock_{k}" for k in ("start", "pause", "resume", "act", "reset", "fullscreen")}
    sets = {m for m in re.findall(r"set: '(\w+)'", source)}
    subs = set(re.findall(r"sub: '(\w+)'", source))
    for language, d in data.items():
        assert ui_keys <= set(d["ui"]), (language, ui_keys - set(d["ui"]))
        assert sets <= set(d["options"]), (language, sets - set(d["options"]))
        assert subs <= set(d["subfields"]), (language, subs - set(d["subfields"]))
        for calc, spec in d["calculators"].items():
            assert spec["title"] and spec["rules"]
        for set_name, options in d["options"].items():
            assert all(isinstance(v, str) and v for v in options.values()), (language, set_name)
    assert data["zh-Hans"]["ui"]["calculate"] == "计算"


def test_widget_is_escaped_and_has_noscript(contexts):
    html = calculator_widget("potLimit", contexts["zh-Hant"])
    assert 'id="calc-potLimit"' in html and "<noscript>" in html and "底池限注最大額" in html


def test_calculator_strings_come_through_the_loaded_strings(tmp_path, contexts):
    """The pages and the UI JSON read calculators.yaml only as loaded by load_strings (no second reader):
    a changed copy elsewhere shows up in both; a name clash with site.yaml is refused."""
    from tdarules.site.calculators import calculators_page
    from tdarules.strings import Strings

    ui = tmp_path / "rulebook" / "ui"
    ui.mkdir(parents=True)
    shutil.copy(ROOT / "rulebook" / "ui" / "site.yaml", ui / "site.yaml")
    shutil.copy(ROOT / "rulebook" / "ui" / "print.yaml", ui / "print.yaml")        # load_strings reads it too
    text = (ROOT / "rulebook" / "ui" / "calculators.yaml").read_text(encoding="utf-8")
    assert 'en: "Pot-limit maximum"' in text
    (ui / "calculators.yaml").write_text(text.replace('en: "Pot-limit maximum"', 'en: "Pot-limit maximum <test>"'),
                                         encoding="utf-8")
    strings = load_strings(tmp_path / "rulebook")
    ctx = Context(contexts["en"].rulebook, "en", strings)
    assert strings_json(ctx)["calculators"]["potLimit"]["title"] == "Pot-limit maximum <test>"
    page = calculators_page(ctx)
    assert "Pot-limit maximum &lt;test&gt;" in page and "<test>" not in page
    with pytest.raises(ValueError, match="'rule' is also the name"):
        Strings.load(ui / "site.yaml", rule=ui / "calculators.yaml")
