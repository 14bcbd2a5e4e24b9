"""The 2017 importer: structure, fidelity to the source, renumbering to 2024, model validation."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tdarules.importers.tda2017 import (
    FOOTER, Vocabulary, _vocabulary, import_2017, parse_2024_english, repair_joins, run_together_words,
)
from tdarules.model import Edition, Renumbering

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = ROOT / "rulebook"
SRC_2017 = (RULEBOOK / "sources/001_84b3ecc9147b35f0.txt").read_text(encoding="utf-8")
SRC_2024 = (RULEBOOK / "sources/000_ea0a9c803a5824f7.txt").read_text(encoding="utf-8")
ARTEFACT = "WIXLIB"                        # web-page marker on the first line, not rulebook text
MISSING_IN_SOURCE: set[str] = set()        # 2017 rules 23-71 absent from the source: none


@pytest.fixture(scope="module")
def rules_2024():
    return parse_2024_english(SRC_2024)


@pytest.fixture(scope="module")
def imported(rules_2024):
    return import_2017(SRC_2017, rules_2024)


@pytest.fixture(scope="module")
def edition(imported):
    return Edition.model_validate(imported[0])


@pytest.fixture(scope="module")
def entries(imported):
    return {e["old"]: e for e in imported[1]}


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def cleaned_source() -> str:
    """The source without the web-page artefact and the page footers."""
    text = SRC_2017.replace(ARTEFACT, "", 1)
    return FOOTER.sub("", text)


def heading_prefix(rule) -> str:
    return "Rule " if any("prefix" in d.note for d in rule.title.defects) else ""


def reconstruct(edition: Edition) -> str:
    """The source as the YAML says it was: headings, titles, markers and texts in source order.

    In the source the preamble, the "General Concepts" section and rule 1's heading come last,
    after the truncated rule 71.
    """
    def rule_text(rule):
        out = [f"{heading_prefix(rule)}{rule.id}: ", rule.title.text]
        out += [(b.marker or "") + b.text for b in rule.blocks]
        for part_id, part in rule.parts.items():
            out.append(f"{part_id}: ")
            out += [(b.marker or "") + b.text for b in part.blocks]
        return "".join(out)

    trailing = [s for s in edition.sections if s.id == "general-concepts"]
    body = []
    for section in edition.sections:
        if section in trailing:
            continue
        body.append(section.title.text)
        body += [rule_text(edition.rules[r]) for r in section.rules]
    body += [b.text for b in edition.preamble]
    for section in trailing:
        body.append(section.title.text)
        body += [rule_text(edition.rules[r]) for r in section.rules]
    return "".join(body)


# --------------------------------------------------------------------------------------------
# structure

def test_validates_against_model(imported):
    edition = Edition.model_validate(imported[0])
    assert edition.edition == "2017" and edition.language == "en" and edition.partial
    assert edition.source == "sources/001_84b3ecc9147b35f0.txt"
    for entry in imported[1]:
        Renumbering.model_validate(entry)


def test_all_rules_23_to_71_present(edition):
    expected = {str(n) for n in range(23, 72)} - MISSING_IN_SOURCE
    assert expected <= set(edition.rules)
    assert set(edition.rules) - expected == {"1"}          # the heading after the truncation


def test_sections_in_source_order(edition):
    assert [(s.title.text, s.rules[0], s.rules[-1]) for s in edition.sections] == [
        ("General Concepts", "1", "1"),
        ("General Procedures", "23", "29"),
        ("Player Present / Eligible for Hand", "30", "31"),
        ("Button / Blinds", "32", "34"),
        ("Dealing Rules", "35", "39"),
        ("Play: Bets & Raises", "40", "63"),
        ("Play: Other", "64", "67"),
        ("Etiquette & Penalties", "68", "71"),
    ]
    assert edition.sections[5].id == "play-bets-and-raises"
    every = [r for s in edition.sections for r in s.rules]
    assert sorted(every, key=int) == sorted(edition.rules, key=int) and len(every) == len(set(every))


def test_titles_split_from_text(edition):
    titles = {rid: r.title.text for rid, r in edition.rules.items()}
    assert titles["23"] == "New Hand & New Limits"
    assert titles["25"] == "Cards & Chips Kept Visible, Countable, & Manageable. Discretionary Color-Ups"
    assert titles["43"] == "Action Out of Turn (OOT)"
    assert titles["46"] == "Raise Amounts"
    assert titles["47"] == "Re-Opening the Bet."
    assert titles["60"] == "Bet Amount Not Established"
    assert titles["63"] == "All-In with Chips Found Behind Later"
    for rid, rule in edition.rules.items():
        if rid != "1":
            assert rule.title.defects[0].note == "heading run into text in the source"


def test_parts(edition):
    assert list(edition.rules["24"].parts) == ["A", "B", "C"]
    assert list(edition.rules["35"].parts) == ["A", "B", "C", "D"]
    assert list(edition.rules["42"].parts) == ["A", "B", "C"]     # "…See Illustration AddendumB: …"
    assert edition.rules["42"].parts["A"].blocks[0].text.endswith("See Illustration Addendum")
    assert not edition.rules["36"].parts                          # "either A) … or B) …" is no part
    assert not edition.rules["55"].parts


def test_numbered_list_in_rule_68(edition):
    blocks = edition.rules["68"].blocks
    assert [b.kind for b in blocks] == ["p", "item", "item", "item", "p"]
    assert [b.marker for b in blocks[1:4]] == ["1.", "2.", "3."]
    assert all(b.joined for b in blocks[1:])


# --------------------------------------------------------------------------------------------
# fidelity

def test_reconstruction_equals_source(edition):
    assert squash(reconstruct(edition)) == squash(cleaned_source())


def test_every_sentence_of_the_source_is_in_the_yaml(edition):
    yaml_text = squash(reconstruct(edition))
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", cleaned_source()) if s.strip()]
    assert len(sentences) > 100
    missing = [s for s in sentences if squash(s) not in yaml_text]
    assert not missing


def test_texts_are_verbatim(edition):
    source = squash(cleaned_source())
    raw = squash(SRC_2017)
    for rule in edition.all_rules():
        assert squash(rule.title.text) in source
        for _, block in rule.all_blocks():
            assert squash(block.text) in source, block.text
            assert squash(block.verbatim) in raw, block.verbatim
    # lost spaces are put back for reading; the source's spelling stays in source_text
    assert "one chip awarded" in rule_plain_text_of(edition, "24")
    assert "chipawarded" in edition.rules["24"].parts["A"].blocks[0].source_text


def rule_plain_text_of(edition, rid):
    return " ".join(b.text for _, b in edition.rules[rid].all_blocks())


def test_footers_removed_and_recorded(edition):
    footer_blocks = []
    for rule in edition.all_rules():
        for _, block in rule.all_blocks():
            assert "Copyright 2017" not in block.text
            notes = [d.note for d in block.defects if d.note.startswith("page footer removed")]
            if notes:
                assert "Copyright 2017: All Rights Reserved" in notes[0]
                # the text may also have had lost spaces put back: compare without whitespace
                assert squash(block.source_text).startswith(squash(block.text))
                assert "Copyright 2017" in block.source_text
                footer_blocks.append(rule.id)
    assert footer_blocks == ["30", "38", "43", "50", "59", "68"]
    assert len(FOOTER.findall(SRC_2017)) == len(footer_blocks)


def test_truncation_and_prefix_defects(edition):
    last = edition.rules["71"].blocks[-1]
    assert last.text.endswith("unnecessarily to")
    assert any(d.kind == "truncated" for d in last.defects)
    assert any(d.kind == "truncated" for d in edition.rules["1"].title.defects)
    assert not edition.rules["1"].blocks and not edition.rules["1"].parts
    prefixed = sorted((r.id for r in edition.all_rules() if heading_prefix(r)), key=int)
    assert prefixed == ["37", "38", "54", "55", "60"]
    assert edition.preamble[0].text.startswith("The Poker TDA is a voluntary")
    assert edition.title.by == "ours"


def test_run_together_words_found():
    vocab = {"one", "chip", "awarded", "get", "may", "not", "at", "least"}
    assert run_together_words("of one chipawarded to; will get1 chip; maynot atleast", vocab) == [
        "chipawarded", "get1", "maynot", "atleast"]
    assert run_together_words("one chip awarded", vocab) == []


# --------------------------------------------------------------------------------------------
# spaces lost by the PDF extraction: put back for reading, recorded, verbatim kept

KNOWN_JOINS = ("playerraises", "minimumraise", "for2000", "chipawarded", "thesame", "Bthen",
               "hand.A", "seated,and", "Ex:NLHE", "bet(at", "isn’tfirst", "areadvised")
# a sentence end glued to the next sentence: "hand.A"; "i.e." and "e.g." do not match
GLUED_SENTENCE = re.compile(r"[a-z]{2}[.!?][A-Z]")
JOIN_NOTE = "words run together where the PDF lost a line break"


def on_disk_edition() -> Edition:
    return Edition.model_validate(YAML(typ="safe").load((RULEBOOK / "2017/en.yaml").read_text(encoding="utf-8")))


def every_block(edition: Edition):
    for rule in edition.all_rules():
        for where, block in rule.all_blocks():
            yield f"rule {rule.id} {where}", block
    for n, block in enumerate(edition.preamble):
        yield f"preamble {n}", block


def source_of(block) -> str:
    """The block's source span without the page footer the importer removed."""
    return FOOTER.sub("", block.verbatim).strip()


