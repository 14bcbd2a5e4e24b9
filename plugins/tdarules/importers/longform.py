"""Importer for the 2024 longform: English paragraphs each followed by the Traditional Chinese.

Produces one edition dict per language (`en`, `zh-Hant`), in the YAML form `model.Edition` reads.
It never rewrites wording: text is split into rules, parts, items and notes; markup is cleaned for
display with the verbatim kept; everything odd about the source is recorded as a defect.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .structure import STRAY_MARKUP, Para, clean, compact, paragraph_blocks, structure, unit

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
RULE_HEADING = re.compile(r"^(\d{1,2}):\s*(.+)$")
RP_HEADING = re.compile(r"^RP-(\d{1,2})[.:]\s*(.+)$")
ADDENDUM_HEADING = re.compile(r"^Rule (\d{1,2}(?:-[A-Z])?):\s*(.+)$")
UNTITLED = "無標題"
# An English-only Longform names the two later zones with a heading line instead of 無標題:
# zone → (heading, chunk kind, next zone).
ENGLISH_ZONE_HEADINGS = {
    "rules": ("recommended procedures", "procedures-preamble", "rp"),
    "rp": ("illustration addendum", "addendum-preamble", "addendum"),
}
EXAMPLE_MARKER = re.compile(
    r"^(?:\*\*)?((?:Example|Situation|案例|情況)\s*(\d+(?:-[A-ZＡ-Ｚ])?)[.:：]?(?:\*\*)?|(\d+-[A-Z])[:：]?)\s*"
)
# Sections of the 2024 rules as the source names them; their order is the rules' order.
SECTIONS_2024 = [
    "General Concepts", "Seating, Breaking and Balancing Tables", "Pots / Showdown", "General Procedures",
    "Player Present / Eligible for Hand", "Button / Blinds", "Dealing Rules", "Play: Bets and Raises",
    "Play: Other", "Etiquette and Penalties",
]
# Rules whose lettered parts are written inline ("… A) … B) …") in at least one language.
INLINE_PARTS = {"20", "41", "55"}
# Titles the Chinese source lacks: ours, taken from the Chinese text's own wording where it has one.
OUR_ZH_TITLES = {
    "11": "平衡牌桌和暫停比賽",      # as the addendum heading for 11-D words it
    "12": "聲明：攤牌時以牌面為準",
    "18": "要求查看對手底牌",        # as the addendum heading for 18 words it
    "23": "新的一手牌和新的級別",
}
OUR_ZH_SECTION_TITLES: dict[str, str] = {}
OUR_HEADINGS = {
    "zh-Hant": {"preamble": "TDA 簡介", "procedures": "建議流程", "addendum": "圖解附錄"},
    "en": {"preamble": "About the TDA", "procedures": "Recommended Procedures", "addendum": "Illustration Addendum"},
}


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def split_title(raw: str) -> tuple[str, str | None, list[dict]]:
    """'Raise Amounts-標準加注值' → English, Chinese, defects about the heading's form."""
    match = CJK.search(raw)
    if not match:
        return raw.strip(), None, []
    english, chinese = raw[: match.start()], raw[match.start():]
    defects = []
    if not english.rstrip().endswith("-"):
        defects.append({"kind": "format", "note": "no dash between the English and Chinese titles in the source"})
    return english.rstrip().rstrip("-").strip(), chinese.strip(), defects


@dataclass
class Chunk:
    """A heading and the paragraphs under it, both languages still together."""
    kind: str                      # rule | procedure | addendum | preamble | procedures-preamble | addendum-preamble
    id: str
    line: int
    title_en: str | None = None
    title_zh: str | None = None
    title_defects: list = field(default_factory=list)
    en: list[Para] = field(default_factory=list)
    zh: list[Para] = field(default_factory=list)
    heading_verbatim: str = ""
    notes: list[dict] = field(default_factory=list)   # defects found around the heading (a stray line before it)


