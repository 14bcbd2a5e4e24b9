"""Importer for the Russian translation of the 2024 rules (`sources/002_…txt`).

The page gives one paragraph a line, with no rule numbers and no titles:

    line 1        the page's note: the translation is for reference, the English original prevails
    lines 2–72    rules 1–71, a whole rule on one line, parts inline ("A) … B) …")
    line 73       preamble of the Recommended Procedures;  lines 74–95  RP-1 … RP-22
    line 96       preamble of the Illustration Addendum;   lines 97–110 addendum entries, in the
                  order of the English addendum (10, 11-D, 16, 18, 38, 40-A, 43, …)
    lines 111–219 the English original from the same page (checked by a test, not imported)
    line 220      the page's own introduction

So the structure comes from the English edition: the nth rule line is the English edition's nth
rule, its parts get the English part letters, and what the Russian lacks is recorded as a defect.
The wording is never changed; titles (absent from the source) are ours, in the terminology the
Russian text itself uses.
"""
from __future__ import annotations

import re

from .longform import reconcile_parts
from .structure import compact, paragraph_blocks

# Inline part labels: "A)" not inside a word and not a cross-reference ("правило 13-A)").
# Cyrillic look-alikes (А В С Е Н) are accepted and reported.
RU_PART = re.compile(r"(?<![\w\-])([A-HАВСЕН])[)）]\s*")
CYRILLIC_LOOKALIKE = str.maketrans("АВСЕН", "ABCEH")
# Example labels inside an addendum line: "Пример 1:", "Пример 1-A:", "Пример 2/3:", "Example 2."
RU_EXAMPLE = re.compile(r"(?<!\S)(?:Пример|Example)\s*(\d+(?:-[A-Z])?)(?:/(\d+(?:-[A-Z])?))?\s*[.:]\s*")
RU_EXAMPLE_UNNUMBERED = re.compile(r"(?<!\S)(?:Пример|Example)\s*:\s*")
# "Ситуации: 1) … 2) …": the English "Situation N" examples as one numbered list.
RU_SITUATIONS = re.compile(r"^(Ситуации|Situations)\s*:\s*")
NUMBERED = re.compile(r"(?<![\w\-])(\d{1,2})\)\s*")
TRUNCATED_BELOW = 0.5        # Russian/English length ratio under which a paragraph counts as cut short
TRUNCATED_MIN_ENGLISH = 100  # shorter English paragraphs are too short for the ratio to mean much

