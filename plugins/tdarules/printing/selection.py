"""A selection of rules ("40-62, RP-8, 11-D") for `rulebook pdf --rules`: the Python twin of
docs/assets/print/selection.js (the rule-sheet builder's parser); tests/print/ run both on the same
cases, so the command line and the page accept exactly the same input."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

# A selection names at most 93 rules and procedures; 2,000 characters leave room for every part of each
# spelled out, and keep what a pasted page costs to read bounded (selection.js MAX_SELECTION).
MAX_SELECTION = 2000
DASHES = re.compile("[\u2010-\u2015\u2212~\uFF5E\uFF0D]")
SEPARATORS = re.compile(r"[\s,;\u3001\uFF0C\uFF1B]+")
# Each pattern below matches a bounded width at any start, so a long run of spaces is read once:
# "\s*-\s*" rescanned the whole run from each of its characters (quadratic). Whitespace runs are
# separators in any case, so they are made one space first. \b would be Unicode here and ASCII in
# JavaScript: the word boundary before RP is spelled out alike in both.
SPACES = re.compile(r"\s+")
RP_NUMBER = re.compile(r"(?<![A-Z0-9_])RP ?-? ?(?=[0-9])")
DASH = re.compile(r" ?- ?")


@dataclass
class Item:
    rule: str
    parts: list[str] | None = None          # None: the whole rule


@dataclass
class SelectionError:
    code: str                                # a key of ui/print.yaml errors.*
    token: str
    params: dict = field(default_factory=dict)


def normalize(text: str) -> str:
    # NFKC: full-width (４３) and mathematical (𝟒𝟑) digits are ASCII; digits of other scripts (٤٣)
    # stay what they are and are no rule number, as in the browser, whose \d knows only ASCII.
    text = DASHES.sub("-", unicodedata.normalize("NFKC", text or "")).upper()
    return DASH.sub("-", RP_NUMBER.sub("RP-", SPACES.sub(" ", text)))


def tokens(text: str) -> list[str]:
    return [t for t in SEPARATORS.split(normalize(text)) if t]


def parse_selection(text: str, parts: dict[str, list[str]]) -> tuple[list[Item], list[SelectionError]]:
    if len(text or "") > MAX_SELECTION:
        return [], [SelectionError("too_long", text[:20] + "…")]      # its start: enough to know it
    last_rule = max((int(i) for i in parts if not i.startswith("RP-")), default=0)
    last_procedure = max((int(i[3:]) for i in parts if i.startswith("RP-")), default=0)
    items: list[Item] = []
    seen: dict[str, Item] = {}
    errors: list[SelectionError] = []

    def add(rule: str, part: str | None = None):
        if rule not in seen:
            seen[rule] = Item(rule, [part] if part else None)
            items.append(seen[rule])
            return
        item = seen[rule]
        if item.parts is None:
            return
        if not part:
            item.parts = None
        elif part not in item.parts:
            item.parts.append(part)

    for token in tokens(text):
        rp = "RP-" if token.startswith("RP-") else ""
        body = token[3:] if rp else token
        last = last_procedure if rp else last_rule
        missing = "no_procedure" if rp else "no_rule"

        def exists(n: int) -> bool:
            return 1 <= n <= last and f"{rp}{n}" in parts

        if m := re.fullmatch(r"([0-9]+)", body):
            n = int(m[1])
            add(f"{rp}{n}") if exists(n) else errors.append(SelectionError(missing, token, {"last": f"{rp}{last}"}))
        elif m := re.fullmatch(r"([0-9]+)-?([A-Z])", body):
            n, letter = int(m[1]), m[2]
            rule_id = f"{rp}{n}"
            if not exists(n):
                errors.append(SelectionError(missing, token, {"last": f"{rp}{last}"}))
            elif letter not in parts[rule_id]:
                errors.append(SelectionError("no_part", token, {"rule": rule_id, "part": letter}))
            else:
                add(rule_id, letter)
        elif (m := re.fullmatch(r"([0-9]+)-(?:RP-)?([0-9]+)", body)) and (rp or "RP-" not in body):
            a, b = int(m[1]), int(m[2])
            if a > b:
                errors.append(SelectionError("reversed", token))
            elif not exists(a):
                errors.append(SelectionError(missing, token, {"last": f"{rp}{last}"}))
            else:
                for n in range(a, min(b, last) + 1):
                    if exists(n):
                        add(f"{rp}{n}")
                if b > last:
                    errors.append(SelectionError("out_of_range", token, {"last": f"{rp}{last}"}))
        elif re.fullmatch(r"([0-9]+)?-|-[0-9]+", body) or token == "RP-":
            errors.append(SelectionError("incomplete", token))
        else:
            errors.append(SelectionError("unknown", token))
    return items, errors
