// The rule-sheet builder (/<lang>/print/): reads the form, parses the selection (selection.js, no DOM),
// assembles the sheet from the edition JSON the build writes (<config.dataFolder><lang>.json: rule and part
// HTML made from escaped text by the build) and prints it with the browser's own print dialog.
import { errorMessage, inEdition, parseSelection } from "./selection.js";
import { sheetAddress } from "./address.js";
import { searchFor, stateFromSearch } from "./state.js";

const root = document.querySelector(".tda-print-builder");
const config = JSON.parse(document.getElementById("tda-pb-config").textContent);
const form = root.querySelector("form");
const input = document.getElementById("tda-pb-selection");
const errorsList = document.getElementById("tda-pb-errors");
const sheet = document.getElementById("tda-sheet");
const status = root.querySelector(".tda-pb-status");
const editions = new Map();

function loadEdition(lang) {
  if (!editions.has(lang)) {
    editions.set(lang, fetch(`${config.dataFolder}${lang}.json`).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json();
    }));
  }
  return editions.get(lang);
}

function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "html") node.innerHTML = value;           // build output: escaped text and our links only
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function ruleOf(edition, id) {
  return (edition.rules || {})[id] || (edition.procedures || {})[id] || null;
}

function label(id, lang) {
  return id.startsWith("RP-") ? id : `${config.ruleLabel[lang]} ${id}`;
}

/** One rule as printed: heading in each language, QR code and short URL, then part beside part. */
function ruleSheet(item, editionsShown, options) {
  const [main] = editionsShown;
  const rule = ruleOf(main.edition, item.rule);
  const { url, short, qr } = sheetAddress(rule.edition_url, location.href, config.qrBase);
  const titles = editionsShown.map(({ lang, edition }) => {
    const r = ruleOf(edition, item.rule);
    return el("span", { class: "tda-sheet-title", lang, text: r ? r.title : "" });
  });
  const head = el("header", { class: "tda-sheet-head" }, [
    el("div", { class: "tda-sheet-titles" }, [
      el("h2", {}, [el("span", { class: "tda-sheet-num", text: label(item.rule, main.lang) }), ...titles]),
      el("p", { class: "tda-sheet-url" }, [el("a", { href: url, text: short })]),
    ]),
    qr && el("img", { class: "tda-qr", src: `/qr/${main.lang}/${item.rule}.svg`, alt: `QR: ${url}`, width: 96, height: 96 }),
  ]);
  const rows = [];
  const cell = (lang, html) => el("div", { class: "tda-sheet-col", lang, html });
  if (rule.html && !item.parts) {
    rows.push(el("div", { class: "tda-sheet-row" }, [el("span", { class: "tda-sheet-label" }),
      ...editionsShown.map(({ lang, edition }) => cell(lang, (ruleOf(edition, item.rule) || {}).html || ""))]));
  }
  for (const letter of Object.keys(rule.parts)) {
    if (item.parts && !item.parts.includes(letter)) continue;
    rows.push(el("div", { class: "tda-sheet-row", "data-part": letter }, [
      el("span", { class: "tda-sheet-label", text: letter }),
      ...editionsShown.map(({ lang, edition }) => {
        const r = ruleOf(edition, item.rule);
        return cell(lang, r && r.parts[letter] ? r.parts[letter].html : "");
      }),
    ]));
  }
  const examples = [];
  if (options.examples && !options.compact) {
    for (const id of Object.keys(main.edition.addendum || {})) {
      const [ruleId, part] = id.split("-");
      if (ruleId !== item.rule || (item.parts && part && !item.parts.includes(part))) continue;
      examples.push(el("div", { class: "tda-sheet-row tda-sheet-examples" }, [el("span", { class: "tda-sheet-label" }),
        ...editionsShown.map(({ lang, edition }) => cell(lang, ((edition.addendum || {})[id] || {}).html || ""))]));
    }
  }
  return el("article", { class: "tda-sheet-rule", "data-rule": item.rule }, [head, ...rows, ...examples]);
}

function options() {
  const data = new FormData(form);
  return {
    second: data.get("second") || null,
    compact: data.get("layout") === "compact",
    examples: data.get("examples") === "on",
    paper: data.get("paper") || "A4",
  };
}

let generation = 0;
async function update() {
  const current = ++generation;
  const opts = options();
  // the address first: it holds every setting whether or not the rules load
  history.replaceState(null, "", searchFor({ rules: input.value, ...opts, edition: config.edition }) + location.hash);
  const { items, errors } = parseSelection(input.value, config.parts);
  errorsList.replaceChildren(...errors.map((e) => el("li", { text: errorMessage(e, config.errors) })));
  input.toggleAttribute("aria-invalid", errors.length > 0);
  document.getElementById("tda-pb-paper-style").textContent = `@page { size: ${opts.paper === "letter" ? "letter" : "A4"}; }`;
  sheet.classList.toggle("tda-sheet-compact", opts.compact);
  sheet.classList.toggle("tda-sheet-bilingual", Boolean(opts.second));
  status.textContent = config.labels.loading;
  let shown;
  try {
    const langs = [config.lang, ...(opts.second ? [opts.second] : [])];
    shown = await Promise.all(langs.map(async (lang) => ({ lang, edition: await loadEdition(lang) })));
  } catch {
    if (current === generation) status.textContent = config.labels.load_failed;
    return;
  }
  if (current !== generation) return;            // a newer edit is on its way
  status.textContent = items.length ? config.labels.selected_count.replace("{count}", items.length) : config.labels.nothing_selected;
  sheet.replaceChildren(...items.map((item) => ruleSheet(item, shown, opts)));
  sheet.dataset.ready = String(current);
  sheet.dataset.selection = input.value;                 // what the preview shows (tests wait on it)
}

// A sheet can be shared as a link: ?rules=40-47&with=ru&compact=1 (state.js)
function restore() {
  const languages = Array.from(form.elements.second.options, (o) => o.value).filter(Boolean);
  const state = stateFromSearch(location.search, languages);
  input.value = state.rules;
  // a link made when an older edition was current names that edition's rules: show what they became
  const renumbering = state.edition && state.edition !== config.edition ? config.renumbering[state.edition] : null;
  if (renumbering) {
    const { text, dropped } = inEdition(state.rules, renumbering);
    input.value = text;
    const notice = config.labels.older_selection.replace(/\{year\}/g, state.edition).replace("{typed}", state.rules)
      + (dropped.length ? ` ${config.labels.older_dropped.replace("{rules}", dropped.join(", "))}` : "");
    errorsList.before(el("p", { class: "tda-pb-notice", role: "status", text: notice }));
  }
  form.elements.second.value = state.second || "";
  form.querySelector(`input[name="layout"][value="${state.compact ? "compact" : "full"}"]`).checked = true;
  form.elements.examples.checked = state.examples;
  form.elements.paper.value = state.paper;
}

restore();
form.addEventListener("input", update);
form.addEventListener("change", update);
// Enter in the selection field submits the form: the preview is already that sheet, so it is redrawn
// in place, never sent as a page load that would drop the other settings (and no inline handler: the
// CSP blocks them).
form.addEventListener("submit", (event) => {
  event.preventDefault();
  update();
});
document.getElementById("tda-pb-print").addEventListener("click", () => window.print());
update();
