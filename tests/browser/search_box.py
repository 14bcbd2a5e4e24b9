"""Typing into the header's search box as a reader does, for the browser tests."""
from __future__ import annotations

HITS = ".tda-search__results li a"


def search(page, text: str):
    """Fill the box with `text` and wait for its first hit; returns the hits' links."""
    page.locator("input.tda-search__input").fill(text)
    hits = page.locator(HITS)
    hits.first.wait_for()
    return hits