NO_TITLES = [{"kind": "missing-title", "note": "the Russian source has no titles"}]
TITLES = {
    "1": "Решения флора",
    "2": "Обязанности игроков",
    "3": "Официальные термины и жесты",
    "4": "Идентификация игрока",
    "5": "Электронные устройства и связь",
    "6": "Официальный язык",
    "7": "Случайная и верная рассадка",
    "8": "Резервисты, поздняя регистрация и ре-энтри",
    "9": "Особые потребности",
    "10": "Новые игроки и игроки с расформированных столов",
    "11": "Балансировка столов и остановка игры",
    "12": "Объявления. На вскрытии решают карты",
    "13": "Вскрытие карт и убийство выигрышной руки",
    "14": "Живые карты на вскрытии",
    "15": "Нарушения при вскрытии и сбросе",
    "16": "Вскрытие при ол-ине",
    "17": "Вскрытие без ол-ина и порядок вскрытия",
    "18": "Просьба показать руку",
    "19": "Игра с борда на вскрытии",
    "20": "Распределение нечётных фишек",
    "21": "Побочные банки (сайд-поты)",
    "22": "Спорные руки и банки",
    "23": "Новая раздача и новые лимиты",
    "24": "Чип-рейс, плановое укрупнение фишек",
    "25": "Карты и фишки на виду, подсчитываемы и удобны. Укрупнение на усмотрение ТД",
    "26": "Смена колоды",
    "27": "Ребаи",
    "28": "Кроличья охота",
    "29": "Вызов «часов»",
    "30": "На месте и живые руки",
    "31": "За столом при незавершённом действии",
    "32": "Мёртвая кнопка",
    "33": "Уклонение от блайндов",
    "34": "Положение и движение кнопки",
    "35": "Мисдилы и испорченные колоды",
    "36": "Существенное действие (СД)",
    "37": "Кнопка со слишком малым числом карт",
    "38": "Бёрн-карты после существенного действия",
    "39": "Неправильные флопы и преждевременно сданные карты",
    "40": "Способы ставки: словом и фишками",
    "41": "Способы колла",
    "42": "Способы рейза",
    "43": "Размер рейза",
    "44": "Ставка крупной фишкой (оверчип)",
    "45": "Ставка несколькими фишками",
    "46": "Несобранные фишки прежней ставки",
    "47": "Повторное открытие торговли",
    "48": "Допустимое число рейзов",
    "49": "Принятое действие",
    "50": "Действие в очередь",
    "51": "Обязывающие объявления / недоколл в очередь",
    "52": "Неверные ставки, недоставки и недорейзы",
    "53": "Действие вне очереди (OOT)",
    "54": "Размер банка и ставки в пот-лимите",
    "55": "Недействительные объявления ставок",
    "56": "Стринг-беты и стринг-рейзы",
    "57": "Нестандартные и неясные ставки",
    "58": "Нестандартный пас",
    "59": "Условные и преждевременные заявления",
    "60": "Подсчёт стека соперника",
    "61": "Ставка сверх суммы в расчёте на сдачу",
    "62": "Ол-ин и фишки, найденные позже",
    "63": "Фишки вне поля зрения и при переносе",
    "64": "Потерянные и найденные фишки",
    "65": "Случайно убитые, испорченные и вскрытые руки",
    "66": "Мёртвые руки и сброс в стаде",
    "67": "Без раскрытия информации. Один игрок — одна рука",
    "68": "Вскрытие карт и правильный сброс",
    "69": "Этичная игра",
    "70": "Нарушения этикета",
    "71": "Предупреждения, штрафы и дисквалификация",
    "RP-1": "Кнопки «all-in»",
    "RP-2": "Подтягивание ставок не рекомендуется",
    "RP-3": "Личные вещи",
    "RP-4": "Нарушенный порядок стаба",
    "RP-5": "Преждевременно сданные карты",
    "RP-6": "Быстрое перемещение игроков",
    "RP-7": "Время подачи дилеров",
    "RP-8": "Процедуры игры «рука за руку»",
    "RP-9": "Число игроков за финальным столом",
    "RP-10": "Процедуры сдачи в турнирном стаде",
    "RP-11": "Форматы анте; анте не снижаются",
    "RP-12": "Дилеры объявляют ставки и рейзы",
    "RP-13": "Дилеры складывают фишки в играх с раздельным банком",
    "RP-14": "Случайность в особых ситуациях",
    "RP-15": "Надлежащая связь персонала турнира",
    "RP-16": "Отсутствующий игрок за расформируемым столом",
    "RP-17": "Процедуры торговли в турнирных дро-играх",
    "RP-18": "Порядок игр в микс-турнирах",
    "RP-19": "Борьба с затягиванием",
    "RP-20": "Карты готовы к тасовке",
    "RP-21": "Раскладывание банка",
    "RP-22": "Ставки предметами без номинала (баунти-фишки, токены таймера и т.п.)",
}
ADDENDUM_TITLES = {
    "10": "Расформирование столов, двухшаговый случайный процесс",
    "11-D": "Балансировка столов и остановка игры",
    "16": "Вскрытие при ол-ине",
    "18": "Просьба показать руку",
    "38": "Бёрн-карты после существенного действия",
    "40-A": "Способы ставки: неясные или противоречивые ставки",
    "43": "Размер рейза. «Крупнейшая предыдущая полная ставка или рейз текущего круга торговли»",
    "45": "Ставка несколькими фишками",
    "46": "Несобранные фишки прежней ставки: примеры ситуаций",
    "47": "Повторное открытие торговли",
    "51": "Обязывающие объявления / недоколл в очередь",
    "52-B": "Неверные суммы ставок в пот-лимитных играх",
    "53-A": "Действие вне очереди (OOT)",
    "53-B": "Существенное действие вне очереди (OOT)",
}
SECTION_TITLES = {
    "general-concepts": "Общие положения",
    "seating-breaking-and-balancing-tables": "Рассадка, расформирование и балансировка столов",
    "pots-showdown": "Банки / вскрытие",
    "general-procedures": "Общие процедуры",
    "player-present-eligible-for-hand": "Присутствие игрока / право на руку",
    "button-blinds": "Кнопка / блайнды",
    "dealing-rules": "Правила сдачи",
    "play-bets-and-raises": "Игра: ставки и рейзы",
    "play-other": "Игра: прочее",
    "etiquette-and-penalties": "Этикет и штрафы",
}
HEADINGS = {
    "preamble": "О TDA",
    "procedures_preamble": "Рекомендованные процедуры",
    "addendum_preamble": "Приложение с примерами",
}

