// The rulebook's service worker (written to /sw.js by plugins/tdarules/web/offline.py, which fills
// in VERSION and the offline page's words). Hand-written on purpose: Workbox's precache installs one
// list up front, all or nothing, while here a reader opts in per language ("Save for offline", several MB) and
// what was merely read must be carried over to the next build. Workbox still does the part it is
// made for: workbox-build's getManifest lists the files with their revisions (offline/*.json).
//
// One cache per build, "tda-<VERSION>": a new build never mixes with the old one. Its worker
// installs a fresh cache, copies from the old one every entry whose revision did not change,
// fetches the changed ones, then takes over and deletes the old cache; pages are told
// ({type: "updated"}) so they can offer a reload.

const VERSION = "__TDA_VERSION__";
const PREFIX = "tda-";
const CACHE = PREFIX + VERSION;
const REVISION = "x-tda-revision";            // header kept on cached responses: the file's revision
const SAVED = "/offline/saved/";              // marker entries: a language saved with the button
const PARALLEL = 6;
const LANGUAGES = ["en", "zh-Hant", "zh-Hans", "ru"];
// {lang: {title, text}}, filled in by the build: the last-resort page's words (see notSaved).
const OFFLINE_TEXT = /*__TDA_OFFLINE_TEXT__*/ {};

// "/en/rules/43/index.html" and "/en/rules/43/" are one page.
function keyOf(url) {
  const u = new URL(url, self.location.origin);
  const path = u.pathname.endsWith("/index.html") ? u.pathname.slice(0, -"index.html".length) : u.pathname;
  return u.origin + path;
}

function neverCached(url) {
  return url.pathname.startsWith("/api/") || url.pathname === "/sw.js" || url.pathname.startsWith("/r/")
    || url.pathname.endsWith("/sitemap.xml");
}

// Cached copy of a response without its transfer headers (the body is stored decoded).
async function stored(response, revision) {
  const headers = new Headers(response.headers);
  headers.delete("content-encoding");
  headers.delete("content-length");
  if (revision) headers.set(REVISION, revision);
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

async function fetchInto(cache, url, revision, hashed) {
  const response = await fetch(url, { cache: hashed ? "default" : "no-cache", credentials: "same-origin" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await cache.put(keyOf(url), await stored(response, revision));
}

async function pool(items, work) {
  let next = 0;
  const runners = Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(runners);
}

async function getJson(url) {
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

// ---- install: carry the reader's old cache over to this build --------------------------------

async function migrate() {
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  if (!older.length) return;
  const manifest = await getJson("/offline/manifest.json");
  // The server already has an even newer build: let that build's worker do the work.
  if (manifest.version !== VERSION) throw new Error("the site changed during the update");
  const cache = await caches.open(CACHE);
  for (const name of older) {
    const old = await caches.open(name);
    const requests = await old.keys();
    await pool(requests, async (request) => {
      const url = new URL(request.url);
      if (url.pathname.startsWith(SAVED)) {
        await cache.put(request, new Response(JSON.stringify({ version: VERSION })));
        return;
      }
      const revision = manifest.files[url.pathname];
      if (revision === undefined) return;                   // gone in this build
      const response = await old.match(request);
      const kept = response && response.headers.get(REVISION);
      if (kept && kept === (revision || url.pathname)) await cache.put(request, response);
      else await fetchInto(cache, url.pathname, revision || url.pathname, revision === null);
    });
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(migrate().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
    await Promise.all(older.map((name) => caches.delete(name)));
    await self.clients.claim();
    if (older.length) broadcast({ type: "updated", version: VERSION });
  })());
});

// ---- fetch: this build's cache first, then the network (kept for next time) --------------------

async function respond(event, url) {
  const cache = await caches.open(CACHE);
  const request = event.request;
  const key = keyOf(url.href);
  const hit = await cache.match(key);
  if (hit) return hit;
  // Known to be offline: no request that can only fail (and fill the page's console with errors).
  if (request.mode === "navigate" && self.navigator.onLine === false) return notSaved(cache, url, request);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && !request.headers.has("range")) {
      const copy = response.clone();
      event.waitUntil(stored(copy, null).then((entry) => cache.put(key, entry)));
    }
    return response;
  } catch (error) {
    if (request.mode === "navigate") return notSaved(cache, url, request);   // never the browser's error page
    throw error;
  }
}

function languageOf(pathname) {
  const first = pathname.split("/")[1];
  return LANGUAGES.includes(first) ? first : null;
}

