// amounts.py (amount_rule): which betting rule a story's chip amounts point to, the bet faced against
// what was put out (41 a tiny chip, 43 the 50% standard, 44 an overchip, 45 multiple chips, 61 change).
// The patterns, scales, counts and windows are spec.yaml's `amounts`, which amounts.py reads too; the
// parity test runs every query of the tuning batches through both.

import { chineseValue } from "./numerals.js";
import { specRegex } from "./number.js";
import SPEC from "./spec.js";

const { patterns: P, scale: SCALE, counts: COUNTS, before: BEFORE, after: AFTER, story_after: STORY_AFTER } = SPEC.amounts;
export const SMALLEST = SPEC.amounts.smallest;
const { rules: RULE, tiny: TINY, short_raise: SHORT_RAISE } = SPEC.amounts;
const AMOUNT = specRegex(P.amount, "gu");
const [NOT_BEFORE, NOT_AFTER, PAIR, BLINDS, A_BEFORE, COUNT_BEFORE, AND, CHANGE, BET_BEFORE, BET_AFTER, PRIOR, TOLD, TWO_TRIPS] = [
  P.not_before, P.not_after, P.pair, P.blinds, P.a_before, P.count_before, P.and, P.change, P.bet_before, P.bet_after,
  P.prior, P.told, P.two_trips].map((p) => specRegex(p));
const byScript = (table) => Object.fromEntries(Object.entries(table).map(([script, p]) => [script, specRegex(p)]));
const ONE_BEFORE = byScript(P.one_before), CHIP_AFTER = byScript(P.chip_after);

function value(number, scale) {
  const v = /^[\x00-\x7f]/.test(number) ? parseFloat(number.replaceAll(",", "")) : chineseValue(number);
  return v === null ? null : v * (SCALE[(scale || "").slice(0, 1)] || 1);
}

const window_ = (text, start, end) => text.slice(Math.max(0, start), end);

/** amounts.amounts: the chip amounts of a folded text, [value, start, end], blinds and other numbers left out. */
export function amounts(text) {
  const found = [];
  for (const m of text.matchAll(AMOUNT)) {
    const start = m.index, end = m.index + m[0].length;
    if (NOT_BEFORE.test(window_(text, start - BEFORE, start)) || NOT_AFTER.test(text.slice(end, end + AFTER))) continue;
    const v = value(m.groups.number, m.groups.scale);
    if (v !== null && v >= SMALLEST) found.push([v, start, end]);
  }
  const blinds = new Set();
  for (let i = 0; i + 1 < found.length; i++) {
    if (PAIR.test(text.slice(found[i][2], found[i + 1][1]))) { blinds.add(i); blinds.add(i + 1); }
  }
  found.forEach(([, start], i) => { if (BLINDS.test(window_(text, start - BEFORE, start))) blinds.add(i); });
  return found.filter((_, i) => !blinds.has(i));
}

/** amounts.amount_rule: the rule the amounts of a folded, Simplified text on the lang site point to, or null. */
export function amountRule(text, lang) {
  const found = amounts(text);
  if (found.length < 2 || PRIOR.test(text)) return null;
  const script = lang.startsWith("zh") ? "zh" : lang;
  const before = found.map(([, start]) => window_(text, start - BEFORE, start));
  const after = found.map(([, , end]) => text.slice(end, end + STORY_AFTER));
  if (before.some((b) => TOLD.test(b))) return null;
  const chipAfter = CHIP_AFTER[script];
  const single = new Set();
  const counted = new Map();
  found.forEach((_, i) => {
    if (ONE_BEFORE[script].test(before[i])
      || (chipAfter && chipAfter.test(after[i]) && (script !== "en" || A_BEFORE.test(before[i])))) single.add(i);
    const m = COUNT_BEFORE.exec(before[i]);
    if (m) counted.set(i, COUNTS[Object.values(m.groups).find(Boolean)]);
  });
  const together = new Set(counted.keys());
  for (let i = 0; i + 1 < found.length; i++) {
    if (AND.test(text.slice(found[i][2], found[i + 1][1]))) { together.add(i); together.add(i + 1); }
  }
  if (single.size > 1) single.forEach((i) => together.add(i));
  const loose = found.map((_, i) => i).filter((i) => !together.has(i) && !single.has(i));
  const bets = loose.filter((i) => BET_BEFORE.test(before[i]) || BET_AFTER.test(after[i]));
  if (!bets.length && !loose.length) return null;
  const betIndex = (bets.length ? bets : loose)[0];
  const bet = found[betIndex][0];
  let put;
  if (together.size) put = [...together].reduce((sum, i) => sum + found[i][0] * (counted.get(i) || 1), 0);
  else if (single.size) put = found[Math.min(...single)][0];
  else {
    const later = loose.filter((i) => i !== betIndex);
    if (later.length !== 1 || TWO_TRIPS.test(text)) return null;
    put = found[later[0]][0];
  }
  if (CHANGE.test(text)) return put > bet ? RULE.change : null;
  if (together.size) return put >= bet ? RULE.together : null;
  if (single.size) return put > bet ? RULE.overchip : (put * TINY <= bet ? RULE.tiny_chip : null);
  return bet < put && put < SHORT_RAISE * bet ? RULE.short_raise : null;
}