# The addendum preamble line opens with its own sentence, then condenses the paragraph the page's
# English places before the addendum (line 205: "The Poker TDA is a voluntary … association …").
ADDENDUM_PREAMBLE_DEFECT = {
    "kind": "format",
    "note": "after its first sentence this line condenses the TDA's own introduction ('TDA Rules supplement the "
            "rules of this house. In case of conflict with a gaming agency, the agency rules apply.'), which the "
            "page's English places before the addendum",
}

# Line layout of the source (1-based, inclusive).
NOTICE_LINE = 1
RULE_LINES = (2, 72)
PROCEDURES_PREAMBLE_LINE = 73
PROCEDURE_LINES = (74, 95)
ADDENDUM_PREAMBLE_LINE = 96
ADDENDUM_LINES = (97, 110)
ENGLISH_LINES = (111, 219)
INTRODUCTION_LINE = 220


def source_lines(text: str) -> dict[int, str]:
    """Line number → text, stripped; the layout above depends on the numbering, so keep it."""
    return {n: line.strip() for n, line in enumerate(text.split("\n"), 1)}


def english_layout(english: dict) -> dict[int, tuple[str, str]]:
    """Line number of the English copy (111–219) → (field, id) it should hold."""
    ids = ([("rules", k) for k in english["rules"]] + [("procedures_preamble", "")]
           + [("procedures", k) for k in english["procedures"]] + [("addendum_preamble", "")]
           + [("addendum", k) for k in english["addendum"]])
    return dict(zip(range(ENGLISH_LINES[0], ENGLISH_LINES[1] + 1), ids))


# --- text of English compact dicts, for length comparisons --------------------------------------

def block_text(b) -> str:
    if isinstance(b, str):
        return b
    return next(b[k] for k in ("p", "note", "item", "text") if k in b)


def blocks_text(blocks) -> str:
    return " ".join(block_text(b) for b in blocks)


def part_blocks(part) -> list:
    return part if isinstance(part, list) else part.get("blocks", [])


# --- rules ---------------------------------------------------------------------------------------

def split_parts(text: str, letters: list[str]) -> list[tuple[str | None, str | None, str]]:
    """(letter, marker, text) pieces of 'intro A) … B) …', with the English letters.

    Labels are taken in order; a later English letter is accepted in place of the expected one
    only when the expected one does not occur further on (the Russian skips it), so a nested
    "A) … B)" list inside a part is left alone.
    """
    pieces: list[tuple[str | None, str | None, str]] = []
    current: tuple[str | None, str | None] = (None, None)
    last = 0
    remaining = list(letters)
    matches = list(RU_PART.finditer(text))
    for i, match in enumerate(matches):
        letter = match.group(1).translate(CYRILLIC_LOOKALIKE)
        if letter not in remaining:
            continue
        expected = remaining[0]
        later = {m.group(1).translate(CYRILLIC_LOOKALIKE) for m in matches[i + 1:]}
        if letter != expected and expected in later:
            continue
        pieces.append((*current, text[last:match.start()].strip()))
        current = (letter, match.group(0).strip())
        last = match.end()
        remaining = remaining[remaining.index(letter) + 1:]
    pieces.append((*current, text[last:].strip()))
    return [p for p in pieces if p[2] or p[0]]


def ratio_defect(russian: str, english: str) -> dict | None:
    if len(english) < TRUNCATED_MIN_ENGLISH:
        return None
    ratio = len(russian) / len(english)
    if ratio >= TRUNCATED_BELOW:
        return None
    return {"kind": "truncated",
            "note": f"the Russian is {len(russian)} characters against {len(english)} in the English "
                    f"(ratio {ratio:.2f}): the translation leaves out part of the text"}


def with_defects(first, defects: list[dict]):
    """A block in mapping form carrying extra defects."""
    entry = {"p": first} if isinstance(first, str) else dict(first)
    entry["defects"] = list(entry.get("defects", [])) + defects
    return entry


