// Rule numbers as players type them (43, 43b, 43-B, rule 43, 規則43, 第43條, правило 43, RP 5, and
// 2017 numbers: 2017 rule 46, 46 (2017)) and the folding every comparison goes through. Its own small
// module because every page needs it at once (rules.js: the number box) while the rest of the
// fallback's query understanding (query.js, understanding.js) is loaded only when search is used.
// Pure ES module: no DOM, no fetch (query.js re-exports it; tests/search/test_fallback_query.py).

const W = "[\\p{L}\\p{N}_]";
export const START = `(?<!${W})`;          // Python's \b before a word, Unicode-aware
export const END = `(?!${W})`;             // … and after it

// Traditional forms of the words around rule numbers: 規則43 / 第43條 work even without t2s.json.
const TRAD = { 規: "规", 則: "则", 條: "条", 議: "议", 薦: "荐", 舊: "旧", 號: "号", 節: "节" };

/** What both sides of a comparison go through: NFKC, lower case, ё → е, Traditional → Simplified
 * (with the corpus's t2s map when given, the rule words above always). */
export function fold(text, t2s = null) {
  const s = String(text).normalize("NFKC").toLowerCase().replace(/ё/g, "е");
  return Array.from(s, (c) => (t2s && t2s[c]) || TRAD[c] || c).join("");
}

// --- rule numbers (query.py: RULE_REF, RP_REF, YEAR_2017, STOP_2017) -------------------------------

const RULE_WORDS = "(?:rules?|r\\.?|规则|规|条|правило|правила|правилу|правилом|пункт[аеу]?|пр\\.?|п\\.?|№|no\\.?|#)";
const RULE_REF = new RegExp(`^(?:${RULE_WORDS}\\s*)?第?\\s*(\\d{1,2})\\s*条?\\s*[-.]?\\s*([a-zа-е])?\\s*条?$`, "u");
const RP_REF = new RegExp("^(?:rp|рп|(?:recommended\\s+)?procedures?|(?:рекомендуем|рекомендованн)?(?:ая|ые)?\\s*процедур[аы]|建议流程|建议程序|推荐流程|推荐程序|流程)\\s*[-.:#]?\\s*第?\\s*(\\d{1,2})\\s*条?\\s*[-.]?\\s*([a-zа-е])?$", "u");
const YEAR_2017 = new RegExp(`(?:\\(\\s*2017\\s*\\)|${START}2017\\s*(?:年|г\\.?|года?)?\\s*(?:版|edition|version|редакци[ия])?|(?:tda\\s*)?2017)`, "gu");
const STOP_2017 = new RegExp(`${START}(?:in|from|of|old|tda|the|в|из|старое|старый|старые)${END}|[()/,]|旧|的|版`, "gu");
// "tda rule 16", "пункт 40 тда": the rulebook's name around a number says nothing about which rule.
const TDA_NAME = new RegExp(`${START}(?:poker\\s+)?(?:tda|тда)${END}`, "gu");
const CYRILLIC_PART = { а: "A", б: "B", в: "C", г: "D", д: "E", е: "F" };

const strip = (s, chars) => {
  let a = 0, b = s.length;
  while (a < b && chars.includes(s[a])) a++;
  while (b > a && chars.includes(s[b - 1])) b--;
  return s.slice(a, b);
};
const partLetter = (l) => (l ? CYRILLIC_PART[l] || l.toUpperCase() : null);

/** The rule a whole query names, without looking at any data: {id, part, old} or null.
 * "43b" → {id: "43", part: "B", old: false}; "RP-5" → {id: "RP-5", …}; "46 (2017)" → {id: "46", old: true}. */
export function parseRuleNumber(q, t2s = null) {
  let text = strip(fold(q, t2s), " ?？.!");
  let old = false;
  if (text.includes("2017")) {
    let stripped = text.replace(YEAR_2017, " ").replace(STOP_2017, " ");
    stripped = strip(stripped, " -.:").replace(/\s+/g, " ");
    if (stripped !== text.trim()) { old = true; text = stripped; }
  }
  text = strip(text.replace(TDA_NAME, " ").replace(/\s+/g, " "), " -.:");
  let m;
  if ((m = RP_REF.exec(text))) return { id: `RP-${Number(m[1])}`, part: partLetter(m[2]), old };
  if ((m = RULE_REF.exec(text))) return { id: String(Number(m[1])), part: partLetter(m[2]), old };
  return null;
}
