// Every page: number box, language switch that keeps the part anchor, copy buttons, and the parallel
// (companion) view. Plain ES module; the parsing logic is exported so it can be tested without a DOM.

import { parseRuleNumber as parseQuery, partReading } from "../search/number.js";

/** The number box: what the search understands as a rule number ("43b", "規則43", "правило 43-B",
 * "RP 5"), limited to the rules that exist (`parts`: the current edition's rules and their part
 * letters, from the page; a new edition may have more or fewer) → {rule, part, reading},
 * {…, missingPart: true}, or null.
 * `reading` ("45-В → 45-B") when a part letter typed in Cyrillic was read as its Latin look-alike. */
export function parseRuleNumber(raw, parts = null) {
  const parsed = parseQuery(raw);
  if (!parsed || parsed.old) return null;        // 2017 numbers need the renumbering: the search box has it
  const { id, part } = parsed;
  const n = Number(id.replace("RP-", ""));
  if (n < 1 || (parts && !(id in parts))) return null;
  if (part && parts && !(parts[id] || []).includes(part)) return { rule: id, part, missingPart: true };
  return { rule: id, part, reading: partReading(raw, id, part) };
}

// The box opens another page at once; what it read a Cyrillic letter as is said there, beside the
// part it opened, so the note is kept for that one page load.
const NOTE_KEY = "tda-goto-note";

/** The number box's note for the page at `path` + `hash`, from what the box stored before opening
 * it ({url, text} as JSON); null when it was written for another page (or nothing was stored). */
export function arrivalNote(stored, path, hash) {
  try {
    const note = JSON.parse(stored);
    return note && note.url === path + hash && typeof note.text === "string" ? note.text : null;
  } catch {
    return null;
  }
}

function showArrivalNote() {
  let stored;
  try {
    stored = sessionStorage.getItem(NOTE_KEY);
    if (stored !== null) sessionStorage.removeItem(NOTE_KEY);
  } catch {
    return;                                        // storage blocked: the box said it before leaving
  }
  const text = arrivalNote(stored, window.location.pathname, window.location.hash);
  if (!text) return;
  const note = document.createElement("p");
  note.className = "tda-goto-note";
  note.setAttribute("role", "status");
  note.textContent = text;
  const part = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
  const head = part && part.querySelector(".tda-part-head");
  if (head) head.after(note);
  else (document.querySelector("article h1") || document.body.firstElementChild).after(note);
}

export function ruleUrl(lang, rule, part) {
  const path = rule.startsWith("RP-") ? `rp/${rule.slice(3)}/` : `rules/${rule}/`;
  return `/${lang}/${path}${part ? `#${rule}-${part}` : ""}`;
}

function pageLanguage() {
  return document.documentElement.lang || "en";
}

function setupNumberBox() {
  const form = document.querySelector("form.tda-goto");
  if (!form) return;
  const input = form.querySelector("input");
  const error = form.querySelector(".tda-goto-error");
  const partsNode = document.getElementById("tda-parts");
  const parts = partsNode ? JSON.parse(partsNode.textContent) : null;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const parsed = parseRuleNumber(input.value, parts);
    if (!parsed) {
      error.textContent = input.dataset.msgInvalid.replace("{value}", input.value.trim());
      input.setAttribute("aria-invalid", "true");
      return;
    }
    if (parsed.missingPart) {
      error.textContent = input.dataset.msgNoPart.replace("{rule}", parsed.rule).replace("{part}", parsed.part);
      input.setAttribute("aria-invalid", "true");
      return;
    }
    input.removeAttribute("aria-invalid");
    const url = ruleUrl(pageLanguage(), parsed.rule, parsed.part);
    error.textContent = "";
    if (parsed.reading && input.dataset.msgReadAs) {
      const text = input.dataset.msgReadAs.replace("{reading}", parsed.reading);
      error.textContent = text;
      try { sessionStorage.setItem(NOTE_KEY, JSON.stringify({ url, text })); } catch { /* said here only */ }
    }
    window.location.href = url;
  });
}

async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard API needs a secure context; 127.0.0.1 is one, a LAN address is not: fall back.
    const area = document.createElement("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  button.classList.add("tda-copied");
  setTimeout(() => button.classList.remove("tda-copied"), 1200);
}

