// "Did you mean" and exact glossary terms for the static fallback: the browser's twin of
// plugins/tdarules/search/suggest.py (the `glossary` and `typos` members of
// /pagefind/tda-query.<lang>.json).

import { specRegex, whole } from "./number.js";
import { stem } from "./situations.js";
import SPEC from "./spec.js";

// spec.yaml's words patterns, as suggest.py reads them
const W = SPEC.words.patterns;
const CJK_RUN = whole(W.cjk_run);
const SPACES = specRegex(W.spaces, "gu");
const BETWEEN_CJK_SPACE = specRegex(W.between_cjk, "gu");
const TERM_TOKEN = specRegex(W.term_token, "gu");
const ONLY_LETTERS = whole(W.letters);
const HAS_CJK = specRegex(W.cjk);
const EDGE = " ?？!！.。,，:：;；'\"";
// spec.yaml's `suggest`, which suggest.py reads too
const { min_term: MIN_TERM, min_word: MIN_WORD, min_run: MIN_RUN, cjk_chars_per_edit: CJK_CHARS_PER_EDIT,
  long_word: LONG_WORD, most_edits: MOST_EDITS } = SPEC.suggest;

/** suggest.normalize: spaces, hyphens and dots between words all one space; none between Chinese. */
export function normalize(folded) {
  let t = folded.replace(/\./g, " ").replace(SPACES, " ");
  let a = 0, b = t.length;
  while (a < b && EDGE.includes(t[a])) a++;
  while (b > a && EDGE.includes(t[b - 1])) b--;
  return t.slice(a, b).replace(BETWEEN_CJK_SPACE, "");
}

/** suggest.term_form */
export function termForm(folded) {
  return normalize(folded).split(" ").map((w) => (HAS_CJK.test(w) ? w : stem(w, "en"))).join(" ");
}

/** suggest.distance: Damerau–Levenshtein (optimal string alignment), limit + 1 once past limit. */
export function distance(a, b, limit) {
  a = Array.from(a); b = Array.from(b);
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2 = [], prev = [...Array(b.length + 1).keys()];
  for (let i = 1; i <= a.length; i++) {
    const cur = [i, ...Array(b.length).fill(0)];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
    }
    if (Math.min(...cur) > limit) return limit + 1;
    prev2 = prev; prev = cur;
  }
  return prev[b.length];
}

/** suggest.allowed */
export function allowed(text) {
  const n = Array.from(text).length;
  if (CJK_RUN.test(text)) return Math.min(MOST_EDITS, Math.floor(n / CJK_CHARS_PER_EDIT)) || 1;
  return n < LONG_WORD ? 1 : MOST_EDITS;
}

const formsCache = new WeakMap();
/** suggest.term_forms over query data's glossary: {keys, names} of each term (query.js ShippedTerm;
 * suggest.py's Term).
 * @param {import("./query.js").ShippedTerm[]} glossary
 * @returns {Map<string, number>} */
export function termForms(glossary) {
  let forms = formsCache.get(glossary);
  if (!forms) {
    forms = new Map();
    glossary.forEach(({ keys }, i) => { for (const k of keys) { const f = termForm(k); if (!forms.has(f)) forms.set(f, i); } });
    formsCache.set(glossary, forms);
  }
  return forms;
}

/** suggest.exact_term: index of the glossary term the whole (folded) query is, or null. */
export function exactTerm(folded, glossary) {
  if (!folded.trim() || !glossary) return null;
  const i = termForms(glossary).get(termForm(folded));
  return i === undefined ? null : i;
}

function nearestTerm(folded, glossary) {
  const text = normalize(folded);
  if (Array.from(text).length < MIN_TERM) return null;
  const limit = allowed(text.replace(/ /g, ""));
  let best = null;
  glossary.forEach(({ keys, names }, i) => {
    if (!names.length) return;
    for (const k of keys) {
      const d = distance(text, normalize(k), limit);
      if (d <= limit && (best === null || d < best[0])) best = [d, i];
    }
  });
  return best ? best[1] : null;
}

function nearestWord(word, words) {
  if (Array.from(word).length < MIN_WORD || words.includes(word)) return null;
  let limit = allowed(word), best = null;
  words.forEach((c, rank) => {
    const d = distance(word, c, limit);
    if (d <= limit && (best === null || d < best[0])) { best = [d, rank, c]; if (d === 1) limit = 1; }
  });
  return best ? best[2] : null;
}

function nearestRun(run, terms) {
  if (Array.from(run).length < MIN_RUN || terms.includes(run)) return null;
  const limit = allowed(run);
  let best = null;
  for (const t of terms) {
    const d = distance(run, t, limit);
    if (d <= limit && d < Array.from(t).length && (best === null || d < best[0])) best = [d, t];
  }
  return best ? best[1] : null;
}

/** suggest.suggest: what to propose for a (folded, corrected) query that found nothing, or null.
 * display(i): term i's rendering to show. */
export function suggest(folded, glossary, typos, display) {
  const term = nearestTerm(folded, glossary || []);
  if (term !== null) return display(term);
  const words = (typos && typos.words) || [], terms = (typos && typos.terms) || [];
  let changed = false;
  const out = (folded.match(TERM_TOKEN) || []).map((token) => {
    let fixed = null;
    if (CJK_RUN.test(token)) fixed = nearestRun(token, terms);
    else if (ONLY_LETTERS.test(token) && words.length) fixed = nearestWord(token, words);
    if (fixed !== null) changed = true;
    return fixed || token;
  });
  if (!changed) return null;
  const fixed = out.join(" ");
  const near = nearestTerm(fixed, glossary || []);       // the words put right may now be near a term
  return near !== null ? display(near) : fixed;
}
