// Non-standard and unclear bet amounts: "I bet five" (TDA 2024 Rule 57).
import { Validator, safe, step, success } from './validate.js';

const SCALES = [
  { name: 'unit', factor: 1 },
  { name: 'hundred', factor: 100 },
  { name: 'thousand', factor: 1000 },
  { name: 'million', factor: 1000000 },
];

function compute(input) {
  const v = new Validator(input);
  const declared = v.num('declared', { positive: true });
  const bigBlind = v.num('bigBlind', { positive: true });
  const pot = v.num('pot', {});
  const minimumBet = v.num('minimumBet', { required: false, positive: true });
  const stack = v.num('stack', { required: false, positive: true });
  if (!v.ok) return v.fail();
  const steps = [];
  const cites = ['57'];
  const min = minimumBet ?? bigBlind;
  steps.push(step('aa_pot_includes_bets', { pot }));
  const candidates = SCALES.map((s) => ({ scale: s.name, amount: declared * s.factor }))
    .filter((c, i, arr) => arr.findIndex((d) => d.amount === c.amount) === i);
  const legal = candidates.filter((c) => c.amount >= min && (stack === undefined || c.amount <= stack));
  steps.push(step('aa_legal_meanings', { declared, min, meanings: legal.map((c) => c.amount).join(', ') || '-' }));
  const out = { meanings: legal.map((c) => c.amount) };
  if (legal.length === 0) {
    cites.push('1');
    const s = step('aa_no_legal_meaning_td');
    steps.push(s);
    return success({ ...out, amount: null, tdDiscretion: true }, steps, cites, [s]);
  }
  if (legal.length === 1) {
    steps.push(step('aa_single_meaning', { amount: legal[0].amount }));
    return success({ ...out, amount: legal[0].amount, ambiguous: false, tdDiscretion: false }, steps, cites);
  }
  const within = legal.filter((c) => c.amount <= pot);
  if (within.length === 0) {
    cites.push('1');
    const s = step('aa_none_within_pot_td', { pot });
    steps.push(s);
    return success({ ...out, amount: null, ambiguous: true, tdDiscretion: true }, steps, cites, [s]);
  }
  const best = within[within.length - 1];
  steps.push(step('aa_highest_within_pot', { pot, amount: best.amount }));
  return success({ ...out, amount: best.amount, ambiguous: true, tdDiscretion: false }, steps, cites);
}

export const ambiguousAmount = safe(compute);
export default ambiguousAmount;
