// Build-time helper: our ES modules minified in place (terser), before they get their hashed names.
// Usage: node minify.mjs '<json list of files>' → rewrites each file, prints {bytes: {file: [before, after]}}.
// Called by plugins/tdarules/web/minify_js.py with the built site's own scripts.
import { readFile, writeFile } from "node:fs/promises";
import { minify } from "terser";

const files = JSON.parse(process.argv[2]);
const bytes = {};
for (const file of files) {
  const source = await readFile(file, "utf8");
  // module: top-level names are private to the module, so they are shortened too; exports and the
  // import specifiers (which hashed_assets rewrites next) are kept as written.
  let code;
  try {
    ({ code } = await minify({ [file]: source }, { module: true, ecma: 2020, compress: { passes: 2 },
                                                   mangle: true, format: { comments: false } }));
  } catch (error) {
    // One line a reader can act on: which file, where, what.
    process.stderr.write(`${file}:${error.line ?? "?"}:${error.col ?? "?"}: ${error.message}\n`);
    process.exit(1);
  }
  await writeFile(file, code);
  bytes[file] = [Buffer.byteLength(source), Buffer.byteLength(code)];
}
process.stdout.write(JSON.stringify({ bytes }));