@pytest.fixture(params=["imported", "on disk"])
def both_editions(request, edition):
    """The importer's output and the committed YAML: both must hold the repairs."""
    return edition if request.param == "imported" else on_disk_edition()


def test_no_block_keeps_a_join(both_editions, rules_2024):
    vocab = _vocabulary(t for _, t in rules_2024.values())
    for where, block in every_block(both_editions):
        for join in KNOWN_JOINS:
            assert join not in block.text, (where, join)
        assert not GLUED_SENTENCE.search(block.text), (where, block.text)
        assert run_together_words(block.text, vocab) == [], (where, block.text)
    text46 = rule_plain_text_of(both_editions, "46")
    assert "If a player raises" in text46 and "full minimum raise" in text46 and "opens for 2000" in text46
    assert "next hand. A hand begins" in both_editions.rules["23"].blocks[0].text


def test_repairs_only_add_spaces(both_editions):
    """No word is changed: every block's text without whitespace is its source's."""
    blocks = list(every_block(both_editions))
    assert len(blocks) > 70
    for where, block in blocks:
        assert squash(block.text) == squash(source_of(block)), where


def test_every_repair_is_recorded_with_the_verbatim_paragraph(both_editions):
    repaired = 0
    for where, block in every_block(both_editions):
        notes = [d.note for d in block.defects if d.note.startswith(JOIN_NOTE)]
        if block.text == source_of(block):
            assert not notes, where
            continue
        repaired += 1
        assert len(notes) == 1 and all(d.kind == "format" for d in block.defects if d.note in notes)
        # source_text is the source's own span, character for character
        assert block.source_text is not None and block.source_text in SRC_2017, where
        joins = re.findall(r"'([^']+)' → '([^']+)'", notes[0])
        assert joins, notes[0]
        for original, shown in joins:                    # the note names each join as the source spells it
            assert original in block.source_text and original.replace(" ", "") == shown.replace(" ", "")
            assert shown in block.text, (where, shown)
    assert repaired == 58


