"""2017 → 2024: statuses from the succession data and word-level redlines of the English."""
from __future__ import annotations

import re


from tdarules.editions import changes, redline, rule_redline


def test_redline_of_2017_rule_46_to_2024_rule_43_marks_the_real_changes(rulebook):
    paragraphs = rule_redline(rulebook, "46", "43", "2017")
    inserted = [s.text for p in paragraphs for s in p if s.op == "insert"]
    deleted = [s.text for p in paragraphs for s in p if s.op == "delete"]
    assert "full" in inserted                                   # "largest prior full bet or raise"
    assert "who" in inserted                                    # "If a player raises" -> "A player who raises"
    assert any("all-in (Rule 45-B)" in s for s in inserted)
    assert any(s.startswith("(See") for s in deleted)           # "(See Rule 40-C)" became "(Rule 40-C)"
    # the importer put back the spaces the 2017 PDF lost: only the TDA's own changes are marked
    assert deleted == ["If a", "raise, he", "declared.", "(See Rule"]
    equal = " ".join(s.text for p in paragraphs for s in p if s.op == "equal")
    assert "player" in equal and "raises 50% or more" in equal
    assert "full minimum raise" in equal and "the same amount" in equal and "verbally declaring" in equal
    assert not any("minimumraise" in s or "thesame" in s or "playerraises" in s for s in deleted)
    # part B did not change
    b = next(p for p in paragraphs if p[0].text.startswith("B:"))
    assert [s.op for s in b] == ["equal"]


def test_no_redline_marks_a_pdf_join(rulebook):
    """A join the 2017 source has ("playerraises") is spaced in the data, so no redline shows it."""
    old_edition = rulebook.edition("en", "2017")
    joins = {original for rule in old_edition.all_rules() for _, block in rule.all_blocks()
             for d in block.defects for original in re.findall(r"'([^']+)' → ", d.note)}
    assert len(joins) > 100
    compared = 0
    for change in changes(rulebook, "2017"):
        if len(change.new) != 1 or change.status == "not-in-source":
            continue
        for paragraph in rule_redline(rulebook, change.old, change.new[0], "2017"):
            for segment in paragraph:
                if segment.op == "delete":
                    marked = {w.strip(".,;:()“”") for w in segment.text.split()}
                    assert not marked & joins, (change.old, segment.text)
        compared += 1
    assert compared > 40


def test_redline_is_a_word_diff():
    segments = redline("the bet is a call".split(), "the bet is a full call".split())
    assert [(s.op, s.text) for s in segments] == [("equal", "the bet is a"), ("insert", "full"), ("equal", "call")]
    assert [s.op for s in redline("a b".split(), "a b".split())] == ["equal"]


def test_statuses(rulebook):
    by_old = {c.old: c for c in changes(rulebook, "2017")}
    assert by_old["46"].new == ("43",) and by_old["46"].status == "renumbered" and by_old["46"].reworded
    assert by_old["1"].status == "not-in-source"
    assert by_old["59"].status == by_old["60"].status == "merged"
    assert by_old["28"].status == "unchanged" and by_old["28"].changes == 0
    assert by_old["23"].status == "reworded"
    assert list(by_old) == list(rulebook.edition("en", "2017").rules)
