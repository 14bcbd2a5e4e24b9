// The rule-sheet builder's settings and the page address that holds them
// (?rules=40-47&with=ru&compact=1&examples=0&paper=letter&edition=2024): plain logic, no DOM, tested in Node
// (tests/print/test_builder_state.py). builder.js keeps the address in step with the form
// (history.replaceState), so a reload, Enter or a shared link shows the same sheet.

export const DEFAULTS = Object.freeze({ rules: "43", second: null, compact: false, examples: true, paper: "A4", edition: null });
const PAPERS = ["A4", "letter"];

/** The settings an address names (`search`: location.search). `languages`: the second languages the
 * page offers; anything else the address says falls back to the default. Also reads the form's own
 * field names (second=, layout=, examples=on), which the browser sends if the form is submitted
 * before this script has run: there every field is present, so a missing examples= means unchecked. */
export function stateFromSearch(search, languages) {
  const params = new URLSearchParams(search);
  const submitted = params.has("layout");
  const second = params.has("with") ? params.get("with") : params.get("second");
  const paper = params.get("paper");
  return {
    rules: params.has("rules") ? params.get("rules") : DEFAULTS.rules,
    second: languages.includes(second) ? second : null,
    compact: submitted ? params.get("layout") === "compact" : params.get("compact") === "1",
    examples: submitted ? params.get("examples") === "on" : params.get("examples") !== "0",
    paper: PAPERS.includes(paper) ? paper : DEFAULTS.paper,
    // the edition whose numbers the selection uses: a link shared today still names today's rules
    // once a newer edition is current (builder.js reads it through the renumbering)
    edition: /^\d{4}$/.test(params.get("edition") || "") ? params.get("edition") : DEFAULTS.edition,
  };
}

/** The address query for `state`: the selection always, the rest only where it is not the default,
 * so a shared link stays short. */
export function searchFor(state) {
  const params = new URLSearchParams({ rules: state.rules });
  if (state.second) params.set("with", state.second);
  if (state.compact) params.set("compact", "1");
  if (!state.examples) params.set("examples", "0");
  if (state.paper !== DEFAULTS.paper) params.set("paper", state.paper);
  if (state.edition) params.set("edition", state.edition);
  return `?${params}`;
}
