"""A selection of rules ("40-62, RP-8, 11-D") for `rulebook pdf --rules`: the Python twin of
docs/assets/print/selection.js (the rule-sheet builder's parser); tests/print/ run both on the same
cases, so the command line and the page accept exactly the same input."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

DASHES = re.compile("[\u2010-\u2015\u2212~\uFF5E\uFF0D]")
SEPARATORS = re.compile(r"[\s,;\u3001\uFF0C\uFF1B]+")
FULLWIDTH = re.compile("[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]")


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
    text = FULLWIDTH.sub(lambda m: chr(ord(m.group()) - 0xFEE0), text or "")
    text = DASHES.sub("-", text).upper()
    text = re.sub(r"\bRP\s*-?\s*(?=\d)", "RP-", text)
    return re.sub(r"\s*-\s*", "-", text)


def tokens(text: str) -> list[str]:
    return [t for t in SEPARATORS.split(normalize(text)) if t]


def parse_selection(text: str, parts: dict[str, list[str]]) -> tuple[list[Item], list[SelectionError]]:
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

        if m := re.fullmatch(r"(\d+)", body):
            n = int(m[1])
            add(f"{rp}{n}") if exists(n) else errors.append(SelectionError(missing, token))
        elif m := re.fullmatch(r"(\d+)-?([A-Z])", body):
            n, letter = int(m[1]), m[2]
            rule_id = f"{rp}{n}"
            if not exists(n):
                errors.append(SelectionError(missing, token))
            elif letter not in parts[rule_id]:
                errors.append(SelectionError("no_part", token, {"rule": rule_id, "part": letter}))
            else:
                add(rule_id, letter)
        elif (m := re.fullmatch(r"(\d+)-(?:RP-)?(\d+)", body)) and (rp or "RP-" not in body):
            a, b = int(m[1]), int(m[2])
            if a > b:
                errors.append(SelectionError("reversed", token))
            elif not exists(a):
                errors.append(SelectionError(missing, token))
            else:
                for n in range(a, min(b, last) + 1):
                    if exists(n):
                        add(f"{rp}{n}")
                if b > last:
                    errors.append(SelectionError("out_of_range", token, {"last": f"{rp}{last}"}))
        elif re.fullmatch(r"(\d+)?-|-\d+", body) or token == "RP-":
            errors.append(SelectionError("incomplete", token))
        else:
            errors.append(SelectionError("unknown", token))
    return items, errors
