// Hand-for-hand procedures (TDA 2024 RP-8).
import { Validator, safe, step, success } from './validate.js';

function compute(input) {
  const v = new Validator(input);
  const remaining = v.num('playersRemaining', { integer: true, min: 2 });
  const placesPaid = v.num('placesPaid', { integer: true, min: 1 });
  const busted = v.num('bustedThisHand', { default: 0, integer: true });
  const handsPlayed = v.num('handsPlayed', { default: 0, integer: true });
  const minutesPerHand = v.num('minutesPerHand', { default: 2, max: 3, integer: false });
  const payouts = input && input.payouts && typeof input.payouts === 'object' ? input.payouts : null;
  if (!v.ok) return v.fail();
  if (busted >= remaining) v.error('bustedThisHand', 'above_maximum', { value: busted, max: remaining - 1 });
  if (!v.ok) return v.fail();
  const steps = [];
  const cites = ['RP-8'];
  const open = [];   // what RP-8 leaves to the TD (see success in validate.js)
  const places = [];
  for (let p = remaining; p > remaining - busted; p--) places.push(p);
  const paidPlaces = places.filter((p) => p <= placesPaid);
  const out = { placesOfBustedPlayers: places, paidPlaces, playersLeft: remaining - busted };
  cites.push('RP-8-A');
  if (busted === 0) {
    steps.push(step('h4h_no_bust'));
  } else if (paidPlaces.length === 0) {
    steps.push(step('h4h_busts_not_paid', { busted, places: places.join(', '), placesPaid }));
    out.sharePlaces = [];
  } else if (remaining > placesPaid) {
    steps.push(step('h4h_share_places', { busted, remaining, placesPaid, places: places.join(', '), paidPlaces: paidPlaces.join(', ') }));
    out.sharePlaces = paidPlaces;
    out.sharedBy = busted;
    if (payouts) {
      let sum = 0;
      for (const p of paidPlaces) {
        const amt = v.num(String(p), { integer: false }, payouts, `payouts.${p}`);   // money, not chips
        if (amt !== undefined) sum += amt;
      }
      if (!v.ok) return v.fail();
      out.prizePool = sum;
      out.eachReceives = sum / busted;
      steps.push(step('h4h_share_amount', { sum, busted, each: out.eachReceives }));
    }
  } else {
    // Already in the money: RP-8-A speaks only of busts that break into the money.
    cites.push('1');
    out.tdDiscretion = true;
    const s = step('h4h_in_money_td', { places: places.join(', ') });
    steps.push(s);
    open.push(s);
  }
  cites.push('RP-8-B', 'RP-8-C', 'RP-8-D');
  out.clockDeductionMinutes = handsPlayed * minutesPerHand;
  out.maxDeductionMinutes = handsPlayed * 3;
  steps.push(step('h4h_clock', { handsPlayed, minutesPerHand, minutes: out.clockDeductionMinutes, max: out.maxDeductionMinutes }));
  if (handsPlayed > 0 && minutesPerHand !== 2) {
    // RP-8-C: "whenever possible the clock should be reduced by 2-minutes each hand".
    open.push(step('h4h_not_two_minutes', { minutesPerHand }));
  }
  return success(out, steps, cites, open);
}

export const handForHand = safe(compute);
export default handForHand;
