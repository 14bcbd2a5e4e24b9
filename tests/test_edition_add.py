"""`rulebook edition add` on a copy of the rulebook: the synthetic next edition (tests/synthetic_edition.py)
goes in from a plain-text Longform, and what it writes is checked against the fixture's known answers:
the English and the mapping, the translations carried (stale exactly where the English changed), every
rule-keyed file remapped, the report, a person's confirmed entry on a second run, one-line errors."""
from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from ruamel.yaml import YAML

from synthetic_edition import Synthetic, edit_mapping, longform_text, next_edition, renumber_references, \
    with_amount_rules
from tdarules.cli import main
from tdarules.editions_next import EditionReport, add_edition, added_edition, edition_report
from tdarules.editions_next.remap import names_its_rule, remap_questions
from tdarules.editions_next.source import reflow
from tdarules.importers.align import read_mapping, units_of
from tdarules.loader import load_rulebook
from tdarules.model import Edition
from tdarules.search.evaluate import load_queries
from tdarules.validate import validate
from tdarules.yamlio import YamlError, read_yaml, to_plain

ROOT = Path(__file__).resolve().parents[1]
ONE_LINE_ERROR = re.compile(r"^\S+:\d+: \S+: .+$")


SPEC = "plugins/tdarules/search/spec.yaml"
# The synthetic edition leaves the rules chip amounts lead to (41 to 61) where they are: the copy's spec
# names, for three of them, a rule it renumbers, one it splits and one it drops.
SPEC_RULES = {"change": "12", "together": "35", "overchip": "9"}


@dataclass
class Added:
    root: Path
    source: Path
    year: str
    old: dict[str, Edition]            # the current edition per stored language
    synthetic: Synthetic
    report: EditionReport


def _copy_project(target: Path) -> Path:
    shutil.copytree(ROOT / "rulebook", target / "rulebook")
    shutil.copytree(ROOT / "tests" / "search", target / "tests" / "search", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    (target / "tests" / "calculators").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "calculators" / "RULE-REVIEW.yaml", target / "tests" / "calculators")
    (target / SPEC).parent.mkdir(parents=True)
    (target / SPEC).write_text(with_amount_rules((ROOT / SPEC).read_text(encoding="utf-8"), SPEC_RULES), encoding="utf-8")
    return target


def _add(root: Path) -> Added:
    current = load_rulebook(ROOT)
    old = {lang: current.edition(lang, "2024") for lang in ("en", "ru", "zh-Hant")}
    # the TDA renumbers the cross-references of a new edition; so does the synthetic one here
    synthetic = renumber_references(next_edition(old["en"]))
    source = root / "longform.txt"
    source.write_text(longform_text(synthetic.edition), encoding="utf-8")
    year = synthetic.edition.edition
    return Added(root, source, year, old, synthetic, add_edition(root, source, year))


@pytest.fixture(scope="module")
def added(tmp_path_factory) -> Added:
    return _add(_copy_project(tmp_path_factory.mktemp("edition")))


@pytest.fixture(scope="module")
def loaded(added):
    return load_rulebook(added.root)


def _yaml(path: Path):
    return to_plain(read_yaml(path))


def _plain_yaml(text: str):
    return to_plain(YAML(typ="rt").load(text))


# --------------------------------------------------------------------------------------------
# the English and the mapping

