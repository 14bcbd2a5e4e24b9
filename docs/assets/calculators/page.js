// The Calculators page: an index of <details name="tda-calc">, one calculator open at a
// time. The markup works without this module (the browser keeps the group exclusive and expands a
// <details> around a #calc-<id> target); this adds what HTML alone does not:
// * the address follows the open calculator (#calc-<id>, replaceState: shareable and reloadable,
//   and Back leaves the page instead of stepping through every calculator opened);
// * #calc-<id> in the address, or a link to it followed on the page, opens it in browsers that do
//   not expand <details> for a fragment, and keeps older browsers' group exclusive;
// * the browser's own jump to #calc-<id> (the section under the title) leaves the title in view;
// * old links into the engine reference, which used to be on this page (/calculators/#minraiseinput),
//   go to its own page with the same anchor.
// The pure part (which calculator an address means, where an old anchor goes) is `route`, tested in Node.

const CALC_PREFIX = 'calc-';

/** What to do with a fragment on this page: {open: id} | {go: url} | null.
 * `known(id)` says whether the page has an element with that id. */
export function route(hash, known, enginePage) {
  const id = decoded(String(hash || '').replace(/^#/, ''));
  if (!id) return null;
  if (id.startsWith(CALC_PREFIX)) {
    const calc = id.slice(CALC_PREFIX.length).split('-')[0];   // calc-potLimit-title → potLimit
    return calc && known(CALC_PREFIX + calc) ? { open: calc } : null;
  }
  if (known(id)) return null;
  return enginePage ? { go: `${enginePage}#${encodeURIComponent(id)}` } : null;
}

// A fragment that is not valid percent-encoding (#%, or an address cut off mid-escape) is read as
// written, as the browser reads it when it looks for the element: decodeURIComponent throws on it.
function decoded(fragment) {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function items(root) {
  return [...root.querySelectorAll('details.tda-calc-item')];
}

function itemFor(root, calc) {
  return items(root).find((d) => d.dataset.calcItem === calc) || null;
}

function show(details, { scroll }) {
  if (!details.open) details.open = true;
  if (scroll) {
    const still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    details.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }
}

// The browser scrolls to the fragment's target, the <section> under the title, and may do so
// after we have scrolled to the <details>, putting the title above the screen. The section's
// scroll margin (CSS) counts its summary's height, kept here as the title wraps, so both scrolls
// land at the same place.
function keepSummaryHeight(details) {
  const summary = details.querySelector(':scope > summary');
  if (!summary) return;
  const note = () => details.style.setProperty('--tda-calc-summary', `${summary.offsetHeight}px`);
  note();
  if (typeof ResizeObserver === 'function') new ResizeObserver(note).observe(summary);
}

function setAddress(hash) {
  const url = new URL(window.location.href);
  url.hash = hash;
  if (url.href !== window.location.href) history.replaceState(history.state, '', url.href);
}

export function setup(doc = document) {
  const root = doc.querySelector('.tda-calculators');
  if (!root) return;
  const enginePage = root.dataset.enginePage || '';
  const known = (id) => !!doc.getElementById(id);

  const follow = (scroll) => {
    const next = route(window.location.hash, known, enginePage);
    if (!next) return;
    if (next.go) { window.location.replace(next.go); return; }
    const details = itemFor(root, next.open);
    if (details) show(details, { scroll });
  };

  for (const details of items(root)) {
    keepSummaryHeight(details);
    details.addEventListener('toggle', () => {
      const hash = `#${CALC_PREFIX}${details.dataset.calcItem}`;
      if (details.open) {
        // Browsers without <details name> keep the group exclusive here (same name, as natively).
        const group = details.getAttribute('name');
        for (const other of items(root)) {
          if (group && other !== details && other.open && other.getAttribute('name') === group) other.open = false;
        }
        setAddress(hash);
      } else if (window.location.hash === hash && !items(root).some((d) => d.open)) {
        setAddress('');
      }
    });
  }
  window.addEventListener('hashchange', () => follow(true));
  follow(true);
  // The browser's own scroll to the fragment may come after ours and put the title under the
  // fixed header: once more when the page has loaded.
  if (doc.readyState !== 'complete') window.addEventListener('load', () => follow(true), { once: true });
}

try {
  if (typeof document !== 'undefined') setup();
} catch (_) { /* never into the console: the page works without this */ }
