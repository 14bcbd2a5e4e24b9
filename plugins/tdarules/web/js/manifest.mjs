// Build-time helper: the list of files a service worker may cache, with revisions and sizes,
// from workbox-build's getManifest (glob + md5 revision per file; none for content-hashed names).
// Usage: node manifest.mjs '<json options>'  → prints {entries: [{url, revision, size}], warnings}.
// Called by plugins/tdarules/web/offline.py with the site folder and the patterns to include.
import { getManifest } from "workbox-build";

const options = JSON.parse(process.argv[2]);
const keepSize = async (entries) => ({ manifest: entries.map((e) => ({ ...e, keptSize: e.size })) });
const { manifestEntries, warnings } = await getManifest({
  globDirectory: options.globDirectory,
  globPatterns: options.globPatterns,
  globIgnores: options.globIgnores,
  dontCacheBustURLsMatching: new RegExp(options.hashedNames),
  maximumFileSizeToCacheInBytes: options.maximumFileSize,
  manifestTransforms: [keepSize],
});
const entries = manifestEntries.map((e) => ({ url: e.url, revision: e.revision, size: e.keptSize ?? e.size }));
process.stdout.write(JSON.stringify({ entries, warnings }));
