"""`rulebook show 43`: one rule, its parts and its addendum examples, wrapped for a terminal."""
from __future__ import annotations

import shutil
import textwrap
import unicodedata

from .importers.structure import STRAY_MARKUP
from .model import AddendumEntry, Block, Edition, Rule, Text

LABELS = {
    "en": {"rule": "Rule", "procedure": "Recommended Procedure", "examples": "Illustration Addendum",
           "example": "Example", "ours": "supplied by the editors", "converted": "machine-converted from zh-Hant (OpenCC)",
           "missing": "(no text in this language)"},
    "zh-Hant": {"rule": "規則", "procedure": "建議流程", "examples": "圖解附錄", "example": "案例",
                "ours": "編者補充", "converted": "", "missing": "（此語言無此段文字）"},
    "zh-Hans": {"rule": "规则", "procedure": "建议流程", "examples": "图解附录", "example": "案例",
                "ours": "编者补充", "converted": "由 OpenCC 自繁体中文自动转换", "missing": "（此语言无此段文字）"},
    "ru": {"rule": "Правило", "procedure": "Рекомендуемая процедура", "examples": "Приложение с примерами",
           "example": "Пример", "ours": "добавлено редакцией", "converted": "", "missing": "(в этом языке текста нет)"},
}


def display_width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int, indent: str = "", first: str | None = None) -> list[str]:
    """Wrap by display width: spaces for Western text, any character for CJK text."""
    first = indent if first is None else first
    lines: list[str] = []
    prefix = first
    if not any(display_width(c) == 2 for c in text):
        out = textwrap.wrap(text, width=max(width, 20), initial_indent=first, subsequent_indent=indent,
                            break_long_words=False, break_on_hyphens=False)
        return out or [first.rstrip()]
    current = prefix
    for char in text:
        if display_width(current + char) > width and current.strip():
            lines.append(current.rstrip())
            current = indent
            if char == " ":
                continue
        current += char
    if current.strip():
        lines.append(current.rstrip())
    return lines


def _title(text: Text, labels: dict) -> str:
    mark = f"  [{labels['ours']}]" if text.by == "ours" else ""
    return text.text + mark


def _block_lines(block: Block, width: int, indent: str) -> list[str]:
    if block.kind == "item":
        marker = f"{block.marker} "
        return wrap(block.text, width, indent + " " * display_width(marker), indent + marker)
    if block.kind == "note":
        return wrap(block.text, width, indent + "  ", indent + "※ ")
    return wrap(block.text, width, indent)


def render_rule(edition: Edition, rule_id: str, width: int | None = None) -> str:
    """The rule as plain text: heading, text before the parts, parts, closing text, then examples."""
    width = width or min(shutil.get_terminal_size((88, 24)).columns, 100)
    labels = LABELS.get(edition.language, LABELS["en"])
    rule = edition.rule(rule_id)
    if rule is None:
        raise KeyError(rule_id)
    lines: list[str] = []
    lines.extend(_heading(rule, edition, labels))
    lines.extend(_rule_body(rule, width, labels))
    entries = [e for e in edition.addendum.values() if e.rule_id == rule.id]
    for entry in entries:
        lines.append("")
        lines.extend(_entry_lines(entry, width, labels))
    return "\n".join(lines).rstrip() + "\n"


def _heading(rule: Rule, edition: Edition, labels: dict) -> list[str]:
    kind = labels["procedure" if rule.kind == "procedure" else "rule"]
    number = rule.id if rule.kind == "procedure" else rule.number
    heading = f"{kind} {number}: {_title(rule.title, labels)}" if rule.kind == "rule" else f"{number}: {_title(rule.title, labels)}"
    out = [heading, "=" * min(display_width(heading), 100)]   # the heading stays one line: it is what people grep
    section = edition.section_of(rule.id)
    context = [f"TDA {edition.edition} · {edition.language}"]
    if section is not None:
        context.append(section.title.text)
    if edition.converted_from and labels["converted"]:
        context.append(labels["converted"])
    out.append(" · ".join(context))
    out.append("")
    return out


def _rule_body(rule: Rule, width: int, labels: dict) -> list[str]:
    out: list[str] = []
    for block in rule.blocks:
        out.extend(_block_lines(block, width, ""))
        out.append("")
    for part_id, part in rule.parts.items():
        marker = part.marker or f"{part_id}:"
        label = f"{rule.id}-{part_id}"
        if not part.blocks:
            out.append(f"{marker} {labels['missing']}  ({label})")
            out.append("")
            continue
        first, *rest = part.blocks
        head = f"{marker} "
        pad = " " * 3
        if first.kind == "p":
            out.extend(wrap(first.text, width, pad, head.ljust(3)))
        else:
            out.append(head.rstrip())
            out.extend(_block_lines(first, width, pad))
        for block in rest:
            out.extend(_block_lines(block, width, pad))
        out.append("")
    for block in rule.after:
        out.extend(_block_lines(block, width, ""))
        out.append("")
    return out


def _entry_lines(entry: AddendumEntry, width: int, labels: dict) -> list[str]:
    title = f"{labels['examples']} — {entry.id}"
    if entry.title is not None:
        title += f": {_title(entry.title, labels)}"
    title_lines = wrap(title, width)
    out = [*title_lines, "-" * min(max(display_width(t) for t in title_lines), width)]
    for block in entry.blocks:
        out.extend(_block_lines(block, width, ""))
    for label, example in entry.examples.items():
        out.append("")
        marker = STRAY_MARKUP.sub("", example.marker) if example.marker else None
        marker = marker or (label if label.startswith("Situation") else f"{labels['example']} {label}")
        heading = marker
        if example.title is not None:
            heading += f" {example.title.text}"
        out.append(heading)
        for block in example.blocks:
            out.extend(_block_lines(block, width, "  "))
    return out
