"""Russian typed in Latin letters, read in Cyrillic through the Russian site's vocabulary.

Players without a Cyrillic keyboard (a borrowed phone, a work computer) write Russian the way they
learned to: "diler sluchayno otkryl moyu kartu", "skolko vremeni na reshenie". No one scheme rules
(ГОСТ, ISO 9, passports, chat), so :data:`TABLE` holds each common spelling of each sound, and a
Latin word is read as every Cyrillic word its letters could spell, kept only while it is the start
of a word the site knows (``Corrector.rank``, or a known stem with an ending of up to three
letters). The word the site knows best wins; failing one, the plainest reading one edit away from a
known word (the soft sign people leave out: "skolko" → "сколько"). A Latin word the site knows as it
is (an English poker word in the Russian text, "all-in" and "heads-up" whole with their hyphens)
stays as typed, as does one with no Russian reading.
The other words of the query ("na", "eto", a verb the site has no word for) come along only beside a
word that was read, as in the keyboard-layout reading (:meth:`.typos.Corrector.layout`): a short one
as the site's word it spells when there is one ("eto" это, "est" есть), else in its plainest reading.

The table is spec.yaml's ``transliteration``; the Russian site's typo data only says to read it
(``typos.prepare``). The browser's twin is docs/assets/search/transliteration.js: one table, two
readers, compared by the fallback tests.
"""
from __future__ import annotations

import re
from typing import Any, Protocol

from . import deadline, spec


class Vocabulary(Protocol):
    """What is read of one site's vocabulary: typos.Corrector's (typos imports this module)."""
    rank: dict[str, int]
    stems: set[str]

    def is_known(self, word: str) -> bool: ...

    def word(self, word: str) -> str | None: ...


# Everything the two readers need (the table, the glides and vowels, the bounds) is spec.yaml's
# `transliteration`, which the browser reads from spec.js.
SPEC = spec.TRANSLITERATION
TABLE: dict[str, list[str]] = SPEC["table"]


class Transliterator:
    """Reads Latin words of a query through one site's vocabulary (a ``typos.Corrector``)."""

    def __init__(self, settings: dict[str, Any], corrector: Vocabulary):
        self.table: list[tuple[str, list[str]]] = sorted(settings["table"].items(), key=lambda kv: -len(kv[0]))
        self.glides, self.vowels, self.softened = set(settings["glides"]), set(settings["vowels"]), set(settings["softened"])
        self.word_re = re.compile(settings["word"])
        self.compound_re = re.compile(f"(?:{settings['word']})(?:-(?:{settings['word']}))+")
        self.min_word, self.max_states, self.ending = settings["min_word"], settings["max_states"], settings["ending"]
        self.corrector = corrector
        self.prefixes: set[str] = set()
        for word in corrector.rank:
            for i in range(1, len(word) + 1):
                self.prefixes.add(word[:i])

    def _viable(self, text: str, done: bool) -> bool:
        """Whether ``text`` may still become (or, ``done``, is) a word the site knows."""
        if done:
            return self.corrector.is_known(text)
        if text in self.prefixes:
            return True
        return any(text[:k] in self.corrector.stems
                   for k in range(max(self.min_word - 1, len(text) - self.ending), len(text)))

    def _matches(self, latin: str, key: str, pos: int) -> bool:
        if not latin.startswith(key, pos):
            return False
        end = pos + len(key)
        return key not in self.glides or end == len(latin) or latin[end] not in self.vowels

    def readings(self, latin: str) -> list[str]:
        """Every known Cyrillic word ``latin`` may spell, in the order the table prefers them."""
        states = {0: [""]}
        found: list[str] = []
        for pos in range(len(latin) + 1):
            current = states.pop(pos, [])
            if pos == len(latin):
                found = [t for t in current if self._viable(t, True)]
                break
            for text in current:
                for key, options in self.table:
                    if not self._matches(latin, key, pos):
                        continue
                    end = pos + len(key)
                    for option in options:
                        for read in (option, option + "ь") if option[-1] in self.softened else (option,):
                            nxt = text + read
                            if self._viable(nxt, False) or (end == len(latin) and self._viable(nxt, True)):
                                bucket = states.setdefault(end, [])
                                if len(bucket) < self.max_states and nxt not in bucket:
                                    bucket.append(nxt)
        return found

    def plain(self, latin: str) -> str:
        """The reading of each letter's first choice ("skolko" → "сколко")."""
        out, pos = [], 0
        while pos < len(latin):
            for key, options in self.table:
                if self._matches(latin, key, pos):
                    out.append(options[0])
                    pos += len(key)
                    break
            else:
                out.append(latin[pos])
                pos += 1
        return "".join(out)

    def word(self, latin: str) -> str | None:
        """The Cyrillic word the site knows that ``latin`` spells, or None; None too for a Latin word
        one edit from a Latin word the site knows (a typo, put right as typed: "strng" → "string")."""
        found = self.readings(latin)
        if found:
            size = len(self.corrector.rank)
            return min(found, key=lambda w: (self.corrector.rank.get(w, size), found.index(w)))
        if self.corrector.word(latin):
            return None
        near = self.corrector.word(self.plain(latin))
        return near if near and " " not in near else None

    def known(self, latin: str) -> bool:
        """Whether the site knows ``latin`` as it is (an English word on the Russian site), its
        apostrophes (a soft sign, or quotes around it) aside."""
        return self.corrector.is_known(latin) or self.corrector.is_known(latin.replace("'", ""))

    def read(self, text: str) -> str:
        """``text`` with its Latin words read in Cyrillic, where the site knows what they spell."""
        # a hyphenated word the site knows ("all-in", "heads-up", "re-raise") stays whole: none of its
        # parts is read ("all" is no алл, "up" no уп)
        whole = [(c.start(), c.end()) for c in self.compound_re.finditer(text) if self.known(c.group())]
        matches = [m for m in self.word_re.finditer(text) if not any(a <= m.start() < b for a, b in whole)]
        changes, anchored = [], False
        for m in matches:
            latin = m.group()
            if deadline.expired():
                break
            if len(latin.replace("'", "")) < self.min_word or self.known(latin):
                continue
            read = self.word(latin)
            if read:
                anchored = True
                changes.append((m.start(), m.end(), read))
        if not anchored:
            return text
        # the other words beside them: short ones ("na", "eto") as the site's word they spell when there
        # is one ("eto" это, not ето; "est" есть), else in the table's first reading, as are those the
        # site has no word for; not Latin words it knows or one edit from one
        read_at = {start for start, _, _ in changes}
        for m in matches:
            latin = m.group()
            if m.start() in read_at or self.known(latin) or self.corrector.word(latin):
                continue
            short = len(latin.replace("'", "")) < self.min_word
            changes.append((m.start(), m.end(), (self.word(latin) if short else None) or self.plain(latin)))
        for start, end, read in sorted(changes, reverse=True):
            text = text[:start] + read + text[end:]
        return text
