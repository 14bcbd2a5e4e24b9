// Where a sheet printed from the rule-sheet builder sends its reader (no DOM, tested in Node).
//
// The printed URL is the rule's page on the site the sheet was printed from, whatever address the
// build was made for. The QR codes are made at build time for the build's public address (none without
// one): a sheet shows its code only where that code opens the same page the printed URL names.

/** `path`: the rule's edition address ("/ru/2024/rules/43/": a sheet printed today leads to the same
 * rule once a newer edition is current); `pageHref`: the builder page's own address;
 * `qrBase`: the address the build's QR codes encode, or null when it made none. */
export function sheetAddress(path, pageHref, qrBase) {
  const url = new URL(path, pageHref).href;
  const qr = Boolean(qrBase) && new URL(path, qrBase).href === url;
  return { url, short: url.replace(/^https?:\/\//, "").replace(/^www\./, ""), qr };
}
