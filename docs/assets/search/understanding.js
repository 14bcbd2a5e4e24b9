// Query understanding shared with the API, for the static fallback: the browser's twin of
// plugins/tdarules/search/situations.py (question framing, situation vocabulary), typos.py
// (Damerau-1 and Chinese one-character corrections), learned.py (evidence learned from the tuning
// questions) and ranking.py (hits ordered by rule).
// Same algorithm, same data: the `situations`, `typos` and `learned` members of
// /pagefind/tda-query.<lang>.json (index.query_understanding). Pure ES module, no DOM; tested in
// Node against the Python implementation (tests/search/test_fallback_understanding.py).

import { Transliterator } from "./transliteration.js";
import { specRegex, specSource } from "./number.js";
import SPEC from "./spec.js";

// spec.yaml's words, situations, learned and typos (situations.py, learned.py and typos.py read the same)
const W = SPEC.words.patterns;
const whole = (pattern) => new RegExp(`^(?:${specSource(pattern)})$`, "u");       // Python's fullmatch
const WORD = specRegex(W.word, "gu");
const TOKEN = specRegex(W.token, "gu");
const CJK_RUN = whole(W.cjk_run);
const CJK_RUNS = specRegex(W.cjk_run, "gu");
const LETTERS = specRegex(W.letters, "gu");     // typos.LATIN_OR_CYRILLIC

const S = SPEC.situations;
export const THRESHOLD = S.threshold;
const WEAK_THRESHOLD = S.weak_threshold, WEAK = S.weak;   // when no phrase reaches THRESHOLD
export const FULL_WEIGHT = S.full_weight;
export const COVERAGE = S.coverage;
// spec.yaml ranking (ranking.py reads the same)
export const SITUATION_WEIGHT = SPEC.ranking.situation_weight;
const SECOND = SPEC.ranking.second, THIRD = SPEC.ranking.third;
const { en_suffixes: EN_SUFFIXES, undouble_after: UNDOUBLE_AFTER, shortest_stem: SHORTEST_STEM, en_stem: EN_STEM, ru_stem: RU_STEM } = S;
const RU_ENDINGS = S.ru_endings.split(/\s+/).sort((a, b) => b.length - a.length);     // longest first
const DOUBLED = specRegex(S.patterns.doubled), CYRILLIC = specRegex(S.patterns.cyrillic), NEGATION = specRegex(S.patterns.negation);
const AMOUNT = whole(S.patterns.amount);
const ZH_AMOUNT = specRegex(S.patterns.zh_amount, "gu");
const MIN_WORD = SPEC.typos.min_word;

const cutTo = (s, n) => Array.from(s).slice(0, n).join("");

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
function conceptTables(concepts) {
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
function postings(data) {
  let p = postingsCache.get(data);
  if (!p) {
    p = new Map();
    data.entries.forEach(([, phrases], e) => phrases.forEach((phrase, i) => phrase.forEach((k) => {
      if (!p.has(k)) p.set(k, []);
      p.get(k).push([e, i]);
    })));
    p.entryKeys = data.entries.map(([, phrases]) => new Set(phrases.flat()));
    // each phrase's whole weight, summed in its key order as situations._postings sums it
    p.totals = data.entries.map(([, phrases], e) => phrases.map((phrase) => ({ e, total: phrase.reduce((s, k) => s + data.weights[k], 0) })));
    postingsCache.set(data, p);
  }
  return p;
}

const round4 = (x) => Math.round(x * 10000) / 10000;

// learned.py: evidence learned from the tuning questions (naive Bayes over the same keys).
const { alpha: LEARNED_ALPHA, weight: LEARNED_WEIGHT, top: LEARNED_TOP } = SPEC.learned;   // learned.ALPHA, WEIGHT, TOP

/** learned.evidence: {rule: WEIGHT × posterior} for the TOP rules of the keys the model knows; {} if none. */
export function learnedEvidence(model, queryKeys) {
  if (!model) return {};
  const has = (k) => Object.prototype.hasOwnProperty.call(model.keys, k);
  const known = [...new Set(queryKeys)].filter(has).sort();
  if (!known.length) return {};
  const counts = model.counts;
  let total = 0;
  for (const n of counts) total += n;
  const scores = counts.map((n) => Math.log(n / total) - known.length * Math.log(n + 2 * LEARNED_ALPHA) + known.length * Math.log(LEARNED_ALPHA));
  for (const k of known) {
    const pairs = model.keys[k];
    for (let j = 0; j < pairs.length; j += 2) scores[pairs[j]] += Math.log(pairs[j + 1] + LEARNED_ALPHA) - Math.log(LEARNED_ALPHA);
  }
  const best = Math.max(...scores);
  const weights = scores.map((s) => Math.exp(s - best));
  let norm = 0;
  for (const w of weights) norm += w;
  const order = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b).slice(0, LEARNED_TOP);
  const out = {};
  for (const i of order) {
    const score = round4(LEARNED_WEIGHT * weights[i] / norm);
    if (score > 0) out[model.rules[i]] = score;       // a 0 would still add its rule
  }
  return out;
}

