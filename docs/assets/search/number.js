// Rule numbers as players type them (43, 43b, 43-B, rule 43, 規則43, 第43條, правило 43, RP 5, and
// an older edition's numbers: 2017 rule 46, 46 (2017)) and the folding every comparison goes through. Its own small
// module because every page needs it at once (rules.js: the number box) while the rest of the
// fallback's query understanding (query.js, understanding.js, …) is loaded only when search is used.
// Pure ES module: no DOM, no fetch (query.js re-exports it; tests/search/test_fallback_query.py).

import { chineseValue, spelledNumbers } from "./numerals.js";
import SPEC from "./spec.js";

// The placeholders of spec.yaml's patterns in JavaScript's dialect (spec.py CLASSES has Python's);
// they may hold placeholders themselves.
const CLASSES = {
  w: "\\p{L}\\p{N}_",
  letter: "[\\p{L}\\p{Nl}\\p{No}]",
  alnum: "(?:(?![{cjk}])[\\p{L}\\p{N}])",
  alpha: "(?:(?![{cjk}])[\\p{L}\\p{Nl}\\p{No}])",
};

/** spec.py source: a pattern of the spec (a string, or pieces to join) with its placeholders expanded. */
export function specSource(pattern) {
  const expand = (text) => text.replace(/\{([a-z_]+)\}/g, (m, name) => {
    if (name in CLASSES) return expand(CLASSES[name]);
    if (name in SPEC.fragments) return expand(SPEC.fragments[name]);
    throw new Error(`spec.yaml: unknown placeholder ${m}`);
  });
  return expand(Array.isArray(pattern) ? pattern.join("") : pattern);
}

/** A pattern of the spec compiled (always with the u flag: Unicode classes and Python's reading of
 * characters beyond the BMP); matches are read by group name. */
export const specRegex = (pattern, flags = "u") => new RegExp(specSource(pattern), flags);
export const whole = (pattern) => new RegExp(`^(?:${specSource(pattern)})$`, "u");       // Python's fullmatch

export const START = specSource("{start}");          // Python's \b before a word, Unicode-aware
export const END = specSource("{end}");              // … and after it

// Traditional forms of the words around rule numbers: 規則43 / 第43條 work even without t2s.json
// (spec.yaml rule_numbers.traditional).
const TRAD = SPEC.rule_numbers.traditional;

// Latin and Cyrillic letters that look alike, the letters of each script and the words unmix reads
// (spec.yaml lookalikes: analyzers.TO_CYRILLIC, TO_LATIN, unmix).
const { latin: LATIN, cyrillic: CYRILLIC, patterns: LOOK } = SPEC.lookalikes;
const TO_CYRILLIC = Object.fromEntries(Array.from(LATIN, (c, i) => [c, CYRILLIC[i]]));
const TO_LATIN = { ...Object.fromEntries(Array.from(CYRILLIC, (c, i) => [c, LATIN[i]])), ...SPEC.lookalikes.to_latin };
const LETTERS = specRegex(LOOK.word, "gu");
const CYRILLIC_LETTER = specRegex(LOOK.cyrillic), LATIN_LETTER = specRegex(LOOK.latin);
const CYRILLIC_LETTERS = specRegex(LOOK.cyrillic, "gu"), LATIN_LETTERS = specRegex(LOOK.latin, "gu");

/** analyzers.unmix: each word of Latin and Cyrillic letters in one script (a keyboard switched
 * mid-word): the script of a letter in it that has no look-alike, or, if every letter has one, the
 * text's commoner script. */
export function unmix(text) {
  if (!CYRILLIC_LETTER.test(text) || !LATIN_LETTER.test(text)) return text;
  const cyrillicText = (text.match(CYRILLIC_LETTERS) || []).length >= (text.match(LATIN_LETTERS) || []).length;
  return text.replace(LETTERS, (word) => {
    if (!CYRILLIC_LETTER.test(word) || !LATIN_LETTER.test(word)) return word;
    const letters = Array.from(word);
    let cyrillic = cyrillicText;
    if (letters.some((c) => CYRILLIC_LETTER.test(c) && !(c in TO_LATIN))) cyrillic = true;
    else if (letters.some((c) => LATIN_LETTER.test(c) && !(c in TO_CYRILLIC))) cyrillic = false;
    const table = cyrillic ? TO_CYRILLIC : TO_LATIN;
    return letters.map((c) => table[c] || c).join("");
  });
}