def read_chunks(text: str) -> tuple[list[Chunk], list[dict], str]:
    """Walk the source once: chunks in order, sections, and the document's own title line."""
    lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), 1) if raw.strip()]
    doc_title = lines[0][1]
    chunks: list[Chunk] = []
    sections: list[dict] = []
    zone = "front"
    next_rule = 1
    pending_defects: list[dict] = []
    i = 1
    while i < len(lines):
        n, line = lines[i]
        i += 1
        if line == UNTITLED:
            kind = {"front": "preamble", "rules": "procedures-preamble", "rp": "addendum-preamble"}[zone]
            zone = {"front": "front", "rules": "rp", "rp": "addendum"}[zone]
            chunks.append(Chunk(kind, kind, n, heading_verbatim=line))
            continue
        english_zone = ENGLISH_ZONE_HEADINGS.get(zone)
        if english_zone and line.rstrip(":").strip().lower() == english_zone[0]:
            chunks.append(Chunk(english_zone[1], english_zone[1], n, heading_verbatim=line))
            zone = english_zone[2]
            continue
        if STRAY_MARKUP.fullmatch(line):
            pending_defects.append({"kind": "stray-markup", "note": f"a line holding only {line!r} precedes this heading in the source (line {n})"})
            continue
        section = next((s for s in SECTIONS_2024 if line.startswith(s)), None) if zone in ("front", "rules") else None
        if section:
            zone = "rules"
            rest = line[len(section):].lstrip("-").strip()
            if not rest and i < len(lines) and CJK.search(lines[i][1]) and len(lines[i][1]) < 30:
                rest = lines[i][1]
                i += 1
            sections.append({"id": slug(section), "en": section, "zh": rest or None, "line": n, "rules": []})
            continue
        heading = RULE_HEADING.match(line) if zone == "rules" else None
        if heading and int(heading.group(1)) == next_rule:
            next_rule += 1
            chunk = _heading_chunk("rule", heading.group(1), heading.group(2), n, line)
            sections[-1]["rules"].append(chunk.id)
        elif zone == "rp" and (heading := RP_HEADING.match(line)):
            chunk = _heading_chunk("procedure", f"RP-{heading.group(1)}", heading.group(2), n, line)
        elif zone == "addendum" and (heading := ADDENDUM_HEADING.match(line)):
            chunk = _heading_chunk("addendum", heading.group(1), heading.group(2), n, line)
        else:
            if not chunks:
                # an English-only Longform opens with its preamble, under no heading
                chunks.append(Chunk("preamble", "preamble", n))
            target = chunks[-1]
            (target.zh if CJK.search(line) else target.en).append(Para(n, line))
            continue
        chunk.notes.extend(pending_defects)
        pending_defects = []
        chunks.append(chunk)
    return chunks, sections, doc_title


def _heading_chunk(kind: str, id_: str, raw_title: str, line: int, verbatim: str) -> Chunk:
    english, chinese, defects = split_title(raw_title)
    return Chunk(kind, id_, line, english, chinese, defects, heading_verbatim=verbatim)


def title_text(chunk: Chunk, lang: str) -> dict | str:
    if lang == "en":
        text, had_markup = clean(chunk.title_en or "")
        defects = list(chunk.title_defects) + list(chunk.notes)
        return _text(text, defects, chunk.title_en if had_markup else None)
    if chunk.title_zh:
        text, had_markup = clean(chunk.title_zh)
        return _text(text, list(chunk.title_defects), chunk.title_zh if had_markup else None)
    ours = OUR_ZH_TITLES.get(chunk.id)
    note = "the source heading has no Chinese title"
    if ours is None:
        return {"text": chunk.title_en, "by": "ours", "defects": [{"kind": "missing-title", "note": note + "; the English title stands in"}]}
    return {"text": ours, "by": "ours", "defects": [{"kind": "missing-title", "note": note}]}


def _text(text: str, defects: list, source_text: str | None) -> dict | str:
    if source_text is not None:
        defects = defects + [{"kind": "stray-markup", "note": "conversion markup in the source heading"}]
    return unit(text, source_text=source_text, defects=defects)


def rule_dict(chunk: Chunk, lang: str) -> dict:
    paras = chunk.en if lang == "en" else chunk.zh
    body, _ = structure(paras, inline_parts=chunk.id in INLINE_PARTS)
    out = {"title": title_text(chunk, lang), **body}
    if not paras:
        out["blocks"] = [{"p": "—", "by": "ours", "defects": [{"kind": "missing-text", "note": "this language has no text for this rule in the source"}]}]
    return compact(out)


