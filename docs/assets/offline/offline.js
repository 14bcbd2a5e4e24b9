// Offline: registers the service worker (/sw.js), adds the "Save for offline" button (stores this
// language's whole rulebook, with its size and progress) and tells the reader when a newer
// rulebook has been installed. Plain ES module; the formatting helpers are exported for Node tests.

const TEXT = {
  en: {
    save: "Save for offline", size: "{size} to download", saving: "Saving for offline… {percent} % ({done} of {total})",
    saved: "Saved for offline: all {count} pages, the calculators and search work without a connection.",
    failed: "Could not save for offline: {message}", updated: "A newer rulebook is available.", reload: "Reload",
  },
  "zh-Hant": {
    save: "儲存以供離線使用", size: "需下載 {size}", saving: "正在儲存以供離線使用… {percent}%（{done} / {total}）",
    saved: "已儲存以供離線使用：全部 {count} 頁、計算器和搜尋在沒有網路時都能使用。",
    failed: "無法儲存以供離線使用：{message}", updated: "有更新版本的規則。", reload: "重新載入",
  },
  "zh-Hans": {
    save: "保存以供离线使用", size: "需下载 {size}", saving: "正在保存以供离线使用… {percent}%（{done} / {total}）",
    saved: "已保存以供离线使用：全部 {count} 页、计算器和搜索在没有网络时都能使用。",
    failed: "无法保存以供离线使用：{message}", updated: "有更新版本的规则。", reload: "重新加载",
  },
  ru: {
    save: "Сохранить для офлайн-доступа", size: "загрузка {size}", saving: "Сохранение для офлайн-доступа… {percent} % ({done} из {total})",
    saved: "Сохранено для офлайн-доступа: все {count} страниц, калькуляторы и поиск работают без сети.",
    failed: "Не удалось сохранить для офлайн-доступа: {message}", updated: "Доступна новая версия правил.", reload: "Обновить",
  },
};

/** "2.4 MB", "830 KB" in the page's language (decimal units, as the download size is shown). */
export function formatBytes(bytes, lang = "en") {
  const mb = bytes >= 1e6;
  const value = mb ? bytes / 1e6 : Math.max(1, Math.round(bytes / 1e3));
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: mb ? 1 : 0 }).format(value);
  const unit = lang === "ru" ? (mb ? "МБ" : "КБ") : (mb ? "MB" : "KB");
  return `${number} ${unit}`;
}

export function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in params ? String(params[key]) : `{${key}}`));
}

const LANG = typeof document !== "undefined" ? document.documentElement.lang || "en" : "en";
const T = TEXT[LANG] || TEXT.en;

async function json(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

async function savedHere(version) {
  if (!("caches" in self)) return false;
  const cache = await caches.open(`tda-${version}`);
  return Boolean(await cache.match(`/offline/saved/${LANG}`));
}

function buildPanel(info) {
  const panel = document.createElement("section");
  panel.className = "tda-offline";
  panel.setAttribute("aria-label", T.save);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button tda-offline-save";
  const size = fill(T.size, { size: formatBytes(info.bytes, LANG) });
  button.textContent = `${T.save} (${size})`;
  const progress = document.createElement("progress");
  progress.max = info.files;
  progress.value = 0;
  progress.hidden = true;
  const status = document.createElement("p");
  status.className = "tda-offline-status";
  status.setAttribute("role", "status");
  panel.append(button, progress, status);
  const host = document.querySelector(".md-content__inner") || document.body;
  host.append(panel);
  return { panel, button, progress, status };
}

function showSaved(ui, info) {
  ui.button.hidden = true;
  ui.progress.hidden = true;
  ui.status.textContent = fill(T.saved, { count: info.pages });
  ui.panel.dataset.state = "saved";
}

function showUpdated() {
  if (document.querySelector(".tda-update")) return;
  const bar = document.createElement("div");
  bar.className = "tda-update";
  bar.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = T.updated;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button md-button--primary";
  button.textContent = T.reload;
  button.addEventListener("click", () => window.location.reload());
  bar.append(text, " ", button);
  document.body.append(bar);
}

function nearScreen(node) {
  if (!node || !("IntersectionObserver" in window)) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) { observer.disconnect(); resolve(); }
    }, { rootMargin: "800px 0px" });
    observer.observe(node);
  });
}

// The content's last element on screen: print-only lines (the short URL) end the page but are never
// laid out, and an observer never sees them intersect.
function lastShown(host) {
  if (!host) return null;
  const shown = [...host.children].filter((node) => node.getClientRects().length > 0);
  return shown.length ? shown[shown.length - 1] : host;
}

async function setup() {
  if (!("serviceWorker" in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  let ui = null;
  let info = null;
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "updated" && hadController) showUpdated();
    if (!ui || data.lang !== LANG) return;
    if (data.type === "progress") {
      ui.progress.hidden = false;
      ui.progress.max = data.total;
      ui.progress.value = data.done;
      ui.status.textContent = fill(T.saving, {
        percent: Math.floor((100 * data.done) / data.total),
        done: formatBytes(data.bytes, LANG), total: formatBytes(data.totalBytes, LANG),
      });
    } else if (data.type === "saved") {
      showSaved(ui, info);
    } else if (data.type === "save-failed") {
      ui.button.disabled = false;
      ui.progress.hidden = true;
      ui.status.textContent = fill(T.failed, { message: data.message });
    }
  });
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });

  // What this page fetched before the worker controlled it: let the worker keep it.
  navigator.serviceWorker.ready.then((ready) => {
    const urls = [window.location.href, ...performance.getEntriesByType("resource").map((e) => e.name)];
    ready.active?.postMessage({ type: "keep", urls });
  });

  // The panel sits at the end of the page: ask for the sizes only when it comes near the screen.
  await nearScreen(lastShown(document.querySelector(".md-content__inner")));
  let summary;
  try { summary = await json("/offline/summary.json"); } catch { return; }   // no worker and no network
  const mine = summary.languages[LANG];
  if (!mine) return;
  info = { files: mine.files, bytes: mine.bytes, pages: mine.pages || mine.files };
  ui = buildPanel(info);
  if (await savedHere(summary.version)) showSaved(ui, info);
  ui.button.addEventListener("click", async () => {
    ui.button.disabled = true;
    ui.progress.hidden = false;
    ui.status.textContent = fill(T.saving, { percent: 0, done: formatBytes(0, LANG), total: formatBytes(info.bytes, LANG) });
    const ready = await navigator.serviceWorker.ready;
    (ready.active || registration.active).postMessage({ type: "save", lang: LANG });
  });
}

// Registering the worker and building the panel wait for an idle main thread: nothing here is
// needed to read the page, and the worker's registration competes with the page's own start.
function start() {
  setup().catch(() => { /* no worker (private mode, file://): the site still works online */ });
}
if (typeof document !== "undefined") {
  if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 300);
}
