// Evidence learned from the tuning questions, for the static fallback: the browser's twin of
// plugins/tdarules/search/learned.py (naive Bayes over the situation keys; the `learned` member of
// /pagefind/tda-query.<lang>.json).

import { match, round4 } from "./situations.js";
import SPEC from "./spec.js";

const { alpha: LEARNED_ALPHA, weight: LEARNED_WEIGHT, top: LEARNED_TOP } = SPEC.learned;   // learned.ALPHA, WEIGHT, TOP

/** learned.evidence: {rule: WEIGHT × posterior} for the TOP rules of the keys the model knows; {} if none. */
export function evidence(model, queryKeys) {
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
  const found = match(queryKeys, voc);
  for (const [rule, score] of Object.entries(evidence(model, queryKeys))) found[rule] = round4((found[rule] || 0) + score);
  return found;
}
