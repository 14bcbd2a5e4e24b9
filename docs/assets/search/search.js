// Site search box: asks /api/search (Whoosh, see docs/api.*.md); when that is unreachable
// (plain files, offline phone, no server) it falls back to the static Pagefind index in
// /pagefind/. Both backends give hits of the same form {id, rule, title, url, snippet}; each
// hit links to its part anchor. Plain ES module, no framework.
//
// Language: the page's <html lang>. Both Chinese sites search Simplified-folded text: the
// API folds with OpenCC itself; for Pagefind the query is folded here with /pagefind/t2s.json.
//
// The fallback's query understanding lives in ./query.js (pure, tested in Node): a rule number
// jumps to that rule or part (synthesized hits, same form), glossary terms and abbreviations typed
// in another language become extra Pagefind searches merged by rank. Its data:
// /pagefind/tda-query.<lang>.json (static_index.query_data).

import { understand, mergeRanked, suggestion } from "./query.js";
import { rankHits, glossaryFirst } from "./understanding.js";
import { mountResults, resultsUrl } from "./results.js";

const LANG = document.documentElement.lang || "en";
const API = "/api/search";
const PAGEFIND = "/pagefind/pagefind.js";
const LIMIT = 10;
const API_TIMEOUT_MS = 2500;

const TEXT = {
  en: { placeholder: "Search rules: 43, min raise, string bet…", none: "No results", didYouMean: "Did you mean", offline: "offline search", label: "Search the rules" },
  "zh-Hant": { placeholder: "搜尋規則：43、最低加注…", none: "沒有結果", didYouMean: "您是不是要找", offline: "離線搜尋", label: "搜尋規則" },
  "zh-Hans": { placeholder: "搜索规则：43、最低加注…", none: "没有结果", didYouMean: "您是不是要找", offline: "离线搜索", label: "搜索规则" },
  ru: { placeholder: "Поиск: 43, мин. рейз, стринг-бет…", none: "Ничего не найдено", didYouMean: "Возможно, вы имели в виду", offline: "офлайн-поиск", label: "Поиск по правилам" },
};
const T = TEXT[LANG] || TEXT.en;

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);

// Keep only <mark> from an HTML snippet; escape everything else.
function safeSnippet(html) {
  return String(html).split(/(<\/?mark>)/).map((part) => (part === "<mark>" || part === "</mark>" ? part : escapeHtml(unescapeHtml(part)))).join("");
}
function unescapeHtml(s) {
  return s.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, e) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" })[e]);
}

// --- backends --------------------------------------------------------------------------------

// After an API failure the fallback answers, but never for good: the API is tried again on the
// next query once a back-off has passed (2 s, doubling to 60 s while it keeps failing; reset on
// success). Kept per tab in sessionStorage so a reload does not hammer a dead server.
const BACKOFF_MS = [2000, 60000];
function apiState() {
  try { return JSON.parse(sessionStorage.getItem("tda-search-api")) || { until: 0, wait: 0 }; } catch { return { until: 0, wait: 0 }; }
}
function setApiState(state) { try { sessionStorage.setItem("tda-search-api", JSON.stringify(state)); } catch { /* private mode */ } }
export function apiFailed(now = Date.now()) {
  const { wait } = apiState();
  const next = Math.min(BACKOFF_MS[1], wait ? wait * 2 : BACKOFF_MS[0]);
  setApiState({ until: now + next, wait: next });
}
export function apiWorked() { setApiState({ until: 0, wait: 0 }); }
export function apiAvailable(now = Date.now()) { return now >= apiState().until; }

export async function searchApi(q, lang = LANG, limit = LIMIT) {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), API_TIMEOUT_MS);
  try {
    const url = `${API}?${new URLSearchParams({ q, lang, limit: String(limit) })}`;
    const res = await fetch(url, { signal: ctrl.signal, headers: { Accept: "application/json" } });
    const type = res.headers.get("content-type") || "";
    if (res.status === 400 && type.includes("json")) return { error: (await res.json()).error, backend: "api" };
    if (!res.ok || !type.includes("json")) throw new Error(`API ${res.status}`);
    const body = await res.json();
    return { hits: body.hits, corrected: body.corrected || null, suggestion: body.suggestion || null, backend: "api" };
  } finally {
    clearTimeout(timer);
  }
}

let pagefind = null;
let t2s = null;
let queryData;                                    // undefined: not fetched yet; null: unavailable
async function fetchJson(url) {
  try {
    const res = await fetch(url);
    return res.ok ? await res.json() : null;
  } catch { return null; }
}
export async function loadPagefind() {
  const zh = LANG.startsWith("zh") && !t2s;
  const [pf, map, data] = await Promise.all([
    pagefind || import(PAGEFIND).then(async (m) => { await m.options({ excerptLength: 24 }); await m.init(); return m; }),
    zh ? fetchJson("/pagefind/t2s.json") : null,
    queryData === undefined ? fetchJson(`/pagefind/tda-query.${LANG}.json`) : queryData,
  ]);
  pagefind = pf;
  if (zh) t2s = map || {};
  queryData = data;
  return pagefind;
}

