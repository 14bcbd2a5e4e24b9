"""Align two editions of the rulebook in one language: which unit of the old edition became which
unit of the new one.

Units are rules (and recommended procedures), their lettered parts ("43-B"), addendum entries
("addendum:43") and the addendum's examples ("addendum:43/4-A"). Containers (rules, addendum
entries) are aligned first, by text, title and number; then their members (parts, examples) within
the containers that were aligned, then members that moved to another container.

Every old unit gets one `Match`, every new unit nobody became gets a `new` match. A match whose
evidence is weak (a low score, or a runner-up close behind) is `uncertain`: a person reads those.
What a person decided is passed back as `confirmed` (old id → new id, ids, or None) and wins over
the aligner; the mapping file (`to_yaml_dict` / `write_mapping`) keeps those decisions between runs.

`align()` is pure: editions in, an `Alignment` out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from rapidfuzz.distance import Indel

from ..atomic import write_atomic
from ..model import Edition
from ..yamlio import dump_yaml, read_yaml, to_plain

# --------------------------------------------------------------------------------------------
# thresholds (scores are word-level similarities in [0, 1])

# A container pair is only considered at this score: unrelated rules of the rulebook share enough
# everyday vocabulary ("the player", "the dealer") to score 0.15-0.25 against each other.
CONTAINER_ACCEPT = 0.3
# A member (part, example) pair inside aligned containers is taken on text alone at this score;
# below it, only the position between matched neighbours can pair it (POSITIONAL_FLOOR).
MEMBER_ACCEPT = 0.5
# A member left over between the same matched neighbours on both sides is paired with its
# counterpart when the texts still share this much: a heavy rewrite of the same part.
POSITIONAL_FLOOR = 0.15
# A member found in a container that is not the image of its own must match this well: a move is
# a rarer event than a rewrite, so it needs stronger text evidence.
MOVED_ACCEPT = 0.6
# A match at or above this score, with CLEAR_MARGIN over the runner-up, is confident.
CLEAR_MATCH = 0.6
CLEAR_MARGIN = 0.1
# A unit whose words appear, in runs of at least SHARED_RUN words, to this fraction inside another
# unit is contained in it (merged into it, or split out of it). Runs of single common words
# ("the", "a player") are ignored, or every short rule would look contained in every long one.
CONTAINED = 0.6
SHARED_RUN = 3
# Containment at or above this is confident (a merge copies text nearly verbatim).
CLEAR_CONTAINED = 0.8
# Without text to compare (a heading-only unit), an identical title is good but not full evidence.
TITLE_ONLY_WEIGHT = 0.75
# Tie-breakers, small enough never to outweigh a text difference that matters: the same number
# (rule) or letter (part), and, for an addendum entry, the id its rule or part was aligned to.
SAME_KEY_BONUS = 0.05
PRIOR_BONUS = 0.1
# A unit called dropped (or new) while something on the other side scores this well against it is
# doubtful: it may be a rewrite the aligner failed to pair.
DOUBT_SCORE = 0.3

Level = Literal["rule", "part", "entry", "example"]
Kind = Literal["unchanged", "reworded", "renumbered", "merged", "split", "moved-part", "new", "dropped"]
LEVELS: tuple[Level, ...] = ("rule", "part", "entry", "example")
KINDS: tuple[Kind, ...] = ("unchanged", "reworded", "renumbered", "merged", "split", "moved-part", "new", "dropped")
ADDENDUM = "addendum:"
WORD = re.compile(r"[a-z0-9\u3400-\u9fff\u0400-\u04ff]+")
CJK_CHAR = re.compile(r"[\u3400-\u9fff]")


def words(text: str) -> tuple[str, ...]:
    """Lower-case words; "&" is "and"; Chinese counts one character a word (it has no spaces)."""
    text = text.lower().replace("&", " and ").replace("’", "'")
    text = CJK_CHAR.sub(lambda m: f" {m.group(0)} ", text)
    return tuple(WORD.findall(text))


def similarity(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    """Word-level similarity: 2 × (longest common subsequence) / (len a + len b)."""
    if not a and not b:
        return 1.0
    return Indel.normalized_similarity(a, b)


def contained(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    """The share of `a`'s words found in `b` in the same order, in runs of SHARED_RUN words or more."""
    if not a or not b:
        return 0.0
    runs = Indel.opcodes(a, b).as_matching_blocks()
    return sum(run.size for run in runs if run.size >= SHARED_RUN) / len(a)


