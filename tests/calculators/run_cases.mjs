#!/usr/bin/env node
// Runs calculator test cases against the engine.
// Input: a JSON array of cases [{id, calculator, input, expect}] on stdin (or a file path as argv[2]).
// A case's input may be a list of inputs for stateful calculators (clock): each later input gets
// `state` from the previous output, and `expect` is matched against the last output.
// Output: JSON array [{id, ok, output, mismatches}] on stdout.
import { readFileSync } from 'node:fs';
import { calculators } from '../../docs/assets/calculators/engine/index.js';

function match(expected, actual, path, out) {
  if (expected !== null && typeof expected === 'object') {
    if (Array.isArray(expected)) {
      if (!Array.isArray(actual) || actual.length !== expected.length) {
        out.push({ path, expected, actual });
        return;
      }
      expected.forEach((e, i) => match(e, actual[i], `${path}[${i}]`, out));
      return;
    }
    if (actual === null || typeof actual !== 'object') { out.push({ path, expected, actual }); return; }
    for (const k of Object.keys(expected)) match(expected[k], actual[k], path ? `${path}.${k}` : k, out);
    return;
  }
  if (typeof expected === 'number' && typeof actual === 'number' ? Math.abs(expected - actual) > 1e-9 : expected !== actual) {
    out.push({ path, expected, actual: actual === undefined ? '<missing>' : actual });
  }
}

const raw = process.argv[2] ? readFileSync(process.argv[2], 'utf8') : readFileSync(0, 'utf8');
const cases = JSON.parse(raw);
const results = cases.map((c) => {
  const fn = calculators[c.calculator];
  if (!fn) return { id: c.id, ok: false, output: null, mismatches: [{ path: 'calculator', expected: 'known calculator', actual: c.calculator }] };
  let output;
  if (Array.isArray(c.input)) {
    let state;
    for (const inp of c.input) {
      output = fn(state !== undefined ? { ...inp, state } : inp);
      state = output && output.state;
    }
  } else {
    output = fn(c.input);
  }
  JSON.parse(JSON.stringify(output)); // must be serialisable
  const mismatches = [];
  match(c.expect, output, '', mismatches);
  return { id: c.id, ok: mismatches.length === 0, output, mismatches };
});
process.stdout.write(JSON.stringify(results));