function setupCopyButtons() {
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button.tda-copy");
    if (!button) return;
    if (button.dataset.copy === "link") {
      const url = new URL(window.location.href);
      url.hash = button.dataset.anchor;
      copyText(url.toString(), button);
    } else {
      copyText(button.dataset.citation, button);
    }
  });
}

// ---- language switch ------------------------------------------------------------------------

/** The language switcher's link for another language, keeping the part anchor (#43-B). */
export function withHash(href, hash) {
  if (!hash || hash === "#") return href;
  const at = href.indexOf("#");
  return (at === -1 ? href : href.slice(0, at)) + hash;
}

// Switching language keeps the reader on the same part: rule pages share anchors in every language.
function keepAnchorOnLanguageSwitch() {
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[hreflang].md-select__link");
    if (!link || !window.location.hash) return;
    link.href = withHash(link.getAttribute("href"), window.location.hash);
  }, true);
}

// ---- glossary terms: their renderings in place --------------------------------------------------

const GLOSSARY = { en: "Glossary", "zh-Hant": "詞彙表", "zh-Hans": "词汇表", ru: "Глоссарий" };

/** The renderings a term link carries ("bet · 下注 · ставка", Simplified added when it differs),
 * each with its language. */
export function termRenderings(title) {
  const names = String(title || "").split(" · ").map((s) => s.trim()).filter(Boolean);
  if (names.length < 2) return names.map((text) => ({ text, lang: "en" }));
  const middle = names.slice(1, -1);
  const zh = middle.length === 2 ? ["zh-Hant", "zh-Hans"] : ["zh-Hant"];
  return [{ text: names[0], lang: "en" }, ...middle.map((text, i) => ({ text, lang: zh[i] || "zh-Hant" })),
          { text: names[names.length - 1], lang: "ru" }];
}

// A tap on a glossary term opens a small popover with the term in every language and a link to its
// glossary row, instead of leaving the rule; a second tap, Escape or a tap elsewhere closes it.
function setupTermPopovers() {
  // Material's tooltips take the title away while the pointer is on the link: keep a copy.
  for (const link of document.querySelectorAll("a.tda-term[title]")) link.dataset.renderings = link.title;
  let open = null;
  const close = () => {
    if (!open) return;
    open.link.setAttribute("aria-expanded", "false");
    open.link.title = open.link.dataset.renderings;
    open.box.remove();
    open = null;
  };
  document.addEventListener("click", (event) => {
    if (event.target.closest(".tda-term-pop")) return;
    const link = event.target.closest("a.tda-term");
    const again = open && link && open.link === link;
    close();
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (again) return;
    const box = document.createElement("span");
    box.className = "tda-term-pop";
    box.id = "tda-term-pop";
    box.setAttribute("role", "note");
    const list = document.createElement("span");
    list.className = "tda-term-names";
    for (const { text, lang } of termRenderings(link.dataset.renderings || link.title)) {
      const name = document.createElement("span");
      name.lang = lang;
      name.textContent = text;
      list.append(name);
    }
    const more = document.createElement("a");
    more.href = link.href;
    more.textContent = `${GLOSSARY[pageLanguage()] || GLOSSARY.en} →`;
    box.append(list, more);
    // After the whole block, not right after the link: a box there would cut the sentence in two.
    (link.closest("p, li, td, dd") || link.parentElement).append(box);
    // Material's tooltip (from the title) would sit on the popover that says the same: none while open.
    link.removeAttribute("title");
    link.setAttribute("aria-expanded", "true");
    link.setAttribute("aria-controls", box.id);
    open = { link, box };
  });
  document.addEventListener("keydown", (event) => {
    // The popover sits after its block, but for the keyboard it follows its term: Tab from the term
    // enters it, Shift+Tab from its link returns to the term.
    if (event.key === "Tab" && open) {
      const into = !event.shiftKey && document.activeElement === open.link;
      const back = event.shiftKey && open.box.contains(document.activeElement);
      if (into || back) {
        event.preventDefault();
        (into ? open.box.querySelector("a") : open.link).focus();
      }
      return;
    }
    if (event.key !== "Escape" || !open) return;
    const { link } = open;
    close();
    link.focus();
  });
}

