"""Aligning two editions: a synthetic next edition with known answers, the real 2017 → 2024 pair
against the reviewed renumbering, and a person's confirmed decisions kept across runs."""
from __future__ import annotations


import pytest

from tdarules.importers.align import Alignment, align, read_mapping, write_mapping
from tdarules.model import Edition

from synthetic_edition import Synthetic, edit_mapping, next_edition

# Share of the ground-truth pairs the aligner must recover, at every level.
RECOVERY = 0.98


@pytest.fixture(scope="module")
def current(rulebook) -> Edition:
    return rulebook.edition("en", "2024")


# --------------------------------------------------------------------------------------------
# a synthetic next edition with known answers (tests/synthetic_edition.py)

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


def test_confirmed_entries_override_the_next_run(editions, tmp_path):
    first = align(*editions)
    assert first.of("34").new == ("34",) and first.of("41").new == ("50",)
    path = tmp_path / "alignment.yaml"
    write_mapping(path, first)
    edit_mapping(path, {
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
