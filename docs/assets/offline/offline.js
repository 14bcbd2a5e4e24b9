// Offline: registers the service worker (/sw.js), adds the "Save for offline" button (stores this
// language's whole rulebook, with its size and progress) and tells the reader when a newer
// rulebook has been installed. Offline, links to pages not on this device say so (the language
// menu names the languages not saved), and the "not saved" page (/<lang>/offline.html, which the
// worker shows for them) lists only what is saved. Its words are rulebook/ui/site.yaml's `offline`
// table, built to /data/ui/offline.<lang>.json. Plain ES module; the formatting helpers are
// exported for Node tests.

const UNITS = { kb: "{number} KB", mb: "{number} MB" };

/** "2.4 MB", "830 KB": decimal units, as the download size is shown; the number written the page's
 * way, the unit from the page's strings (`units`: {kb, mb} templates). */
export function formatBytes(bytes, lang = "en", units = UNITS) {
  const mb = bytes >= 1e6;
  const value = mb ? bytes / 1e6 : Math.max(1, Math.round(bytes / 1e3));
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: mb ? 1 : 0 }).format(value);
  return fill(mb ? units.mb : units.kb, { number });
}

export function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, key) => (key in params ? String(params[key]) : `{${key}}`));
}

const LANG = typeof document !== "undefined" ? document.documentElement.lang || "en" : "en";
const LANGUAGES = ["en", "zh-Hant", "zh-Hans", "ru"];
const STRINGS = `/data/ui/offline.${LANG}.json`;
let T = null;                                  // the page's strings, once loaded
const size = (bytes) => formatBytes(bytes, LANG, T);

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

// The panel's place at the end of the content, kept from the first layout on. The panel itself is
// filled only when it comes near the screen; filled into a place already laid out, it moves nothing
// below it, so the footer link a keyboard reader has just tabbed to stays where it was (the CSS
// reserves the height of the tallest button: Russian, wrapped on a narrow phone).
function reservePanel() {
  const host = document.querySelector(".md-content__inner");
  if (!host) return null;
  const panel = document.createElement("section");
  panel.className = "tda-offline";
  host.append(panel);
  return panel;
}