// Any word of a table, longest first: at a place the longest word wins (analyzers.cantonese_words)
function longestFirst(table) {
  return new RegExp(Object.keys(table)
    .sort((a, b) => Array.from(b).length - Array.from(a).length || (a < b ? -1 : a > b ? 1 : 0))
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gu");
}
// spec.yaml `cantonese_words`; in a query written in Cantonese (a character of `cantonese_marks`
// before the fold), `cantonese_only_words` too
const CANTONESE = SPEC.cantonese_words;
const IN_CANTONESE = { ...CANTONESE, ...SPEC.cantonese_only_words };
const CANTONESE_WORD = longestFirst(CANTONESE);
const IN_CANTONESE_WORD = longestFirst(IN_CANTONESE);
const CANTONESE_MARK = new RegExp(SPEC.cantonese_marks, "u");

/** What both sides of a comparison go through: NFKC, lower case, ё → е, each word in one script
 * (unmix), Traditional → Simplified (with the corpus's t2s map when given, the rule words above always).
 * With the t2s map (a query on a Chinese site), written Cantonese words read as Mandarin
 * (typos.fold_query). */
export function fold(text, t2s = null) {
  const s = unmix(String(text).normalize("NFKC").toLowerCase().replace(/ё/g, "е"));
  const simplified = Array.from(s, (c) => (t2s && t2s[c]) || TRAD[c] || c).join("");
  if (!t2s) return simplified;
  const [table, words] = CANTONESE_MARK.test(s) ? [IN_CANTONESE, IN_CANTONESE_WORD] : [CANTONESE, CANTONESE_WORD];
  return simplified.replace(words, (w) => table[w]);
}

// --- rule numbers (spec.yaml rule_numbers; query.py reads the same) ----------------------------------

// A Cyrillic letter typed for a part reads as the Latin one it looks like (В for B), б as B
// (partReading says when a letter was read this way).
const CYRILLIC_PART = SPEC.rule_numbers.part_letters;
const RULES = SPEC.rule_numbers.patterns;
const RULE_REF = specRegex(RULES.rule_ref), RULE_AFTER = specRegex(RULES.rule_after), RP_REF = specRegex(RULES.rp_ref);
const YEAR_OLD = specRegex(RULES.year_old, "gu"), STOP_OLD = specRegex(RULES.stop_old, "gu");
const EDITION_YEAR = specRegex(RULES.edition_year), ANY_YEAR = specRegex(RULES.edition_year, "gu");
const TDA_NAME = specRegex(RULES.tda_name, "gu");
const CN_NUMBER = specRegex(RULES.cn_number, "gu");
const MENTION = specRegex(RULES.mention);
const TYPED_CYRILLIC_PART = specRegex(RULES.typed_cyrillic_part);
const SPELLED_NEEDS = specRegex(RULES.spelled_needs);

/** query.chinese_numerals: the Chinese numerals next to rule words as digits (第三十五条 → 第35条). */
export function chineseNumerals(text) {
  return text.replace(CN_NUMBER, (...args) => {
    const { space, after, before } = args[args.length - 1];
    const found = chineseValue(after || before);
    return found === null ? args[0] : (space || "") + found;
  });
}

/** query.mentioned_rule: the rule or part ("43", "43-B", "RP-4") a question names among its words,
 * from folded text; null when it names none. */
export function mentionedRule(folded) {
  const m = MENTION.exec(chineseNumerals(folded));
  if (!m) return null;
  const g = m.groups;
  const [number, letter] = g.cn_number ? [g.cn_number, g.cn_part]
    : g.number_first || g.number_tiao ? [g.number_first || g.number_tiao, undefined] : [g.number, g.part];
  const rule = g.procedure ? `RP-${Number(number)}` : String(Number(number));
  return letter ? `${rule}-${partLetter(letter)}` : rule;
}

const strip = (s, chars) => {
  let a = 0, b = s.length;
  while (a < b && chars.includes(s[a])) a++;
  while (b > a && chars.includes(s[b - 1])) b--;
  return s.slice(a, b);
};
const partLetter = (l) => (l ? CYRILLIC_PART[l] || l.toUpperCase() : null);

/** query.part_reading: "45-В → 45-B" when `q` named the part `part` of rule `id` with a Cyrillic
 * letter read as the Latin one on the pages; null when it typed the letter as shown (or no part). */
export function partReading(q, id, part) {
  const typed = String(q).normalize("NFKC");
  if (!part || !TYPED_CYRILLIC_PART.test(typed)) return null;
  return `${typed.trim()} → ${id}-${part}`;
}

/** The rule a whole query names, without looking at any data: {id, part, old} or null.
 * "43b" → {id: "43", part: "B", old: ""}; "RP-5" → {id: "RP-5", …}; "46 (2017)" → {id: "46", old: "2017"}.
 * `years`: the older editions' years a query may name (query.js: the keys of the renumbering); without
 * them (the number box, which has no renumbering) any year counts, so that "2017 rule 46" is left to
 * search rather than taken for today's rule 46. */
export function parseRuleNumber(q, t2s = null, years = null) {
  let text = chineseNumerals(strip(fold(q, t2s), " ?？.!"));
  if (SPELLED_NEEDS.test(text)) text = spelledNumbers(text);     // "five" alone is no rule number
  let old = "";
  const known = years ?? (text.match(ANY_YEAR) || []);
  if (known.some((year) => text.includes(year))) {
    const named = [];
    let stripped = text.replace(YEAR_OLD, (m) => {
      const year = EDITION_YEAR.exec(m)[0];
      if (!known.includes(year)) return m;
      named.push(year);
      return " ";
    });
    if (named.length) stripped = strip(stripped.replace(STOP_OLD, " "), " -.:");
    stripped = stripped.replace(/\s+/g, " ");
    if (named.length && stripped !== text.trim()) { old = named[0]; text = stripped; }
  }
  text = strip(text.replace(TDA_NAME, " ").replace(/\s+/g, " "), " -.:");
  let m;
  if ((m = RP_REF.exec(text))) return { id: `RP-${Number(m.groups.number)}`, part: partLetter(m.groups.part), old };
  if ((m = RULE_REF.exec(text) || RULE_AFTER.exec(text))) return { id: String(Number(m.groups.number)), part: partLetter(m.groups.part), old };
  return null;
}