async function savedLanguages(cache) {
  const saved = [];
  for (const lang of LANGUAGES) if (await cache.match(`${self.location.origin}${SAVED}${lang}`)) saved.push(lang);
  return saved;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// A navigation the cache cannot answer and the network did not: a page of a saved language that is
// not in the cache is no page of the site (its 404 page); any other is a page not saved, said in the
// reader's language (the page they came from, the page asked for, a saved language) with links to
// what is saved (/<lang>/offline.html). A reader with no such page cached gets a plain one.
async function notSaved(cache, url, request) {
  const target = languageOf(url.pathname);
  const saved = await savedLanguages(cache);
  if (target && saved.includes(target)) {
    const missing = await cache.match(`${url.origin}/${target}/404.html`);
    if (missing) return missing;
  }
  let from = null;
  try { from = request.referrer ? languageOf(new URL(request.referrer).pathname) : null; } catch { /* no referrer */ }
  const order = [...new Set([from, target, ...saved, ...LANGUAGES].filter(Boolean))];
  for (const lang of order) {
    const page = await cache.match(`${url.origin}/${lang}/offline.html`);
    if (page) return page;
  }
  const lang = order.find((l) => OFFLINE_TEXT[l]) || "en";
  const words = OFFLINE_TEXT[lang] || { title: "Offline", text: "" };
  const home = saved.includes(lang) || !saved.length ? lang : saved[0];
  const body = `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">`
    + `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(words.title)}</title></head>`
    + `<body><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.text)}</p>`
    + `<p><a href="/${escapeHtml(home)}/">TDA</a></p></body></html>`;
  return new Response(body, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}

// Material's language selector reads every alternate's page sitemap on each page view; they are not
// kept (one per page), so offline the worker writes the one-entry sitemap the build would have served.
function pageSitemap(url) {
  const path = url.pathname.slice(0, -"sitemap.xml".length);
  const rest = path.split("/").slice(2).join("/");
  const at = (lang) => `${url.origin}/${lang}/${rest}`;
  const links = LANGUAGES.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeHtml(at(lang))}"/>`).join("");
  const body = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    + `xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>${escapeHtml(url.origin + path)}</loc>${links}</url></urlset>`;
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8" } });
}

async function sitemap(request, url) {
  if (self.navigator.onLine !== false) {
    try { return await fetch(request); } catch { /* offline after all */ }
  }
  return pageSitemap(url);
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.endsWith("/sitemap.xml") && languageOf(url.pathname) && !url.search) {
    event.respondWith(sitemap(event.request, url));
    return;
  }
  if (neverCached(url)) return;
  event.respondWith(respond(event, url));
});

// ---- messages from pages ------------------------------------------------------------------------

async function broadcast(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}

// "Save for offline": every file of one language's rulebook, with progress.
async function save(lang) {
  const list = await getJson(`/offline/${encodeURIComponent(lang)}.json`);
  if (list.version !== VERSION) {
    await self.registration.update();
    throw new Error("a newer rulebook is being installed; try again in a moment");
  }
  const cache = await caches.open(CACHE);
  let done = 0;
  let bytes = 0;
  let last = 0;
  await pool(list.files, async (file) => {
    const cached = await cache.match(keyOf(file.url));
    const revision = file.revision || file.url;
    if (!cached || cached.headers.get(REVISION) !== revision) await fetchInto(cache, file.url, revision, file.revision === null);
    done += 1;
    bytes += file.size;
    if (Date.now() - last > 150 || done === list.files.length) {
      last = Date.now();
      broadcast({ type: "progress", lang, done, total: list.files.length, bytes, totalBytes: list.bytes });
    }
  });
  await cache.put(`${self.location.origin}${SAVED}${lang}`, new Response(JSON.stringify({ version: VERSION, bytes: list.bytes })));
  broadcast({ type: "saved", lang, bytes: list.bytes, version: VERSION });
}

// Pages loaded before this worker controlled them: cache what they already fetched (from the
// HTTP cache, so nothing is downloaded twice).
async function keep(urls) {
  const cache = await caches.open(CACHE);
  await pool(urls, async (href) => {
    const url = new URL(href);
    if (url.origin !== self.location.origin || neverCached(url) || await cache.match(keyOf(href))) return;
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (response.ok) await cache.put(keyOf(href), await stored(response, null));
    } catch { /* offline already: nothing to keep */ }
  });
}

// One large file saved on request (a PDF): not part of a language's save, carried over to a new
// build like everything else (offline/manifest.json lists it).
async function saveFile(href) {
  const url = new URL(href, self.location.origin);
  try {
    if (url.origin !== self.location.origin || !url.pathname.startsWith("/pdf/")) throw new Error(url.pathname);
    await fetchInto(await caches.open(CACHE), url.pathname, null, false);
    broadcast({ type: "file-saved", url: url.pathname });
  } catch (error) {
    broadcast({ type: "file-failed", url: url.pathname, message: String(error.message || error) });
  }
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "save") {
    event.waitUntil(save(String(data.lang)).catch((error) => broadcast({ type: "save-failed", lang: data.lang, message: String(error.message || error) })));
  } else if (data.type === "save-file" && typeof data.url === "string") {
    event.waitUntil(saveFile(data.url));
  } else if (data.type === "keep" && Array.isArray(data.urls)) {
    event.waitUntil(keep(data.urls.slice(0, 200).map(String)));
  } else if (data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage({ version: VERSION });
  }
});
