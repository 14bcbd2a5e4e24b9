// Query understanding for the static search fallback (Pagefind): the browser's counterpart of
// plugins/tdarules/search/query.py, limited to what a word index cannot do by itself:
//   * rule numbers: 43, 43b, 43-B, rule 43, 規則43, 第43條, правило 43, RP 5, RP-5, and 2017
//     numbers (2017 rule 46, 46 (2017), 2017 规则46) through that edition's renumbering;
//   * glossary terms and abbreviations typed in any language (all-in, string bet, SA, OOT, СД…)
//     expanded to the site language's renderings.
// Pure ES module: no DOM, no fetch (runs in Node for tests/search/test_fallback_query.py). Its data
// is pagefind/tda-query.<lang>.json, written by static_index.query_data (its QueryData; readied by
// understanding.prepareData when packed):
//   {lang, cjk, renumbering: {"2017": {"46": "43", …}}, rules: [ShippedRule, …], glossary: [ShippedTerm, …],
//    situations, typos, learned, known, kinds, records}
// Rules and terms are read by name on both sides (static_index.ShippedRule, ShippedTerm):

/**
 * A rule of the site, in reading order (static_index.ShippedRule).
 * @typedef {object} ShippedRule
 * @property {string} id        "43", "RP-5"
 * @property {string} title     as written in the site language
 * @property {string} url       "/en/rules/43/"
 * @property {string} parts     its part letters in order, "ABCD" ("" when it has none)
 */

/**
 * A glossary term (static_index.ShippedTerm). `keys` and `names` are what "did you mean" reads
 * (suggest.js; suggest.py's Term).
 * @typedef {object} ShippedTerm
 * @property {string[]} keys     folded keys, longest first: every language, abbreviations, the id (Chinese in Simplified)
 * @property {string[]} names    renderings in the site language (zh-Hant: Simplified-folded, as the records are)
 * @property {string} id         "string-bet"
 * @property {string} display    the rendering shown, as written
 * @property {string} rule       the rule that defines it, "" when none
 * @property {string[]} rules    all its rules (their text mentioning the term ranks higher)
 */

import { amountRule } from "./amounts.js";
import SPEC from "./spec.js";
import { analyse } from "./understanding.js";
import { keys } from "./situations.js";
import { keyWeight } from "./learned.js";
import { exactTerm, suggest } from "./suggest.js";
import { isKnown, vocabulary } from "./known.js";

// spec.yaml's `fallback`: which words of a question are asked alone and how (Pagefind's side only)
const { min_word: MIN_WORD, min_cjk_word: MIN_CJK_WORD, long_cjk_word: LONG_CJK_WORD, pair_share: PAIR_SHARE,
  native_slack: NATIVE_SLACK, question_words: QUESTION_WORDS, question_cjk_chars: QUESTION_CJK_CHARS } = SPEC.fallback;

// Rule numbers and folding: ./number.js (loaded on every page by the number box).
export { fold, parseRuleNumber } from "./number.js";
import { fold, mentionedRule, parseRuleNumber, specRegex, START, END } from "./number.js";

/** A parsed number checked against the site's rules: {id, part} ({id: ""} for a 2017 rule that was
 * dropped in 2024), or null when the query names no rule of this site. */
export function resolveNumber(q, data, t2s = null) {
  const parsed = parseRuleNumber(q, t2s, Object.keys(data.renumbering));
  if (!parsed) return null;
  let { id, part } = parsed;
  if (parsed.old && !id.startsWith("RP-")) {
    const renumbering = data.renumbering[parsed.old];
    if (!(id in renumbering)) return null;
    id = renumbering[id];
    if (id === null) return { id: "", part: null };
  }
  const rule = data.rules.find((r) => r.id === id);
  if (!rule) return null;
  if (part && !rule.parts.includes(part)) part = null;   // 2017 parts seldom survive; tried, then dropped
  return { id, part };
}

