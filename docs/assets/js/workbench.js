// Translators' workbench: filters on the QA and compare-index pages, column choice and the phone
// unit-by-unit navigation on the compare view. Pure helpers are exported for Node tests.

export function visibleColumns(all, stored) {
  // The reader's choice, kept across pages; never all columns hidden (that would show nothing).
  const chosen = Array.isArray(stored) ? all.filter((c) => stored.includes(c)) : all.slice();
  return chosen.length ? chosen : all.slice();
}

export function matchesFilter(findings, kind, lang) {
  // findings: "ru:numbers zh-Hant:coverage" as written on a list item
  const items = (findings || "").split(/\s+/).filter(Boolean);
  if (!kind && !lang) return true;
  return items.some((item) => {
    const [l, k] = item.split(":");
    return (!kind || k === kind) && (!lang || l === lang);
  });
}

const COLUMNS_KEY = "tda-compare-columns";

function storedColumns() {
  try { return JSON.parse(localStorage.getItem(COLUMNS_KEY)); } catch { return null; }
}

function setupCompare(root) {
  const boxes = [...root.querySelectorAll('.tda-columns input[name="col"]')];
  const all = boxes.map((b) => b.value);
  const apply = (cols) => {
    boxes.forEach((b) => { b.checked = cols.includes(b.value); });
    root.dataset.hide = all.filter((c) => !cols.includes(c)).join(" ");
    root.style.setProperty("--cols", String(cols.length));
  };
  apply(visibleColumns(all, storedColumns()));
  boxes.forEach((box) => box.addEventListener("change", () => {
    const cols = visibleColumns(all, boxes.filter((b) => b.checked).map((b) => b.value));
    try { localStorage.setItem(COLUMNS_KEY, JSON.stringify(cols)); } catch { /* private mode */ }
    apply(cols);
  }));
  const rows = root.querySelector(".tda-cmp-rows");
  const units = [...root.querySelectorAll(".tda-cmp-row")];
  const position = root.querySelector(".tda-cmp-pos");
  const current = () => Math.round(rows.scrollLeft / Math.max(1, rows.clientWidth));
  const show = () => { if (position) position.textContent = `${current() + 1} / ${units.length}`; };
  root.querySelectorAll(".tda-cmp-nav button").forEach((button) => button.addEventListener("click", () => {
    const next = Math.min(units.length - 1, Math.max(0, current() + Number(button.dataset.step)));
    rows.scrollTo({ left: units[next].offsetLeft - rows.offsetLeft, behavior: "auto" });
    show();
  }));
  rows.addEventListener("scroll", show, { passive: true });
  show();
  // a link to one unit (#u-43-B-1) on a phone: bring that unit into the swipe view
  const target = location.hash && document.getElementById(location.hash.slice(1));
  if (target && rows.scrollWidth > rows.clientWidth) rows.scrollLeft = target.offsetLeft - rows.offsetLeft;
}

function setupQaFilter(form) {
  const page = form.closest(".tda-workbench");
  const run = () => {
    const kind = form.kind.value;
    const showAck = form.acknowledged?.checked;
    page.querySelectorAll(".tda-qa-group").forEach((group) => {
      let shown = 0;
      group.querySelectorAll(".tda-finding").forEach((card) => {
        const visible = (!kind || card.dataset.kind === kind) && (showAck || !("acknowledged" in card.dataset));
        card.classList.toggle("tda-hidden", !visible);
        shown += visible ? 1 : 0;
      });
      group.classList.toggle("tda-hidden", shown === 0);
      const count = group.querySelector(".tda-qa-count");
      if (count) count.textContent = String(shown);
    });
  };
  form.addEventListener("change", run);
  run();
}

function setupRuleFilter(form) {
  const page = form.closest(".tda-workbench");
  const run = () => {
    const kind = form.kind.value, lang = form.lang.value, onlyOpen = form.open.checked || kind || lang;
    page.querySelectorAll(".tda-compare-list li").forEach((li) => {
      const ok = onlyOpen ? (li.dataset.findings.trim() !== "" && matchesFilter(li.dataset.findings, kind, lang)) : true;
      li.classList.toggle("tda-hidden", !ok);
    });
  };
  form.addEventListener("change", run);
  run();
}

if (typeof document !== "undefined") {
  document.querySelectorAll(".tda-compare").forEach(setupCompare);
  document.querySelectorAll('form[data-filter="qa"]').forEach(setupQaFilter);
  document.querySelectorAll('form[data-filter="rules"]').forEach(setupRuleFilter);
}