def test_the_rules_search_sends_chip_amounts_to_take_their_new_numbers(added):
    """spec.yaml names by number the rules a story's chip amounts lead to: its copy in remapped/ gives a
    renumbered one its new number, puts a split one on one piece and keeps a dropped one, both flagged
    for a person, and keeps every other byte of the file."""
    truth = added.synthetic.truth
    before_text = (added.root / SPEC).read_text(encoding="utf-8")
    after_text = (added.root / "rulebook" / added.year / "remapped" / "search-spec.yaml").read_text(encoding="utf-8")
    before = yaml.safe_load(before_text)["amounts"]["rules"]
    after = yaml.safe_load(after_text)["amounts"]["rules"]
    assert truth["12"] != ("12",) and len(truth["35"]) == 2 and truth["9"] == ()
    assert after["change"] == truth["12"][0] and after["together"] in truth["35"] and after["overchip"] == "9"
    assert {k: v for k, v in after.items() if k not in SPEC_RULES} == {k: v for k, v in before.items() if k not in SPEC_RULES}
    changed = [(old, new) for old, new in zip(before_text.splitlines(), after_text.splitlines()) if old != new]
    assert len(before_text.splitlines()) == len(after_text.splitlines())
    assert len(changed) == 1 and changed[0][0].lstrip().startswith("rules:"), changed
    flags = {f.where: f for item in added.report.remapped for f in item.flags if f.file == SPEC}
    line = before_text[:before_text.index("  rules: {")].count("\n") + 1
    assert set(flags) == {"amounts.rules.together", "amounts.rules.overchip"}, flags
    assert "split" in flags["amounts.rules.together"].message and "dropped" in flags["amounts.rules.overchip"].message
    assert {f.line for f in flags.values()} == {line}


def test_the_new_edition_loads_and_validates_beside_the_old(added, loaded):
    assert {(added.year, lang) for lang in ("en", "ru", "zh-Hant", "zh-Hans")} <= set(loaded.editions)
    assert ("2024", "en") in loaded.editions and ("2017", "en") in loaded.editions
    assert validate(loaded) == []
    new = loaded.edition("en", added.year)
    assert new.edition == added.year and new.source.startswith(f"sources/{added.year}_")
    assert (added.root / "rulebook" / new.source).read_text(encoding="utf-8") == added.source.read_text(encoding="utf-8")
    # every unit of the synthetic edition came through the plain-text Longform word for word
    want, got = units_of(added.synthetic.edition), units_of(new)
    for level in want:
        assert {k: u.text for k, u in got[level].items()} == {k: u.text for k, u in want[level].items()}, level


def test_the_mapping_follows_the_known_answers(added):
    mapping = read_mapping(added.root / "rulebook" / added.year / "mapping.yaml")
    assert (mapping.old_edition, mapping.new_edition) == ("2024", added.year)
    targets = mapping.targets()
    wrong = {old: (new, targets[old]) for old, new in added.synthetic.truth.items() if targets[old] != new}
    assert not wrong
    assert mapping.of("9").kind == "dropped" and mapping.of("35").kind == "split"
    assert mapping.of("13-C").kind == "moved-part"
    assert {n for m in mapping.matches if m.kind == "new" for n in m.new} == added.synthetic.new_units


# --------------------------------------------------------------------------------------------
# translations

def _own(edition: Edition, unit: str):
    """A unit's English as the test reads it (independently of the carrying): a rule's title and the
    text outside its parts, a part's blocks, an entry's title and introduction, an example's blocks."""
    if unit.startswith("addendum:"):
        entry_id, _, label = unit.removeprefix("addendum:").partition("/")
        entry = edition.addendum[entry_id]
        if label:
            return tuple(b.text for b in entry.examples[label].blocks)
        return entry.title.text if entry.title else None, tuple(b.text for b in entry.blocks)
    rule = edition.rule(unit)
    if rule is not None:
        return rule.title.text, tuple(b.text for b in rule.blocks), tuple(b.text for b in rule.after)
    rule_id, _, letter = unit.rpartition("-")
    return tuple(b.text for b in edition.rule(rule_id).parts[letter].blocks)


def _expected_stale(added: Added) -> set[str]:
    """New units whose English is not exactly one old unit's English, by the fixture's truth."""
    sources: dict[str, list[str]] = {}
    for old, new in added.synthetic.truth.items():
        for unit in new:
            sources.setdefault(unit, []).append(old)
    new_edition = added.synthetic.edition
    out = set()
    for unit, olds in sources.items():
        if len(olds) > 1 or _own(added.old["en"], olds[0]) != _own(new_edition, unit):
            out.add(unit)
    return out


