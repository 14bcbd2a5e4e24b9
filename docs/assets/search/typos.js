// Typo correction for the static fallback: the browser's twin of plugins/tdarules/search/typos.py
// (Damerau-1 against the site's words, the other keyboard layout, Chinese one-character corrections
// of the same sound; the `typos` member of /pagefind/tda-query.<lang>.json).

import { Transliterator } from "./transliteration.js";
import { specRegex } from "./number.js";
import { CYRILLIC, stem } from "./situations.js";
import SPEC from "./spec.js";

// spec.yaml's words and typos (typos.py reads the same)
const W = SPEC.words.patterns;
export const CJK_RUNS = specRegex(W.cjk_run, "gu");
const LETTERS = specRegex(W.letters, "gu");     // typos.LATIN_OR_CYRILLIC
const MIN_WORD = SPEC.typos.min_word;
const PINYIN_LONGEST = SPEC.typos.pinyin_longest, PINYIN_WORD = specRegex(SPEC.typos.pinyin_word, "g");

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
    this.everyday = new Set(data.everyday || []);     // typos.Corrector.everyday: no typos
    this.deletes = new Map();
    for (const w of this.rank.keys()) for (const f of deletions(w)) {
      if (!this.deletes.has(f)) this.deletes.set(f, []);
      this.deletes.get(f).push(w);
    }
    this.stems = new Set([...this.rank.keys()].map((w) => stem(w, "en", false)));   // typos.Corrector.stems
    this.terms = data.terms || [];
    this.real = new Set(data.real || []);
    this.guards = new Set(data.guards || []);
    this.guardLengths = [...new Set([...this.guards].map((w) => Array.from(w).length))].sort((a, b) => a - b);
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
    // typos.Corrector.near: what a one-character slip of a term keeps (its first two characters or its
    // last two; of two, the first or the last; of three, also the first and last)
    this.near = new Set();
    for (const t of this.terms) {
      const c = Array.from(t), n = c.length;
      if (n === 2) {
        this.near.add(`2|0|${c[0]}`).add(`2|1|${c[1]}`);
      } else {
        this.near.add(`${n}|0|${c[0]}${c[1] ?? ""}`).add(`${n}|1|${c.slice(-2).join("")}`);
        if (n === 3) this.near.add(`3|2|${c[0]}${c[2]}`);
      }
    }
    this.pinyin = new Map(Object.entries(data.pinyin || {}));   // typos.Corrector.pinyin: a word's pinyin → the word
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
    if (w.length < MIN_WORD || !/^\p{L}+$/u.test(w) || this.isKnown(w) || this.everyday.has(w)) return null;
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
        if (same && !this.cutsWord(out, i, n)) {
          out = [...out.slice(0, i), ...same, ...out.slice(i + n)];
          i += n - 1;
          break;
        }
      }
      i++;
    }
    return out.join("");
  }

  cutsWord(chars, i, n) {                     // typos.Corrector.cuts_word (characters, not text)
    if (this.guards.has(chars.slice(i, i + n).join(""))) return true;
    for (const m of this.guardLengths) {
      for (let a = Math.max(0, i - m + 1); a < i + n; a++) {
        if ((a < i || a + m > i + n) && this.guards.has(chars.slice(a, a + m).join(""))) return true;
      }
    }
    return false;
  }

  sameSound(piece) {                          // typos.Corrector.same_sound (characters, not text)
    if (piece.length > 1 && !this.couldSlip(piece)) return null;
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

  couldSlip(piece) {                          // typos.Corrector.could_slip
    const n = piece.length, near = this.near;
    if (n === 2) return near.has(`2|0|${piece[0]}`) || near.has(`2|1|${piece[1]}`);
    return near.has(`${n}|0|${piece[0]}${piece[1]}`) || near.has(`${n}|1|${piece[n - 2]}${piece[n - 1]}`)
      || (n === 3 && near.has(`3|2|${piece[0]}${piece[2]}`));
  }

  covered(piece, k) {                         // typos.Corrector.covered
    const n = piece.length;
    for (const m of this.lengths) {
      if (m >= n) continue;
      for (let a = Math.max(0, k - m + 1); a <= Math.min(k, n - m); a++) if (this.known.has(piece.slice(a, a + m).join(""))) return true;
    }
    return false;
  }

  /** typos.Corrector.read_pinyin: each run of Latin words that is, joined, a word's pinyin read as that word. */
  readPinyin(text) {
    const words = Array.from(text.matchAll(PINYIN_WORD));
    const changes = [];
    let i = 0;
    while (i < words.length) {
      let j = Math.min(words.length, i + PINYIN_LONGEST);
      for (; j > i; j--) {
        let spaced = true;
        for (let k = i; k < j - 1 && spaced; k++) {
          const between = text.slice(words[k].index + words[k][0].length, words[k + 1].index);
          spaced = /^\s+$/.test(between);
        }
        if (!spaced) continue;
        const term = this.pinyin.get(words.slice(i, j).map((w) => w[0]).join("").replace(/v/g, "u"));
        if (term !== undefined) {
          changes.push([words[i].index, words[j - 1].index + words[j - 1][0].length, term]);
          break;
        }
      }
      i = j > i ? j : i + 1;
    }
    for (const [start, end, term] of changes.reverse()) text = text.slice(0, start) + term + text.slice(end);
    return text;
  }

  correct(text) {
    text = this.layout(text);
    if (this.transliteration) text = this.transliteration.read(text);
    if (this.pinyin.size) text = this.readPinyin(text);
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
