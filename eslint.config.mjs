// ESLint for the browser modules, the service worker and the build's Node scripts (make test runs it):
// the recommended rules, which find undefined and unused names, unreachable code and the like.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "site/", ".site.new/", ".site.old/", "build/", ".venv/", "docs/generated/", "bench/plain_site/"] },
  js.configs.recommended,
  {
    rules: {
      // `_` names a value a destructuring or callback must take and does not use
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // \x00 marks the cut-out spans in the query understanding's working strings
      "no-control-regex": "off",
    },
  },
  {
    files: ["docs/assets/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["plugins/tdarules/web/js/sw.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["plugins/tdarules/web/js/*.mjs", "tests/**/*.mjs", "eslint.config.mjs"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.node } },
  },
];