def rule_dict(rule_id: str, text: str, english_rule: dict) -> dict:
    out: dict = {"title": {"text": TITLES[rule_id], "by": "ours", "defects": NO_TITLES}}
    english_parts = english_rule.get("parts", {})
    if not english_parts:
        blocks = paragraph_blocks(text)
        defect = ratio_defect(text, blocks_text(english_rule.get("blocks", [])) + " "
                              + blocks_text(english_rule.get("after", [])))
        if defect:
            blocks[0] = with_defects(blocks[0], [defect])
        out["blocks"] = blocks
        return compact(out)
    intro: list = []
    parts: dict[str, dict] = {}
    for letter, marker, piece in split_parts(text, list(english_parts)):
        if letter is None:
            intro = paragraph_blocks(piece)
            defect = ratio_defect(piece, blocks_text(english_rule.get("blocks", [])))
            if defect:
                intro[0] = with_defects(intro[0], [defect])
            continue
        part: dict = {"marker": marker, "blocks": paragraph_blocks(piece) if piece else []}
        defects = []
        if marker[0] != letter:
            defects.append({"kind": "format", "note": f"the source writes this part's label {marker!r} with a Cyrillic letter"})
        if not piece:
            defects.append({"kind": "missing-text", "note": f"the source has the label {marker!r} but no text after it"})
        elif defect := ratio_defect(piece, blocks_text(part_blocks(english_parts[letter]))):
            defects.append(defect)
        if defects:
            part["defects"] = defects
        parts[letter] = part
    out["blocks"] = intro
    out["parts"] = parts
    return compact(out)


# --- addendum ------------------------------------------------------------------------------------

def example_pieces(text: str, english_labels: list[str]) -> tuple[str, list[tuple[str, str, str | None, str]]] | None:
    """(introduction, [(label, marker, merged-with label, text)]) or None when nothing is labelled."""
    # spans: (label, marker, merged-with label, where the marker starts, where the text starts)
    spans: list[tuple[str, str, str | None, int, int]] = []
    if matches := list(RU_EXAMPLE.finditer(text)):
        spans = [(m.group(1), m.group(0).strip(), m.group(2), m.start(), m.end()) for m in matches]
    elif len(english_labels) == 1 and (m := RU_EXAMPLE_UNNUMBERED.search(text)):
        # "Пример:" with no number where the English has a single example: that example.
        spans = [(english_labels[0], m.group(0).strip(), None, m.start(), m.end())]
    elif all(l.startswith("Situation ") for l in english_labels) and (head := RU_SITUATIONS.match(text)):
        # "Ситуации: 1) … 2) …": the first marker takes in the heading.
        expected = 1
        for m in NUMBERED.finditer(text, head.end()):
            if int(m.group(1)) == expected:
                start = 0 if expected == 1 else m.start()
                spans.append((f"Situation {expected}", text[start:m.end()].strip(), None, start, m.end()))
                expected += 1
    if not spans:
        return None
    pieces = []
    for i, (label, marker, merged, _, begin) in enumerate(spans):
        stop = spans[i + 1][3] if i + 1 < len(spans) else len(text)
        pieces.append((label, marker, merged, text[begin:stop].strip()))
    return text[: spans[0][3]].strip(), pieces


def addendum_dict(entry_id: str, text: str, english_entry: dict) -> dict:
    out: dict = {"title": {"text": ADDENDUM_TITLES[entry_id], "by": "ours", "defects": NO_TITLES}}
    english_examples = english_entry.get("examples", {})
    labels = list(english_examples)
    split = example_pieces(text, labels) if labels else None
    if split is None:
        blocks = paragraph_blocks(text)
        if labels:
            blocks[0] = with_defects(blocks[0], [{"kind": "format", "note": "the examples are not separated in the source"}])
        out["blocks"] = blocks
        return out
    intro, pieces = split
    if intro:
        out["blocks"] = paragraph_blocks(intro)
    found: dict[str, dict] = {}
    merged_into: dict[str, str] = {}
    for label, marker, merged, piece in pieces:
        example: dict = {"marker": marker, "blocks": paragraph_blocks(piece)}
        defects = []
        if merged:
            merged_into[merged] = marker
            defects.append({"kind": "format", "note": f"the source gives examples {label} and {merged} as one, labelled {marker!r}"})
        elif label in english_examples:
            english = english_examples[label]
            defect = ratio_defect(piece, blocks_text(english if isinstance(english, list) else english["blocks"]))
            if defect:
                defects.append(defect)
        if label not in english_examples:
            defects.append({"kind": "extra-text", "note": f"the English has no example {label}"})
        if defects:
            example["defects"] = defects
        found[label] = example
    examples: dict[str, dict] = {}
    for label in labels:
        if label in found:
            examples[label] = found.pop(label)
        elif label in merged_into:
            examples[label] = {"blocks": [], "defects": [
                {"kind": "format", "note": f"translated together with the example before it, under {merged_into[label]!r}"}]}
        else:
            examples[label] = {"blocks": [], "defects": [
                {"kind": "missing-text", "note": f"the source has no example {label}"}]}
    examples.update(found)
    out["examples"] = examples
    return out