/** Hits for a rule jump, in the API's form: the part asked for, then the rule, then its other parts. */
export function jumpHits(data, id, part = null) {
  const rule = data.rules.find((r) => r.id === id);
  if (!rule) return [];
  const { title, url, parts } = rule;
  const hits = [{ id, rule: id, title, url, snippet: "", kind: id.startsWith("RP-") ? "procedure" : "rule" }];
  for (const letter of parts) {
    const hit = { id: `${id}-${letter}`, rule: id, title, url: `${url}#${id}-${letter}`, snippet: "", kind: "part" };
    if (letter === part) hits.unshift(hit); else hits.push(hit);
  }
  return hits;
}

// --- glossary ------------------------------------------------------------------------------------

const keyCache = new WeakMap();
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
const HAS_CJK = specRegex(SPEC.words.patterns.cjk);             // spec.yaml's Chinese ranges

function keyRegex(key) {
  if (HAS_CJK.test(key)) return new RegExp(escapeRe(key), "u");
  const pattern = key.split(/[\s-]+/).map(escapeRe).join("[\\s\\-]*");
  return new RegExp(`${START}${pattern}${END}`, "u");
}

// Text every match of the key's regex contains as it is: the key itself in Chinese, else its longest
// word (the regex lets spaces and hyphens between words vary). A query names few of the ~500 keys;
// `includes` rules out the others without running their regexes.
function keyAnchor(key) {
  if (HAS_CJK.test(key)) return key;
  return key.split(/[\s-]+/).reduce((a, b) => (b.length > a.length ? b : a), "");
}

function glossaryKeys(data) {
  let keys = keyCache.get(data);
  if (!keys) {
    keys = [];
    data.glossary.forEach((term, entry) => {
      for (const key of term.keys) keys.push({ key, entry, anchor: keyAnchor(key), re: keyRegex(key) });
    });
    keys.sort((a, b) => b.key.length - a.key.length);      // longest first (stable)
    keyCache.set(data, keys);
  }
  return keys;
}

// What was typed is one of the site language's renderings, or the same word inflected ("string bet"
// for "string bets"): Pagefind's own stemming finds those without help.
function isNative(typed, names) {
  const t = typed.replace(/[\s-]+/g, " ");
  return names.some((name) => {
    const n = fold(name).replace(/[\s-]+/g, " ");
    return n === t || (Math.abs(n.length - t.length) <= NATIVE_SLACK && (n.startsWith(t) || t.startsWith(n)));
  });
}

/** Glossary terms named in the query, longest keys first: {terms: [{entry, key, native, names}],
 * rest} where rest is the folded query with the keys cut out and native tells whether the key typed
 * is already one of the site language's renderings. */
export function matchGlossary(q, data, t2s = null) {
  let rest = fold(q, t2s);
  const terms = [];
  for (const { key, entry, anchor, re } of glossaryKeys(data)) {
    if (!rest.includes(anchor)) continue;
    const m = re.exec(rest);
    if (!m) continue;
    rest = rest.slice(0, m.index) + " " + rest.slice(m.index + m[0].length);
    const names = data.glossary[entry].names;
    if (!terms.some((t) => t.entry === entry)) terms.push({ entry, key, native: isNative(m[0], names), names });
  }
  return { terms, rest: rest.replace(/\s+/g, " ").trim() };
}

export const { renderings: MAX_RENDERINGS, word_searches: MAX_WORD_SEARCHES, rrf_k: RRF_K } = SPEC.fallback;
const { query: W_QUERY, other: W_OTHER, word: W_WORD } = SPEC.fallback.weights;

/** What to ask Pagefind: [{text, weight}], best first. The query itself (Pagefind folds case, the
 * caller folds Chinese); and for every glossary term typed in another language or as an
 * abbreviation, the rest of the query with each of the term's first renderings in this language. */
