// The static search fallback: Pagefind's index in /pagefind/ searched in the browser when the API
// is unreachable (plain files, offline phone, no server). Imported by search.js the first time the
// fallback answers, with the query understanding it needs (query.js, understanding.js and the modules
// it joins) and the ranking (ranking.js), so a page view that never searches offline does not
// download them. Hits have the API's form {id, rule, title, url, snippet, score, kind}.

import { understand, mergeRanked, mergeByRarity, suggestion } from "./query.js";
import { rank } from "./ranking.js";
import { prepareData } from "./understanding.js";
import { knownSearches, vocabulary } from "./known.js";
import SPEC from "./spec.js";

const RANK_DECAY = SPEC.fallback.rank_decay, JUMP_TOP = SPEC.ranking.jump_top;

const PAGEFIND = "/pagefind/pagefind.js";

let pagefind = null;
let t2s = null;
let queryData;                                    // undefined: not fetched yet; null: unavailable
async function fetchJson(url) {
  try {
    const res = await fetch(url);
    return res.ok ? await res.json() : null;
  } catch { return null; }
}
export async function loadPagefind(lang) {
  const zh = lang.startsWith("zh") && !t2s;
  const [pf, map, data] = await Promise.all([
    pagefind || import(PAGEFIND).then(async (m) => { await m.options({ excerptLength: SPEC.fallback.excerpt_words }); await m.init(); return m; }),
    zh ? fetchJson("/pagefind/t2s.json") : null,
    queryData === undefined ? fetchJson(`/pagefind/tda-query.${lang}.json`) : queryData,
  ]);
  pagefind = pf;
  if (zh) t2s = map || {};
  queryData = prepareData(data);                  // once per page: phrases to keys (static_index.packed)
  return pagefind;
}

// zh-Hant records hold Simplified text; show the excerpt in the original characters
// (t2s keeps length, so offsets into content and meta.orig agree).
// Chinese records have a zero-width space between characters (static_index.cjk_chars); drop it.
function originalExcerpt(data, escapeHtml, unescapeHtml) {
  const excerpt = data.excerpt.replace(/\u200b/g, "");
  const orig = data.meta && data.meta.orig;
  if (!orig) return excerpt;
  const plain = unescapeHtml(excerpt.replace(/<\/?mark>/g, ""));
  const at = data.content.replace(/\u200b/g, "").indexOf(plain);
  if (at < 0) return excerpt;
  let out = "", i = at;
  for (const part of excerpt.split(/(<\/?mark>)/)) {
    if (part === "<mark>" || part === "</mark>") { out += part; continue; }
    const n = unescapeHtml(part).length;
    out += escapeHtml(orig.slice(i, i + n));
    i += n;
  }
  return out;
}

// The index's `central` field (spec.yaml clauses.central): a rule of a glossary term the query names
// ranks higher, much higher when the term is the whole content. Pagefind has no such field; the term's
// rules among the hits get a score of the kind situations give (ranking.SITUATION_WEIGHT × it), at
// the API's share next to other words (clauses.term_share).
export const CENTRAL = SPEC.fallback.central, CENTRAL_SHARE = SPEC.clauses.term_share;
export function withCentral(plan, found, data) {
  if (!data || !plan.terms.length) return plan.situation;
  const share = /[\p{L}\p{N}]/u.test(plan.rest) ? CENTRAL_SHARE : 1;
  const present = new Set(found.filter((h) => h.kind !== "glossary").map((h) => h.rule));
  const out = { ...plan.situation };
  for (const id of plan.terms) {
    const { rule, rules } = data.glossary.find((g) => g.id === id);
    for (const r of rules || [rule]) if (r && present.has(r)) out[r] = Math.max(out[r] || 0, CENTRAL * share);
  }
  return out;
}

export async function searchPagefind(q, limit, lang, html, propose = true) {
  const { escapeHtml, unescapeHtml } = html;
  const pf = await loadPagefind(lang);
  const plan = understand(q, queryData, lang.startsWith("zh") ? t2s : null);
  const jump = plan.hits || [];
  // words the records lack would find Pagefind's junk (known.js), as if the query had matched
  const searches = jump.length >= limit ? [] : knownSearches(plan.searches, vocabulary(queryData));
  const lists = await Promise.all(searches.map(async ({ text, weight }) =>
    ({ weight, results: (await pf.search(text)).results })));
  const story = plan.story ? mergeByRarity(lists, queryData.records) : null;
  const merged = story ? story.results : lists.length === 1 ? lists[0].results : mergeRanked(lists);
  const taken = new Set(jump.map((h) => h.id));
  const wanted = SPEC.fallback.candidates_per_hit * limit;     // candidates for grouping by rule
  const picked = [];                                 // [position, data]: data() fetches a fragment
  for (let i = 0; i < merged.length && picked.length < wanted; i += limit) {
    const batch = merged.slice(i, i + limit);
    const datas = await Promise.all(batch.map((r) => r.data()));
    datas.forEach((d, j) => {
      if (!taken.has(d.meta.id) && picked.length < wanted) { taken.add(d.meta.id); picked.push([i + j, d]); }
    });
  }
  // Pagefind's scores are not comparable across searches: a score that falls with the merged rank
  // stands in for the API's normalised text score (ranking.py), times the document kind's boost the
  // Whoosh index gives (index.KIND_BOOST: an example counts less than the rule text), in that order.
  // A story's merged score is one sum over its words: its share of the best is the text score, so
  // records that hold about as many of the words score about alike, as in the API.
  const kinds = (queryData && queryData.kinds) || {};
  const found = picked.map(([at, d]) => ({
    id: d.meta.id, rule: d.meta.rule, title: d.meta.title, url: d.url,
    snippet: originalExcerpt(d, escapeHtml, unescapeHtml).replace(/<\/mark><mark>/g, ""),
    score: (kinds[d.meta.kind] ?? 1) * (story ? story.shares[at] : 1 / (1 + RANK_DECAY * at)), kind: d.meta.kind,
  })).sort((a, b) => b.score - a.score);
  const room = Math.max(0, limit - jump.length);
  const situation = withCentral(plan, found, queryData);
  const ranked = rank(found, { ...plan, situation }, queryData, room);
  const hits = [...jump.map((h, i) => ({ ...h, score: JUMP_TOP - i })), ...ranked];
  const out = { backend: "pagefind", corrected: plan.corrected, hits };
  if (!hits.length && !plan.removed && propose) {       // "did you mean", only if it finds something
    const proposal = suggestion(q, queryData, lang.startsWith("zh") ? t2s : null);
    if (proposal && (await searchPagefind(proposal, 1, lang, html, false)).hits.length) out.suggestion = proposal;
  }
  return out;
}