# --- edition -------------------------------------------------------------------------------------

def import_russian(text: str, source_name: str, english: dict) -> dict:
    """The Russian edition dict, mirroring the English edition's rules, parts and addendum."""
    lines = source_lines(text)
    rule_ids = list(english["rules"])
    procedure_ids = list(english["procedures"])
    addendum_ids = list(english["addendum"])
    expected = {
        "rules": RULE_LINES[1] - RULE_LINES[0] + 1,
        "procedures": PROCEDURE_LINES[1] - PROCEDURE_LINES[0] + 1,
        "addendum": ADDENDUM_LINES[1] - ADDENDUM_LINES[0] + 1,
    }
    for field_name, count in expected.items():
        if len(english[field_name]) != count:
            raise ValueError(f"the Russian source has {count} {field_name} lines, the English edition "
                             f"{len(english[field_name])} {field_name}")
    if not lines.get(INTRODUCTION_LINE):
        raise ValueError(f"the Russian source has no line {INTRODUCTION_LINE} (the page's introduction)")

    edition: dict = {
        "edition": "2024", "version": english.get("version", "1.0"), "language": "ru", "source": source_name,
        "title": {"text": "Правила Poker TDA 2024", "by": "ours"},
        "notice": [{"note": lines[NOTICE_LINE]}],
        "headings": {key: {"text": value, "by": "ours"} for key, value in HEADINGS.items()},
        "preamble": [{"p": lines[INTRODUCTION_LINE], "defects": [{
            "kind": "extra-text",
            "note": "the Russian page's own introduction (last line of the source), not a translation of the TDA preamble"}]}],
        "sections": [
            {"id": s["id"], "title": {"text": SECTION_TITLES[s["id"]], "by": "ours", "defects": [
                {"kind": "missing-title", "note": "the Russian source has no section headings"}]},
             "rules": list(s["rules"])}
            for s in english["sections"]
        ],
        "rules": {}, "procedures": {}, "addendum": {},
        "procedures_preamble": paragraph_blocks(lines[PROCEDURES_PREAMBLE_LINE]),
        "addendum_preamble": [with_defects(b, [ADDENDUM_PREAMBLE_DEFECT]) if i == 0 else b
                              for i, b in enumerate(paragraph_blocks(lines[ADDENDUM_PREAMBLE_LINE]))],
    }
    for n, rule_id in zip(range(RULE_LINES[0], RULE_LINES[1] + 1), rule_ids):
        edition["rules"][rule_id] = rule_dict(rule_id, lines[n], english["rules"][rule_id])
    for n, rule_id in zip(range(PROCEDURE_LINES[0], PROCEDURE_LINES[1] + 1), procedure_ids):
        edition["procedures"][rule_id] = rule_dict(rule_id, lines[n], english["procedures"][rule_id])
    for n, entry_id in zip(range(ADDENDUM_LINES[0], ADDENDUM_LINES[1] + 1), addendum_ids):
        edition["addendum"][entry_id] = addendum_dict(entry_id, lines[n], english["addendum"][entry_id])

    # Parts the Russian lacks: empty, with a missing-text defect. reconcile_parts also applies the
    # Chinese-only relabelling table keyed by rule id, so hand it the rules under keys that table
    # cannot match (the dicts are shared, so the Russian edition is updated in place).
    def keyed(edition_dict: dict) -> dict:
        return {f: {f"ru:{k}": v for k, v in edition_dict[f].items()} for f in ("rules", "procedures")}
    reconcile_parts(keyed(english), keyed(edition))
    return edition
