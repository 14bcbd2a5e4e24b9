// amounts.py (amount_rule): which betting rule a story's chip amounts point to, the bet faced against
// what was put out (41 a tiny chip, 43 the 50% standard, 44 an overchip, 45 multiple chips, 61 change).
// The patterns are amounts.py's, in the subset Python's re and RegExp (u flag) read alike; the parity
// test runs every query of the tuning batches through both.

import { chineseValue } from "./numerals.js";

const AMOUNT = /(?<![a-zа-я0-9.,])([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+(?:\.[0-9]+)?|[一二两三四五六七八九十]{1,2}(?=[千万]))\s*(k|к|тыс[а-я]*|千|万|w)?(?![a-zа-я0-9])/gu;
const SCALE = { k: 1000, к: 1000, т: 1000, 千: 1000, 万: 10000, w: 10000 };
export const SMALLEST = 25;

const NOT_BEFORE = /(?:seat|table|level|rule|pot(?: was| is)?|стол[а-я]*|мест[а-я]*|уров[а-я]*|правил[а-я]*|номер|банк|底池|#|№|第)\s*$/u;
const NOT_AFTER = /^\s*(?:sec|min|hour|seat|player|hand|level|сек|мин|час|мест|игрок|раздач|уров|秒|分钟|小时|号|位|人|把|手|级|条)/u;
const PAIR = /^\s*[-/]\s*$/u;
const BLINDS = /(?:blinds?|блайнд[а-я]*|盲注?)\s*(?:are|were|at|of|по)?\s*$/u;
const ONE_BEFORE = {
  en: /(?<![a-z])(?:one|single)\s+(?:[a-z]+\s+)?$/u,
  ru: /(?:одн[а-я]*\s+(?:[а-я]+\s+)?(?:фишк[а-я]*\s+)?|(?<![а-я])фишк[уа]\s+)(?:по\s+|в\s+|номиналом\s+)?$/u,
  zh: /(?:一|1|了)\s*[个颗枚只张]$/u,
};
const A_BEFORE = /(?<![a-z])an?\s+(?:[a-z]+\s+)?$/u;
const CHIP_AFTER = { en: /^\s*(?:[a-z]+\s+)?chip(?!s)/u, ru: /^\s*(?:одн[а-я]*\s+)?фишк(?:у|а|ой)(?![а-я])/u };
const COUNT_BEFORE = /(?:(?<![a-z])(two|three|four|five|six)|(?<![а-я])(две|два|три|четыре|пять|шесть)(?:\s+фишк[а-я]*)?(?:\s+по)?|([两二三四五六])\s*[个颗枚只张])\s*$/u;
const COUNTS = { two: 2, three: 3, four: 4, five: 5, six: 6, две: 2, два: 2, три: 3, четыре: 4, пять: 5, шесть: 6,
  两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6 };
const AND = /^\s*(?:chips?\s+)?(?:and|plus|и|和|跟|加|\+)\s*(?:a|an|one|одн[а-я]*|一个|一颗)?\s*$/u;
const CHANGE = /change|chnage|[0-9]+ back|сдач|找零|找钱|找回|退回/u;
const BET_BEFORE = new RegExp("(?:(?<![a-z])(?:bets?|betting|open(?:s|ed|ing)?|opening bet(?: was| of| is)?|opener bet|facing(?: a| an)?|against(?: a| an)?|on a|into"
  + "|raised? to|raises to|shoved?(?: for)?|all in for|call)"
  + "|(?<![а-я])(?:ставк[а-я]*|став[а-я]*|поставил[а-я]*|открыл[а-я]*(?:\\s+на)?|бет[а-я]*|против(?:\\s+[а-я]+)?|на|рейз[а-я]*(?:\\s+до)?)"
  + "|(?:下注?了?|加注?到|面对|开了?|跟))\\s*$", "u");
const BET_AFTER = /^\s*(?:(?:chips?\s+)?(?:bet|open|raise|shove)|(?:的)?(?:下注|注)|(?:бет|ставк))/u;
const PRIOR = /on top|сверху|上去|叠|posted|blind chips|лежал|放着|big blind|大盲|(?<![a-z])bb(?![a-z])|(?<![а-я])бб(?![а-я])/u;
const TOLD = /(?:(?<![a-z])(?:said|says|told|asked|counted)|(?<!не )(?:сказал|говорит|спросил)|(?<![没不])(?:说|问|喊)(?!话))[^0-9]{0,20}$/u;
const TWO_TRIPS = /(?<![a-z])more(?![a-z])|went back|back for|(?<![а-я])ещ[её]|полез|дозакин/u;

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
    if (NOT_BEFORE.test(window_(text, start - 24, start)) || NOT_AFTER.test(text.slice(end, end + 12))) continue;
    const v = value(m[1], m[2]);
    if (v !== null && v >= SMALLEST) found.push([v, start, end]);
  }
  const blinds = new Set();
  for (let i = 0; i + 1 < found.length; i++) {
    if (PAIR.test(text.slice(found[i][2], found[i + 1][1]))) { blinds.add(i); blinds.add(i + 1); }
  }
  found.forEach(([, start], i) => { if (BLINDS.test(window_(text, start - 24, start))) blinds.add(i); });
  return found.filter((_, i) => !blinds.has(i));
}

/** amounts.amount_rule: the rule the amounts of a folded, Simplified text on the lang site point to, or null. */
export function amountRule(text, lang) {
  const found = amounts(text);
  if (found.length < 2 || PRIOR.test(text)) return null;
  const script = lang.startsWith("zh") ? "zh" : lang;
  const before = found.map(([, start]) => window_(text, start - 24, start));
  const after = found.map(([, , end]) => text.slice(end, end + 16));
  if (before.some((b) => TOLD.test(b))) return null;
  const chipAfter = CHIP_AFTER[script];
  const single = new Set();
  const counted = new Map();
  found.forEach((_, i) => {
    if (ONE_BEFORE[script].test(before[i])
      || (chipAfter && chipAfter.test(after[i]) && (script !== "en" || A_BEFORE.test(before[i])))) single.add(i);
    const m = COUNT_BEFORE.exec(before[i]);
    if (m) counted.set(i, COUNTS[m.slice(1).find(Boolean)]);
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
  if (CHANGE.test(text)) return put > bet ? "61" : null;
  if (together.size) return put >= bet ? "45" : null;
  if (single.size) return put > bet ? "44" : (put * 5 <= bet ? "41-D" : null);
  return bet < put && put < 2 * bet ? "43-A" : null;
}
