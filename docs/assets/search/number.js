// Rule numbers as players type them (43, 43b, 43-B, rule 43, 規則43, 第43條, правило 43, RP 5, and
// 2017 numbers: 2017 rule 46, 46 (2017)) and the folding every comparison goes through. Its own small
// module because every page needs it at once (rules.js: the number box) while the rest of the
// fallback's query understanding (query.js, understanding.js) is loaded only when search is used.
// Pure ES module: no DOM, no fetch (query.js re-exports it; tests/search/test_fallback_query.py).

import { chineseValue, spelledNumbers } from "./numerals.js";

const W = "[\\p{L}\\p{N}_]";
export const START = `(?<!${W})`;          // Python's \b before a word, Unicode-aware
export const END = `(?!${W})`;             // … and after it

// Traditional forms of the words around rule numbers: 規則43 / 第43條 work even without t2s.json.
const TRAD = { 規: "规", 則: "则", 條: "条", 議: "议", 薦: "荐", 舊: "旧", 號: "号", 節: "节" };

// Latin and Cyrillic letters that look alike (analyzers.TO_CYRILLIC, TO_LATIN).
const LATIN = "aceopxykmthb", CYRILLIC = "асеорхукмтнв";
const TO_CYRILLIC = Object.fromEntries(Array.from(LATIN, (c, i) => [c, CYRILLIC[i]]));
const TO_LATIN = { ...Object.fromEntries(Array.from(CYRILLIC, (c, i) => [c, LATIN[i]])), "і": "i" };
const LETTERS = /[\p{L}\p{Nl}\p{No}]+/gu;                // Python's [^\W\d_]+

/** analyzers.unmix: each word of Latin and Cyrillic letters in one script (a keyboard switched
 * mid-word): the script of a letter in it that has no look-alike, or, if every letter has one, the
 * text's commoner script. */
export function unmix(text) {
  if (!/[а-яі]/u.test(text) || !/[a-z]/u.test(text)) return text;
  const cyrillicText = (text.match(/[а-яі]/gu) || []).length >= (text.match(/[a-z]/gu) || []).length;
  return text.replace(LETTERS, (word) => {
    if (!/[а-яі]/u.test(word) || !/[a-z]/u.test(word)) return word;
    const letters = Array.from(word);
    let cyrillic = cyrillicText;
    if (letters.some((c) => /[а-яі]/u.test(c) && !(c in TO_LATIN))) cyrillic = true;
    else if (letters.some((c) => /[a-z]/u.test(c) && !(c in TO_CYRILLIC))) cyrillic = false;
    const table = cyrillic ? TO_CYRILLIC : TO_LATIN;
    return letters.map((c) => table[c] || c).join("");
  });
}

/** What both sides of a comparison go through: NFKC, lower case, ё → е, each word in one script
 * (unmix), Traditional → Simplified (with the corpus's t2s map when given, the rule words above always). */
export function fold(text, t2s = null) {
  const s = unmix(String(text).normalize("NFKC").toLowerCase().replace(/ё/g, "е"));
  return Array.from(s, (c) => (t2s && t2s[c]) || TRAD[c] || c).join("");
}

// --- rule numbers (query.py: RULE_REF, RP_REF, YEAR_2017, STOP_2017) -------------------------------

// Part letters are Latin on every page (43-A, 45-B), so a reader on a Russian keyboard types the
// Cyrillic letter that looks the same: В for B, С for C, Н for H. Each look-alike reads as the Latin
// letter it shows. б has no look-alike but is B both by its place in the alphabet and by sound, so it
// keeps that reading; г and д are not read as part letters at all: by place they would be D and E, by
// sound G and D, and either guess would open a part the reader did not mean without a word.
// (query.py CYRILLIC_PART; partReading says when a letter was read this way.)
const CYRILLIC_PART = { ...Object.fromEntries(Array.from("авсенкмортух", (c, i) => [c, "ABCEHKMOPTYX"[i]])), б: "B" };
const PART = `[a-z${Object.keys(CYRILLIC_PART).join("")}]`;
// inside a longer question only the letters parts have (A-F; G and H are in one procedure alone)
const MENTION_PART = `[a-f${Object.keys(CYRILLIC_PART).filter((c) => CYRILLIC_PART[c] <= "F").join("")}]`;
// Digits are ASCII after NFKC (fold), as \d is here: ４３ and 𝟒𝟑 are 43; Arabic-Indic or Devanagari
// digits are no rule number, here as in query.py.