/** learned.situation_scores: what the vocabulary matches, with the learned evidence added to each rule's score. */
export function situationScores(queryKeys, voc, model) {
  const found = matchSituations(queryKeys, voc);
  for (const [rule, score] of Object.entries(learnedEvidence(model, queryKeys))) found[rule] = round4((found[rule] || 0) + score);
  return found;
}

/** situations.match: {rule or part id: score} */
export function matchSituations(queryKeys, data) {
  const have = new Set(queryKeys), found = {};
  if (!have.size || !data) return found;
  const w = data.weights, post = postings(data), best = new Map();
  const known = [...have].sort().filter((k) => Object.prototype.hasOwnProperty.call(w, k));
  let asked = 0;
  for (const k of known) asked += w[k];
  const explained = new Map(), weak = new Map();
  // situations.match: each touched phrase → its query keys' weight, added key by key in sorted order
  const touched = new Map();
  for (const k of known) for (const [e, i] of post.get(k) || []) {
    const at = post.totals[e][i];
    touched.set(at, (touched.get(at) || 0) + w[k]);
  }
  for (const [at, got] of touched) {
    const { e, total } = at;
    let score = total ? (got / total) * Math.min(1, got / FULL_WEIGHT) : 0;
    if (score < THRESHOLD) {
      if (score >= WEAK_THRESHOLD) weak.set(e, Math.max(weak.get(e) || 0, score * WEAK));
      continue;
    }
    if (!explained.has(e)) {                  // what the situation's phrases explain together
      let x = 0;
      for (const k of known) if (post.entryKeys[e].has(k)) x += w[k];
      explained.set(e, x);
    }
    score *= 1 - COVERAGE + COVERAGE * (Math.max(got, explained.get(e)) / asked);
    if (score > (best.get(e) || 0)) best.set(e, score);
  }
  for (const [e, score] of best.size ? best : weak) {
    for (const rule of data.entries[e][0]) found[rule] = Math.max(found[rule] || 0, round4(score));
  }
  return found;
}

// --- typos (typos.Corrector) ---------------------------------------------------------------------

function damerau1(a, b) {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return true;
    return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
  }
  if (a.length > b.length) [a, b] = [b, a];
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i) === b.slice(i + 1);
}

// typos.LAYOUTS: the run typed on the other keyboard and its keys as the site's reads them (spec.yaml keyboards)
const keyTable = (from, to) => new Map(Array.from(from).map((c, i) => [c, to[i]]));
const LAYOUTS = Object.fromEntries(Object.entries(SPEC.keyboards).map(
  ([lang, k]) => [lang, [specRegex(k.typed, "gu"), keyTable(k.from, k.to)]]));
const longWords = (text) => (text.match(LETTERS) || []).filter((w) => w.length >= MIN_WORD);

const deletions = (w) => { const s = new Set([w]); for (let i = 0; i < w.length; i++) s.add(w.slice(0, i) + w.slice(i + 1)); return s; };

