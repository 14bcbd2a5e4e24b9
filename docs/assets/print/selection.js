// The rule-sheet builder's selection ("40-62, RP-8, 11-D"): plain logic, no DOM, tested in Node
// (tests/print/test_selection.py) against the same cases as its Python twin (printing/selection.py,
// used by `rulebook pdf --rules`).
//
// parseSelection(text, parts) → { items: [{ rule: "43", parts: null | ["B"] }], errors: [{ code, token, params }] }
// `parts` maps every rule and procedure id to its part letters: { "43": ["A", "B"], "RP-8": [] }.
// Every bad token is reported and skipped; the valid rest is kept, in the order typed, without repeats.

// A selection names at most 93 rules and procedures; 2,000 characters leave room for every part of
// each spelled out, and keep what a pasted page costs to read bounded (selection.py MAX_SELECTION).
export const MAX_SELECTION = 2000;
const DASHES = /[\u2010-\u2015\u2212~\uFF5E\uFF0D]/g;
const SEPARATORS = /[\s,;\u3001\uFF0C\uFF1B]+/;
// Each pattern below matches a bounded width at any start, so a long run of spaces is read once:
// /\s*-\s*/ rescanned the whole run from each of its characters (quadratic). Whitespace runs are
// separators in any case, so they are made one space first. The word boundary before RP is spelled
// out (\b is ASCII here and Unicode in Python).
const SPACES = /\s+/g;
const RP_NUMBER = /(?<![A-Z0-9_])RP ?-? ?(?=[0-9])/g;   // "RP 8", "rp8" → "RP-8"
const DASH = / ?- ?/g;                                 // "40 - 47" → "40-47"

function normalize(text) {
  // NFKC: full-width (４３) and mathematical (𝟒𝟑) digits are ASCII; digits of other scripts (٤٣)
  // stay what they are and are no rule number (\d is ASCII), as in selection.py.
  return String(text || "").normalize("NFKC")
    .replace(DASHES, "-")
    .toUpperCase()
    .replace(SPACES, " ")
    .replace(RP_NUMBER, "RP-")
    .replace(DASH, "-");
}

/** The length of `text` in characters (code points, as Python counts them), counted no further
 * than `limit` + 1. */
function characters(text, limit) {
  let n = 0;
  for (const _ of text) if (++n > limit) break;
  return n;
}

export function tokens(text) {
  return normalize(text).split(SEPARATORS).filter(Boolean);
}

/** What one token names, by its form alone (whether the rule exists is the caller's question):
 * { kind: "rule", rp, n } | { kind: "part", rp, n, letter } | { kind: "range", rp, a, b } | null. */
function readToken(token) {
  const rp = token.startsWith("RP-") ? "RP-" : "";
  const body = rp ? token.slice(3) : token;
  let m;
  if ((m = /^(\d+)$/.exec(body))) return { kind: "rule", rp, n: Number(m[1]) };
  if ((m = /^(\d+)-?([A-Z])$/.exec(body))) return { kind: "part", rp, n: Number(m[1]), letter: m[2] };
  if ((m = /^(\d+)-(?:RP-)?(\d+)$/.exec(body)) && (rp || !/RP-/.test(body))) {
    return { kind: "range", rp, a: Number(m[1]), b: Number(m[2]) };
  }
  return null;
}

/** A selection typed for an older edition ("46, 40-41, 43-B" in 2017 numbers) as the current
 * edition's rules: `renumbering` maps that edition's rule ids to today's (null: dropped;
 * search/static_index to_current). A part keeps its letter on the rule it moved to; a range is each
 * of its rules; tokens that name no older rule stay as typed, for parseSelection to explain.
 * Returns { text, dropped: [old ids] }. */
export function inEdition(text, renumbering) {
  const out = [];
  const dropped = [];
  const take = (old, letter = "") => {
    if (!(old in renumbering)) return false;
    const id = renumbering[old];
    if (id === null) dropped.push(old);
    else out.push(letter ? `${id}-${letter}` : id);
    return true;
  };
  for (const token of tokens(text)) {
    const named = readToken(token);
    if (named?.kind === "rule" && take(named.rp + named.n)) continue;
    if (named?.kind === "part" && take(named.rp + named.n, named.letter)) continue;
    if (named?.kind === "range" && !named.rp && named.a <= named.b && named.b - named.a < 100) {
      for (let n = named.a; n <= named.b; n++) take(String(n));
      continue;
    }
    out.push(token);
  }
  return { text: [...new Set(out)].join(", "), dropped };
}

function limits(parts) {
  let rules = 0;
  let procedures = 0;
  for (const id of Object.keys(parts)) {
    if (id.startsWith("RP-")) procedures = Math.max(procedures, Number(id.slice(3)));
    else rules = Math.max(rules, Number(id));
  }
  return { rules, procedures };
}

export function parseSelection(text, parts) {
  const typed = String(text || "");
  if (characters(typed, MAX_SELECTION) > MAX_SELECTION) {
    // its start: enough to know it
    return { items: [], errors: [{ code: "too_long", token: `${Array.from(typed.slice(0, 40)).slice(0, 20).join("")}…`, params: {} }] };
  }
  const { rules: lastRule, procedures: lastProcedure } = limits(parts);
  const items = [];
  const errors = [];
  const seen = new Map();

  const add = (rule, part = null) => {
    if (!seen.has(rule)) {
      const item = { rule, parts: part ? [part] : null };
      seen.set(rule, item);
      items.push(item);
      return;
    }
    const item = seen.get(rule);
    if (item.parts === null) return;                 // the whole rule is already in
    if (!part) item.parts = null;
    else if (!item.parts.includes(part)) item.parts.push(part);
  };
  const fail = (code, token, params = {}) => errors.push({ code, token, params });

  for (const token of tokens(text)) {
    const named = readToken(token);
    const rp = token.startsWith("RP-") ? "RP-" : "";
    const body = rp ? token.slice(3) : token;
    const last = rp ? lastProcedure : lastRule;
    const missing = rp ? "no_procedure" : "no_rule";
    const exists = (n) => n >= 1 && n <= last && (rp + n) in parts;
    if (named?.kind === "rule") {
      if (exists(named.n)) add(rp + named.n); else fail(missing, token, { last: rp + last });
    } else if (named?.kind === "part") {
      const id = rp + named.n;
      if (!exists(named.n)) fail(missing, token, { last: rp + last });
      else if (!parts[id].includes(named.letter)) fail("no_part", token, { rule: id, part: named.letter });
      else add(id, named.letter);
    } else if (named?.kind === "range") {
      const { a, b } = named;
      if (a > b) fail("reversed", token);
      else if (!exists(a)) fail(missing, token, { last: rp + last });
      else {
        const end = Math.min(b, last);
        for (let n = a; n <= end; n += 1) if (exists(n)) add(rp + n);
        if (b > last) fail("out_of_range", token, { last: rp + last });
      }
    } else if (/^(\d+)?-$/.test(body) || /^-\d+$/.test(body) || token === "RP-") {
      fail("incomplete", token);
    } else {
      fail("unknown", token);
    }
  }
  return { items, errors };
}

/** One error as text, from the page's localized templates ({token}, {rule}, {part}, {last}). */
export function errorMessage(error, templates) {
  const template = templates[error.code] || templates.unknown || "{token}";
  const params = { token: error.token, ...error.params };
  return template.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}