const RULE_WORDS = "(?:rules?|r\\.?|规则|规|条|правило|правила|правилу|правилом|пункт[аеу]?|пр\\.?|п\\.?|ст\\.?|стать[яиеюй]|№|no\\.?|#)";
const RULE_REF = new RegExp(`^(?:${RULE_WORDS}\\s*)?(?:(?:number|номер)\\s*)?第?\\s*(\\d{1,2})\\s*条?\\s*[-.]?\\s*(${PART})?\\s*条?$`, "u");
// query.RULE_AFTER: the number first ("47 rule", "47-е правило", "43b rule", "47 规则").
const ORDINAL = "(?:-?(?:st|nd|rd|th|е|й|ое|ого|ому|ом)(?=\\s))";
const RULE_AFTER = new RegExp(`^第?\\s*(\\d{1,2})(?:\\s*${ORDINAL}|\\s*[-.]?\\s*(${PART}))?\\s*(?:号\\s*)?`
  + "(?:rules?|правил[оаеу]|правилом|пункт[аеу]?|стать[яиеюй]|规则|规定)$", "u");
const RP_REF = new RegExp(`^(?:rp|рп|(?:recommended\\s+)?procedures?|(?:рекомендуем|рекомендованн)?(?:ая|ые)?\\s*процедур[аы]|建议流程|建议程序|推荐流程|推荐程序|流程)\\s*[-.:#]?\\s*第?\\s*(\\d{1,2})\\s*条?\\s*[-.]?\\s*(${PART})?$`, "u");
const YEAR_2017 = new RegExp(`(?:\\(\\s*2017\\s*\\)|${START}2017\\s*(?:年|г\\.?|года?)?\\s*(?:版|edition|version|редакци[ия])?|(?:tda\\s*)?2017)`, "gu");
const STOP_2017 = new RegExp(`${START}(?:in|from|of|old|tda|the|в|из|старое|старый|старые)${END}|[()/,]|旧|的|版`, "gu");
// "tda rule 16", "пункт 40 тда": the rulebook's name around a number says nothing about which rule.
const TDA_NAME = new RegExp(`${START}(?:poker\\s+)?(?:tda|тда)${END}|${START}(?:из\\s+)?правил${END}`, "gu");   // and "п. 16 (из) правил"

// Chinese numerals next to the words around a rule number (规则四十, 第三十五条, 流程四): 1–99.
const CN_NUMBER = /(?<=[第则规程序条])(\s*)([零〇一二两三四五六七八九十]{1,3})|([零〇一二两三四五六七八九十]{1,3})(?=\s*条)/gu;

/** query.chinese_numerals: the Chinese numerals next to rule words as digits (第三十五条 → 第35条). */
export function chineseNumerals(text) {
  return text.replace(CN_NUMBER, (m, space, after, before) => {
    const found = chineseValue(after || before);
    return found === null ? m : (space || "") + found;
  });
}