export class Corrector {
  constructor(data = {}) {
    this.rank = new Map((data.words || []).map((w, i) => [w, i]));
    this.deletes = new Map();
    for (const w of this.rank.keys()) for (const f of deletions(w)) {
      if (!this.deletes.has(f)) this.deletes.set(f, []);
      this.deletes.get(f).push(w);
    }
    this.stems = new Set([...this.rank.keys()].map((w) => stem(w, "en", false)));   // typos.Corrector.stems
    this.terms = data.terms || [];
    this.real = new Set(data.real || []);
    this.known = new Set(this.terms);
    this.byMask = new Map();                  // "加?" → the terms it could be (as arrays of characters)
    for (const t of this.terms) {
      const c = Array.from(t);
      for (let i = 0; i < c.length; i++) {
        const k = [...c.slice(0, i), "?", ...c.slice(i + 1)].join("");
        if (!this.byMask.has(k)) this.byMask.set(k, []);
        this.byMask.get(k).push(c);
      }
    }
    this.sound = new Map();                   // character → the sound groups it is in (typos.sound_groups)
    (data.sounds || []).forEach((chars, g) => {
      for (const ch of chars) {
        if (!this.sound.has(ch)) this.sound.set(ch, new Set());
        this.sound.get(ch).add(g);
      }
    });
    this.lengths = [...new Set(this.terms.map((t) => Array.from(t).length))].sort((a, b) => b - a);
    this.keyboard = LAYOUTS[data.layout || ""] || null;
    this.transliteration = data.transliteration ? new Transliterator(SPEC.transliteration, this) : null;   // spec.yaml's table
  }

  isKnown(w) { return this.rank.has(w) || this.stems.has(stem(w, "en", false)); }

  layout(text) {                              // typos.Corrector.layout
    if (!this.keyboard) return text;
    const [pattern, table] = this.keyboard;
    const changes = [];
    let anchored = false;
    for (const m of text.matchAll(pattern)) {
      if (longWords(m[0]).some((w) => this.isKnown(w))) continue;
      const read = Array.from(m[0], (c) => table.get(c) ?? c).join("");
      const long = longWords(read);
      if (long.length && !long.every((w) => this.isKnown(w))) continue;
      anchored = anchored || long.length > 0;
      changes.push([m.index, m.index + m[0].length, read]);
    }
    if (!anchored) return text;
    for (const [start, end, read] of changes.reverse()) text = text.slice(0, start) + read + text.slice(end);
    return text;
  }

  word(w) {
    if (w.length < MIN_WORD || !/^\p{L}+$/u.test(w) || this.isKnown(w)) return null;
    const candidates = new Set();
    for (const f of deletions(w)) for (const c of this.deletes.get(f) || []) candidates.add(c);
    const best = [...candidates].filter((c) => damerau1(w, c));
    if (!best.length) return this.split(w);
    best.sort((a, b) => this.rank.get(a) - this.rank.get(b) || (a < b ? -1 : a > b ? 1 : 0));
    return best[0];
  }

  split(w) {                                  // typos.Corrector.split: two Russian words run together
    if (!CYRILLIC.test(w)) return null;
    let best = null;
    for (let i = MIN_WORD; i <= w.length - MIN_WORD; i++) {
      const a = this.rank.get(w.slice(0, i)), b = this.rank.get(w.slice(i));
      if (a === undefined || b === undefined) continue;
      const cost = Math.max(a, b);
      if (!best || cost < best[0]) best = [cost, i];
    }
    return best ? `${w.slice(0, best[1])} ${w.slice(best[1])}` : null;
  }

  chinese(runText) {                          // typos.Corrector.chinese
    if (!this.terms.length) return runText;
    let out = Array.from(runText), i = 0;
    while (i < out.length) {
      for (const n of this.lengths) {
        const piece = out.slice(i, i + n);
        const p = piece.join("");
        if (this.known.has(p)) { i += n - 1; break; }          // a whole term is read as it is
        if (piece.length < n || this.real.has(p)) continue;
        const same = this.sameSound(piece);
        if (same) {
          out = [...out.slice(0, i), ...same, ...out.slice(i + n)];
          i += n - 1;
          break;
        }
      }
      i++;
    }
    return out.join("");
  }

  sameSound(piece) {                          // typos.Corrector.same_sound (characters, not text)
    for (let k = 0; k < piece.length; k++) {
      const groups = this.sound.get(piece[k]);
      if (!groups) continue;
      const mask = [...piece.slice(0, k), "?", ...piece.slice(k + 1)].join("");
      for (const term of this.byMask.get(mask) || []) {
        const theirs = this.sound.get(term[k]);
        if (theirs && [...groups].some((g) => theirs.has(g))) {
          if (!this.covered(piece, k)) return term;
          break;
        }
      }
    }
    return null;
  }

