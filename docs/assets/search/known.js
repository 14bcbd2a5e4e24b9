// Which words of a Pagefind search the index really has. Pagefind, finding no indexed word that
// starts with a query word, shortens the word until something matches: "chek" on the zh and ru
// sites becomes "c" and finds the examples' player C, "bte" finds player B. Those hits made the
// fallback think the query had matched and hide the "did you mean" the API shows. The API (Whoosh)
// matches a word only as itself or its stem, so here a Latin or Cyrillic word the site's records
// lack (as typed or by stem) leaves the search before Pagefind sees it; a search left with no
// word is not made. Data: tda-query.<lang>.json's `known` (static_index.known_words): a bit per
// word of `typos.words` the records have, and the records' other words. Pure, tested in Node.

import { stem } from "./situations.js";
import { specRegex } from "./number.js";
import SPEC from "./spec.js";

const LETTER_WORD = specRegex(SPEC.words.patterns.letters, "gu");     // typos.LATIN_OR_CYRILLIC

const cache = new WeakMap();
/** {words, stems} of the site's records, or null when the data has no `known` list (then nothing
 * is dropped). */
export function vocabulary(data) {
  if (!data || !data.known) return null;
  let v = cache.get(data);
  if (!v) {
    const bits = atob(data.known.typos), typoWords = (data.typos && data.typos.words) || [];
    const words = new Set(data.known.more);
    typoWords.forEach((w, i) => { if (bits.charCodeAt(i >> 3) & (1 << (i & 7))) words.add(w); });
    const lang = data.lang || "en";
    v = { words, stems: new Set([...words].map((w) => stem(w, lang))), lang };
    cache.set(data, v);
  }
  return v;
}

export function isKnown(word, v) {
  const w = word.normalize("NFKC").toLowerCase().replace(/ё/g, "е");      // number.fold
  if (v.words.has(w) || v.stems.has(stem(w, v.lang))) return true;
  // Pagefind and Whoosh stem with Snowball, which cuts more than stem() does ("reopenning" →
  // "reopen"): a word of the records, 4 letters or more, followed by at most a suffix's letters
  const chars = Array.from(w);
  for (let n = chars.length - 1; n >= Math.max(MIN_STEM, chars.length - MAX_SUFFIX); n--) {
    if (v.words.has(chars.slice(0, n).join(""))) return true;
  }
  return false;
}
const { min_stem: MIN_STEM, max_suffix: MAX_SUFFIX } = SPEC.fallback;

/** The search text without the letter words the index lacks ("" when nothing is left to ask). */
export function knownOnly(text, v) {
  if (!v) return text;
  const kept = text.replace(LETTER_WORD, (w) => (isKnown(w, v) ? w : " "));
  return /[\p{L}\p{N}]/u.test(kept) ? kept.replace(/\s+/g, " ").replace(/" /g, '"').replace(/ "/g, '"').trim() : "";
}

/** Searches [{text, weight}] with unknown words dropped; empty and repeated ones left out. */
export function knownSearches(searches, v) {
  if (!v) return searches;
  const seen = new Set(), out = [];
  for (const { text, weight } of searches) {
    const kept = knownOnly(text, v);
    if (kept && kept !== '""' && !seen.has(kept)) { seen.add(kept); out.push({ text: kept, weight }); }
  }
  return out;
}
