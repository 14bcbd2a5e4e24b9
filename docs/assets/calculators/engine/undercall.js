// Undercalls (TDA 2024 Rule 51).
import { Validator, safe, step, success } from './validate.js';

function compute(input) {
  const v = new Validator(input);
  const callTo = v.num('callTo', { positive: true });
  const priorBet = v.num('priorBet', { default: 0 });
  const pushed = v.num('amountPushed', {});
  const declaration = v.choice('declaration', ['none', 'call', 'raise', 'amount'], { default: 'none' });
  const headsUp = v.bool('headsUp', {});
  const facingOpeningBet = v.bool('facingOpeningBet', {});
  const inTurn = v.bool('inTurn', { default: true });
  const allIn = v.bool('allIn', { default: false });
  const undercallsInSequence = v.num('undercallsInSequence', { default: 1, integer: true, min: 1 });
  const previousBetLevel = v.num('previousBetLevel', { required: false });
  const singleChip = v.num('singleChip', { required: false, positive: true });
  if (!v.ok) return v.fail();
  if (priorBet >= callTo) return { ok: false, errors: [{ field: 'priorBet', code: 'nothing_to_call', params: { priorBet, callTo } }] };

  const steps = [];
  const cites = ['51'];
  const open = [];   // what Rule 51 leaves to the TD (see success in validate.js)
  const td = (code, params) => { const s = step(code, params); steps.push(s); open.push(s); };
  const total = priorBet + pushed;
  const out = { callTo, amountToAdd: callTo - priorBet };
  const done = (ruling, extra = {}) => success({ ruling, ...out, ...extra }, steps, cites, open);

  if (!inTurn && (declaration === 'call' || declaration === 'raise')) {
    // 51-A binds declarations made in turn; out of turn, 53-A decides: binding only if the action to
    // this player does not change, which the calculator cannot know.
    cites.push('53-A');
    open.push(step('uc_declared_out_of_turn', { callTo }));
  }
  if (declaration === 'call') {
    cites.push('51-A');
    steps.push(step('uc_general_call_binding', { callTo }));
    return done('fullCall');
  }
  if (declaration === 'raise') {
    cites.push('51-A', '43-A');
    steps.push(step('uc_general_raise_binding', { callTo }));
    return done('mustRaise');
  }
  if (total >= callTo) {
    steps.push(step('uc_not_undercall', { total, callTo }));
    return done('notUndercall');
  }
  if (allIn) {
    cites.push('45-A');
    steps.push(step('uc_allin_not_undercall', { total, callTo }));
    return done('allInCall', { allInTo: total });
  }
  cites.push('51-B');
  steps.push(step('uc_is_undercall', { total, callTo, shortBy: callTo - total }));
  if (!inTurn) {
    cites.push('53-A', '1');
    td('uc_out_of_turn_td');
    return done('tdDiscretion', { tdDiscretion: true });
  }
  if (undercallsInSequence > 1) {
    cites.push('51-C', '1');
    td('uc_multiple_sequence', { count: undercallsInSequence });
  }
  if (headsUp) {
    steps.push(step('uc_heads_up_mandatory', { callTo }));
    return done('fullCall');
  }
  if (facingOpeningBet) {
    steps.push(step('uc_opening_bet_mandatory', { callTo }));
    return done('fullCall');
  }
  // Other situations: TD's discretion — full call, or forfeit the intended undercall and fold.
  let forfeit = pushed;
  if (singleChip !== undefined && previousBetLevel !== undefined && singleChip > previousBetLevel - priorBet && singleChip < callTo - priorBet) {
    // A single overchip that would have called the earlier bet level (Rule 44) intends that call.
    forfeit = previousBetLevel - priorBet;
    cites.push('44');
    steps.push(step('uc_overchip_intended_call', { chip: singleChip, previousBetLevel, forfeit }));
  }
  cites.push('1');
  td('uc_td_discretion', { callTo, forfeit, returned: pushed - forfeit });
  return done('tdDiscretion', { tdDiscretion: true, forfeitIfFold: forfeit, returnedIfFold: pushed - forfeit });
}

export const undercall = safe(compute);
export default undercall;