  covered(piece, k) {                         // typos.Corrector.covered
    const n = piece.length;
    for (const m of this.lengths) {
      if (m >= n) continue;
      for (let a = Math.max(0, k - m + 1); a <= Math.min(k, n - m); a++) if (this.known.has(piece.slice(a, a + m).join(""))) return true;
    }
    return false;
  }

  correct(text) {
    text = this.layout(text);
    if (this.transliteration) text = this.transliteration.read(text);
    if (this.rank.size) text = text.replace(LETTERS, (w) => this.word(w) || w);
    if (this.terms.length) text = text.replace(CJK_RUNS, (r) => this.chinese(r));
    return text;
  }
}

const correctors = new WeakMap();
export function correctorFor(typos) {
  if (!typos) return null;
  let c = correctors.get(typos);
  if (!c) { c = new Corrector(typos); correctors.set(typos, c); }
  return c;
}

/** The query (folded) with typos corrected, its content (framing removed) and situation scores. */
export function analyse(folded, lang, data) {
  const corrector = correctorFor(data && data.typos);
  const corrected = corrector ? corrector.correct(folded) : folded;
  const voc = data && data.situations;
  if (!voc) return { corrected, content: corrected, situation: {} };
  const queryKeys = keys(corrected, lang, voc.framing, voc.en_framing, voc.concepts);
  const situation = situationScores(queryKeys, voc, data.learned);
  let content = stripFraming(corrected, voc.framing, lang.startsWith("zh"));
  if (lang.startsWith("zh")) content = content.split(/\s+/).filter((w) => w && !voc.en_framing.includes(w)).join(" ");
  content = content.replace(/\s+/g, " ").trim();
  content = /[\p{L}\p{N}]/u.test(content) ? content : corrected;
  return { corrected, content: withTextWords(content, voc, lang.startsWith("zh")), situation };
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

// --- ranking (ranking.rerank) ---------------------------------------------------------------------

const ruleOfTarget = (t) => (/[A-Z]$/.test(t) && t.includes("-") ? t.slice(0, t.lastIndexOf("-")) : t);

/** Pagefind's hits (best first, each {id, rule, kind, score}) in the API's order: grouped by rule
 * with the situation vocabulary's scores (times `situationWeight`); rules it names that the text
 * search missed are added as hits from data.rules ([id, title, url, parts]). */
export function rankHits(hits, situation, data, limit = 10, situationWeight = SITUATION_WEIGHT) {
  const top = Math.max(0, ...hits.map((h) => h.score || 0)) || 1;
  const groups = new Map(), glossary = [];
  hits.forEach((h, i) => {
    const norm = (h.score || 0) / top;
    if (h.kind === "glossary") glossary.push(h);
    else { if (!groups.has(h.rule)) groups.set(h.rule, []); groups.get(h.rule).push([h, norm, i]); }
  });
  const rules = new Map((data ? data.rules : []).map((r, i) => [r[0], [r, i]]));
  const boost = new Map(), prefer = new Map();
  const hitFor = (rule, target) => {       // as the API: the part a situation names, else the rule
    const [[, title, url, parts]] = rules.get(rule);
    if (target !== rule && parts.includes(target.slice(-1))) {
      return { id: target, rule, title, url: `${url}#${target}`, snippet: "", kind: "part" };
    }
    return { id: rule, rule, title, url, snippet: "", kind: rule.startsWith("RP-") ? "procedure" : "rule" };
  };
  for (const [target, score] of Object.entries(situation || {})) {
    const rule = ruleOfTarget(target);
    if (!rules.has(rule)) continue;
    boost.set(rule, Math.max(boost.get(rule) || 0, score));
    if (target !== rule) prefer.set(rule, target);
    if (!groups.has(rule)) groups.set(rule, [[hitFor(rule, rule), 0, Infinity]]);
  }
  for (const [rule, target] of prefer) {
    const docs = groups.get(rule);
    if (!docs.some(([h]) => h.id === target)) docs.push([hitFor(rule, target), 0, Infinity]);
    docs.sort((a, b) => (a[0].id !== target) - (b[0].id !== target));
  }
  const groupScore = (rule) => {
    const n = groups.get(rule).map((d) => d[1]).sort((a, b) => b - a);
    return n[0] + SECOND * (n[1] || 0) + THIRD * (n[2] || 0) + situationWeight * (boost.get(rule) || 0);
  };
  const order = [...groups.keys()].sort((a, b) => groupScore(b) - groupScore(a)
    || ((rules.get(a) || [0, 1e9])[1] - (rules.get(b) || [0, 1e9])[1]));
  const byRule = new Map(), loose = [];
  for (const g of glossary) {
    if (groups.has(g.rule)) { if (!byRule.has(g.rule)) byRule.set(g.rule, []); byRule.get(g.rule).push(g); } else loose.push(g);
  }
  const out = [];
  for (const rule of order) { out.push(groups.get(rule)[0][0]); out.push(...(byRule.get(rule) || [])); }
  out.push(...loose);
  for (const rule of order) out.push(...groups.get(rule).slice(1).map((d) => d[0]));
  return out.slice(0, limit);
}

/** Hits grouped by rule for the results page, in the order the rules first appear:
 * [{rule, title, url, hits: [...]}]; a glossary entry stays with the rule it follows. */
export function groupByRule(hits) {
  const groups = [], at = new Map();
  for (const h of hits) {
    const key = h.kind === "glossary" ? (at.has(h.rule) ? h.rule : h.id) : h.rule || h.id;
    if (!at.has(key)) {
      const url = h.kind === "glossary" ? h.url : h.url.split("#")[0];
      at.set(key, groups.length);
      groups.push({ rule: h.kind === "glossary" ? "" : key, title: h.title, url, hits: [] });
    }
    groups[at.get(key)].hits.push(h);
  }
  return groups;
}

// --- "did you mean" and exact glossary terms (suggest.py) ------------------------------------------

// spec.yaml's words patterns, as suggest.py reads them
const SPACES = specRegex(W.spaces, "gu");
const BETWEEN_CJK_SPACE = specRegex(W.between_cjk, "gu");
const TERM_TOKEN = specRegex(W.term_token, "gu");
const ONLY_LETTERS = whole(W.letters);
const HAS_CJK = specRegex(W.cjk);
const EDGE = " ?？!！.。,，:：;；'\"";

/** suggest.normalize: spaces, hyphens and dots between words all one space; none between Chinese. */
export function normalizeTerm(folded) {
  let t = folded.replace(/\./g, " ").replace(SPACES, " ");
  let a = 0, b = t.length;
  while (a < b && EDGE.includes(t[a])) a++;
  while (b > a && EDGE.includes(t[b - 1])) b--;
  return t.slice(a, b).replace(BETWEEN_CJK_SPACE, "");
}

/** suggest.term_form */
export function termForm(folded) {
  return normalizeTerm(folded).split(" ").map((w) => (HAS_CJK.test(w) ? w : stem(w, "en"))).join(" ");
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
  if (CJK_RUN.test(text)) return Math.min(2, Math.floor(n / 3)) || 1;
  return n < 5 ? 1 : 2;
}

const formsCache = new WeakMap();
/** suggest.term_forms over query data's glossary ([keys, names, id, display, rule] per term). */
export function termForms(glossary) {
  let forms = formsCache.get(glossary);
  if (!forms) {
    forms = new Map();
    glossary.forEach(([keys], i) => { for (const k of keys) { const f = termForm(k); if (!forms.has(f)) forms.set(f, i); } });
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
  const text = normalizeTerm(folded);
  if (Array.from(text).length < 3) return null;
  const limit = allowed(text.replace(/ /g, ""));
  let best = null;
  glossary.forEach(([keys, names], i) => {
    if (!names.length) return;
    for (const k of keys) {
      const d = distance(text, normalizeTerm(k), limit);
      if (d <= limit && (best === null || d < best[0])) best = [d, i];
    }
  });
  return best ? best[1] : null;
}

function nearestWord(word, words) {
  if (Array.from(word).length < 3 || words.includes(word)) return null;
  let limit = allowed(word), best = null;
  words.forEach((c, rank) => {
    const d = distance(word, c, limit);
    if (d <= limit && (best === null || d < best[0])) { best = [d, rank, c]; if (d === 1) limit = 1; }
  });
  return best ? best[2] : null;
}

function nearestRun(run, terms) {
  if (Array.from(run).length < 2 || terms.includes(run)) return null;
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

/** The query data's glossary entry i as a hit (the fallback's glossary-first, when Pagefind did not
 * return the entry itself). */
export function glossaryHit(data, i, lang) {
  const [, , id, display, rule] = data.glossary[i];
  return { id: `term-${id}`, rule: rule || "", title: display, url: `/${lang}/glossary/#term-${id}`, snippet: "", kind: "glossary" };
}

/** The hits with glossary entry ``exact`` (an index into data.glossary: the term the query exactly
 * is, see query.understand) moved, or added, first; query.py does the same. */
export function glossaryFirst(hits, exact, data, lang, limit) {
  if (exact === null || exact === undefined || !data) return hits;
  const id = `term-${data.glossary[exact][2]}`;
  const own = hits.find((h) => h.id === id) || glossaryHit(data, exact, lang);
  return [own, ...hits.filter((h) => h.id !== id)].slice(0, limit);
}

// --- the shipped data (static_index.packed) --------------------------------------------------------

const byLengthThenText = (a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0);   // Python's (-len, t)

/** tda-query.<lang>.json as fetched → the data the functions above read (what index.query_understanding
 * gives Python): situation phrases shipped as text get their keys and the keys their weights, Chinese
 * typo terms their runs from those phrases, and the rules' runs near a term (`real`) come back from
 * that term's slips. Data already in that form is returned as it is. */
export function prepareData(data) {
  if (!data || !data.packed) return data;
  const lang = data.lang || "en";
  const { phrases, unigram, weights, ...voc } = data.situations;
  // Chinese framing is cut out substring by substring: give keys() only the framing a phrase holds
  // (a cut leaves a space, so it never makes a new one; the order, longest first, is kept). A third
  // of the zh preparation time, same keys.
  const zh = lang.startsWith("zh");
  // (with the concepts' Chinese words put to their names first, as keys() does before the framing goes)
  const runs = voc.concepts ? conceptTables(voc.concepts).runs : null;
  const named = (t) => (runs ? t.replace(runs.re, (m) => runs.to.get(m)) : t);
  const framingOf = (t) => (zh ? voc.framing.filter((f) => f.includes(" ") || named(t).includes(f)) : voc.framing);
  const entries = phrases.map(([rules, native, english]) =>
    [rules, [...native.map((t) => keys(t, lang, framingOf(t), [], voc.concepts)),
      ...english.map((t) => keys(t, "en", voc.en_framing, [], voc.concepts))]]);
  const typos = { ...data.typos };
  if (typos.packed) {
    const terms = new Set(typos.terms);
    for (const [, native] of phrases) for (const t of native) for (const run of t.match(CJK_RUNS) || []) if (run.length >= 2) terms.add(run);
    typos.terms = [...terms].sort(byLengthThenText);
    if (typeof (typos.real || [])[0] === "number") typos.real = unpackSlips(typos.terms, typos.real);
    delete typos.packed;
  }
  const { packed: _packed, ...rest } = data;         // the packed phrases are not part of the prepared data
  return { ...rest, situations: { ...voc, entries, weights: weights || keyWeights(entries, unigram, voc.concepts && voc.concepts.df) }, typos };
}

/** static_index._unpack_slips: [term index step, "position (base 36) character…", …] → the runs. */
function unpackSlips(terms, packed) {
  const real = [];
  for (let j = 0, at = 0; j < packed.length; j += 2) {
    at += packed[j];
    const term = Array.from(terms[at]), slips = Array.from(packed[j + 1]);
    for (let i = 0; i < slips.length; i += 2) {
      const run = term.slice();
      run[parseInt(slips[i], 36)] = slips[i + 1];
      real.push(run.join(""));
    }
  }
  return real.sort();
}

/** situations.prepare's weights: log(1 + entries / entries with the key), a lone Chinese character
 * times `unigram`; rounded to 4 places as Python's round() (toFixed rounds the exact binary value). */
function keyWeights(entries, unigram, counts = {}) {
  const df = new Map();
  for (const [, phrases] of entries) for (const k of new Set(phrases.flat())) df.set(k, (df.get(k) || 0) + 1);
  for (const [k, n] of Object.entries(counts || {})) if (df.has(k)) df.set(k, n);   // concept names (situations.prepare)
  const out = {};
  for (const [k, n] of df) out[k] = Number((Math.log(1 + entries.length / n) * (k.length === 1 && CJK_RUN.test(k) ? unigram : 1)).toFixed(4));
  return out;
}
