"""index.query_understanding kept on disk: the next process reads what an earlier one computed, the
same as computing it afresh; any change of what it depends on is computed anew."""
from __future__ import annotations

import dataclasses

from tdarules.search import index


def understood(rulebook, lang: str) -> dict:
    return index.query_understanding(rulebook, lang)      # nothing is kept in memory: as a new process


def test_a_second_process_reads_the_same_answer(rulebook, tmp_path, monkeypatch):
    monkeypatch.setenv("TDA_SEARCH_CACHE", str(tmp_path))
    first = understood(rulebook, "ru")
    [entry] = tmp_path.glob("*.pickle")
    again = understood(rulebook, "ru")
    assert again == first and again is not first     # the first was computed (the folder was empty): read back whole
    entry.write_bytes(b"damaged")                                    # computed again, replaced
    assert understood(rulebook, "ru") == first and entry.read_bytes() != b"damaged"


def _counted(monkeypatch) -> list[str]:
    """The languages index._understand is asked for, each answered by a cheap stand-in that reads
    the same input (the vocabulary's entries): what the cache decides is under test, not the
    computation, which test_a_second_process_reads_the_same_answer compares whole."""
    computed: list[str] = []

    def stand_in(rulebook, lang, docs):
        computed.append(lang)
        return {"situations": {"entries": [entry.model_dump() for entry in rulebook.situations.situations]}}
    monkeypatch.setattr(index, "_understand", stand_in)
    return computed


def test_a_changed_vocabulary_is_a_new_entry(rulebook, tmp_path, monkeypatch):
    monkeypatch.setenv("TDA_SEARCH_CACHE", str(tmp_path))
    computed = _counted(monkeypatch)
    before = understood(rulebook, "ru")
    assert understood(rulebook, "ru") == before and computed == ["ru"]
    fewer = dataclasses.replace(rulebook, situations=rulebook.situations.model_copy(
        update={"situations": rulebook.situations.situations[1:]}))
    after = understood(fewer, "ru")
    assert computed == ["ru", "ru"] and len(list(tmp_path.glob("*.pickle"))) == 2
    assert len(after["situations"]["entries"]) < len(before["situations"]["entries"])


def test_off_computes_every_time(rulebook, monkeypatch):
    """With the cache off, each new process computes it again: nothing is read from disk or written."""
    monkeypatch.setenv("TDA_SEARCH_CACHE", "off")
    computed = _counted(monkeypatch)
    first = understood(rulebook, "ru")
    assert understood(rulebook, "ru") == first and first["situations"]["entries"]
    assert computed == ["ru", "ru"]