@pytest.mark.parametrize("language", ["ru", "zh-Hant"])
def test_translations_are_carried_and_stale_exactly_where_the_english_changed(added, loaded, language):
    expected = _expected_stale(added)
    assert {"4", "8-A", "43-B", "54-B", "RP-8-B"} <= expected          # the fixture's rewordings
    assert set(added.report.stale[language]) == expected
    assert set(added.report.untranslated[language]) == added.synthetic.new_units
    old, new = added.old[language], loaded.edition(language, added.year)
    # unchanged English, renumbered: the translation moves to the new number as it was
    assert added.synthetic.truth["10"] == ("9",) and "9" not in expected
    assert new.rule("9").title == old.rule("10").title and new.rule("9").parts == old.rule("10").parts
    moved = added.synthetic.truth["13-C"][0]
    rule_id, _, letter = moved.rpartition("-")
    assert new.rule(rule_id).parts[letter].blocks == old.rule("13").parts["C"].blocks
    assert all(b.stale_from is None for b in new.rule(rule_id).parts[letter].blocks)
    # changed English: the old translation, every text marked stale
    assert [b.text for b in new.rule("8").parts["A"].blocks] == [b.text for b in old.rule("8").parts["A"].blocks]
    assert {b.stale_from for b in new.rule("8").parts["A"].blocks} == {"2024"}
    assert new.rule("4").title.stale_from == "2024"
    # new: no translation, said so
    assert not new.rule("40").parts["B"].blocks
    assert [d.kind for d in new.rule("40").parts["B"].defects] == ["missing-text"]
    # what the report says is what the files say
    again = edition_report(added.root, added.year)
    assert again.stale[language] == added.report.stale[language]


# --------------------------------------------------------------------------------------------
# what is keyed by rule number

def _by_phrases(entries) -> dict[tuple, list[str]]:
    return {tuple(e.get("en") or e.get("zh-Hant") or ()): list(e["rules"]) for e in entries}


def test_situations_follow_the_rule_that_now_holds_their_text(added):
    old = _yaml(added.root / "rulebook" / "situations.yaml")
    new = _yaml(added.root / "rulebook" / added.year / "remapped" / "situations.yaml")
    truth = added.synthetic.truth
    before, after = _by_phrases(old["situations"]), _by_phrases(new["situations"])
    checked = 0
    for phrases, rules in before.items():
        if any(not truth[r] or len(truth[r]) > 1 for r in rules):
            continue
        assert after[phrases] == list(dict.fromkeys(truth[r][0] for r in rules)), phrases
        checked += 1
    assert checked > 80
    flags = [str(f) for item in added.report.remapped if item.source == "rulebook/situations.yaml" for f in item.flags]
    dropped = [p for p, rules in before.items() if rules == ["9"]]
    assert dropped and all(p not in after for p in dropped)
    assert any("9 was dropped" in f and "left out" in f for f in flags) or any("no rules left" in f for f in flags)
    split = [p for p, rules in before.items() if "35" in rules]
    assert split and all(set(after[p]) & {"34", "35"} for p in split)
    assert sum("35 was split into 34, 35" in f for f in flags) >= len(split)
    # the loader accepts the remapped vocabulary against the new edition
    from tdarules.model import SituationVocabulary
    SituationVocabulary.model_validate(new)


