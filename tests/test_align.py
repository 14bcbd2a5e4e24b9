"""Aligning two editions: a synthetic next edition with known answers, the real 2017 → 2024 pair
against the reviewed renumbering, and a person's confirmed decisions kept across runs."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tdarules.importers.align import Alignment, align, read_mapping, write_mapping
from tdarules.loader import load_rulebook
from tdarules.model import Edition

ROOT = Path(__file__).resolve().parents[1]
# Share of the ground-truth pairs the aligner must recover, at every level.
RECOVERY = 0.98


@pytest.fixture(scope="module")
def rulebook():
    return load_rulebook(ROOT)


@pytest.fixture(scope="module")
def current(rulebook) -> Edition:
    return rulebook.edition("en", "2024")


# --------------------------------------------------------------------------------------------
# a synthetic next edition with known answers

HEAVY_REWRITES = {
    ("17", "A"): "When nobody is all-in and players neither table nor muck on their own, the TD may set "
                 "the order of show. Whoever made the last bet or raise on the river shows first. With no "
                 "bet on the final round, the first player to act on that round shows first (the first seat "
                 "left of the button in flop games, high hand showing in stud, low hand in razz, etc.).",
    # rewritten so far that only its place between parts A and C tells what it is
    ("54", "B"): "The pot limit before the flop is figured as if both blinds were posted in full, even when "
                 "a blind is dead or the big blind is all-in for less. So in PLO at 100-200 with a dead small "
                 "blind, or a big blind short at 100, the first player may open for 700.",
}
LIGHT_REWORDINGS = {
    ("8", "A"): ("will be sold full stacks", "receive full starting stacks"),
    ("43", "B"): ("Without other clarifying information", "Unless otherwise clarified"),
    ("65", "A"): ("has no redress", "has no recourse"),
    ("RP-8", "B"): ("a maximum of 3 minutes", "at most 3 minutes"),
}
NEW_RULE = {
    "title": {"text": "Deal Making"},
    "blocks": [{"text": "Any deal among remaining players must be approved by the house, announced to "
                        "the table and recorded by staff before play resumes; the house is not bound by "
                        "private agreements."}],
}
NEW_PART_40 = {"blocks": [{"text": "A bettor who places chips short of the line and withdraws them "
                                    "before the dealer touches them has not bet."}]}
NEW_EXAMPLE_43 = {"marker": "Example 5:", "blocks": [{"text": "Limit hold'em, blinds 200-400. A completes a "
                  "short all-in of 250 to 400; B may call 400 or raise to 800."}]}


@dataclass
class Synthetic:
    edition: Edition
    truth: dict[str, tuple[str, ...]]          # old unit id → new unit ids (empty: dropped)
    new_units: set[str] = field(default_factory=set)


def next_edition(current: Edition) -> Synthetic:
    """The current edition changed the way a new edition changes it, recording what became of what:
    rule 9 deleted, a rule inserted after 21 (renumbering everything around them), 24 and 25 merged,
    35 split in two, part 13-C moved to rule 15, a part inserted in rule 40, parts reworded lightly
    and heavily, a new example in the addendum for rule 43, rule 4's title changed."""
    data = current.model_dump(mode="python")
    # each future rule: the old rules it comes from, its content, and its parts with their old ids
    rules = [{"from": [rid], "rule": r, "parts": [(f"{rid}-{k}", p) for k, p in r["parts"].items()]}
             for rid, r in data["rules"].items()]
    by_id = {item["from"][0]: item for item in rules}

    def part(rule_id: str, letter: str) -> dict:
        if rule_id in data["procedures"]:
            return data["procedures"][rule_id]["parts"][letter]
        return dict(by_id[rule_id]["parts"])[f"{rule_id}-{letter}"]

    by_id["4"]["rule"]["title"] = {"text": "Identifying Players"}
    for (rid, letter), text in HEAVY_REWRITES.items():
        part(rid, letter)["blocks"] = [{"text": text}]
    for (rid, letter), (before, after) in LIGHT_REWORDINGS.items():
        block = part(rid, letter)["blocks"][0]
        assert before in block["text"]
        block["text"] = block["text"].replace(before, after)
    moved = next(p for p in by_id["13"]["parts"] if p[0] == "13-C")
    by_id["13"]["parts"].remove(moved)
    by_id["15"]["parts"].append(moved)
    by_id["40"]["parts"].insert(1, (None, NEW_PART_40))
    by_id["24"]["parts"] += by_id["25"]["parts"]
    by_id["24"]["from"].append("25")
    rules.remove(by_id["25"])
    misdeals = by_id["35"]
    fouled = {"from": ["35"], "rule": {"title": {"text": "Fouled Decks"}}, "parts": misdeals["parts"][3:]}
    misdeals["parts"] = misdeals["parts"][:3]
    rules.insert(rules.index(misdeals) + 1, fouled)
    rules.remove(by_id["9"])
    rules.insert(rules.index(by_id["21"]) + 1, {"from": [], "rule": NEW_RULE, "parts": []})

    truth: dict[str, tuple[str, ...]] = {"9": ()}
    new_units: set[str] = set()
    new_rules = {}
    for number, item in enumerate(rules, 1):
        rule_id = str(number)
        rule = {k: v for k, v in item["rule"].items() if k not in ("id", "parts")}
        rule["parts"] = {}
        for letter, (old_part, content) in zip("ABCDEFGHIJ", item["parts"]):
            rule["parts"][letter] = content
            if old_part is None:
                new_units.add(f"{rule_id}-{letter}")
            else:
                truth[old_part] = (f"{rule_id}-{letter}",)
        new_rules[rule_id] = rule
        for old in item["from"]:
            truth[old] = truth.get(old, ()) + (rule_id,)
        if not item["from"]:
            new_units.add(rule_id)
    for rid in data["procedures"]:
        truth[rid] = (rid,)
        for letter in data["procedures"][rid]["parts"]:
            truth[f"{rid}-{letter}"] = (f"{rid}-{letter}",)
    data["rules"] = new_rules
    renamed = {old: new[0] for old, new in truth.items() if new and "-" not in old}
    for section in data["sections"]:
        section["rules"] = list(dict.fromkeys(n for old in section["rules"] for n in truth[old]))
    data["sections"][2]["rules"].append(next(n for n in new_units if "-" not in n))

    addendum = {}
    for key, entry in data["addendum"].items():
        new_key = truth[key][0] if key in truth else renamed[key]
        entry = copy.deepcopy(entry)
        truth[f"addendum:{key}"] = (f"addendum:{new_key}",)
        for label in entry["examples"]:
            truth[f"addendum:{key}/{label}"] = (f"addendum:{new_key}/{label}",)
        if key == "43":
            entry["examples"]["5"] = NEW_EXAMPLE_43
            new_units.add(f"addendum:{new_key}/5")
        addendum[new_key] = entry
    data["addendum"] = addendum
    data["edition"] = str(int(data["edition"]) + 4)
    return Synthetic(Edition.model_validate(data), truth, new_units)


