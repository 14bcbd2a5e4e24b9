// numerals.py: numbers as players write them out, Chinese numerals (一千, 三十五) and English and Russian
// number words ("thirty-six", "первое"), read alike by rule numbers (number.js) and chip amounts (amounts.js).
// Pure ES module: no DOM, no fetch.

import SPEC from "./spec.js";

// the digits, the number words and their Russian endings: spec.yaml's numerals (numerals.py reads the same)
const { cn_digits: CN_DIGITS, units: SPELLED_UNITS, teens: SPELLED_TEENS, tens: SPELLED_TENS, ru_end: RU_END } = SPEC.numerals;

/** numerals.chinese_value: 一 → 1, 十 → 10, 三十五 → 35: 0–99; null for anything else (五五, 十十). */
export function chineseValue(s) {
  const digit = (c) => (c in CN_DIGITS ? CN_DIGITS[c] : null);
  if (s.includes("十")) {
    const [tens, ones, more] = s.split("十");
    if (more !== undefined || tens.length > 1 || ones.length > 1) return null;
    const t = tens ? digit(tens) : 1, o = ones ? digit(ones) : 0;
    return t === null || o === null ? null : t * 10 + o;
  }
  return s.length === 1 ? digit(s) : null;
}

// numerals.SPELLED: numbers spelled out, as a whole query says a rule's ("rule thirty six", "первое правило тда").
const spelledWords = (words) => Object.keys(words).sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).join("|");
const SPELLED = new RegExp(`(?<![\\p{L}\\p{N}_-])(?:(${spelledWords(SPELLED_TENS)})${RU_END}(?:[\\s-]+(${spelledWords(SPELLED_UNITS)})${RU_END})?`
  + `|(${spelledWords(SPELLED_TEENS)})${RU_END}|(${spelledWords(SPELLED_UNITS)})${RU_END})(?![\\p{L}\\p{N}_-])`, "gu");

/** numerals.spelled_numbers: a folded text's spelled-out numbers 1–99 as digits ("thirty-six" → 36, "первое" → 1). */
export function spelledNumbers(text) {
  return text.replace(SPELLED, (m, tens, unit, teen, single) =>
    String(tens ? SPELLED_TENS[tens] + (unit ? SPELLED_UNITS[unit] : 0) : teen ? SPELLED_TEENS[teen] : SPELLED_UNITS[single]));
}