def test_training_questions_are_remapped_and_splits_and_drops_listed(added):
    old = _yaml(added.root / "rulebook" / "training" / "questions.yaml")["queries"]
    new = _yaml(added.root / "rulebook" / added.year / "remapped" / "training" / "questions.yaml")["queries"]
    truth = added.synthetic.truth
    after = {(q["lang"], q["q"]): q["expect"] for q in new}
    for query in old:
        key = (query["lang"], query["q"])
        if names_its_rule(query):                # "rule 13c": in the new edition, its rule 13-C
            assert after[key] == query["expect"], key
            continue
        targets = [truth[r] for r in query["expect"]]
        if all(len(t) == 1 for t in targets):
            assert after[key] == list(dict.fromkeys(t[0] for t in targets)), key
        elif all(not t for t in targets):
            assert key not in after
    asked = ("en", "new player arrives at the table does he post")
    assert [q["expect"] for q in _yaml(added.root / "rulebook" / "training" / "questions_dev.yaml")["queries"]
            if (q["lang"], q["q"]) == asked] == [["10"]]
    dev = _yaml(added.root / "rulebook" / added.year / "remapped" / "training" / "questions_dev.yaml")["queries"]
    assert [q["expect"] for q in dev if (q["lang"], q["q"]) == asked] == [["9"]]
    flags = [f.message for item in added.report.remapped if item.source == "rulebook/training/questions.yaml"
             for f in item.flags]
    splits = [q for q in old if "35" in q["expect"]]
    assert splits and sum("35 was split" in f for f in flags) == len(splits)


def test_held_out_labels_follow_the_rules_and_their_texts_stay(added):
    """The held-out batches are measured against the new edition too: their labels are remapped, their
    texts untouched, and a question naming its rule by number keeps that number."""
    for path in sorted((ROOT / "tests" / "search").glob("questions_unseen1*.yaml")):
        old = _yaml(path)["queries"]
        new = _yaml(added.root / "rulebook" / added.year / "remapped" / "search" / path.name)["queries"]
        assert [q["q"] for q in new] == [q["q"] for q in old if (q["lang"], q["q"]) in {(n["lang"], n["q"]) for n in new}]
        assert len(old) - len(new) <= 10                   # only questions whose every rule was dropped
    for name in ("questions.yaml", "questions_unseen12.yaml"):
        old = _yaml(ROOT / "tests" / "search" / name)["queries"]
        new = {(q["lang"], q["q"]): q["expect"] for q in
               _yaml(added.root / "rulebook" / added.year / "remapped" / "search" / name)["queries"]}
        moved = [q for q in old if q["expect"] == ["10"] and not names_its_rule(q)]
        assert moved and all(new[(q["lang"], q["q"])] == ["9"] for q in moved), name
    named = [q for q in old if names_its_rule(q)]                 # "правило 48": the new edition's rule 48
    assert named and all(new[(q["lang"], q["q"])] == q["expect"] for q in named)


def test_remapped_question_files_change_only_the_labels_that_moved(added):
    """A question file is edited where its labels stand: every line whose labels stay is kept byte for
    byte (a YAML dump rewrote them, and left `q: overchip … = call?` unquoted, which PyYAML's own
    parser, the index build's loader where libyaml is missing, cannot read), and every file still
    loads through the index build's loader."""
    for folder, remapped in (("rulebook/training", "training"), ("tests/search", "search")):
        for path in sorted((added.root / folder).glob("*.yaml")):
            new_path = added.root / "rulebook" / added.year / "remapped" / remapped / path.name
            labels = {(case.lang, case.q): case.expect for case in load_queries(new_path)}
            moved = [case for case in load_queries(path) if labels.get((case.lang, case.q)) != case.expect]
            new_lines = set(new_path.read_text(encoding="utf-8").splitlines())
            rewritten = [line for line in path.read_text(encoding="utf-8").splitlines() if line not in new_lines]
            # each question is one line: exactly the lines of the questions whose labels moved or went
            assert len(rewritten) == len(moved), path.name
            assert all(line.lstrip().startswith("- {") for line in rewritten), path.name


