// Substantial action (TDA 2024 Rule 36) and what follows from it (Rules 35-D, 53-B).
import { Validator, safe, step, success } from './validate.js';

const ACTS = ['check', 'bet', 'raise', 'call', 'allin', 'fold', 'post'];
const CHIPS = new Set(['bet', 'raise', 'call', 'allin']);

function compute(input) {
  const v = new Validator(input);
  const actions = v.list('actions', { minLength: 1 });
  const context = v.choice('context', ['general', 'misdeal', 'skippedPlayer'], { default: 'general' });
  const reasonableTime = v.bool('reasonableTime', { default: true });
  const fouledDeck = v.bool('fouledDeck', { default: false });
  if (!v.ok) return v.fail();
  const acts = actions.map((a, i) => v.choice(i, ACTS, {}, actions, `actions[${i}]`));
  if (!v.ok) return v.fail();

  const steps = [];
  const cites = ['36'];
  let count = 0;
  let chipActs = 0;
  let at = null;
  let via = null;
  acts.forEach((a, i) => {
    if (a === 'post') { steps.push(step('sa_blind_not_counted', { index: i + 1 })); return; }
    if (at !== null) return;
    count += 1;
    if (CHIPS.has(a)) chipActs += 1;
    if (count >= 2 && chipActs >= 1) { at = i + 1; via = 'A'; }
    else if (count >= 3) { at = i + 1; via = 'B'; }
  });
  const sa = at !== null;
  const open = [];   // what Rules 36 and 53-B leave to the TD (see success in validate.js)
  // Rule 36 defines A) as "any 2 actions in turn, at least one of which puts chips in the pot (i.e. any 2
  // actions except 2 checks or 2 folds)": a check and a fold put no chips in, yet are neither 2 checks
  // nor 2 folds. The two halves of the sentence disagree there, so the result says so.
  const counted = acts.map((a, i) => [a, i + 1]).filter(([a]) => a !== 'post');
  const firstTwo = counted.slice(0, 2).map(([a]) => a);
  if (firstTwo.length === 2 && firstTwo.includes('check') && firstTwo.includes('fold')) {
    cites.push('1');
    open.push(step('sa_check_fold_unclear', { index: counted[1][1] }));
  }
  if (sa) steps.push(step(via === 'A' ? 'sa_two_actions_chips' : 'sa_three_actions', { index: at }));
  else steps.push(step('sa_not_reached', { actions: count, chipActions: chipActs }));

  const out = { substantialAction: sa, atAction: at, via: via ? `36-${via}` : null };
  const consequences = [];
  if (context === 'misdeal') {
    cites.push('35-D');
    if (fouledDeck) {
      cites.push('35-E');
      consequences.push('fouled_deck_bets_returned');
    } else consequences.push(sa ? 'no_misdeal_hand_proceeds' : 'misdeal_possible');
  }
  if (context === 'skippedPlayer') {
    cites.push('53-B');
    if (sa && reasonableTime) {
      consequences.push('oot_binding_floor_rules_skipped_hand');
      // 53-B: "the floor will rule on how to treat the skipped hand given the circumstances".
      cites.push('1');
      open.push(step('sa_skipped_hand_floor_decides'));
    } else if (sa) {
      cites.push('1');
      consequences.push('oot_sa_no_reasonable_time_td');
      open.push(step('sa_consequence_oot_sa_no_reasonable_time_td'));
    } else {
      cites.push('53-A');
      consequences.push('action_backs_up_to_skipped');
    }
  }
  consequences.forEach((c) => steps.push(step('sa_consequence_' + c)));
  out.consequences = consequences;
  return success(out, steps, cites, open);
}

export const substantialAction = safe(compute);
export default substantialAction;
