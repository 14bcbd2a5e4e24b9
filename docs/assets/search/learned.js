// Evidence learned from the tuning questions, for the static fallback: the browser's twin of
// plugins/tdarules/search/learned.py (logistic regression over the situation keys, weights as
// integers; the `learned` member of /pagefind/tda-query.<lang>.json).

import { CJK_RUN, match, round4 } from "./situations.js";
import SPEC from "./spec.js";

const { scale: LEARNED_SCALE, weight: LEARNED_WEIGHT, top: LEARNED_TOP, pair: PAIR, quoted_key: QUOTED_KEY } = SPEC.learned;   // learned.SCALE, WEIGHT, TOP, PAIR, QUOTED_KEY

const has = (model, k) => Object.prototype.hasOwnProperty.call(model.keys, k);

/** learned.with_pairs: the keys and each pair of neighbouring Latin or Cyrillic keys, in order. */
export function withPairs(queryKeys) {
  const out = [...queryKeys];
  let before = null;              // the previous key, when it is a Latin or Cyrillic one
  for (const key of queryKeys) {
    if (key === QUOTED_KEY) continue;       // says something of the whole question, not of a word
    const latin = !CJK_RUN.test(key);
    if (before !== null && latin) out.push(`${before}${PAIR}${key}`);
    before = latin ? key : null;
  }
  return out;
}

/** learned.evidence: {rule: WEIGHT × its odds against the best rule} for the TOP rules of the keys
 * the model knows; {} if none. The scores are sums of integers: the same as Python's in any order. */
export function evidence(model, queryKeys) {
  if (!model) return {};
  const known = [...new Set(withPairs(queryKeys))].filter((k) => has(model, k));
  if (!known.length) return {};
  const scores = [...model.bias];
  for (const k of known) {
    const pairs = model.keys[k];
    for (let j = 0; j < pairs.length; j += 2) scores[pairs[j]] += pairs[j + 1];
  }
  const best = Math.max(...scores);
  const order = scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b).slice(0, LEARNED_TOP);
  const out = {};
  for (const i of order) {
    const score = round4(LEARNED_WEIGHT * Math.exp((scores[i] - best) / LEARNED_SCALE));
    if (score > 0) out[model.rules[i]] = score;       // a 0 would still add its rule
  }
  return out;
}

/** How strongly a key points to one rule: its largest weight for any rule, 0 if it has none. */
export function keyWeight(model, key) {
  if (!model || !has(model, key)) return 0;
  const pairs = model.keys[key];
  let most = 0;
  for (let j = 1; j < pairs.length; j += 2) most = Math.max(most, pairs[j]);
  return most;
}

/** learned.situation_scores: what the vocabulary matches, with the learned evidence added to each rule's score. */
export function situationScores(queryKeys, voc, model) {
  const found = match(queryKeys, voc);
  for (const [rule, score] of Object.entries(evidence(model, queryKeys))) found[rule] = round4((found[rule] || 0) + score);
  return found;
}