export function expand(q, data, t2s = null) {
  const own = t2s ? Array.from(q, (c) => t2s[c] || c).join("") : q;
  const { terms, rest } = matchGlossary(q, data, t2s);
  const foreign = terms.filter((t) => !t.native && t.names.length);
  if (!foreign.length) {
    // typed in this language: the API still searches the term's every rendering (query.py), so the
    // first term's other renderings are asked too, below the query itself ("all-in" → ол-ин)
    // (not the forms of the word typed, "chip"/"chips": Pagefind's stemming has those; forms of another
    // word stay, since a hyphenated "ол-ин", "ол-ине" are different words to Pagefind)
    const [first] = terms;
    const names = first ? first.names.filter((name) => !isNative(fold(name), [first.key])) : [];
    if (!names.length) return [{ text: own.trim(), weight: W_QUERY }];
    const base = [rest, ...terms.slice(1).map((t) => t.key)].filter(Boolean).join(" ");
    const seen = new Set([own.trim()]);
    const others = names.slice(0, MAX_RENDERINGS).map((name) => [base, name].filter(Boolean).join(" "))
      .filter((text) => !seen.has(text) && seen.add(text)).map((text) => ({ text, weight: W_OTHER }));
    return [{ text: own.trim(), weight: W_QUERY }, ...others];
  }
  const native = terms.filter((t) => t.native).map((t) => t.key);
  const base = [rest, ...native].filter(Boolean).join(" ");
  const searches = [];
  // one search per rendering of the first foreign term, the others' first rendering alongside
  const others = foreign.slice(1).map((t) => t.names[0]).join(" ");
  for (const name of foreign[0].names.slice(0, MAX_RENDERINGS)) {
    searches.push({ text: [base, name, others].filter(Boolean).join(" "), weight: W_QUERY });
  }
  searches.push({ text: own.trim(), weight: W_OTHER });
  const seen = new Set();
  return searches.filter((s) => s.text && !seen.has(s.text) && seen.add(s.text));
}

// Chinese records are indexed one character a word (static_index.cjk_chars, data.cjk === "chars"):
// the query is spaced out the same way, and a run of two or more characters is also asked as an
// exact phrase (Pagefind: the whole query in quotes), which ranks the contiguous matches first.
const BETWEEN_CJK = specRegex(SPEC.words.patterns.cjk_junction, "gu");     // static_index.cjk_chars
const CJK_PAIR = specRegex("[{cjk}]{2}");
const CJK_PAIRS = specRegex("(?=([{cjk}]{2}))", "gu");       // every pair, overlapping

// A search marked `phrase` (a story's word) is asked as the phrase alone.
export function pagefindSearches(searches, data) {
  if (!data || data.cjk !== "chars") return searches;
  const out = [];
  for (const { text, weight, phrase } of searches) {
    const spaced = text.replace(BETWEEN_CJK, " ");
    if (CJK_PAIR.test(text) && !text.includes('"')) out.push({ text: `"${spaced}"`, weight });
    if (phrase && CJK_PAIR.test(text)) continue;
    out.push({ text: spaced, weight: CJK_PAIR.test(text) ? weight * PAIR_SHARE : weight });
  }
  return out;
}

export const { story_words: STORY_WORDS, story_searches: STORY_SEARCHES } = SPEC.fallback;
export const MENTION_SCORE = SPEC.rule_numbers.mention_score;    // spec.yaml (query.MENTION_SCORE)
export const AMOUNT_SCORE = SPEC.rule_numbers.amount_score;      // spec.yaml (query.AMOUNT_SCORE)

// The words of the content, Chinese runs cut into words by the browser's own segmenter (the
// server has jieba). A segmenter without ICU's Chinese dictionary (Debian's chromium; Node built with
// small ICU) cuts most of a run into single characters, and a browser without Intl.Segmenter keeps
// the run whole: the character pairs of such stretches stand in for words, as the API's n-gram field
// does (else a question whose every character no one record holds found nothing: "一副牌裡有兩張黑桃A").
const SEGMENTER = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter("zh", { granularity: "word" }) : null;
const pairs = (run) => Array.from({ length: Math.max(0, run.length - 1) }, (_, i) => run.slice(i, i + 2));
export function searchWords(content) {
  const out = [];
  for (const w of content.split(/\s+/).filter(Boolean)) {
    if (!HAS_CJK.test(w) || w.length <= LONG_CJK_WORD) { out.push(w); continue; }
    const segments = SEGMENTER ? [...SEGMENTER.segment(w)].filter((s) => s.isWordLike).map((s) => s.segment) : [];
    let single = segments.length ? "" : w;        // a stretch of one-character segments, or the whole run
    for (const seg of [...segments, ""]) {
      if (seg.length === 1 && HAS_CJK.test(seg)) { single += seg; continue; }
      out.push(...pairs(single));
      single = "";
      if (seg) out.push(seg);
    }
  }
  return out;
}
// --- the query plan (plan.py, query.py Engine.plan) -----------------------------------------------

