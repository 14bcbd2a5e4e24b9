// Site search box: asks /api/search (Whoosh, see docs/api.*.md); when that is unreachable
// (plain files, offline phone, no server) it falls back to the static Pagefind index in
// /pagefind/. Both backends give hits of the same form {id, rule, title, url, snippet}; each
// hit links to its part anchor. Plain ES module, no framework.
//
// Language: the page's <html lang>. Both Chinese sites search Simplified-folded text: the
// API folds with OpenCC itself; for Pagefind the query is folded here with /pagefind/t2s.json.
//
// The fallback (./fallback.js) understands queries with ./query.js (pure, tested in Node): a rule number
// jumps to that rule or part (synthesized hits, same form), glossary terms and abbreviations typed
// in another language become extra Pagefind searches merged by rank. Its data:
// /pagefind/tda-query.<lang>.json (static_index.query_data).

// The results page's module (results.js) is imported on /<lang>/search/ only. Import specifiers
// stay literal strings, so the build's hashed_assets rewrites them to the content-hashed names (and
// the offline file list, which takes every hashed asset, has them).
import SPEC from "./spec.js";          // loaded by every page's number box already

const LANG = document.documentElement.lang || "en";
const API = "/api/search";
const LIMIT = 10;
const API_TIMEOUT_MS = 2500;

const TEXT = {
  en: { placeholder: "Search rules: 43, min raise, string bet…", none: "No results", didYouMean: "Did you mean", offline: "offline search", label: "Search the rules",
    tooLong: "That is longer than 1,000 characters: keep what happened at the table.", invalid: "This search cannot be run: leave out symbols and try again." },
  "zh-Hant": { placeholder: "搜尋規則：43、最低加注…", none: "沒有結果", didYouMean: "您是不是要找", offline: "離線搜尋", label: "搜尋規則",
    tooLong: "超過 1,000 個字元：請只留下牌桌上發生的事。", invalid: "無法執行這個搜尋：請去掉符號後再試。" },
  "zh-Hans": { placeholder: "搜索规则：43、最低加注…", none: "没有结果", didYouMean: "您是不是要找", offline: "离线搜索", label: "搜索规则",
    tooLong: "超过 1,000 个字符：请只留下牌桌上发生的事。", invalid: "无法执行这个搜索：请去掉符号后再试。" },
  ru: { placeholder: "Поиск: 43, мин. рейз, стринг-бет…", none: "Ничего не найдено", didYouMean: "Возможно, вы имели в виду", offline: "офлайн-поиск", label: "Поиск по правилам",
    tooLong: "Длиннее 1000 символов: оставьте то, что произошло за столом.", invalid: "Такой запрос выполнить нельзя: уберите символы и попробуйте снова." },
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
    // the API's reasons are English: the reader gets one in the page's language
    if (res.status === 400 && type.includes("json")) return { error: T.invalid, backend: "api" };
    if (!res.ok || !type.includes("json")) throw new Error(`API ${res.status}`);
    const body = await res.json();
    return { hits: body.hits, corrected: body.corrected || null, suggestion: body.suggestion || null, backend: "api" };
  } finally {
    clearTimeout(timer);
  }
}

// The Pagefind fallback and its query understanding (fallback.js, query.js, understanding.js and the
// modules they import: ~16 KB) are imported the first time the fallback answers, not with every page.
let fallbackModule = null;
const fallback = () => (fallbackModule ||= import("./fallback.js"));
export async function loadPagefind() { return (await fallback()).loadPagefind(LANG); }
export async function searchPagefind(q, limit = LIMIT) {
  return (await fallback()).searchPagefind(q, limit, LANG, { escapeHtml, unescapeHtml });
}

// A story a player pastes is read up to this many characters once normalised (spec.yaml limits, as
// the API reads it).
export const MAX_QUERY = SPEC.limits.query_characters;

export async function search(q, limit = LIMIT) {
  if (q.normalize("NFKC").length > MAX_QUERY) return { error: T.tooLong, backend: "box" };
  // The browser knows it is offline: straight to the saved index, no request that can only fail.
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  if (!offline && apiAvailable()) {
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
    `<input type="search" name="q" class="tda-search__input" maxlength="${MAX_QUERY}" autocomplete="off"` +
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

/** The results page's own URL for a query (shareable). */
export function resultsUrl(lang, q) {
  return `/${lang}/search/?${new URLSearchParams({ q })}`;
}

function start() {
  mount();
  const page = document.querySelector("[data-tda-results]");
  if (page) {
    import("./results.js").then(({ mountResults }) =>
      mountResults(page, { search, escapeHtml, safeSnippet, resultsUrl, lang: LANG }));
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