// zh-Hant records hold Simplified text; show the excerpt in the original characters
// (t2s keeps length, so offsets into content and meta.orig agree).
// Chinese records have a zero-width space between characters (static_index.cjk_chars); drop it.
function originalExcerpt(data) {
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

export async function searchPagefind(q, limit = LIMIT, propose = true) {
  const pf = await loadPagefind();
  const plan = understand(q, queryData, LANG.startsWith("zh") ? t2s : null);
  const jump = plan.jump || [];
  const searches = jump.length >= limit ? [] : plan.searches;
  const lists = await Promise.all(searches.map(async ({ text, weight }) =>
    ({ weight, results: (await pf.search(text)).results })));
  const merged = lists.length === 1 ? lists[0].results : mergeRanked(lists);
  const taken = new Set(jump.map((h) => h.id));
  const wanted = 2 * limit;                          // candidates for grouping by rule
  const picked = [];                                 // [position, data]: data() fetches a fragment
  for (let i = 0; i < merged.length && picked.length < wanted; i += limit) {
    const batch = merged.slice(i, i + limit);
    const datas = await Promise.all(batch.map((r) => r.data()));
    datas.forEach((d, j) => {
      if (!taken.has(d.meta.id) && picked.length < wanted) { taken.add(d.meta.id); picked.push([i + j, d]); }
    });
  }
  // Pagefind's scores are not comparable across searches: a score that falls with the merged rank
  // stands in for the API's normalised text score (ranking.py).
  const found = picked.map(([at, d]) => ({
    id: d.meta.id, rule: d.meta.rule, title: d.meta.title, url: d.url,
    snippet: originalExcerpt(d).replace(/<\/mark><mark>/g, ""), score: 1 / (1 + 0.25 * at), kind: d.meta.kind,
  }));
  const room = Math.max(0, limit - jump.length);
  const ranked = glossaryFirst(rankHits(found, plan.situation, queryData, room), plan.exact, queryData, LANG, room);
  const hits = [...jump.map((h, i) => ({ ...h, score: 100 - i })), ...ranked];
  const out = { backend: "pagefind", corrected: plan.corrected, hits };
  if (!hits.length && !plan.removed && propose) {       // "did you mean", only if it finds something
    const proposal = suggestion(q, queryData, LANG.startsWith("zh") ? t2s : null);
    if (proposal && (await searchPagefind(proposal, 1, false)).hits.length) out.suggestion = proposal;
  }
  return out;
}

export async function search(q, limit = LIMIT) {
  if (apiAvailable()) {
    try {
      const result = await searchApi(q, LANG, limit);
      apiWorked();
      return result;
    } catch (e) {
      apiFailed();
    }
  }
  return searchPagefind(q, limit);
}

// --- the box ------------------------------------------------------------------------------------

function mount() {
  if (document.querySelector(".tda-search")) return;
  const host = document.querySelector(".md-header__inner") || document.body;
  const form = document.createElement("form");
  form.className = "tda-search";
  form.setAttribute("role", "search");
  form.innerHTML =
    `<input type="search" name="q" class="tda-search__input" maxlength="200" autocomplete="off"` +
    ` enterkeyhint="search" aria-label="${escapeHtml(T.label)}" placeholder="${escapeHtml(T.placeholder)}">` +
    `<div class="tda-search__results" role="region" aria-live="polite" hidden></div>`;
  const before = host.querySelector(".md-header__option, .md-header__source, form.md-header__option");
  host.insertBefore(form, before || null);
  const input = form.querySelector("input");
  const box = form.querySelector(".tda-search__results");
  let seq = 0, timer = null;

  async function run() {
    const q = input.value.trim();
    const mine = ++seq;
    if (!q) { box.hidden = true; box.innerHTML = ""; return; }
    let result;
    try { result = await search(q); } catch (e) { result = { error: String(e.message || e) }; }
    if (mine !== seq) return;                      // a newer query is on its way
    box.hidden = false;
    if (result.error) { box.innerHTML = `<p class="tda-search__msg">${escapeHtml(result.error)}</p>`; return; }
    if (!result.hits.length) {
      // "Did you mean": the proposal is a button that runs it in the box
      box.innerHTML = `<p class="tda-search__msg">${escapeHtml(T.none)}` + (result.suggestion
        ? `. ${escapeHtml(T.didYouMean)} <button type="button" class="tda-search__suggestion">${escapeHtml(result.suggestion)}</button>?`
        : "") + "</p>";
      const button = box.querySelector(".tda-search__suggestion");
      if (button) button.addEventListener("click", () => { input.value = result.suggestion; input.focus(); run(); });
      return;
    }
    box.innerHTML =
      (result.backend === "pagefind" ? `<p class="tda-search__backend">${escapeHtml(T.offline)}</p>` : "") +
      "<ol>" + result.hits.map((h) =>
        `<li><a href="${escapeHtml(h.url)}" data-id="${escapeHtml(h.id)}">` +
        `<span class="tda-search__id">${escapeHtml(h.id.startsWith("term-") ? "≡" : h.id.replace(/^example-/, "ex "))}</span> ` +
        `<span class="tda-search__title">${escapeHtml(h.title)}</span>` +
        (h.snippet ? `<span class="tda-search__snippet">${safeSnippet(h.snippet)}</span>` : "") +
        `</a></li>`).join("") + "</ol>";
  }
  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(run, 180); });
  // Enter opens the results page (/<lang>/search/?q=…); a hit chosen with the arrow keys opens itself.
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const q = input.value.trim();
    if (q) location.href = resultsUrl(LANG, q);
  });
  const moveIn = (e) => {
    if (e.key === "Escape") { box.hidden = true; input.focus(); return; }
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const links = [...box.querySelectorAll("a")];
    if (box.hidden || !links.length) return;
    e.preventDefault();
    const at = links.indexOf(document.activeElement);
    const next = e.key === "ArrowDown" ? Math.min(links.length - 1, at + 1) : at - 1;
    if (next < 0) input.focus(); else links[next].focus();
  };
  form.addEventListener("keydown", moveIn);
  document.addEventListener("click", (e) => { if (!form.contains(e.target)) box.hidden = true; });
  input.addEventListener("focus", () => { if (box.innerHTML) box.hidden = false; });
}

function start() {
  mount();
  const page = document.querySelector("[data-tda-results]");
  if (page) mountResults(page, { search, escapeHtml, safeSnippet, lang: LANG });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
