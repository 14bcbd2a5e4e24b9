// Build-time helper: Material's stylesheets without the rules no page of this site can match, by
// PurgeCSS (selectors whose classes, ids and attributes appear in no built page and no script).
// Usage: node purge.mjs '<json options>' → prints {files: {css path: purged css}}.
// Called by plugins/tdarules/web/purge_css.py with the site's pages, scripts and stylesheets.
import { PurgeCSS } from "purgecss";

const options = JSON.parse(process.argv[2]);
const results = await new PurgeCSS().purge({
  content: options.content,
  css: options.css,
  // Every word of the pages and scripts counts as a possible class: class names Material's bundle
  // and our modules put together at run time are written out whole in their source.
  defaultExtractor: (text) => text.match(/[\w-]+/g) || [],
  // Only style rules are dropped; custom properties, keyframes and font faces stay.
  variables: false,
  keyframes: false,
  fontFace: false,
});
const files = Object.fromEntries(results.map((r) => [r.file, r.css]));
process.stdout.write(JSON.stringify({ files }));
