// Query understanding for the static fallback, joined: typos corrected (typos.js), question framing
// dropped and situations matched (situations.js), learned evidence added (learned.js), as the API's
// Engine does (plugins/tdarules/search/query.py); and the shipped /pagefind/tda-query.<lang>.json
// readied for them (prepareData). Pure ES module, no DOM; tested in Node against the Python
// implementation (tests/search/test_plan_parity.py: the whole query plan, on every query).
import { ASKED_MIN_KEYS, asked, conceptTables, keys, keyWeights, queryContent, queryKeys as keysOf, withAsked } from "./situations.js";
import { situationScores, withPairs } from "./learned.js";
import { CJK_RUNS, correctorFor } from "./typos.js";

/** The query (folded) with typos corrected, its content (framing removed), situation scores and weighed keys. */
export function analyse(folded, lang, data) {
  const corrector = correctorFor(data && data.typos);
  const corrected = corrector ? corrector.correct(folded) : folded;
  const voc = data && data.situations;
  if (!voc) return { corrected, content: corrected, situation: {}, keys: [] };
  const queryKeys = keysOf(corrected, lang, voc);
  let situation = situationScores(queryKeys, voc, data.learned);
  const question = asked(corrected);                  // what a story asks counts again
  if (question !== null) {
    const askedKeys = keysOf(question, lang, voc);
    if (askedKeys.length >= ASKED_MIN_KEYS) situation = withAsked(situation, situationScores(askedKeys, voc, data.learned));
  }
  // the keys and pairs the part model weighs, sorted (parts.known_keys; the plan's `keys`: they choose a
  // rule's part, ranking.js partLeads)
  const model = data.parts;
  const partKeys = model && model.keys
    ? [...new Set(withPairs(queryKeys))].filter((k) => Object.prototype.hasOwnProperty.call(model.keys, k)).sort() : [];
  return { corrected, content: queryContent(corrected, lang, voc), situation, keys: partKeys };
}

// --- the shipped data (static_index.packed) --------------------------------------------------------

const byLengthThenText = (a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0);   // Python's (-len, t)

/** tda-query.<lang>.json as fetched → the data analyse and the modules it joins read (what index.query_understanding
 * gives Python): situation phrases shipped as text get their keys and the keys their weights, Chinese
 * typo terms their runs from those phrases, and the rules' runs near a term (`real`) come back from
 * that term's slips. Data already in that form is returned as it is. */
export function prepareData(data) {
  if (!data || !data.packed) return data;
  const lang = data.lang || "en";
  const { phrases, weights, ...voc } = data.situations;
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
  return { ...rest, situations: { ...voc, entries, weights: weights || keyWeights(entries, voc.concepts && voc.concepts.df) }, typos };
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