def test_a_question_file_written_another_way_is_remapped_through_the_round_trip(added, tmp_path):
    """One-line questions are edited where they stand; a file in block style, with a comment after a
    question, an alias or a key twice is read by the round trip instead, which keeps the same labels
    and flags (and names the defect of a broken file by its line)."""
    _, _, targets = added_edition(added.root, added.year)
    flow = '- {lang: en, q: "the dealer exposed a card", expect: ["35"], kind: x}\n'
    block = "- lang: en\n    q: the dealer exposed a card\n    expect:\n      - \"35\"\n    kind: x\n"
    files = {"flow.yaml": f"queries:\n  {flow}", "block.yaml": f"queries:\n  {block}",
             "comment.yaml": f"queries:\n  {flow.rstrip()}   # why\n",
             "alias.yaml": 'moved: &m ["35"]\nqueries:\n  ' + flow.replace('["35"]', "*m"),
             "twice.yaml": 'queries:\n  - {lang: en, q: "a", q: "b", expect: ["35"]}\n'}
    (tmp_path / "tests" / "search").mkdir(parents=True)
    for name, text in files.items():
        (tmp_path / "tests" / "search" / name).write_text(text, encoding="utf-8")
    with pytest.raises(YamlError, match=r"twice\.yaml:2: .*duplicate key"):
        remap_questions(tmp_path, targets, added.year)
    (tmp_path / "tests" / "search" / "twice.yaml").unlink()
    remapped = {Path(item.source).name: item for item in remap_questions(tmp_path, targets, added.year)}
    assert {name for name, item in remapped.items() if item.original} == {"flow.yaml"}
    labels = {name: _plain_yaml(item.text)["queries"][0]["expect"] for name, item in remapped.items()}
    assert len(set(map(tuple, labels.values()))) == 1 and labels["flow.yaml"] != ["35"]      # split: one piece
    assert len({tuple(f.message for f in item.flags) for item in remapped.values()}) == 1


def test_glossary_review_and_calculator_citations(added):
    truth = added.synthetic.truth
    glossary = _yaml(added.root / "rulebook" / added.year / "remapped" / "glossary.yaml")
    old_terms = {t["id"]: t for t in _yaml(added.root / "rulebook" / "glossary.yaml")["terms"]}
    for term in glossary["terms"]:
        before = old_terms[term["id"]].get("rules", [])
        if all(len(truth.get(r, ())) == 1 for r in before):
            assert term.get("rules", []) == list(dict.fromkeys(truth[r][0] for r in before)), term["id"]
    substantial = next(t for t in glossary["terms"] if t["id"] == "substantial-action")
    assert old_terms["substantial-action"]["rules"][1] == "35" and substantial["rules"][1] in truth["35"]
    review = _yaml(added.root / "rulebook" / added.year / "remapped" / "review" / "zh-Hant.yaml")
    findings = {a["finding"] for a in review["acknowledgements"]}
    assert "terminology:34-C:1:misdeal=錯誤發牌" in findings                   # 35-C is now 34-C
    calculators = next(item for item in added.report.remapped if item.source.endswith("RULE-REVIEW.yaml"))
    changed = [f for f in calculators.flags if "sentence changed" in f.message]
    assert {f.where for f in changed} >= {"rules:43-B", "rules:54-B", "rules:RP-8-B"}
    assert not any(f.where == "rules:43-A" and "Ex: NLHE" in f.message for f in changed)
    assert {"minRaise", "chipPushing", "potLimit", "handForHand"} <= set(calculators.recheck)
    remapped = _yaml(added.root / calculators.target)["rules"]
    original = _yaml(added.root / calculators.source)["rules"]
    moved = [key for key in original if key in truth and len(truth[key]) == 1 and truth[key][0] != key
             and not any(truth.get(other) == truth[key] for other in original if other != key)]
    assert "20-A" in moved                                                     # 20 is 19 now (9 dropped)
    for key in moved:
        assert remapped[truth[key][0]] == original[key], key