# --------------------------------------------------------------------------------------------
# units

@dataclass(frozen=True)
class Unit:
    id: str                       # "43", "43-B", "addendum:43", "addendum:43/4-A"
    level: Level
    key: str                      # what the edition calls it inside its container: "43", "B", "4-A"
    parent: str | None            # the container's id, for parts and examples
    title: tuple[str, ...]
    words: tuple[str, ...]
    text: str                     # the shown text, for telling unchanged from reworded


def units_of(edition: Edition) -> dict[Level, dict[str, Unit]]:
    """Every unit of an edition by level, in reading order."""
    out: dict[Level, dict[str, Unit]] = {level: {} for level in LEVELS}
    for rule in edition.all_rules():
        text = "\n".join(block.text for _, block in rule.all_blocks())
        out["rule"][rule.id] = Unit(rule.id, "rule", rule.id, None, words(rule.title.text), words(text),
                                    f"{rule.title.text}\n{text}")
        for letter, part in rule.parts.items():
            part_text = "\n".join(block.text for block in part.blocks)
            out["part"][f"{rule.id}-{letter}"] = Unit(f"{rule.id}-{letter}", "part", letter, rule.id, (),
                                                      words(part_text), part_text)
    for entry in edition.addendum.values():
        entry_id = f"{ADDENDUM}{entry.id}"
        title = entry.title.text if entry.title else ""
        pieces = [block.text for block in entry.blocks]
        for label, example in entry.examples.items():
            example_title = example.title.text if example.title else ""
            example_text = "\n".join([example_title, *(block.text for block in example.blocks)])
            pieces.append(example_text)
            out["example"][f"{entry_id}/{label}"] = Unit(f"{entry_id}/{label}", "example", label, entry_id,
                                                          words(example_title), words(example_text), example_text)
        text = "\n".join(pieces)
        out["entry"][entry_id] = Unit(entry_id, "entry", entry.id, None, words(title), words(text), f"{title}\n{text}")
    return out


# --------------------------------------------------------------------------------------------
# the result

@dataclass(frozen=True)
class Match:
    """What one old unit became (or, with `old` None, a new unit that nothing became)."""
    level: Level
    old: str | None
    new: tuple[str, ...]          # empty when dropped
    kind: Kind
    confidence: float
    uncertain: bool
    confirmed: bool = False       # decided by a person; the aligner did not choose it
    note: str = ""

    def to_yaml_dict(self) -> dict:
        target = None if not self.new else self.new[0] if len(self.new) == 1 else list(self.new)
        out = {"level": self.level, "old": self.old, "new": target, "kind": self.kind,
               "confidence": round(self.confidence, 3), "uncertain": self.uncertain}
        if self.confirmed:
            out["confirmed"] = True
        if self.note:
            out["note"] = self.note
        return out

    @classmethod
    def from_yaml_dict(cls, data: dict) -> Match:
        target = data.get("new")
        new = () if target is None else (str(target),) if isinstance(target, (str, int)) else tuple(map(str, target))
        level, kind = data["level"], data["kind"]
        if level not in LEVELS or kind not in KINDS:
            raise ValueError(f"unit {data.get('old')!r}: unknown level {level!r} or kind {kind!r}")
        old = data.get("old")
        return cls(level=level, old=None if old is None else str(old), new=new, kind=kind,
                   confidence=float(data["confidence"]), uncertain=bool(data["uncertain"]),
                   confirmed=bool(data.get("confirmed", False)), note=str(data.get("note") or ""))


@dataclass(frozen=True)
class Alignment:
    old_edition: str
    new_edition: str
    language: str
    matches: tuple[Match, ...]

    def of(self, old_id: str) -> Match:
        return next(m for m in self.matches if m.old == old_id)

    def at(self, level: Level) -> list[Match]:
        return [m for m in self.matches if m.level == level]

    def targets(self, level: Level | None = None) -> dict[str, tuple[str, ...]]:
        """old id → new ids (empty when dropped)."""
        return {m.old: m.new for m in self.matches if m.old is not None and level in (None, m.level)}

    def uncertain(self) -> list[Match]:
        return [m for m in self.matches if m.uncertain]

    def confirmed(self) -> dict[str, str | list[str] | None]:
        """What a person decided, in the form `align(confirmed=...)` takes."""
        return {m.old: (None if not m.new else m.new[0] if len(m.new) == 1 else list(m.new))
                for m in self.matches if m.confirmed and m.old is not None}

    def to_yaml_dict(self) -> dict:
        return {"from": self.old_edition, "to": self.new_edition, "language": self.language,
                "units": [m.to_yaml_dict() for m in self.matches]}

    @classmethod
    def from_yaml_dict(cls, data: dict) -> Alignment:
        return cls(old_edition=str(data["from"]), new_edition=str(data["to"]), language=str(data["language"]),
                   matches=tuple(Match.from_yaml_dict(item) for item in data.get("units") or ()))