/**
 * What a query is understood to ask, before any index is read: the same JSON the API's Engine.plan
 * makes (plugins/tdarules/search/plan.py says what each field is; tests/search/test_plan_parity.py
 * compares the two on every query the project has).
 * @typedef {{rule: string, part: string | null}} Jump
 * @typedef {object} QueryPlan
 * @property {string} folded              NFKC, lower case, ё → е, one script per word; Simplified on zh sites
 * @property {Jump | null} jump           the whole query is a rule number: nothing else is read
 * @property {boolean} removed            it named an older edition's rule that was dropped
 * @property {string | null} corrected    the folded query with its typos put right, when it had any
 * @property {string} content             what is searched: corrected, framing dropped, the rule text's words added
 * @property {string} rest                the content with the glossary terms it names cut out
 * @property {string[]} terms             ids of the glossary terms the content names, longest key first
 * @property {string | null} amounts      the betting rule a story's chip amounts point to
 * @property {string | null} mention      the rule or part a question names among its words
 * @property {Object<string, number>} situation   rule or part → score
 * @property {string[]} keys             its keys and pairs the part model weighs, sorted: they choose a rule's part
 * @property {string | null} exact        id of the glossary term the whole query is
 * @property {string | null} suggestion   "did you mean", when asked for (kept only if it finds something)
 */

const planOf = (folded, jump = null, removed = false) => ({
  folded, jump, removed, corrected: null, content: "", rest: "", terms: [], amounts: null, mention: null,
  situation: {}, keys: [], exact: null, suggestion: null,
});
const glossaryId = (data, i) => (i === null || i === undefined ? null : data.glossary[i].id);

/** query.py Engine.plan: the rule number the query is, or else textPlan. `propose`: also the raw
 * "did you mean" (the caller keeps it only if it finds something). */
export function plan(q, data, t2s = null, propose = false) {
  const number = resolveNumber(q, data, t2s);
  if (!number) return textPlan(q, data, t2s, propose);
  return planOf(fold(q, t2s), number.id ? { rule: number.id, part: number.part } : null, !number.id);
}

/** query.py Engine.text_plan: a query read as words. */
export function textPlan(q, data, t2s = null, propose = false) {
  const folded = fold(q, t2s);
  const lang = data.lang || "en";
  const { corrected, content, situation: found, keys: weighed } = analyse(folded, lang, data);
  const situation = { ...found };
  const amounts = amountRule(folded, lang);         // the rule a story's amounts point to
  if (amounts && !((situation[amounts] || 0) >= AMOUNT_SCORE)) situation[amounts] = AMOUNT_SCORE;
  const mention = mentionedRule(folded);            // the rule a question names is its answer
  if (mention) situation[mention] = MENTION_SCORE;
  const { terms, rest } = matchGlossary(content, data, t2s);
  // the glossary term the whole query is (typed in any language, typos corrected): shown first
  const exact = exactTerm(folded, data.glossary) ?? exactTerm(corrected, data.glossary);
  return {
    folded, jump: null, removed: false, corrected: corrected !== folded ? corrected : null, content, rest,
    terms: terms.map((t) => glossaryId(data, t.entry)), amounts: amounts || null, mention: mention || null,
    situation, keys: weighed, exact: glossaryId(data, exact), suggestion: propose ? proposal(folded, corrected, data, t2s) : null,
  };
}