def test_repair_joins_puts_back_spaces_only():
    vocab = Vocabulary({"a", "at", "his", "this", "seat", "player", "raises", "hand", "begins",
                        "the", "next", "for", "chip", "see", "rule", "are", "advise"},
                       Counter({("at", "his"): 1}))
    text = ("the next hand.A hand begins, i.e. a playerraises for2000 athis seat,see chip(s) "
            "or 2,000 at 10:30 (see Rule 30) the deal(see Rule 30) areadvised")
    shown, repairs = repair_joins(text, vocab)
    assert shown == ("the next hand. A hand begins, i.e. a player raises for 2000 at his seat, see chip(s) "
                     "or 2,000 at 10:30 (see Rule 30) the deal (see Rule 30) are advised")
    assert [old for old, _ in repairs] == ["hand.A", "playerraises", "for2000", "athis", "seat,see",
                                           "deal(see", "areadvised"]
    assert squash(shown) == squash(text)
    assert repair_joins("one chip awarded.", vocab) == ("one chip awarded.", [])


def test_hyphen_prefixes_are_not_words():
    """"re" of "re-buy" does not make "here" a join, while a hyphenated word still splits off."""
    vocab = _vocabulary(["he may re-buy a multi-chip bet of the chip"])
    assert repair_joins("here", vocab) == ("here", [])
    assert repair_joins("themulti-chip bet", vocab) == ("the multi-chip bet", [("themulti-chip", "the multi-chip")])