MAPPING_HEADER = ("# Alignment of the {old} edition with the {new} edition ({language}). Review the entries marked\n"
                  "# uncertain: true; set confirmed: true on an entry (correcting `new` if needed) and the next\n"
                  "# run keeps it as written.\n")


def write_mapping(path: Path | str, alignment: Alignment) -> None:
    header = MAPPING_HEADER.format(old=alignment.old_edition, new=alignment.new_edition, language=alignment.language)
    write_atomic(path, dump_yaml(alignment.to_yaml_dict(), header))


def read_mapping(path: Path | str) -> Alignment:
    return Alignment.from_yaml_dict(to_plain(read_yaml(Path(path))))


# --------------------------------------------------------------------------------------------
# aligning

@dataclass
class _Pair:
    """A decided link between old units and new units of one level."""
    old: list[str]
    new: list[str]
    score: float
    how: Literal["text", "position", "contained", "confirmed"]
    margin: float = 1.0


@dataclass
class _Level:
    """The state of aligning one level."""
    level: Level
    old: dict[str, Unit]
    new: dict[str, Unit]
    pairs: list[_Pair] = field(default_factory=list)

    def taken_old(self) -> set[str]:
        return {o for p in self.pairs for o in p.old}

    def taken_new(self) -> set[str]:
        return {n for p in self.pairs for n in p.new}

    def image(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for pair in self.pairs:
            for o in pair.old:
                out.setdefault(o, []).extend(n for n in pair.new if n not in out.get(o, []))
        return out


def _score(old: Unit, new: Unit, prior: dict[str, str]) -> float:
    """Text similarity, helped by the title where the text changed, plus the small tie-breakers."""
    title = similarity(old.title, new.title) if old.title and new.title else 0.0
    if old.words and new.words:
        text = similarity(old.words, new.words)
        score = max(text, (text + title) / 2) if old.title and new.title else text
    else:
        score = title * TITLE_ONLY_WEIGHT
    if old.key == new.key:
        score += SAME_KEY_BONUS
    if prior.get(old.key) == new.key:
        score += PRIOR_BONUS
    return min(score, 1.0)


def _greedy(state: _Level, old_ids, new_ids, threshold: float, prior: dict[str, str]) -> None:
    """One-to-one pairs, best score first, each unit used once."""
    old_free = [o for o in old_ids if o not in state.taken_old()]
    new_free = [n for n in new_ids if n not in state.taken_new()]
    candidates = []
    for i, o in enumerate(old_free):
        for j, n in enumerate(new_free):
            score = _score(state.old[o], state.new[n], prior)
            if score >= threshold:
                candidates.append((-score, abs(i - j), o, n, score))
    candidates.sort(key=lambda c: c[:2])
    used_old: set[str] = set()
    used_new: set[str] = set()
    for _, _, o, n, score in candidates:
        if o in used_old or n in used_new:
            continue
        used_old.add(o)
        used_new.add(n)
        state.pairs.append(_Pair([o], [n], score, "text"))


def _containment(state: _Level, old_ids, new_ids) -> None:
    """Leftover units contained in a unit of the other side: merged into it, split out of it, or (when
    that unit has no partner yet) the same unit shortened or extended beyond a text match."""
    for o in [o for o in old_ids if o not in state.taken_old()]:
        cover, target = max(((contained(state.old[o].words, state.new[n].words), n) for n in new_ids),
                            default=(0.0, None))
        if cover < CONTAINED:
            continue
        pair = next((p for p in state.pairs if target in p.new), None)
        if pair is None:
            state.pairs.append(_Pair([o], [target], cover, "contained"))
        elif len(pair.new) == 1 and pair.how != "confirmed":      # a person's decision is kept as written
            pair.old.append(o)
            _now_contained(state, pair)
    for n in [n for n in new_ids if n not in state.taken_new()]:
        cover, source = max(((contained(state.new[n].words, state.old[o].words), o) for o in old_ids),
                            default=(0.0, None))
        if cover < CONTAINED:
            continue
        pair = next((p for p in state.pairs if source in p.old), None)
        if pair is None:
            state.pairs.append(_Pair([source], [n], cover, "contained"))
        elif len(pair.old) == 1 and pair.how != "confirmed":
            pair.new.append(n)
            _now_contained(state, pair)


def _now_contained(state: _Level, pair: _Pair) -> None:
    """A pair that became a merge or a split is as sure as its least contained unit."""
    if pair.how == "confirmed":
        return
    if len(pair.old) > 1:
        target = state.new[pair.new[0]].words
        pair.score = min(contained(state.old[o].words, target) for o in pair.old)
    else:
        source = state.old[pair.old[0]].words
        pair.score = min(contained(state.new[n].words, source) for n in pair.new)
    pair.how = "contained"


def _by_position(state: _Level, old_order: list[str], new_order: list[str]) -> None:
    """Leftovers alone between the same matched neighbours on both sides are the same unit rewritten."""
    position = {n: i for i, n in enumerate(new_order)}
    image = state.image()
    taken_old, taken_new = state.taken_old(), state.taken_new()
    anchors = [(i, min(position[n] for n in image[o] if n in position))
               for i, o in enumerate(old_order) if any(n in position for n in image.get(o, []))]
    bounds = [(-1, -1), *anchors, (len(old_order), len(new_order))]
    for (o_lo, n_lo), (o_hi, n_hi) in zip(bounds, bounds[1:]):
        olds = [o for o in old_order[o_lo + 1:o_hi] if o not in taken_old]
        news = [n for n in new_order[n_lo + 1:max(n_hi, n_lo + 1)] if n not in taken_new]
        if len(olds) != len(news):
            continue
        for o, n in zip(olds, news):
            score = similarity(state.old[o].words, state.new[n].words)
            if score >= POSITIONAL_FLOOR:
                state.pairs.append(_Pair([o], [n], score, "position"))


def _margins(state: _Level, prior: dict[str, str]) -> None:
    """How far each text match is ahead of the best alternative outside its own merge or split."""
    for pair in state.pairs:
        if pair.how == "confirmed":
            continue
        own_old, own_new = set(pair.old), set(pair.new)
        rivals = [_score(state.old[o], state.new[n], prior) for o in pair.old for n in state.new if n not in own_new]
        rivals += [_score(state.old[o], state.new[n], prior) for n in pair.new for o in state.old if o not in own_old]
        pair.margin = pair.score - max(rivals, default=0.0)


def _confirmed_pairs(state: _Level, confirmed: dict) -> None:
    for old_id, target in confirmed.items():
        if old_id not in state.old:
            continue
        new_ids = [] if target is None else [target] if isinstance(target, str) else list(target)
        unknown = [n for n in new_ids if n not in state.new]
        if unknown:
            raise ValueError(f"confirmed {old_id!r} → {', '.join(unknown)}: no such {state.level} in the new edition")
        merged_into = next((p for p in state.pairs if p.how == "confirmed" and p.new and p.new == new_ids), None)
        if merged_into is not None and len(new_ids) == 1:
            merged_into.old.append(old_id)
        else:
            state.pairs.append(_Pair([old_id], new_ids, 1.0, "confirmed"))


def _groups(state: _Level) -> list[tuple[list[str], list[str]]]:
    """Connected old and new containers: a one-to-one pair, a merge or a split."""
    return [(pair.old, pair.new) for pair in state.pairs if pair.old and pair.new]


def _align_containers(state: _Level, confirmed: dict, prior: dict[str, str]) -> None:
    _confirmed_pairs(state, confirmed)
    _greedy(state, list(state.old), list(state.new), CONTAINER_ACCEPT, prior)
    _containment(state, list(state.old), list(state.new))
    _by_position(state, list(state.old), list(state.new))
    _margins(state, prior)


def _align_members(state: _Level, containers: _Level, confirmed: dict) -> None:
    """Members within the containers aligned together, then the ones that moved elsewhere."""
    _confirmed_pairs(state, confirmed)
    for old_containers, new_containers in _groups(containers):
        olds = [u.id for u in state.old.values() if u.parent in old_containers]
        news = [u.id for u in state.new.values() if u.parent in new_containers]
        _greedy(state, olds, news, MEMBER_ACCEPT, {})
        _containment(state, olds, news)
        _by_position(state, olds, news)
    _greedy(state, list(state.old), list(state.new), MOVED_ACCEPT, {})
    _containment(state, list(state.old), list(state.new))
    _margins(state, {})


def _kind(state: _Level, pair: _Pair, containers: _Level | None) -> Kind:
    if not pair.new:
        return "dropped"
    if len(pair.old) > 1:
        return "merged"
    if len(pair.new) > 1:
        return "split"
    old, new = state.old[pair.old[0]], state.new[pair.new[0]]
    if containers is not None:
        home = containers.image().get(old.parent or "", [])
        if new.parent not in home:
            return "moved-part"
    if old.id != new.id:
        return "renumbered"
    return "unchanged" if old.text == new.text else "reworded"


def _matches(state: _Level, containers: _Level | None) -> list[Match]:
    out: list[Match] = []
    order = {o: i for i, o in enumerate(state.old)}
    for pair in sorted(state.pairs, key=lambda p: min(order[o] for o in p.old)):
        kind = _kind(state, pair, containers)
        if pair.how == "confirmed":
            out += [Match(state.level, o, tuple(pair.new), kind, 1.0, False, True) for o in pair.old]
            continue
        clear = CLEAR_CONTAINED if pair.how == "contained" else CLEAR_MATCH
        uncertain = pair.score < clear or pair.margin < CLEAR_MARGIN
        note = {"position": "paired by position between matched neighbours; the text was largely rewritten",
                "contained": "its text is contained in the other side's"}.get(pair.how, "")
        out += [Match(state.level, o, tuple(pair.new), kind, round(pair.score, 3), uncertain, False, note)
                for o in pair.old]
    # a unit left alone is doubtful when a unit still free, or only uncertainly placed, resembles it
    doubtful_old = {m.old for m in out if m.uncertain}
    doubtful_new = {n for m in out if m.uncertain for n in m.new}
    taken_old, taken_new = state.taken_old(), state.taken_new()
    open_old = [u for o, u in state.old.items() if o not in taken_old or o in doubtful_old]
    open_new = [u for n, u in state.new.items() if n not in taken_new or n in doubtful_new]
    for o in state.old:
        if o not in taken_old:
            doubt = max((_score(state.old[o], n, {}) for n in open_new), default=0.0)
            out.append(Match(state.level, o, (), "dropped", round(1 - doubt, 3), doubt >= DOUBT_SCORE))
    out.sort(key=lambda m: order[m.old])
    for n in state.new:
        if n not in taken_new:
            doubt = max((_score(o, state.new[n], {}) for o in open_old), default=0.0)
            out.append(Match(state.level, None, (n,), "new", round(1 - doubt, 3), doubt >= DOUBT_SCORE))
    return out


def _prior(*states: _Level) -> dict[str, str]:
    """Old rule or part id → the new id it became, so an addendum entry keyed by it can follow it."""
    out: dict[str, str] = {}
    for state in states:
        for pair in state.pairs:
            if len(pair.new) >= 1:
                for o in pair.old:
                    out.setdefault(o, pair.new[0])
    return out


def align(old: Edition, new: Edition, confirmed: dict | None = None) -> Alignment:
    """Align `old` with `new` (same language). `confirmed`: old unit id → new unit id, a list of ids
    (split) or None (dropped), decided by a person; it overrides the aligner at every level."""
    if old.language != new.language:
        raise ValueError(f"cannot align {old.language} with {new.language}: align editions of one language")
    confirmed = dict(confirmed or {})
    olds, news = units_of(old), units_of(new)
    states = {level: _Level(level, olds[level], news[level]) for level in LEVELS}
    unknown = [o for o in confirmed if not any(o in olds[level] for level in LEVELS)]
    if unknown:
        raise ValueError(f"confirmed units not in the {old.edition} edition: {', '.join(unknown)}")
    _align_containers(states["rule"], confirmed, {})
    _align_members(states["part"], states["rule"], confirmed)
    prior = _prior(states["rule"], states["part"])
    _align_containers(states["entry"], confirmed, prior)
    _align_members(states["example"], states["entry"], confirmed)
    matches = (_matches(states["rule"], None) + _matches(states["part"], states["rule"])
               + _matches(states["entry"], None) + _matches(states["example"], states["entry"]))
    return Alignment(old.edition, new.edition, old.language, tuple(matches))