def test_the_report_counts(added, capsys):
    report = added.report
    assert report.kinds["rule"]["dropped"] == 1 and report.kinds["rule"]["split"] == 1
    assert report.kinds["rule"]["merged"] == 2 and report.kinds["part"]["moved-part"] == 1
    assert [f.where for f in report.uncertain] == [m.old for m in
                                                   read_mapping(added.root / "rulebook" / added.year / "mapping.yaml").uncertain()]
    assert "54-B" in [f.where for f in report.uncertain]
    assert main(["edition", "report", "--year", added.year, "--root", str(added.root), "--limit", "0"]) == 0
    out = capsys.readouterr().out
    assert f"uncertain matches: {len(report.uncertain)}" in out
    assert f"stale translations, ru: {len(report.stale['ru'])} unit(s); untranslated (new): 3" in out
    assert "calculators to re-check: " in out and "minRaise" in out
    assert "Traceback" not in out


# --------------------------------------------------------------------------------------------
# a person's decisions, and errors

def test_a_second_run_keeps_what_a_person_confirmed(added, tmp_path):
    shutil.copytree(added.root, tmp_path, dirs_exist_ok=True)         # the first run's files, edited here
    first = Added(tmp_path, tmp_path / added.source.name, added.year, added.old, added.synthetic, added.report)
    mapping = first.root / "rulebook" / first.year / "mapping.yaml"
    edit_mapping(mapping, {"35": {"new": "34", "confirmed": True},       # not a split, says the reviewer
                            "54-B": {"confirmed": True}})                 # the uncertain match accepted
    second = add_edition(first.root, first.source, first.year)
    again = read_mapping(mapping)
    assert again.of("35").new == ("34",) and again.of("35").confirmed and again.of("35").kind == "renumbered"
    assert again.of("54-B").confirmed and not again.of("54-B").uncertain
    assert len(second.uncertain) == len(first.report.uncertain) - 1
    flags = [f.message for item in second.remapped for f in item.flags]
    assert not any("35 was split" in f for f in flags)
    situations = _yaml(first.root / "rulebook" / first.year / "remapped" / "situations.yaml")["situations"]
    old = _yaml(first.root / "rulebook" / "situations.yaml")["situations"]
    for before in (e for e in old if e["rules"] == ["35"]):
        assert next(e for e in situations if e.get("en") == before.get("en"))["rules"] == ["34"]


@pytest.mark.parametrize("args, names", [
    (["add", "{source}", "--year", "2024"], "rulebook/2024/en.yaml"),        # an edition not added here
    (["add", "{root}/missing.txt", "--year", "2099"], "missing.txt"),
    (["add", "{root}/binary.txt", "--year", "2099"], "binary.txt"),
    (["add", "{root}/broken.docx", "--year", "2099"], "broken.docx"),
    (["add", "{root}/empty.txt", "--year", "2099"], "empty.txt"),
    (["add", "{source}", "--year", "2020"], "rulebook/2020"),                # before the current edition
    (["add", "{source}", "--year", "20x8"], "rulebook/20x8"),
    (["report", "--year", "2099"], "rulebook/2099/mapping.yaml"),
])
def test_errors_are_one_line(added, capsys, args, names):
    (added.root / "binary.txt").write_bytes(b"\xff\xfe\x00rules")
    (added.root / "broken.docx").write_bytes(b"not a zip")
    (added.root / "empty.txt").write_text("Just a title\n\nand a paragraph\n", encoding="utf-8")
    argv = ["edition", *(a.format(root=added.root, source=added.source) for a in args), "--root", str(added.root)]
    assert main(argv) == 1
    captured = capsys.readouterr()
    lines = (captured.out + captured.err).strip().splitlines()
    assert len(lines) == 1 and ONE_LINE_ERROR.match(lines[0]) and names in lines[0], lines
    assert not (added.root / "rulebook" / "2099").exists()


