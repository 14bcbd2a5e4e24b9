"""rulebook/situations.yaml (ours): every rule and procedure has players' words, the rule-text
words it maps players' words to occur in that language's rules, and a bad rule id is reported
with file and line like any other data error."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tdarules.loader import RulebookError, load_rulebook
from tdarules.search.situations import fold

ROOT = Path(__file__).resolve().parents[2]


def test_every_rule_and_procedure_has_situations_in_every_language(rulebook):
    covered = {lang: set() for lang in ("en", "zh-Hant", "ru")}
    for situation in rulebook.situations.situations:
        for lang in covered:
            if situation.words(lang):
                covered[lang].update(t if t.startswith("RP-") and t.count("-") == 1 or "-" not in t
                                     else t.rsplit("-", 1)[0] for t in situation.rules)
    for lang, rules in covered.items():
        missing = [r.id for r in rulebook.edition("en").all_rules() if r.id not in rules]
        assert not missing, (lang, missing)


def test_rule_text_words_occur_in_the_rules(rulebook):
    for lang in ("en", "zh-Hant", "ru"):
        edition = rulebook.edition(lang)
        text = fold("\n".join(b.text for r in edition.all_rules() for _, b in r.all_blocks())
                    + "\n".join(r.title.text for r in edition.all_rules()))
        for player, words in rulebook.situations.words_for(lang).items():
            for word in words:
                assert fold(word) in text, (lang, player, word)


def test_framing_holds_no_poker_word(rulebook):
    poker = {fold(w) for term in rulebook.glossary for w in term.en + term.ru + term.abbreviations}
    for lang in ("en", "ru"):
        assert not poker & {fold(f) for f in rulebook.situations.framing_for(lang)}, lang


def test_unknown_rule_is_reported_with_its_line(tmp_path):
    shutil.copytree(ROOT / "rulebook", tmp_path / "rulebook")
    path = tmp_path / "rulebook" / "situations.yaml"
    text = path.read_text(encoding="utf-8").replace('  - rules: ["28"]', '  - rules: ["28", "99"]', 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulebookError) as error:
        load_rulebook(tmp_path)
    line = text.splitlines().index('  - rules: ["28", "99"]') + 1
    assert f"rulebook/situations.yaml:{line}:" in str(error.value) and "'99'" in str(error.value)
