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
    assert again == first and again is not first
    docs = index.documents(rulebook.edition("ru"), rulebook.glossary)
    assert again == index._understand(rulebook, "ru", docs)
    entry.write_bytes(b"damaged")                                    # computed again, replaced
    assert understood(rulebook, "ru") == first and entry.read_bytes() != b"damaged"


def test_a_changed_vocabulary_is_a_new_entry(rulebook, tmp_path, monkeypatch):
    monkeypatch.setenv("TDA_SEARCH_CACHE", str(tmp_path))
    before = understood(rulebook, "ru")
    fewer = dataclasses.replace(rulebook, situations=rulebook.situations.model_copy(
        update={"situations": rulebook.situations.situations[1:]}))
    after = understood(fewer, "ru")
    assert len(list(tmp_path.glob("*.pickle"))) == 2
    assert len(after["situations"]["entries"]) < len(before["situations"]["entries"])


def test_off_computes_every_time(rulebook, monkeypatch):
    """With the cache off, each new process computes it again: nothing is read from disk or written."""
    monkeypatch.setenv("TDA_SEARCH_CACHE", "off")
    computed = []
    original = index._understand
    monkeypatch.setattr(index, "_understand", lambda *a, **k: computed.append(a[1]) or original(*a, **k))
    first = understood(rulebook, "ru")
    assert understood(rulebook, "ru") == first and first["situations"]["entries"]
    assert computed == ["ru", "ru"]
