// Question framing and the situation vocabulary, for the static fallback: the browser's twin of
// plugins/tdarules/search/situations.py (same algorithm, same data: the `situations` member of
// /pagefind/tda-query.<lang>.json). Pure ES module, no DOM.

import { specRegex, whole } from "./number.js";
import SPEC from "./spec.js";

// spec.yaml's words and situations (situations.py reads the same)
const W = SPEC.words.patterns;
const WORD = specRegex(W.word, "gu");
const TOKEN = specRegex(W.token, "gu");
export const CJK_RUN = whole(W.cjk_run);      // learned.js reads it here, as learned.py does

const S = SPEC.situations;
export const THRESHOLD = S.threshold;
const WEAK_THRESHOLD = S.weak_threshold, WEAK = S.weak;   // when no phrase reaches THRESHOLD
export const FULL_WEIGHT = S.full_weight;
export const COVERAGE = S.coverage;
const UNIGRAM = S.unigram;                 // a lone Chinese character against a pair
const { en_suffixes: EN_SUFFIXES, undouble_after: UNDOUBLE_AFTER, shortest_stem: SHORTEST_STEM, en_stem: EN_STEM, ru_stem: RU_STEM } = S;
const RU_ENDINGS = S.ru_endings.split(/\s+/).sort((a, b) => b.length - a.length);     // longest first
const DOUBLED = specRegex(S.patterns.doubled), NEGATION = specRegex(S.patterns.negation);
export const CYRILLIC = specRegex(S.patterns.cyrillic);      // typos.js reads it here, as typos.py does
const AMOUNT = whole(S.patterns.amount);
const ZH_AMOUNT = specRegex(S.patterns.zh_amount, "gu");

const cutTo = (s, n) => Array.from(s).slice(0, n).join("");
const ASKED = specRegex(S.patterns.asked, "gu");
const { asked_min_chars: ASKED_MIN_CHARS, asked_most_of: ASKED_MOST_OF, asked_weight: ASKED_WEIGHT } = S;
export const ASKED_MIN_KEYS = S.asked_min_keys;       // understanding.js: a question of fewer keys says nothing

/** situations.asked: the question a story asks, the questions `text` (folded) ends with: the last
 * sentence that ends in "?" and those right before it that ask too, if `text` is long enough to be a
 * story and they are at most ASKED_MOST_OF of it; else null. Lengths in code points, as Python counts them. */
export function asked(text) {
  const length = Array.from(text).length;
  if (length < ASKED_MIN_CHARS) return null;
  const found = Array.from(text.matchAll(ASKED)).filter((m) => m[0].trim() !== "?");
  if (!found.length) return null;
  let first = found.length - 1;
  while (first > 0 && found[first - 1].index + found[first - 1][0].length === found[first].index) first--;
  const last = found[found.length - 1];
  const questions = text.slice(found[first].index, last.index + last[0].length).trim();
  return Array.from(questions).length <= ASKED_MOST_OF * length ? questions : null;
}

/** situations.with_asked: the story's situation scores with its question's added at ASKED_WEIGHT. */
export function withAsked(scores, askedScores) {
  const found = { ...scores };
  for (const [rule, score] of Object.entries(askedScores)) found[rule] = round4((found[rule] || 0) + ASKED_WEIGHT * score);
  return found;
}