def test_a_question_file_of_aliases_is_refused_in_one_line(added, tmp_path):
    """Aliases of aliases (10^8 labels from a few lines) are refused with their file and line, as the
    loader refuses them, before the remap walks them."""
    import subprocess
    import sys
    root = _copy_project(tmp_path)
    levels = ['a0: &a0 ["35"]'] + [f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 10) + "]" for n in range(1, 9)]
    (root / "tests" / "search" / "questions_bomb.yaml").write_text(
        "\n".join(levels) + '\nqueries:\n  - {lang: en, q: "the dealer exposed a card", expect: *a8}\n', encoding="utf-8")
    shutil.copy(added.source, root / added.source.name)
    result = subprocess.run([sys.executable, "-m", "tdarules.cli", "edition", "add", added.source.name, "--year", added.year,
                             "--root", str(root)], cwd=root, capture_output=True, text=True, timeout=120)
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert result.returncode == 1 and len(lines) == 1 and ONE_LINE_ERROR.match(lines[0]), lines
    assert lines[0].startswith("tests/search/questions_bomb.yaml:") and "expands to more than" in lines[0]


def test_a_pdfs_wrapped_lines_become_paragraphs():
    layout = ("   Poker TDA Rules\n\n General Concepts\n 1: Floor Decisions\n   The best interest of the game\n"
              "   and fairness are top priorities.\n\f A: First part\n   goes on here.\n")
    assert reflow(layout, "name").split("\n\n") == [
        "name", "Poker TDA Rules", "General Concepts", "1: Floor Decisions",
        "The best interest of the game and fairness are top priorities.", "A: First part goes on here.\n"]


# --------------------------------------------------------------------------------------------
# the maintainers' page

@pytest.fixture(scope="module")
def workbench(loaded):
    """One workbench for every language's page, as the build makes it: the added edition's report is
    made once and read by each."""
    from tdarules.site.workbench import Workbench
    from tdarules.strings import Strings
    return Workbench(loaded, Strings.load(ROOT / "rulebook" / "ui" / "site.yaml"))


@pytest.mark.parametrize("language", ["en", "ru", "zh-Hant"])
def test_the_editions_page_lists_what_the_added_edition_waits_for(added, workbench, language):
    from tdarules.site.workbench import editions_index_page
    page = editions_index_page(workbench, language)
    pending = page[page.index(f'id="pending-{added.year}"'):]
    assert f"rulebook edition publish --year {added.year}" in pending
    for flag in added.report.uncertain:                   # each uncertain match, where to confirm it
        assert f"<code>{flag}</code>" in pending.replace("&gt;", ">").replace("&#39;", "'")
    for lang, units in added.report.stale.items():
        assert all(f"<code>{unit}</code>" in pending for unit in units) and units, lang
    assert "rulebook/situations.yaml" in pending
    assert f'href="/{language}/editions/2017-2024/"' in page     # the published pair, compared


def test_a_broken_mapping_is_a_one_line_problem_of_the_loader(added, tmp_path):
    """The loader reads each added edition's mapping as its succession: a damaged one is reported with
    its file and line, never a traceback."""
    from tdarules.loader import RulebookError
    shutil.copytree(added.root / "rulebook", tmp_path / "rulebook")
    mapping = tmp_path / "rulebook" / added.year / "mapping.yaml"
    text = mapping.read_text(encoding="utf-8")
    mapping.write_text(text.replace(f"to: '{added.year}'", "to: '1999'", 1), encoding="utf-8")
    with pytest.raises(RulebookError) as raised:
        load_rulebook(tmp_path)
    [problem] = raised.value.problems
    assert str(problem).startswith(f"rulebook/{added.year}/mapping.yaml:") and "'1999'" in str(problem)
    mapping.write_text(text.replace("units:", "units: 3\nunused:", 1), encoding="utf-8")
    with pytest.raises(RulebookError) as raised:
        load_rulebook(tmp_path)
    assert [ONE_LINE_ERROR.match(str(p)) is not None for p in raised.value.problems] == [True]
