// Halting play on short tables (TDA 2024 Rule 11-D) and final-table size (RP-9).
import { Validator, safe, step, success } from './validate.js';

function compute(input) {
  const v = new Validator(input);
  const tables = v.list('tables', { minLength: 1 });
  const handedness = v.num('handedness', { default: 9, integer: true, min: 2, max: 10 });
  const format = v.choice('format', ['standard', 'shortHanded', 'turbo'], { default: 'standard' });
  if (!v.ok) return v.fail();
  const ts = tables.map((t, i) => {
    const path = `tables[${i}]`;
    const tt = t && typeof t === 'object' ? t : {};
    return {
      id: v.str('id', { default: String(i + 1) }, tt, `${path}.id`),
      players: v.num('players', { integer: true, max: handedness }, tt, `${path}.players`),
      blindsImpacted: v.bool('blindsImpacted', { default: null }, tt, `${path}.blindsImpacted`),
    };
  });
  if (!v.ok) return v.fail();
  const steps = [];
  const cites = ['11-D'];
  const open = [];   // what 11-D and RP-9 leave to the TD (see success in validate.js)
  const most = Math.max(...ts.map((t) => t.players));
  const total = ts.reduce((s, t) => s + t.players, 0);
  const td = format !== 'standard' || handedness <= 6;
  const results = ts.map((t) => {
    const short = most - t.players;
    let halt;
    if (short < 3) halt = 'no';
    else if (td) halt = 'tdDiscretion';
    else if (t.blindsImpacted === true) halt = 'now';
    else if (t.blindsImpacted === false) halt = 'whenBlindsImpacted';
    else halt = 'whenBlindsImpacted';
    steps.push(step('tb_table_short', { id: t.id, players: t.players, most, short, halt }));
    return { id: t.id, players: t.players, shortBy: short, halt };
  });
  if (td && results.some((r) => r.halt === 'tdDiscretion')) {
    const s = step('tb_other_formats_td');
    steps.push(s);
    open.push(s);
    cites.push('1');
  }
  if (results.some((r) => r.halt === 'whenBlindsImpacted')) steps.push(step('tb_halt_when_bb_open_seat'));
  const waive = step('tb_td_may_waive');
  steps.push(waive);
  // "TDs may waive halting play": every halt this calculator names is subject to it.
  if (results.some((r) => r.halt === 'now' || r.halt === 'whenBlindsImpacted')) open.push(waive);
  if (ts.length > 1) {
    // "As the event progresses, at TD's discretion tables should be more tightly balanced."
    open.push(step('tb_tighter_balance_td'));
  }
  // RP-9: final-table size.
  let finalTableSize = null;
  let twoTablesOf = null;
  if (handedness === 9 || handedness === 8) { finalTableSize = 9; twoTablesOf = 5; }
  else if (handedness === 7 || handedness === 6) { finalTableSize = 7; twoTablesOf = 4; }
  const out = { tables: results, totalPlayers: total, mostPlayers: most };
  if (finalTableSize) {
    cites.push('RP-9');
    out.finalTableSize = finalTableSize;
    out.combineAt = finalTableSize;
    out.combineNow = total <= finalTableSize && ts.length > 1;
    out.lastTwoTables = twoTablesOf;
    steps.push(step('tb_final_table', { handedness, twoTablesOf, finalTableSize }));
    if (out.combineNow) steps.push(step('tb_combine_now', { total, finalTableSize }));
  } else {
    cites.push('1');
    out.finalTableSize = null;
    const s = step('tb_final_table_td', { handedness });
    steps.push(s);
    open.push(s);
  }
  return success(out, steps, cites, open);
}

export const tableBalancing = safe(compute);
export default tableBalancing;