# --------------------------------------------------------------------------------------------
# renumbering

def test_raise_amounts_46_became_43(entries):
    e = entries["46"]
    assert (e["new"], e["new_title"], e["match"]) == ("43", "Raise Amounts", "title")


def test_renumbering_entries(entries, edition, rules_2024):
    assert set(entries) == set(edition.rules)
    for e in entries.values():
        Renumbering.model_validate(e)
        if e["match"] == "text" and e["new"]:
            assert e["similarity"] is not None
        if e["new"]:
            assert e["new_title"] == rules_2024[e["new"]][0]
    assert [o for o, e in entries.items() if e["new"] is None] == []
    # spot checks on rules the 2024 edition renumbered or renamed
    assert entries["41"]["new"] == "50"        # Acting in Turn
    assert entries["44"]["new"] == "41"        # Methods of Calling
    assert entries["48"]["new"] == "44" and entries["48"]["match"] == "text"   # (Overchips)
    assert entries["68"]["new"] == "67" and entries["68"]["match"] == "text"   # No Disclosure. One Player…
    assert entries["54"]["new"] == "52"        # Incorrect Bet Amounts -> Incorrect Bets, Underbets…
    assert entries["59"]["new"] == entries["60"]["new"] == "59"                # merged in 2024
    assert entries["71"]["new"] == "70"


def test_parse_2024_english(rules_2024):
    assert len(rules_2024) == 71
    assert rules_2024["43"][0] == "Raise Amounts"
    assert rules_2024["38"][0] == "Burns After Substantial Action"
    assert rules_2024["47"][0] == "Re-Opening the Bet"
    assert "Seating, Breaking" not in rules_2024["6"][1]


# --------------------------------------------------------------------------------------------
# a synthetic source: the parser is not tied to this one file

def test_synthetic_source(rules_2024):
    src = ("JUNK\n\nFirst Things1: Alpha RuleSome text here.Next Part2: Beta RuleA: One thing.B: Two"
           " things. Copyright 2017: All Rights Reserved, Poker Tournament Directors Association. "
           "See use policy at PokerTDA.com.\n\nRule 3: GammaCut off in the mid")
    with pytest.raises(ValueError):
        import_2017(src, rules_2024)              # "JUNK" is not a known artefact
    edition, _ = import_2017(src.replace("JUNK", "WIXLIB"), rules_2024)
    ed = Edition.model_validate(edition)
    assert [s.title.text for s in ed.sections] == ["First Things", "Next Part"]
    assert ed.rules["1"].blocks[0].text == "Some text here."
    assert ed.rules["2"].parts["B"].blocks[0].text == "Two things."
    assert ed.rules["3"].title.text == "Gamma"
    assert any(d.kind == "truncated" for d in ed.rules["3"].blocks[0].defects)


def test_yaml_files_match_the_importer(imported):
    """The committed YAML is what the importer produces now."""
    yaml = YAML(typ="safe")
    on_disk = yaml.load((RULEBOOK / "2017/en.yaml").read_text(encoding="utf-8"))
    assert Edition.model_validate(on_disk) == Edition.model_validate(imported[0])
    ren = yaml.load((RULEBOOK / "renumbering.yaml").read_text(encoding="utf-8"))
    assert (ren["from"], ren["to"]) == ("2017", "2024")
    assert ren["entries"] == imported[1]


def test_web_page_marker_is_kept_as_a_notice_with_a_defect(rules_2024):
    edition, _ = import_2017(SRC_2017, rules_2024)
    assert [n["note"] for n in edition["notice"]] == [ARTEFACT]
    assert edition["notice"][0]["defects"][0]["kind"] == "format"