@pytest.fixture(scope="module")
def synthetic(current) -> Synthetic:
    return next_edition(current)


@pytest.fixture(scope="module")
def synthetic_alignment(current, synthetic) -> Alignment:
    return align(current, synthetic.edition)


def _scored(alignment: Alignment, synthetic: Synthetic, level: str):
    """(right, wrong matches) at one level: old units against the truth, new units against new_units."""
    right, wrong = 0, []
    for match in alignment.at(level):
        if match.old is not None:
            ok = match.new == synthetic.truth[match.old]
        else:
            ok = match.new[0] in synthetic.new_units
        if ok:
            right += 1
        else:
            wrong.append(match)
    return right, wrong


def test_the_synthetic_truth_covers_every_unit(current, synthetic, synthetic_alignment):
    """The fixture's answers name every old unit, and every new unit is either new or some old unit's image."""
    olds = {m.old for m in synthetic_alignment.matches if m.old is not None}
    assert olds == set(synthetic.truth)
    images = {n for new in synthetic.truth.values() for n in new}
    news = {n for m in synthetic_alignment.matches for n in m.new}
    assert news == images | synthetic.new_units
    assert not images & synthetic.new_units


@pytest.mark.parametrize("level", ["part", "rule", "entry", "example"])
def test_synthetic_pairs_are_recovered(synthetic, synthetic_alignment, level):
    right, wrong = _scored(synthetic_alignment, synthetic, level)
    total = right + len(wrong)
    uncertain = [m for m in synthetic_alignment.at(level) if m.uncertain]
    print(f"{level}: {right}/{total} recovered ({right / total:.1%}), {len(uncertain)} uncertain, wrong: {wrong}")
    assert right / total >= RECOVERY
    assert all(m.uncertain for m in wrong), [m for m in wrong if not m.uncertain]


