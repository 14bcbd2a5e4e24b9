// The results page /<lang>/search/?q=… (docs/search.<lang>.md holds its static markup): the same
// search() as the header box (API, else the Pagefind fallback), more hits, grouped by rule, the
// matched words highlighted, arrow keys and Enter to move and open, the query kept in the URL so a
// results page can be shared. Grouping is pure (ranking.groupByRule, tested in Node).

import { groupByRule } from "./ranking.js";

export const RESULTS_LIMIT = 30;

const TEXT = {
  en: { label: "Search the rules", go: "Search", none: "No results for", didYouMean: "Did you mean", fixed: "Showing results for", offline: "offline search", rule: "Rule", more: "Also in this rule" },
  "zh-Hant": { label: "搜尋規則", go: "搜尋", none: "沒有結果：", didYouMean: "您是不是要找", fixed: "顯示以下結果：", offline: "離線搜尋", rule: "規則", more: "同一規則" },
  "zh-Hans": { label: "搜索规则", go: "搜索", none: "没有结果：", didYouMean: "您是不是要找", fixed: "显示以下结果：", offline: "离线搜索", rule: "规则", more: "同一规则" },
  ru: { label: "Поиск по правилам", go: "Найти", none: "Ничего не найдено:", didYouMean: "Возможно, вы имели в виду", fixed: "Показаны результаты для", offline: "офлайн-поиск", rule: "Правило", more: "Ещё в этом правиле" },
};

// resultsUrl comes from search.js (the header box needs it on every page; this module is loaded
// on the results page only).
export function mountResults(root, { search, escapeHtml, safeSnippet, resultsUrl, lang }) {
  const T = TEXT[lang] || TEXT.en;
  root.innerHTML =
    `<form class="tda-results__form" role="search"><input type="search" name="q" maxlength="1000" autocomplete="off"` +
    ` enterkeyhint="search" aria-label="${escapeHtml(T.label)}"><button type="submit">${escapeHtml(T.go)}</button></form>` +
    `<p class="tda-results__status" aria-live="polite"></p><div class="tda-results__list"></div>`;
  const form = root.querySelector("form"), input = form.querySelector("input");
  const status = root.querySelector(".tda-results__status"), list = root.querySelector(".tda-results__list");
  let seq = 0;

  async function run(q, push) {
    const mine = ++seq;
    input.value = q;
    if (push) history.replaceState(null, "", resultsUrl(lang, q));
    if (!q.trim()) { status.textContent = ""; list.innerHTML = ""; return; }
    let result;
    try { result = await search(q, RESULTS_LIMIT); } catch (e) { result = { error: String(e.message || e) }; }
    if (mine !== seq) return;
    if (result.error) { status.textContent = result.error; list.innerHTML = ""; return; }
    const notes = [];
    if (result.backend === "pagefind") notes.push(T.offline);
    if (result.corrected) notes.push(`${T.fixed} “${result.corrected}”`);
    if (!result.hits.length) notes.push(`${T.none} “${q}”`);
    status.textContent = notes.join(" · ");
    if (result.suggestion) {       // "Did you mean": a link to its own results (shareable), run in place
      const link = document.createElement("a");
      link.className = "tda-results__suggestion";
      link.href = resultsUrl(lang, result.suggestion);
      link.textContent = result.suggestion;
      link.addEventListener("click", (e) => { e.preventDefault(); run(result.suggestion, true); });
      status.append(`${notes.length ? " · " : ""}${T.didYouMean} `, link, "?");
    }
    list.innerHTML = groupByRule(result.hits).map((g) => {
      const [first, ...rest] = g.hits;
      const label = g.rule ? `${g.rule.startsWith("RP-") ? g.rule : `${T.rule} ${g.rule}`}` : "≡";
      return `<section class="tda-results__group">` +
        `<h2><a href="${escapeHtml(first.url)}" data-result><span class="tda-results__id">${escapeHtml(label)}</span> ${escapeHtml(g.title)}</a></h2>` +
        (first.snippet ? `<p class="tda-results__snippet">${safeSnippet(first.snippet)}</p>` : "") +
        (rest.length ? `<ul aria-label="${escapeHtml(T.more)}">` + rest.map((h) =>
          `<li><a href="${escapeHtml(h.url)}" data-result><span class="tda-results__id">${escapeHtml(h.id.replace(/^example-/, "ex ").replace(/^term-/, "≡ "))}</span>` +
          (h.snippet ? ` <span class="tda-results__snippet">${safeSnippet(h.snippet)}</span>` : ` ${escapeHtml(h.title)}`) +
          `</a></li>`).join("") + "</ul>" : "") +
        `</section>`;
    }).join("");
  }

  form.addEventListener("submit", (e) => { e.preventDefault(); run(input.value.trim(), true); });
  // Arrow keys move through the results (from the box too); Enter on a result opens it (native).
  root.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const links = [...list.querySelectorAll("a[data-result]")];
    if (!links.length) return;
    const at = links.indexOf(document.activeElement);
    const next = e.key === "ArrowDown" ? Math.min(links.length - 1, at + 1) : at - 1;
    e.preventDefault();
    if (next < 0) input.focus(); else links[next].focus();
  });
  const q = new URLSearchParams(location.search).get("q") || "";
  run(q, false);
  if (!q) input.focus();
}
