// The final order of the static fallback's hits: the browser's twin of
// plugins/tdarules/search/ranking.py (hits grouped by rule with the situation scores, the glossary
// entry the query is first). Pure ES module, no DOM.

import SPEC from "./spec.js";

// spec.yaml ranking (ranking.py reads the same)
export const SITUATION_WEIGHT = SPEC.ranking.situation_weight;
const SECOND = SPEC.ranking.second, THIRD = SPEC.ranking.third;

// ranking.rule_of_target: '13-C' → '13', 'RP-10-H' → 'RP-10', '43' → '43'
const ruleOfTarget = (t) => (/[A-Z]$/.test(t) && t.includes("-") ? t.slice(0, t.lastIndexOf("-")) : t);

/** ranking.rerank: Pagefind's hits (best first, each {id, rule, kind, score}) in the API's order: grouped by rule
 * with the situation vocabulary's scores (times SITUATION_WEIGHT); rules it names that the text
 * search missed are added as hits from data.rules (query.js ShippedRule: {id, title, url, parts});
 * each rule led by the part the query's `keys` point to (partLeads), unless a situation names one. */
export function rerank(hits, situation, data, limit = 10, keys = null) {
  const top = Math.max(0, ...hits.map((h) => h.score || 0)) || 1;
  const groups = new Map(), glossary = [];
  hits.forEach((h, i) => {
    const norm = (h.score || 0) / top;
    if (h.kind === "glossary") glossary.push(h);
    else { if (!groups.has(h.rule)) groups.set(h.rule, []); groups.get(h.rule).push([h, norm, i]); }
  });
  const rules = new Map((data ? data.rules : []).map((r, i) => [r.id, [r, i]]));
  const boost = new Map(), prefer = new Map();
  const hitFor = (rule, target) => {       // as the API: the part a situation names, else the rule
    const [{ title, url, parts }] = rules.get(rule);
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
  const leads = partLeads(keys, data);      // else the part the part model scores highest
  for (const rule of groups.keys()) if (!prefer.has(rule) && leads.has(rule)) prefer.set(rule, leads.get(rule));
  for (const [rule, target] of prefer) {
    const docs = groups.get(rule);
    if (!docs.some(([h]) => h.id === target)) docs.push([hitFor(rule, target), 0, Infinity]);
    docs.sort((a, b) => (a[0].id !== target) - (b[0].id !== target));
  }
  const groupScore = (rule) => {
    const n = groups.get(rule).map((d) => d[1]).sort((a, b) => b - a);
    return n[0] + SECOND * (n[1] || 0) + THIRD * (n[2] || 0) + SITUATION_WEIGHT * (boost.get(rule) || 0);
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

// parts.PartChooser, made once per query data: the classes (parts) of each rule, in reading order
const choosers = new WeakMap();
function partChooser(model) {
  let chooser = choosers.get(model);
  if (!chooser) {
    const classes = new Map(), ruleOf = [];
    model.rules.forEach((id, i) => {
      const rule = ruleOfTarget(id);
      if (!classes.has(rule)) classes.set(rule, []);
      classes.get(rule).push(i);
      ruleOf[i] = rule;
    });
    chooser = { classes, ruleOf };
    choosers.set(model, chooser);
  }
  return chooser;
}

/** parts.PartChooser.leads: Map rule → the id of its part the part model (data.parts, learned.train's)
 * scores highest for the query's `keys` (those the model weighs, as the plan has them), for every rule
 * with a part some key weighs on. The scores are sums of integers, the same as Python's in any order;
 * equal scores keep the first part in reading order. */
export function partLeads(keys, data) {
  const out = new Map();
  const model = data && data.parts;
  if (!model || !model.rules || !keys || !keys.length) return out;
  const { classes, ruleOf } = partChooser(model);
  const scores = new Map();
  const scoreOf = (i) => (scores.has(i) ? scores.get(i) : model.bias[i]);
  for (const key of keys) {
    const pairs = Object.prototype.hasOwnProperty.call(model.keys, key) ? model.keys[key] : [];
    for (let j = 0; j < pairs.length; j += 2) scores.set(pairs[j], scoreOf(pairs[j]) + pairs[j + 1]);
  }
  for (const rule of new Set([...scores.keys()].map((i) => ruleOf[i]))) {
    let best = null;
    for (const i of classes.get(rule)) if (best === null || scoreOf(i) > scoreOf(best)) best = i;
    out.set(rule, model.rules[best]);
  }
  return out;
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

/** The query data's glossary entry i (query.js ShippedTerm) as a hit (the fallback's glossary-first,
 * when Pagefind did not return the entry itself). */
export function glossaryHit(data, i, lang) {
  const { id, display, rule } = data.glossary[i];
  return { id: `term-${id}`, rule: rule || "", title: display, url: `/${lang}/glossary/#term-${id}`, snippet: "", kind: "glossary" };
}

/** ranking.glossary_first: the hits with the glossary entry whose id is ``exact`` (the term the query
 * exactly is: the plan's `exact`) moved, or added, first. */
export function glossaryFirst(hits, exact, data, lang, limit) {
  const i = exact === null || exact === undefined || !data ? -1 : data.glossary.findIndex((g) => g.id === exact);
  if (i < 0) return hits;
  const id = `term-${exact}`;
  const own = hits.find((h) => h.id === id) || glossaryHit(data, i, lang);
  return [own, ...hits.filter((h) => h.id !== id)].slice(0, limit);
}

/** ranking.rank: the final order of a query's hits, given its plan (query.js plan): rerank by the
 * plan's situation scores, each rule led by the part its keys point to, then the glossary term the
 * whole query is first. */
export function rank(hits, plan, data, limit = 10) {
  const lang = (data && data.lang) || "en";
  return glossaryFirst(rerank(hits, plan.situation, data, limit, plan.keys), plan.exact, data, lang, limit);
}