// query.MENTION: a rule named inside a longer question ("rule 43 min raise", "RP-4 掉牌").
const MENTION = new RegExp("(?<![\\p{L}\\p{N}_-])(?:(rp|рп|procedures?|процедур[\\p{L}\\p{N}_]*|(?:推荐|建议)?(?:流程|程序))|rules?|правил[\\p{L}\\p{N}_]*|пункт[\\p{L}\\p{N}_]*|стать[яиеюй]|ст(?=\\.|\\s*\\d)|规则|tda|тда)"
  + `\\s*(?:#|№|no\\.?|number|номер)?\\s*[-.:]?\\s*第?\\s*(\\d{1,2})(?!\\d)(?:-?(${MENTION_PART})(?![\\p{L}\\p{N}_]))?`
  + `|第\\s*(\\d{1,2})\\s*条(?:-?(${MENTION_PART})(?![\\p{L}\\p{N}_]))?`
  + `|(?<![\\p{L}\\p{N}_-])(\\d{1,2})${ORDINAL}?\\s*(?:(?:tda|тда)\\s*)?(?:rule|правил[оу]|правилом|пункт[уе]?|стать[яиею])(?![\\p{L}\\p{N}_])`
  + "|(?<![\\d.a-z-])([1-9]\\d)\\s*条(?=$|[\\s,，。?？!！:：怎说讲是规的里内什呢吗写])", "u");   // "36条怎么算": query.MENTION

/** query.mentioned_rule: the rule or part ("43", "43-B", "RP-4") a question names among its words,
 * from folded text; null when it names none. */
export function mentionedRule(folded) {
  const m = MENTION.exec(chineseNumerals(folded));
  if (!m) return null;
  const [number, letter] = m[4] ? [m[4], m[5]] : m[6] || m[7] ? [m[6] || m[7], undefined] : [m[2], m[3]];
  const rule = m[1] ? `RP-${Number(number)}` : String(Number(number));
  return letter ? `${rule}-${partLetter(letter)}` : rule;
}

const strip = (s, chars) => {
  let a = 0, b = s.length;
  while (a < b && chars.includes(s[a])) a++;
  while (b > a && chars.includes(s[b - 1])) b--;
  return s.slice(a, b);
};
const partLetter = (l) => (l ? CYRILLIC_PART[l] || l.toUpperCase() : null);

// A Cyrillic part letter right after the number, as typed (before folding, which may already have
// turned it Latin in a query mixing both scripts: "rule 45-в").
const CYRILLIC_LETTERS = Object.keys(CYRILLIC_PART).join("");
const TYPED_CYRILLIC_PART = new RegExp(`[0-9]\\s*[条條]?\\s*[-.]?\\s*[${CYRILLIC_LETTERS.toUpperCase()}${CYRILLIC_LETTERS}](?![\\p{L}\\p{Nl}\\p{No}])`, "u");

/** query.part_reading: "45-В → 45-B" when `q` named the part `part` of rule `id` with a Cyrillic
 * letter read as the Latin one on the pages; null when it typed the letter as shown (or no part). */
export function partReading(q, id, part) {
  const typed = String(q).normalize("NFKC");
  if (!part || !TYPED_CYRILLIC_PART.test(typed)) return null;
  return `${typed.trim()} → ${id}-${part}`;
}

/** The rule a whole query names, without looking at any data: {id, part, old} or null.
 * "43b" → {id: "43", part: "B", old: false}; "RP-5" → {id: "RP-5", …}; "46 (2017)" → {id: "46", old: true}. */
export function parseRuleNumber(q, t2s = null) {
  let text = chineseNumerals(strip(fold(q, t2s), " ?？.!"));
  if (/rule|правил|пункт|стать/u.test(text)) text = spelledNumbers(text);     // query.SPELLED_NEEDS: "five" alone is no rule number
  let old = false;
  if (text.includes("2017")) {
    let stripped = text.replace(YEAR_2017, " ").replace(STOP_2017, " ");
    stripped = strip(stripped, " -.:").replace(/\s+/g, " ");
    if (stripped !== text.trim()) { old = true; text = stripped; }
  }
  text = strip(text.replace(TDA_NAME, " ").replace(/\s+/g, " "), " -.:");
  let m;
  if ((m = RP_REF.exec(text))) return { id: `RP-${Number(m[1])}`, part: partLetter(m[2]), old };
  if ((m = RULE_REF.exec(text) || RULE_AFTER.exec(text))) return { id: String(Number(m[1])), part: partLetter(m[2]), old };
  return null;
}
