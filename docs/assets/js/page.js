// Every page: small behaviours of Material's chrome that the readers asked for.
// Plain ES module; `withHash` is exported for Node tests.

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

if (typeof document !== "undefined") {
  keepAnchorOnLanguageSwitch();
}