// query.py Engine._proposal: a glossary term of this site near the query, or the vocabulary's nearest
// words; null when there is nothing to propose or it is the query itself
function proposal(folded, corrected, data, t2s) {
  const found = suggest(corrected, data.glossary, data.typos, (i) => data.glossary[i].display);
  return found && fold(found, t2s) !== folded ? found : null;
}

/** "Did you mean" for a query that found nothing (query.py Engine.suggestion without the check that
 * it finds something, which the caller makes); null when there is nothing to propose. */
export function suggestion(q, data, t2s = null) {
  return data ? plan(q, data, t2s, true).suggestion : null;
}

/** What the fallback asks Pagefind for a query: its plan, with {hits: the jump's hits | null,
 * searches: [{text, weight}], story: bool}.
 * hits: the rule or part named by number comes first (and Pagefind's hits for the words after it);
 * removed: an older edition's number whose rule was dropped (no hits, like the API).
 * Otherwise Pagefind matches every word of a search, so besides the whole content each of its words
 * (Chinese: each run) is also asked, with less weight; a story is asked word by word alone
 * (storySearches). */
export function understand(q, data, t2s = null) {
  if (!data) return { ...planOf(q), hits: null, searches: [{ text: q.trim(), weight: W_QUERY }], story: false };
  const p = plan(q, data, t2s);
  if (p.removed) return { ...p, hits: null, searches: [], story: false };
  if (p.jump) {
    const own = (t2s ? Array.from(q, (c) => t2s[c] || c).join("") : q).trim();
    return { ...p, hits: jumpHits(data, p.jump.rule, p.jump.part), searches: pagefindSearches([{ text: own, weight: W_QUERY }], data), story: false };
  }
  const { content } = p;
  const words = searchWords(content).filter((w) => w.length >= (HAS_CJK.test(w) ? MIN_CJK_WORD : MIN_WORD));
  const story = words.length >= STORY_WORDS;
  const searches = story ? storySearches(content, words, data, t2s) : expand(content, data, t2s);
  // a question, not a term (Pagefind would want every word); Chinese runs are phrases already
  const pieces = content.split(/\s+/).filter(Boolean);
  const question = data.cjk === "chars" ? words.length > 1 && (pieces.length > 1 || content.length > QUESTION_CJK_CHARS) : words.length > QUESTION_WORDS;
  if (question && !story) {
    // Chinese: the words the situation vocabulary knows first, as a pair cut across two words ("张黑")
    // says little (English and Russian keep the order of the question: measured better)
    const known = (data.cjk === "chars" && data.situations && data.situations.weights) || {};
    const ordered = [...words.filter((w) => w in known), ...words.filter((w) => !(w in known))];
    const seen = new Set(searches.map((s) => s.text));
    let added = 0;
    for (const w of ordered) {
      if (added === MAX_WORD_SEARCHES) break;
      if (!seen.has(w)) { seen.add(w); added++; searches.push({ text: w, weight: W_WORD }); }
    }
  }
  return { ...p, hits: null, searches: pagefindSearches(searches, data), story };
}

// --- stories -------------------------------------------------------------------------------------
// A story a player pastes, asked whole, finds nothing (Pagefind wants every word of a search), and its
// first words are where, when and with whom. From STORY_WORDS words on, each word the records may hold
// is asked alone and the lists are merged as one search for any of them (mergeByRarity), the API's
// way of reading a long text. spec.yaml `fallback` says what was measured.

/** How much a word of a story says about the rule it asks for: the largest weight the learned
 * evidence gives any of its keys for one rule (its stem or its concept's name; a Chinese word's
 * character pairs), 0 for a word the learned evidence does not know, null for a Latin or Cyrillic word
 * the site's records lack (known.js: Pagefind would shorten it until something matched). */