def test_synthetic_changes_get_their_kind(synthetic, synthetic_alignment):
    a = synthetic_alignment
    assert a.of("1").kind == "unchanged" and not a.of("1").uncertain
    assert a.of("4").kind == "reworded"                                # the title changed
    assert a.of("9").kind == "dropped"
    assert a.of("10").kind == "renumbered" and a.of("10").new == ("9",)
    assert a.of("24").kind == a.of("25").kind == "merged" and a.of("24").new == a.of("25").new
    assert a.of("35").kind == "split" and len(a.of("35").new) == 2
    assert a.of("13-C").kind == "moved-part" and a.of("13-C").new == synthetic.truth["13-C"]
    assert a.of("8-A").kind == "reworded" and not a.of("8-A").uncertain
    # the heavy rewrite is found by its place between parts A and C, and left for a person to check
    assert a.of("54-B").new == ("54-B",) and a.of("54-B").kind == "reworded" and a.of("54-B").uncertain
    assert a.of("40-B").kind == "renumbered" and a.of("40-B").new == synthetic.truth["40-B"]
    new = {n for m in a.matches if m.kind == "new" for n in m.new}
    assert synthetic.new_units <= new


def test_an_edition_aligned_with_itself_is_unchanged_and_sure(current):
    alignment = align(current, current)
    assert {m.kind for m in alignment.matches} == {"unchanged"}
    assert not alignment.uncertain()


# --------------------------------------------------------------------------------------------
# the real pair: 2017 → 2024 against the reviewed renumbering

# Rule pairs where the aligner may differ from rulebook/renumbering.yaml, each with why: none.
EXPLAINED_DIFFERENCES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def test_2017_to_2024_rules_agree_with_the_reviewed_renumbering(rulebook):
    alignment = align(rulebook.edition("en", "2017"), rulebook.edition("en", "2024"))
    reviewed = {entry.old: (entry.new,) if entry.new else () for entry in rulebook.renumbering}
    got = alignment.targets("rule")
    differences = {old: (new, got.get(old)) for old, new in reviewed.items() if got.get(old) != new}
    print("differences from renumbering.yaml:", differences or "none")
    print("uncertain rules:", [(m.old, m.new, m.confidence) for m in alignment.at("rule") if m.uncertain and m.old])
    assert differences == EXPLAINED_DIFFERENCES
    assert set(got) == set(reviewed)
    assert alignment.of("59").kind == alignment.of("60").kind == "merged"


# --------------------------------------------------------------------------------------------
# a person's decisions, kept in the mapping file

@pytest.fixture(scope="module")
def editions(rulebook):
    return rulebook.edition("en", "2017"), rulebook.edition("en", "2024")


def test_the_mapping_file_round_trips(editions, tmp_path):
    alignment = align(*editions)
    path = tmp_path / "alignment.yaml"
    write_mapping(path, alignment)
    assert read_mapping(path) == alignment
    assert Alignment.from_yaml_dict(alignment.to_yaml_dict()) == alignment
    assert not list(tmp_path.glob(".*.tmp"))


def _edit(path: Path, changes: dict[str, dict]) -> None:
    """What a person does in an editor: change entries of the mapping file by their old id."""
    yaml = YAML()
    document = yaml.load(path.read_text(encoding="utf-8"))
    for unit in document["units"]:
        if unit["old"] in changes:
            unit.update(changes[unit["old"]])
    with path.open("w", encoding="utf-8") as out:
        yaml.dump(document, out)


def test_confirmed_entries_override_the_next_run(editions, tmp_path):
    first = align(*editions)
    assert first.of("34").new == ("34",) and first.of("41").new == ("50",)
    path = tmp_path / "alignment.yaml"
    write_mapping(path, first)
    _edit(path, {
        "34": {"new": "10", "confirmed": True},          # a person overrules the aligner
        "23": {"new": None, "confirmed": True},          # … says a rule was dropped
        "54": {"confirmed": True},                       # … accepts an uncertain match as it is
        "41": {"new": "42"},                             # an edit without confirmed: not a decision
    })
    confirmed = read_mapping(path).confirmed()
    assert confirmed == {"23": None, "34": "10", "54": "52"}
    second = align(*editions, confirmed=confirmed)
    assert second.of("34").new == ("10",) and second.of("34").confirmed and not second.of("34").uncertain
    assert second.of("34").kind == "renumbered" and second.of("34").confidence == 1.0
    assert second.of("23").kind == "dropped" and second.of("23").confirmed
    assert second.of("54").new == ("52",) and not second.of("54").uncertain
    assert second.of("41").new == ("50",) and not second.of("41").confirmed
    assert ("23",) in [m.new for m in second.at("rule") if m.kind == "new"]
    write_mapping(path, second)
    assert read_mapping(path).confirmed() == confirmed


def test_a_confirmed_unit_that_does_not_exist_is_refused(editions):
    with pytest.raises(ValueError, match="not in the 2017 edition"):
        align(*editions, confirmed={"2": "2"})
    with pytest.raises(ValueError, match="no such rule"):
        align(*editions, confirmed={"34": "99"})