def addendum_dict(chunk: Chunk, lang: str) -> dict:
    """Addendum entry: introduction blocks, then examples keyed by their label."""
    paras = chunk.en if lang == "en" else chunk.zh
    intro: list[Para] = []
    examples: dict[str, dict] = {}
    current: list[Para] | None = None
    unlabelled = lang != "en" and not any(EXAMPLE_MARKER.match(p.text) for p in paras)
    english_starts = [(p.line, p) for p in chunk.en if EXAMPLE_MARKER.match(p.text)]
    for para in paras:
        if unlabelled and english_starts and para.line > english_starts[0][0]:
            # The Chinese examples carry no labels: each follows its English example in the source.
            owner = max((line, p) for line, p in english_starts if line < para.line)[1]
            label = _example_label(EXAMPLE_MARKER.match(owner.text), examples_seen=set())
            if label not in examples:
                examples[label] = {"marker": None, "paras": [], "defects": [{"kind": "format", "note": "the source gives this Chinese example no label; it is placed after its English example"}]}
            examples[label]["paras"].append(para)
            continue
        match = EXAMPLE_MARKER.match(para.text)
        if match:
            label = _example_label(match, set(examples))
            current = []
            rest = para.text[match.end():]
            examples[label] = {"marker": match.group(0).strip(), "paras": current}
            if rest:
                current.append(Para(para.line, rest))
            continue
        (current if current is not None else intro).append(para)
    entry: dict = {"title": title_text(chunk, lang)}
    entry["blocks"] = [b for p in intro for b in paragraph_blocks(p.text)]
    entry["examples"] = {}
    for label, example in examples.items():
        built, _ = structure(example["paras"])
        blocks = built["blocks"] + [b for part in built["parts"].values() for b in _part_as_items(part)]
        entry["examples"][label] = {k: v for k, v in (("marker", example["marker"]), ("blocks", blocks),
                                                      ("defects", example.get("defects"))) if v}
    return {k: v for k, v in entry.items() if v not in ([], {}, None)}


def _example_label(match: re.Match, examples_seen: set[str]) -> str:
    label = (match.group(2) or match.group(3)).translate(str.maketrans("ＡＢＣＤ", "ABCD"))
    if match.group(1).startswith(("Situation", "情況")):
        return f"Situation {label}"
    return label


def _part_as_items(part: dict) -> list:
    """Lettered sub-cases inside an example are list items, not rule parts."""
    blocks = list(part["blocks"])
    if not blocks:
        return [{"item": "", "marker": part["marker"]}]
    first = blocks[0]
    text = first if isinstance(first, str) else first.get("p") or first.get("item") or first.get("note")
    extra = {} if isinstance(first, str) else {k: v for k, v in first.items() if k not in ("p", "item", "note", "marker")}
    blocks[0] = {"item": text, "marker": part["marker"], **extra}
    return blocks


def preamble_blocks(chunk: Chunk, lang: str) -> list:
    paras = chunk.en if lang == "en" else chunk.zh
    return [b for p in paras for b in paragraph_blocks(p.text)]


def heading_for(kind: str, lang: str, chunk: Chunk) -> dict:
    """The source marks three headings 無標題 ('Untitled'): keep that, supply ours, say so."""
    key = {"preamble": "preamble", "procedures-preamble": "procedures", "addendum-preamble": "addendum"}[kind]
    if lang == "zh-Hant":
        return {"text": OUR_HEADINGS[lang][key], "by": "ours", "source_text": chunk.heading_verbatim,
                "defects": [{"kind": "missing-title", "note": "the source heading reads 無標題 ('Untitled')"}]}
    return {"text": OUR_HEADINGS[lang][key], "by": "ours"}


def import_longform(text: str, source_name: str, year: str = "2024",
                    languages: tuple[str, ...] = ("en", "zh-Hant")) -> dict[str, dict]:
    """Edition dicts for 'en' and 'zh-Hant' (the bilingual Longform), or only the `languages` asked for
    (a new edition's English-only Longform: `languages=("en",)`)."""
    chunks, sections, doc_title = read_chunks(text)
    editions = {}
    for lang in languages:
        edition: dict = {
            "edition": year, "version": "1.0", "language": lang, "source": source_name,
            "title": {"text": f"Poker TDA Rules {year}" if lang == "en" else f"撲克 TDA 規則 {year}", "by": "ours"},
        }
        if lang == "en":
            edition["notice"] = [{"note": doc_title}]
        edition["headings"] = {}
        edition["sections"] = []
        for s in sections:
            if lang == "en":
                title = s["en"]
            elif s["zh"]:
                title = s["zh"]
            else:
                title = {"text": s["en"], "by": "ours", "defects": [{"kind": "missing-title", "note": "the source section heading has no Chinese title"}]}
            edition["sections"].append({"id": s["id"], "title": title, "rules": s["rules"]})
        edition["rules"], edition["procedures"], edition["addendum"] = {}, {}, {}
        for chunk in chunks:
            if chunk.kind == "rule":
                edition["rules"][chunk.id] = rule_dict(chunk, lang)
            elif chunk.kind == "procedure":
                edition["procedures"][chunk.id] = rule_dict(chunk, lang)
            elif chunk.kind == "addendum":
                edition["addendum"][chunk.id] = addendum_dict(chunk, lang)
            else:
                field_name = {"preamble": "preamble", "procedures-preamble": "procedures_preamble",
                              "addendum-preamble": "addendum_preamble"}[chunk.kind]
                edition[field_name] = preamble_blocks(chunk, lang)
                edition["headings"][field_name] = heading_for(chunk.kind, lang, chunk)
        editions[lang] = edition
    if "en" in editions and "zh-Hant" in editions:
        reconcile_parts(editions["en"], editions["zh-Hant"])
        mark_mistranslations(editions["zh-Hant"])
    return editions