function buildPanel(panel, info) {
  panel.setAttribute("aria-label", T.save);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button tda-offline-save";
  button.textContent = `${T.save} (${fill(T.size, { size: size(info.bytes) })})`;
  const progress = document.createElement("progress");
  progress.max = info.files;
  progress.value = 0;
  progress.hidden = true;
  const status = document.createElement("p");
  status.className = "tda-offline-status";
  status.setAttribute("role", "status");
  panel.append(button, progress, status);
  panel.dataset.state = "ready";
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

// ---- offline: what is on this device --------------------------------------------------------------

function languageOf(url) {
  if (url.origin !== window.location.origin) return null;
  const first = url.pathname.split("/")[1];
  return LANGUAGES.includes(first) ? first : null;
}

async function savedLanguages() {
  const saved = new Set();
  for (const lang of LANGUAGES) if (await caches.match(`/offline/saved/${lang}`)) saved.add(lang);
  return saved;
}

// The worker keeps "/en/rules/43/" for "/en/rules/43/index.html" and ignores the query.
async function cached(url) {
  const path = url.pathname.endsWith("/index.html") ? url.pathname.slice(0, -"index.html".length) : url.pathname;
  return Boolean(await caches.match(url.origin + path));
}

function unmark() {
  for (const mark of document.querySelectorAll(".tda-offline-mark")) mark.remove();
  for (const link of document.querySelectorAll("a.tda-needs-network")) {
    link.classList.remove("tda-needs-network");
    link.removeAttribute("title");
  }
}

// Offline: every link to a page not on this device says it needs a connection before it is followed;
// in the language menu, the languages not saved say so in words.
async function markUnsaved() {
  unmark();
  if (navigator.onLine !== false) return;
  const saved = await savedLanguages();
  for (const link of document.querySelectorAll("a.md-select__link[hreflang]")) {
    const lang = link.getAttribute("hreflang");
    if (lang === LANG || saved.has(lang)) continue;
    const mark = document.createElement("span");
    mark.className = "tda-offline-mark";
    mark.lang = LANG;
    mark.textContent = `(${T.not_saved})`;
    link.append(mark);
  }
  const links = [...document.querySelectorAll("a[href]")].slice(0, 1000);
  for (const link of links) {
    const url = new URL(link.href, window.location.href);
    const lang = languageOf(url);
    if (!lang || saved.has(lang) || url.pathname === window.location.pathname || await cached(url)) continue;
    link.classList.add("tda-needs-network");
    link.title = T.needs_connection;
  }
}

// The "not saved" page lists the pages a saved language has: only those on this device stay.
async function listSaved() {
  const list = document.querySelector(".tda-offline-links");
  if (!list) return;
  let shown = 0;
  for (const item of list.querySelectorAll("li")) {
    const link = item.querySelector("a[href]");
    item.hidden = !(link && await cached(new URL(link.href, window.location.href)));
    shown += item.hidden ? 0 : 1;
  }
  const none = document.querySelector(".tda-offline-none");
  if (none) none.hidden = shown > 0;
  list.hidden = shown === 0;
}

// PDFs are large: each is saved on request, with a button beside its link (home page).
async function offerPdfs() {
  for (const link of document.querySelectorAll('.tda-downloads a[type="application/pdf"]')) {
    const url = new URL(link.href, window.location.href);
    const slot = document.createElement("span");
    slot.className = "tda-offline-pdf";
    slot.dataset.url = url.pathname;
    link.after(" ", slot);
    if (await cached(url)) { pdfSaved(slot); continue; }
    const button = document.createElement("button");
    button.type = "button";
    button.className = "md-button tda-offline-pdf-save";
    button.textContent = T.pdf_save;
    button.addEventListener("click", async () => {
      button.disabled = true;
      const ready = await navigator.serviceWorker.ready;
      ready.active?.postMessage({ type: "save-file", url: url.pathname });
    });
    slot.append(button);
  }
}

function pdfSaved(slot) {
  slot.textContent = `(${T.pdf_saved})`;
  slot.dataset.state = "saved";
}

// Resolves true once the panel is shown in `place`, false when there is none to show.
async function setup(place) {
  try { T = await json(STRINGS); } catch { return false; }                // no strings: no panel either
  if ("caches" in self) {
    listSaved().catch(() => {});
    markUnsaved().catch(() => {});
    offerPdfs().catch(() => {});
    window.addEventListener("offline", () => markUnsaved().catch(() => {}));
    window.addEventListener("online", unmark);
  }
  const hadController = Boolean(navigator.serviceWorker.controller);
  let ui = null;
  let info = null;
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data || {};
    if (data.type === "updated" && hadController) showUpdated();
    if (data.type === "file-saved" || data.type === "file-failed") {
      for (const slot of document.querySelectorAll(".tda-offline-pdf")) {
        if (slot.dataset.url !== data.url) continue;
        if (data.type === "file-saved") pdfSaved(slot);
        else {
          slot.querySelector("button")?.removeAttribute("disabled");
          slot.title = fill(T.failed, { message: data.message });
        }
      }
    }
    if (!ui || data.lang !== LANG) return;
    if (data.type === "progress") {
      ui.progress.hidden = false;
      ui.progress.max = data.total;
      ui.progress.value = data.done;
      ui.status.textContent = fill(T.saving, {
        percent: Math.floor((100 * data.done) / data.total),
        done: size(data.bytes), total: size(data.totalBytes),
      });
    } else if (data.type === "saved") {
      showSaved(ui, info);
    } else if (data.type === "save-failed") {
      ui.panel.dataset.state = "failed";
      ui.button.disabled = false;
      ui.progress.hidden = true;
      ui.status.textContent = fill(T.failed, { message: data.message });
    }
  });
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });

  // What this page fetched before the worker controlled it: let the worker keep it.
  navigator.serviceWorker.ready.then((ready) => {
    // With this language's "not saved" page and strings: offline, a page not saved says so in them.
    const urls = [window.location.href, new URL(`/${LANG}/offline.html`, window.location.href).href,
      new URL(STRINGS, window.location.href).href, ...performance.getEntriesByType("resource").map((e) => e.name)];
    ready.active?.postMessage({ type: "keep", urls });
  });

  // The panel sits at the end of the page: ask for the sizes only when it comes near the screen.
  if (!place) return false;
  await nearScreen(place);
  let summary;
  try { summary = await json("/offline/summary.json"); } catch { return false; }   // no worker, no network
  const mine = summary.languages[LANG];
  if (!mine) return false;
  info = { files: mine.files, bytes: mine.bytes, pages: mine.pages || mine.files };
  // Asked before the panel shows: a button on screen already listens, so no tap is lost.
  const saved = await savedHere(summary.version);
  ui = buildPanel(place, info);
  if (saved) showSaved(ui, info);
  ui.button.addEventListener("click", async () => {
    ui.button.disabled = true;
    ui.panel.dataset.state = "saving";
    ui.progress.hidden = false;
    ui.status.textContent = fill(T.saving, { percent: 0, done: size(0), total: size(info.bytes) });
    const ready = await navigator.serviceWorker.ready;
    (ready.active || registration.active).postMessage({ type: "save", lang: LANG });
  });
  return true;
}

// The panel's place is kept at once, before the page is first laid out for reading; registering the
// worker and filling the panel wait for an idle main thread: nothing there is needed to read the
// page, and the worker's registration competes with the page's own start. Without a worker (private
// mode, file://) the site still works online, and the place is given back.
if (typeof document !== "undefined" && typeof navigator !== "undefined" && "serviceWorker" in navigator) {
  const place = reservePanel();
  const start = () => setup(place).then((shown) => { if (!shown) place?.remove(); }, () => place?.remove());
  if (typeof requestIdleCallback === "function") requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 300);
}
