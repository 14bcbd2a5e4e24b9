// Main and side pots (TDA 2024 Rules 16, 21).
import { Validator, safe, step, success } from './validate.js';

function compute(input) {
  const v = new Validator(input);
  const players = v.list('players', { minLength: 2 });
  const bettingComplete = v.bool('bettingComplete', { default: false });
  if (!v.ok) return v.fail();
  const ps = [];
  const seen = new Set();
  players.forEach((p, i) => {
    const path = `players[${i}]`;
    if (!p || typeof p !== 'object') { v.error(path, 'not_an_object'); return; }
    const id = v.str('id', {}, p, `${path}.id`);
    const committed = v.num('committed', {}, p, `${path}.committed`);
    const allIn = v.bool('allIn', { default: false }, p, `${path}.allIn`);
    const folded = v.bool('folded', { default: false }, p, `${path}.folded`);
    if (id !== undefined && seen.has(id)) v.error(`${path}.id`, 'duplicate', { value: id });
    seen.add(id);
    if (allIn && folded) v.error(`${path}.folded`, 'allin_and_folded', { id });
    ps.push({ id, committed, allIn, folded });
  });
  if (!v.ok) return v.fail();
  const live = ps.filter((p) => !p.folded);
  if (live.length === 0) return { ok: false, errors: [{ field: 'players', code: 'no_live_player', params: {} }] };

  const steps = [];
  const cites = ['21'];
  // Uncalled amount: the part of the largest commitment that no one else matched.
  const sorted = [...ps].sort((a, b) => b.committed - a.committed);
  const returned = [];
  const eff = new Map(ps.map((p) => [p.id, p.committed]));   // ids are data, never object keys
  if (sorted[0].committed > sorted[1].committed) {
    const amount = sorted[0].committed - sorted[1].committed;
    eff.set(sorted[0].id, eff.get(sorted[0].id) - amount);
    returned.push({ id: sorted[0].id, amount });
    steps.push(step('sp_uncalled_returned', { id: sorted[0].id, amount, committed: sorted[0].committed, matched: sorted[1].committed }));
  }
  const levels = [...new Set(live.filter((p) => p.allIn).map((p) => eff.get(p.id)))].sort((a, b) => a - b);
  const top = Math.max(...ps.map((p) => eff.get(p.id)));
  if (!levels.includes(top)) levels.push(top);
  const pots = [];
  let prev = 0;
  for (const level of levels) {
    if (level <= prev) continue;
    let amount = 0;
    for (const p of ps) amount += Math.max(0, Math.min(eff.get(p.id), level) - prev);
    const eligible = live.filter((p) => eff.get(p.id) >= level).map((p) => p.id);
    if (amount > 0) {
      const last = pots[pots.length - 1];
      if (last && last.eligible.join('|') === eligible.join('|')) {
        last.amount += amount;
        last.cap = level;
      } else {
        pots.push({ name: pots.length === 0 ? 'main' : `side${pots.length}`, amount, cap: level, eligible });
      }
    }
    prev = level;
  }
  pots.forEach((pot) => steps.push(step(pot.name === 'main' ? 'sp_main_pot' : 'sp_side_pot', {
    name: pot.name, amount: pot.amount, cap: pot.cap, eligible: pot.eligible.join(', '), count: pot.eligible.length,
  })));
  steps.push(step('sp_each_split_separately'));
  // Addendum 16, Examples 2 and 3: "Award the side pot between B and C first, then award the main pot."
  if (pots.length > 1) steps.push(step('sp_award_side_pots_first'));
  const anyAllIn = live.some((p) => p.allIn);
  const out = { pots, returned, total: pots.reduce((s, p) => s + p.amount, 0), awardOrder: pots.map((p) => p.name).reverse() };
  if (anyAllIn) {
    cites.push('16');
    out.tableAllHands = bettingComplete;
    steps.push(step(bettingComplete ? 'sp_table_all_hands_now' : 'sp_table_when_betting_complete'));
  }
  return success(out, steps, cites);
}

export const sidePots = safe(compute);
export default sidePots;