// ---- share ------------------------------------------------------------------------------------

const SHARE = { en: "Share", "zh-Hant": "分享", "zh-Hans": "分享", ru: "Поделиться" };

/** The language-neutral short link of a rule, or of the part in the address bar: /r/43, /r/43-B. */
export function shortLink(origin, ruleId, hash) {
  const prefix = `#${ruleId}-`;
  const letter = (hash || "").startsWith(prefix) ? hash.slice(prefix.length) : "";
  return `${origin}/r/${ruleId}${/^[A-Z]$/.test(letter) ? `-${letter}` : ""}`;
}

// A share button beside "copy citation": the phone's share sheet (Web Share API) with the short
// link, which opens in each recipient's own language; where there is none, the link is copied.
function setupShare() {
  const root = document.querySelector(".tda-rule");
  // In the tools bar, whose room the stylesheet keeps from the first paint: added to the meta line
  // it wrapped onto a new line and pushed the rule text down (CLS 0.04–0.06 on a phone).
  const meta = root && (root.querySelector(".tda-companion-bar") || root.querySelector(".tda-rule-meta"));
  if (!meta) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "tda-copy tda-tool tda-share";
  // An icon in the one-row tools bar; its name is for screen readers and the tooltip.
  const name = SHARE[pageLanguage()] || SHARE.en;
  button.textContent = "↗";
  button.setAttribute("aria-label", name);
  button.title = name;
  button.addEventListener("click", async () => {
    const url = shortLink(window.location.origin, root.dataset.rule, window.location.hash);
    if (navigator.share) {
      try {
        await navigator.share({ title: document.title, url });
        return;
      } catch (error) {
        if (error && error.name === "AbortError") return;        // the reader closed the sheet
      }
    }
    copyText(url, button);
  });
  meta.append(button);
}

// ---- companion (parallel) view -------------------------------------------------------------

const LANGUAGES = { en: "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文", ru: "Русский" };
const STORAGE_KEY = "tda-companion";
const loaded = new Map();

export function companionFor(pageLang, stored) {
  if (stored === "none") return null;
  if (stored && stored in LANGUAGES && stored !== pageLang) return stored;
  return pageLang === "en" ? null : "en";
}

// Only the rule shown (a few KB, <data folder>/<lang>/rules/<id>.json), not the whole edition. The
// page names the current edition's data folder (data-data="/data/<year>/"): a new edition moves it.
async function loadRule(folder, lang, ruleId) {
  const key = `${lang}/${ruleId}`;
  if (!loaded.has(key)) {
    loaded.set(key, fetch(`${folder}${lang}/rules/${encodeURIComponent(ruleId)}.json`).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json();
    }));
  }
  return loaded.get(key);
}

function storedCompanion() {
  try { return localStorage.getItem(STORAGE_KEY); } catch { return null; }
}

function storeCompanion(value) {
  try { localStorage.setItem(STORAGE_KEY, value); } catch { /* private mode: choice lasts this page */ }
}

async function showCompanion(root, lang) {
  // The default (English beside zh/ru) is already in the page, rendered at build time.
  if (lang && lang === root.dataset.companion) {
    root.classList.add("tda-parallel");
    return;
  }
  delete root.dataset.companion;
  root.querySelectorAll(".tda-companion").forEach((node) => node.remove());
  root.classList.toggle("tda-parallel", Boolean(lang));
  if (!lang) return;
  const bar = root.querySelector(".tda-companion-bar");
  const status = bar.querySelector(".tda-companion-status");
  status.textContent = bar.dataset.loading;
  let rule;
  try {
    rule = await loadRule(root.dataset.data, lang, root.dataset.rule);
  } catch {
    status.textContent = bar.dataset.failed;
    root.classList.remove("tda-parallel");
    return;
  }
  status.textContent = "";
  root.querySelectorAll("section.tda-part").forEach((section) => {
    const letter = section.dataset.part;
    let htmlText = null;
    if (letter === "" ) htmlText = rule.html;
    else if (rule.parts[letter]) htmlText = rule.parts[letter].html;
    if (htmlText == null) return;
    const aside = document.createElement("div");
    aside.className = "tda-companion";
    aside.lang = lang;
    aside.innerHTML = htmlText; // produced by our build from escaped text (see pages.py)
    const text = section.querySelector(".tda-part-text") || section;
    text.after(aside);
  });
}