# Translation problems a reader of the Chinese must be warned about: (rule, part) → note.
ZH_MISTRANSLATIONS = {
    ("10", "B"): "“See Illustration Addendum” is rendered 參考比賽流程 (“see the competition procedure”); "
                 "the reference is to the Illustration Addendum",
}


def mark_mistranslations(chinese: dict) -> None:
    for (rule_id, letter), note in ZH_MISTRANSLATIONS.items():
        part = chinese["rules"][rule_id]["parts"][letter]
        blocks = part["blocks"] if isinstance(part, dict) else part
        first = blocks[0]
        entry = {"p": first} if isinstance(first, str) else dict(first)
        entry["defects"] = [*entry.get("defects", []), {"kind": "mistranslation", "note": note}]
        blocks[0] = entry


# Where the Chinese labels a part with another letter than the English it translates.
ZH_PART_RELABEL = {"RP-8": {"E": "F"}}


def reconcile_parts(english: dict, other: dict) -> None:
    """Give the translation every part the English has; a missing one is empty and says so."""
    for field_name in ("rules", "procedures"):
        for rule_id, rule in english[field_name].items():
            target = other[field_name][rule_id]
            parts = target.get("parts", {})
            for wrong, right in ZH_PART_RELABEL.get(rule_id, {}).items():
                moved = parts.pop(wrong)
                moved = moved if isinstance(moved, dict) else {"marker": f"{wrong}:", "blocks": moved}
                moved["defects"] = [{"kind": "format", "note": f"the source labels this part {wrong}; its text translates English {right}"}]
                parts[right] = moved
            for letter in rule.get("parts", {}):
                if letter not in parts:
                    parts[letter] = {"blocks": [], "defects": [{"kind": "missing-text", "note": f"the source has no translation of part {letter}"}]}
            if parts:
                target["parts"] = {letter: parts[letter] for letter in sorted(parts)}


# Where the longform has only Chinese (its three 無標題 blocks), the English exists on the Russian
# page's English copy: (edition field, line of that page).
ENGLISH_FROM_PAGE = {"preamble": 205, "procedures_preamble": 182, "addendum_preamble": 205}


# Those lines open with the TDA document's version line ("Version 1.0, October, 2024", the line
# above each part of the official PDF), run into the paragraph by the page's text extraction. It is
# kept verbatim, as a block of its own, so the site shows it as its own line instead of a sentence
# that runs on into "The Poker TDA is…"; the run-in is recorded as the source's format defect.
VERSION_LINE = re.compile(r"^(?P<version>Version \d+(?:\.\d+)*, [A-Z][a-z]+, \d{4}) (?P<rest>\S.*)$")


def fill_english_from_page(english: dict, page_text: str, page_name: str) -> None:
    """Take the English the longform lacks from the other source, saying where it came from."""
    lines = page_text.splitlines()
    for field_name, line in ENGLISH_FROM_PAGE.items():
        if english.get(field_name):
            continue
        text = lines[line - 1].strip()
        missing = {"kind": "missing-text", "note": f"the longform source has no English here; "
                   f"taken from the English copy on the Russian page, line {line}"}
        version = VERSION_LINE.match(text)
        if version is None:
            english[field_name] = [{"p": text, "origin": page_name, "defects": [missing]}]
            continue
        english[field_name] = [
            {"p": version["version"], "origin": page_name, "defects": [missing, {
                "kind": "format", "note": "the page runs the document's version line into the next paragraph; "
                "shown as its own line, text unchanged"}]},
            {"p": version["rest"], "origin": page_name, "defects": [dict(missing)]},
        ]