export function wordCarry(word, data) {
  const chinese = HAS_CJK.test(word);
  const known = vocabulary(data);
  if (!chinese && known && !isKnown(word, known)) return null;
  const voc = data.situations;
  const asKeys = chinese ? [...word.matchAll(CJK_PAIRS)].map((m) => m[1])
    : voc ? keys(word, data.lang || "en", voc.framing, voc.en_framing, voc.concepts) : [];
  let carry = 0;
  for (const key of asKeys) carry = Math.max(carry, keyWeight(data.learned, key));
  return carry;
}

/** A story's searches, each a word alone (once per key; Chinese: as a phrase): the words the records
 * may hold, those that carry most first (in the story's order when they carry alike), STORY_SEARCHES
 * at most; and the site language's rendering of each glossary term typed in another language. */
export function storySearches(content, words, data, t2s = null) {
  const seen = new Set(), chosen = [];
  words.forEach((word, at) => {
    const key = HAS_CJK.test(word) ? word : keys(word, data.lang || "en", [], [], null)[0] || word;
    if (seen.has(key)) return;
    seen.add(key);
    const carry = wordCarry(word, data);
    if (carry !== null) chosen.push({ word, carry, at });
  });
  chosen.sort((a, b) => b.carry - a.carry || a.at - b.at);
  const { terms } = matchGlossary(content, data, t2s);
  const searches = [
    ...terms.filter((t) => !t.native && t.names.length).map((t) => ({ text: t.names[0], weight: W_QUERY })),
    ...chosen.slice(0, STORY_SEARCHES).map(({ word }) => ({ text: word, weight: W_QUERY, phrase: true })),
  ];
  const asked = new Set();
  return searches.filter((s) => !asked.has(s.text) && asked.add(s.text));
}

/** Merge ranked lists of Pagefind results ({id, …}) from several searches: weighted reciprocal rank
 * (weight / (K + rank)), summed over the searches a result appears in. */
export function mergeRanked(lists) {
  const score = new Map(), first = new Map();
  for (const { results, weight } of lists) {
    results.forEach((r, rank) => {
      score.set(r.id, (score.get(r.id) || 0) + weight / (RRF_K + rank + 1));
      if (!first.has(r.id)) first.set(r.id, r);
    });
  }
  return [...first.values()].sort((a, b) => score.get(b.id) - score.get(a.id));
}

/** A story's lists merged as one search for any of its words, as BM25 reads a long query: a result
 * scores each word it holds by the word's rarity in the records, log(records / results), times its
 * Pagefind score's share of the word's best (how much of the record the word is).
 * {results: best first, shares: each one's score over the best score}. */
export function mergeByRarity(lists, records) {
  const score = new Map(), first = new Map();
  for (const { results, weight } of lists) {
    if (!results.length) continue;
    const rarity = weight * Math.log(Math.max(records, results.length) / results.length);
    const best = Math.max(...results.map((r) => r.score || 0)) || 1;
    for (const r of results) {
      score.set(r.id, (score.get(r.id) || 0) + rarity * (r.score || 0) / best);
      if (!first.has(r.id)) first.set(r.id, r);
    }
  }
  const results = [...first.values()].sort((a, b) => score.get(b.id) - score.get(a.id));
  const top = results.length ? score.get(results[0].id) : 0;
  return { results, shares: results.map((r) => (top ? score.get(r.id) / top : 0)) };
}

/** Hits in the API's order of kinds: a glossary entry goes right after the first hit of the rule it
 * belongs to when that rule is in the list (the API weighs glossary entries at 0.4; Pagefind ranks
 * their short records first). Nothing else moves. */
export function glossaryAfterRule(hits) {
  const out = [], waiting = new Map();
  hits.forEach((h, i) => {
    if (h.kind === "glossary" && h.rule && hits.some((o, j) => j > i && o.kind !== "glossary" && o.rule === h.rule)) {
      waiting.set(h.rule, [...(waiting.get(h.rule) || []), h]);
      return;
    }
    out.push(h);
    if (h.kind !== "glossary" && waiting.has(h.rule)) { out.push(...waiting.get(h.rule)); waiting.delete(h.rule); }
  });
  return out;
}