function setupCompanion() {
  const root = document.querySelector(".tda-rule");
  if (!root) return;
  const pageLang = root.dataset.lang;
  const bar = root.querySelector(".tda-companion-bar");
  const labels = JSON.parse(document.getElementById("tda-companion-labels")?.textContent || "{}");
  bar.dataset.loading = labels.loading || "…";
  bar.dataset.failed = labels.failed || "!";
  const label = document.createElement("label");
  label.textContent = labels.label || "Show beside";
  const select = document.createElement("select");
  select.className = "tda-companion-select";
  select.append(new Option(labels.none || "—", "none"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    if (code !== pageLang) select.append(Object.assign(new Option(name, code), { lang: code }));   // WCAG 3.1.2
  }
  label.append(" ", select);
  const status = document.createElement("span");
  status.className = "tda-companion-status";
  status.setAttribute("aria-live", "polite");
  bar.append(label, status);
  bar.hidden = false;
  const initial = companionFor(pageLang, storedCompanion());
  select.value = initial || "none";
  select.addEventListener("change", () => {
    storeCompanion(select.value);
    showCompanion(root, select.value === "none" ? null : select.value);
  });
  showCompanion(root, initial);
}

const MENU = { en: "Menu", "zh-Hant": "選單", "zh-Hans": "菜单", ru: "Меню" };

// Material's menu button is a <label> for a hidden checkbox: a mouse or a finger opens the drawer,
// a keyboard never reaches it (below 1220 px the navigation is only behind it). Focusable, it works
// as a button: Enter is already Material's (it clicks a focused label), Space is added; focus moves
// to the drawer's first link when the keyboard opened it, and Escape closes it and gives focus back.
function setupMenuButton() {
  const toggle = document.getElementById("__drawer");
  const button = document.querySelector('.md-header label[for="__drawer"]');
  if (!toggle || !button) return;
  button.setAttribute("role", "button");
  button.setAttribute("tabindex", "0");
  button.setAttribute("aria-label", MENU[pageLanguage()] || MENU.en);
  button.setAttribute("aria-expanded", String(toggle.checked));
  toggle.addEventListener("change", () => {
    button.setAttribute("aria-expanded", String(toggle.checked));
    if (!toggle.checked || document.activeElement !== button) return;
    // The drawer's links take focus only once it is visible (extra.css), a frame after the change.
    const first = document.querySelector(".md-sidebar--primary .md-nav__link[href]");
    if (first) requestAnimationFrame(() => requestAnimationFrame(() => first.focus()));
  });
  button.addEventListener("keydown", (event) => {
    if (event.key !== " ") return;
    event.preventDefault();
    button.click();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !toggle.checked) return;
    button.click();
    button.focus();
  });
}

// The calculators (form builder, engine and strings: ~45 KB on the wire) load only on pages that show
// one, and on a rule page only when one comes near the screen: there they sit below the rule text and
// most readers never scroll that far. On the Calculators page they are the page: load at once.
function loadCalculators() {
  const sections = document.querySelectorAll(".tda-calc");
  if (!sections.length) return;
  let observer = null;
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    if (observer) observer.disconnect();
    import(new URL("../calculators/ui.js", import.meta.url).href);
  };
  if (document.querySelector(".tda-calculators") || !("IntersectionObserver" in window)) {
    // The page's one-open-at-a-time index, apart from ui.js so it works if that fails.
    if (document.querySelector(".tda-calculators")) import(new URL("../calculators/page.js", import.meta.url).href);
    load();
    return;
  }
  observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) load();
  }, { rootMargin: "600px 0px" });
  sections.forEach((section) => observer.observe(section));
}

if (typeof document !== "undefined") {
  setupNumberBox();
  showArrivalNote();
  keepAnchorOnLanguageSwitch();
  setupTermPopovers();
  setupCopyButtons();
  setupCompanion();
  setupShare();
  setupMenuButton();
  loadCalculators();
}
