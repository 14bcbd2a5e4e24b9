// Chip-pushing rulings (TDA 2024 Rules 40, 41, 43-A, 44, 45, 46, 61; 55 for "call"/"raise" facing no bet).
import { Validator, safe, step, success } from './validate.js';

const DECLS = ['none', 'call', 'raise', 'allin', 'amount', 'raiseAmount'];
const PRIOR = ['none', 'leftAlone', 'fullyPulledBack', 'partlyPulledBack'];

function compute(input) {
  const v = new Validator(input);
  const currentBet = v.num('currentBet', {});
  const minRaise = v.num('minRaise', { positive: true });
  const priorBet = v.num('priorBet', { default: 0 });
  const priorChips = v.choice('priorChips', PRIOR, { default: 'none' });
  // Value of the chips physically in front (a 1k chip posted for a 100 BB: priorBet 100, priorChipValue 1000).
  const priorChipValue = v.num('priorChipValue', { default: priorBet });
  const priorPulledBack = v.num('priorPulledBack', { default: 0 });
  const declaration = v.choice('declaration', DECLS, { default: 'none' });
  const declaredAmount = v.num('declaredAmount', { required: declaration === 'amount' || declaration === 'raiseAmount' });
  const lastChips = v.bool('lastChips', { default: false });
  const chips = v.list('chips', { default: [] });
  const total = v.num('total', { required: false });
  if (!v.ok) return v.fail();
  chips.forEach((c, i) => v.num(i, { positive: true }, chips, `chips[${i}]`));
  if (!v.ok) return v.fail();
  if (priorBet > currentBet && currentBet > 0) v.error('priorBet', 'prior_above_current_bet', { priorBet, currentBet });
  if (priorChips === 'none' && priorBet > 0) v.error('priorChips', 'prior_chips_state_required', { priorBet });
  if (priorChipValue !== undefined && priorChipValue < priorBet) v.error('priorChipValue', 'below_prior_bet', { priorBet, value: priorChipValue });
  if (priorChips === 'partlyPulledBack' && !(priorPulledBack > 0 && priorPulledBack < priorChipValue)) {
    v.error('priorPulledBack', 'partial_pull_back_range', { priorBet: priorChipValue, value: priorPulledBack });
  }
  const chipSum = chips.reduce((s, c) => s + Number(c), 0);
  if (total !== undefined && total !== chipSum) v.error('total', 'denominations_mismatch', { total, sum: chipSum });
  // Words alone ("call", "raise", an amount) are a ruling too; silent or all-in chips need chips.
  if ((declaration === 'none' || declaration === 'allin') && chips.length === 0) v.error('chips', 'too_few', { min: 1, count: 0 });
  if (!v.ok) return v.fail();

  const steps = [];
  const cites = [];
  const open = [];   // what the cited rules leave to the TD (see success in validate.js)
  const nums = chips.map(Number);
  const remainingPrior = priorChips === 'leftAlone' ? priorChipValue
    : priorChips === 'partlyPulledBack' ? priorChipValue - priorPulledBack : 0;
  const facing = currentBet > priorBet;
  const callTo = currentBet;
  const halfThreshold = currentBet + minRaise / 2;
  const fullRaiseTo = currentBet + minRaise;

  const res = (outcome, fields) => success({ outcome, ...fields }, steps, cites, open);
  // 51-B decides an undercall (a mandatory full call heads-up or facing the opening bet, otherwise the
  // TD's discretion) and 41-D leaves chips "relatively tiny to the bet" to the TD: this calculator does
  // not know which applies, so it says so instead of choosing.
  const undercallOpen = (total) => {
    cites.push('51-B', '41-D', '1');
    open.push(step('undercall_open', { total, callTo: currentBet }));
  };

  // --- Declared amount only (40-C): same as pushing that amount silently.
  if (declaration === 'amount' || declaration === 'raiseAmount') {
    const amt = declaredAmount;
    cites.push('40-C');
    if (chips.length > 0 && chipSum !== amt) {
      // 40-A: whichever came first defines the bet; simultaneous: a clear verbal declaration wins;
      // unclear or contradictory: the TD decides (Rule 1). The result below follows the words.
      cites.push('40-A', '1');
      open.push(step('verbal_chips_differ', { amount: amt, chips: chipSum }));
    }
    if (declaration === 'raiseAmount') {
      cites.push('43-B');
      steps.push(step('declared_raise_total', { amount: amt }));
      if (!facing) return res('bet', { betTo: amt });
      if (amt >= fullRaiseTo) return res('raise', { raiseTo: amt });
      cites.push('43-A');
      steps.push(step('raise_declared_below_min', { amount: amt, minRaiseTo: fullRaiseTo }));
      return res('mandatoryMinRaise', { raiseTo: fullRaiseTo });
    }
    steps.push(step('declared_amount_as_chips', { amount: amt }));
    if (!facing) return res('bet', { betTo: amt });
    if (amt < callTo) {
      if (lastChips) return res('allinCall', { allInTo: amt });
      steps.push(step('undercall_see_51', { total: amt, callTo }));
      undercallOpen(amt);
      return res('undercall', { callTo, shortBy: callTo - amt });
    }
    return fiftyPercent(amt, lastChips);
  }

  // --- "Call" facing no bet is a check (55-A).
  if (!facing && declaration === 'call') {
    cites.push('55-A');
    steps.push(step('declared_call_no_bet_check'));
    if (chipSum > 0) {
      // Words and chips disagree: whichever came first defines the action (40-A), else the TD.
      cites.push('40-A', '1');
      open.push(step('call_no_bet_with_chips', { chips: chipSum }));
    }
    return res('check', { returned: chipSum });
  }
  // --- "Raise" facing no bet: at least a minimum bet (55-B).
  if (!facing && declaration === 'raise') {
    cites.push('55-B', '44');
    const bet = remainingPrior + chipSum;
    const minTo = currentBet + minRaise;
    if (lastChips && bet < minTo) {
      steps.push(step('raise_declared_last_chips', { total: bet }));
      return res('allin', { betTo: bet });
    }
    if (bet >= minTo) {
      steps.push(step('declared_raise_no_bet', { total: bet, minTo }));
      return res('bet', { betTo: bet });
    }
    steps.push(step('declared_raise_no_bet_below_min', { total: bet, minTo }));
    return res('bet', { betTo: minTo, mustAdd: minTo - bet });
  }

  // --- Not facing a bet.
  if (!facing) {
    cites.push('44');
    const bet = remainingPrior + chipSum;
    if (chips.length === 1 && declaration === 'none') steps.push(step('overchip_not_facing_bet', { chip: nums[0] }));
    else steps.push(step('chips_not_facing_bet', { total: bet }));
    if (lastChips || declaration === 'allin') return res('allin', { betTo: bet });
    return res('bet', { betTo: bet });
  }

  const finalTotal = remainingPrior + chipSum;
  steps.push(step('facing_bet', { currentBet, priorBet, toCall: currentBet - priorBet, minRaise }));
  if (priorBet > 0) {
    cites.push('46-C');
    steps.push(step('prior_chips_' + priorChips, { priorBet, priorChipValue, remaining: remainingPrior, finalTotal }));
    if (priorChips !== 'leftAlone') {
      cites.push('46-B');
      steps.push(step('pulled_back_binds'));
    }
  }

  if (declaration === 'call') {
    cites.push('41');
    steps.push(step('declared_call', { callTo }));
    return res(lastChips && finalTotal < callTo ? 'allinCall' : 'call', {
      callTo: Math.min(callTo, finalTotal >= callTo ? callTo : finalTotal),
      returned: Math.max(0, finalTotal - callTo),
      mustAdd: lastChips ? 0 : Math.max(0, callTo - finalTotal),
    });
  }
  if (declaration === 'allin') {
    cites.push('45-A');
    steps.push(step('declared_allin', { total: finalTotal }));
    return res('allin', { allInTo: finalTotal });
  }
  if (declaration === 'raise') {
    cites.push('43-A', '44');
    if (chips.length === 1) steps.push(step('overchip_raise_declared', { chip: nums[0] }));
    if (finalTotal >= fullRaiseTo) {
      steps.push(step('raise_declared_total', { total: finalTotal }));
      return res('raise', { raiseTo: finalTotal });
    }
    if (lastChips) {
      steps.push(step('raise_declared_last_chips', { total: finalTotal }));
      return res('allin', { allInTo: finalTotal });
    }
    steps.push(step('raise_declared_below_min', { amount: finalTotal, minRaiseTo: fullRaiseTo }));
    return res('mandatoryMinRaise', { raiseTo: fullRaiseTo, mustAdd: fullRaiseTo - finalTotal });
  }

  // --- Silent chips facing a bet.
  if (finalTotal < callTo) {
    if (lastChips) {
      cites.push('45-A');
      steps.push(step('short_allin_call', { total: finalTotal, callTo }));
      return res('allinCall', { allInTo: finalTotal });
    }
    cites.push('41');
    steps.push(step('undercall_see_51', { total: finalTotal, callTo }));
    undercallOpen(finalTotal);
    return res('undercall', { callTo, shortBy: callTo - finalTotal });
  }

  const covers = priorChipValue >= currentBet;
  if (priorBet > 0 && covers) steps.push(step('prior_chips_cover_call', { priorChipValue, currentBet }));
  const combinedRule = priorChips === 'partlyPulledBack' || covers;
  if (priorBet > 0 && combinedRule) {
    // 46-C-2: the combined final chip bet is judged by the 50% standard.
    steps.push(step('combined_final_bet', { finalTotal }));
    cites.push('45-B');
    return fiftyPercent(finalTotal, lastChips);
  }

  if (priorBet > 0 && priorChips === 'leftAlone' && declaration === 'none') {
    // Addendum 46, Situation 5: "Regardless of the above, the gesture of combining and pushing or
    // tossing all chips forward may be interpreted as intent to bet all chips under Rule 45."
    cites.push('1');
    open.push(step('prior_chips_gesture_may_combine', { total: finalTotal }));
  }
  if (chips.length === 1) {
    cites.push('44', '41');
    steps.push(step('overchip_is_call', { chip: nums[0], callTo }));
    return res('call', { callTo, returned: finalTotal - callTo });
  }

  // Multiple chips: is every chip needed? (45-A)
  const smallest = Math.min(...nums);
  const without = finalTotal - smallest;
  cites.push('45-A');
  if (without < callTo) {
    steps.push(step('every_chip_needed', { smallest, without, callTo }));
    return res('call', { callTo, returned: finalTotal - callTo });
  }
  steps.push(step('not_every_chip_needed', { smallest, without, callTo }));
  cites.push('45-B');
  return fiftyPercent(finalTotal, lastChips);

  function fiftyPercent(amount, last) {
    cites.push('43-A');
    if (last) {
      steps.push(step('last_chips_allin', { total: amount }));
      return res('allin', { allInTo: amount });
    }
    const inc = amount - currentBet;
    if (amount >= fullRaiseTo) {
      steps.push(step('full_raise', { amount, minRaiseTo: fullRaiseTo }));
      return res('raise', { raiseTo: amount });
    }
    if (amount >= halfThreshold) {
      steps.push(step('fifty_percent_reached', { amount, increment: inc, minRaise, half: minRaise / 2, threshold: halfThreshold, minRaiseTo: fullRaiseTo }));
      return res('mandatoryMinRaise', { raiseTo: fullRaiseTo, mustAdd: fullRaiseTo - amount });
    }
    steps.push(step('fifty_percent_not_reached', { amount, increment: Math.max(0, inc), minRaise, half: minRaise / 2, threshold: halfThreshold, callTo }));
    return res('call', { callTo, returned: amount - callTo });
  }
}

export const chipPushing = safe(compute);
export default chipPushing;