/** situations.stem: the small suffix stemmer both sides share (cut: to RU_STEM / EN_STEM letters). */
export function stem(word, lang, cut = true) {
  let w = word.replace(/’/g, "'").replace(/[-']/g, "");
  if (CYRILLIC.test(w) || (lang === "ru" && !/^[\x00-\x7f]*$/.test(w))) {   // situations.stem: Latin on ru is English
    for (const e of RU_ENDINGS) {
      if (w.endsWith(e) && w.length - e.length >= SHORTEST_STEM) { w = w.slice(0, -e.length); break; }
    }
    return cut ? cutTo(w, RU_STEM) : w;
  }
  for (const s of EN_SUFFIXES) {
    if (w.endsWith(s) && w.length - s.length >= SHORTEST_STEM) {
      w = w.slice(0, -s.length);
      if (UNDOUBLE_AFTER.includes(s) && DOUBLED.test(w)) w = w.slice(0, -1);   // betting → bet (situations.stem)
      break;
    }
  }
  if (w.endsWith("e") && w.length > SHORTEST_STEM) w = w.slice(0, -1);
  return cut ? cutTo(w, EN_STEM) : w;
}

/** situations.strip_framing: framing words (en, ru) or substrings (Chinese) out of a folded text. */
export function stripFraming(text, framing, zh) {
  if (zh) {
    for (const phrase of framing) text = text.split(phrase).join(" ");
    return text;
  }
  const drop = new Set(framing);
  return (text.match(WORD) || []).filter((w) => !drop.has(w.replace(/’/g, "'"))).join(" ");
}

const QUOTED = specRegex(SPEC.learned.quoted, "u"), QUOTED_KEY = SPEC.learned.quoted_key;

/** situations.query_keys: the keys of a folded query on the lang site, and the quoted key when it
 * quotes what someone said (for the learned model). */
export function queryKeys(text, lang, voc) {
  const found = keys(text, lang, voc.framing, voc.en_framing, voc.concepts);
  if (QUOTED.test(text)) found.push(QUOTED_KEY);
  return found;
}

/** situations.keys: with `concepts` (situations.prepare_concepts) each concept word is put to its
 * concept's name before the keys are made unique, so that a run of stems can match. */
export function keys(text, lang, framing, enFraming = [], concepts = null, dedupe = true) {
  const zh = lang.startsWith("zh");
  const en = new Set(enFraming);
  const runs = concepts ? conceptTables(concepts).runs : null;
  let seq = [];                                // a stem per word, an array of keys per Chinese run
  if (zh && concepts && concepts.amount && concepts.amount.length) text = text.replace(ZH_AMOUNT, " 000 ");
  if (runs) text = text.replace(runs.re, (m) => runs.to.get(m));   // before the framing goes (說他有)
  for (const word of stripFraming(text, framing, zh).match(TOKEN) || []) {
    if (en.size && /^[\x00-\x7f]+$/.test(word) && en.has(word.replace(/’/g, "'"))) continue;
    if (CJK_RUN.test(word)) {
      const chars = Array.from(word);          // bigrams, then single characters (situations.keys)
      const grams = [];
      for (let i = 0; i + 1 < chars.length; i++) grams.push(chars[i] + chars[i + 1]);
      seq.push([...grams, ...chars]);
    } else if (!zh && NEGATION.test(word) && /^[\x00-\x7f]+$/.test(word.replace(/’/g, "'"))) {
      seq.push("not");                         // wasn't, didn't, can't (situations.NEGATION)
    } else if (concepts && concepts.amount && concepts.amount.length && AMOUNT.test(word)) {
      seq.push([...concepts.amount]);          // "he bet 1000, I pushed 1400": amounts (situations.AMOUNT)
    } else seq.push(stem(word, lang));
  }
  if (concepts && concepts.words && concepts.words.length) seq = canonical(seq, conceptTables(concepts).words);
  const out = seq.flatMap((item) => (Array.isArray(item) ? item : [item])).filter(Boolean);
  return dedupe ? [...new Set(out)] : out;
}

/** situations._canonical: every concept word (a run of stems, longest first) put to its name. */
function canonical(seq, table) {
  const out = [];
  for (let i = 0; i < seq.length;) {
    const item = seq[i];
    let hit = null;
    if (typeof item === "string") {
      for (const [member, name] of table.get(item) || []) {
        if (member.every((m, j) => seq[i + j] === m)) { hit = [member, name]; break; }
      }
    }
    if (hit) { out.push(...hit[1]); i += hit[0].length; } else { out.push(item); i += 1; }
  }
  return out;
}

const conceptCache = new WeakMap();
/** situations.Concepts: the concept words by their first stem, the Chinese ones as one pattern
 * (prepareData reads that pattern too). */
export function conceptTables(concepts) {
  let t = conceptCache.get(concepts);
  if (!t) {
    const words = new Map();
    for (const [member, name] of concepts.words || []) {
      if (!words.has(member[0])) words.set(member[0], []);
      words.get(member[0]).push([member, name]);
    }
    const zh = concepts.zh || [];
    const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const runs = zh.length ? { re: new RegExp(zh.map(([m]) => escape(m)).join("|"), "gu"), to: new Map(zh) } : null;
    t = { words, runs };
    conceptCache.set(concepts, t);
  }
  return t;
}

const postingsCache = new WeakMap();
const PASSED_OVER = S.passed_over;
// situations.Vocabulary.phrases: phrases numbered across entries; key → the phrases that hold it,
// each phrase's total weight (summed in its key order), entry and PASSED_OVER floor, each entry's keys
function postings(data) {
  let p = postingsCache.get(data);
  if (!p) {
    const byKey = new Map(), totals = [], entryOf = [];
    data.entries.forEach(([, phrases], e) => phrases.forEach((phrase) => {
      for (const k of phrase) {
        if (!byKey.has(k)) byKey.set(k, []);
        byKey.get(k).push(totals.length);
      }
      totals.push(phrase.reduce((s, k) => s + data.weights[k], 0));
      entryOf.push(e);
    }));
    p = { byKey, totals, entryOf, floors: totals.map((t) => PASSED_OVER * t),
          entryKeys: data.entries.map(([, phrases]) => new Set(phrases.flat())) };
    postingsCache.set(data, p);
  }
  return p;
}

export const round4 = (x) => Math.round(x * 10000) / 10000;

/** situations.match: {rule or part id: score} */
export function match(queryKeys, data) {
  const have = new Set(queryKeys), found = {};
  if (!have.size || !data) return found;
  const w = data.weights, post = postings(data), best = new Map();
  const known = [...have].sort().filter((k) => Object.prototype.hasOwnProperty.call(w, k));
  let asked = 0;
  for (const k of known) asked += w[k];
  const explained = new Map(), weak = new Map();
  // each touched phrase → its query keys' weight, added key by key in sorted order (the floats of
  // situations.match); the phrases in the order first touched
  const got = new Float64Array(post.totals.length), seen = new Uint8Array(post.totals.length), touched = [];
  for (const k of known) {
    const weight = w[k];
    for (const phrase of post.byKey.get(k) || []) {
      if (!seen[phrase]) { seen[phrase] = 1; touched.push(phrase); }
      got[phrase] += weight;
    }
  }
  for (const phrase of touched) {
    const g = got[phrase];
    if (g < post.floors[phrase]) continue;           // under weak_threshold whatever else it holds
    const total = post.totals[phrase], e = post.entryOf[phrase];
    let score = total ? (g / total) * Math.min(1, g / FULL_WEIGHT) : 0;
    if (score < THRESHOLD) {
      if (score >= WEAK_THRESHOLD) weak.set(e, Math.max(weak.get(e) || 0, score * WEAK));
      continue;
    }
    if (!explained.has(e)) {                  // what the situation's phrases explain together
      let x = 0;
      for (const k of known) if (post.entryKeys[e].has(k)) x += w[k];
      explained.set(e, x);
    }
    score *= 1 - COVERAGE + COVERAGE * (Math.max(g, explained.get(e)) / asked);
    if (score > (best.get(e) || 0)) best.set(e, score);
  }
  for (const [e, score] of best.size ? best : weak) {
    for (const rule of data.entries[e][0]) found[rule] = Math.max(found[rule] || 0, round4(score));
  }
  return found;
}

/** situations.with_text_words: the rule text's words for the players' words, appended. */
export function withTextWords(content, voc, zh) {
  const present = new Set(content.match(WORD) || []);
  const extra = [];
  for (const [player, text] of voc.words || []) {
    if (!(zh ? content.includes(player) : present.has(player))) continue;
    for (const w of text) if (!content.includes(w) && !extra.includes(w)) extra.push(w);
  }
  return extra.length ? [content, ...extra].join(" ") : content;
}

/** situations.query_content: what is searched of a query (folded, typos corrected): its framing
 * removed (in Chinese, English framing words too), or the whole text when nothing but framing is
 * left, followed by the rule text's words for the players' words in it. */
export function queryContent(corrected, lang, voc) {
  let content = stripFraming(corrected, voc.framing, lang.startsWith("zh"));
  if (lang.startsWith("zh")) content = content.split(/\s+/).filter((w) => w && !voc.en_framing.includes(w)).join(" ");
  content = content.replace(/\s+/g, " ").trim();
  content = /[\p{L}\p{N}]/u.test(content) ? content : corrected;
  return withTextWords(content, voc, lang.startsWith("zh"));
}

/** situations.prepare's weights: log(1 + entries / entries with the key), a lone Chinese character
 * times spec.yaml's `unigram`; rounded to 4 places as Python's round() (toFixed rounds the exact binary value). */
export function keyWeights(entries, counts = {}) {
  const df = new Map();
  for (const [, phrases] of entries) for (const k of new Set(phrases.flat())) df.set(k, (df.get(k) || 0) + 1);
  for (const [k, n] of Object.entries(counts || {})) if (df.has(k)) df.set(k, n);   // concept names (situations.prepare)
  const out = {};
  for (const [k, n] of df) out[k] = Number((Math.log(1 + entries.length / n) * (k.length === 1 && CJK_RUN.test(k) ? UNIGRAM : 1)).toFixed(4));
  return out;
}
