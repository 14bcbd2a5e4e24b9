// Awarding odd chips in split pots (TDA 2024 Rule 20).
import { Validator, safe, step, success } from './validate.js';

const RANKS = '23456789TJQKA';

function compute(input) {
  const v = new Validator(input);
  const pot = v.num('pot', { positive: true });
  const smallestChip = v.num('smallestChip', { positive: true });
  const game = v.choice('game', ['board', 'stud'], { default: 'board' });
  const split = v.choice('split', ['high', 'hiLo'], { default: 'high' });
  const buttonSeat = v.num('buttonSeat', { required: game === 'board', integer: true, min: 1 });
  const seats = v.num('seats', { default: 10, integer: true, min: 2 });
  const winners = v.list('winners', { minLength: 1 });
  const lowWinners = v.list('lowWinners', { default: [] });
  const highCards = v.list('highCards', { default: [] });
  const suitOrder = v.str('suitOrder', { default: 'shdc' });
  if (!v.ok) return v.fail();
  const seatsOf = (list, name) => list.map((s, i) => v.num(i, { integer: true, min: 1, max: seats }, list, `${name}[${i}]`));
  const hi = seatsOf(winners, 'winners');
  const lo = seatsOf(lowWinners, 'lowWinners');
  if (!v.ok) return v.fail();
  if (new Set(hi).size !== hi.length) v.error('winners', 'duplicate', {});
  if (new Set(lo).size !== lo.length) v.error('lowWinners', 'duplicate', {});
  if (pot % smallestChip !== 0) v.error('pot', 'not_multiple_of_chip', { pot, smallestChip });
  if (buttonSeat !== undefined && buttonSeat > seats) v.error('buttonSeat', 'above_maximum', { value: buttonSeat, max: seats });
  const cardOf = {};
  if (game === 'stud') {
    highCards.forEach((h, i) => {
      const seat = v.num('seat', { integer: true, min: 1 }, h || {}, `highCards[${i}].seat`);
      const card = v.str('card', {}, h || {}, `highCards[${i}].card`);
      if (card && (card.length !== 2 || !RANKS.includes(card[0].toUpperCase()) || !suitOrder.includes(card[1].toLowerCase()))) {
        v.error(`highCards[${i}].card`, 'invalid_card', { value: card });
      }
      if (seat !== undefined && card) cardOf[seat] = card;
    });
    [...hi, ...lo].forEach((s) => { if (!cardOf[s]) v.error('highCards', 'missing_high_card', { seat: s }); });
  }
  if (!v.ok) return v.fail();

  const steps = [];
  const cites = ['20'];
  const open = [];   // what Rule 20 leaves open (see success in validate.js)
  const units = pot / smallestChip;
  steps.push(step('oc_break_to_smallest', { pot, smallestChip, units }));
  const awards = {};
  const add = (seat, amt) => { awards[seat] = (awards[seat] || 0) + amt; };

  function order(list) {
    if (game === 'board') {
      cites.push('20-A');
      const dist = (s) => ((s - buttonSeat - 1 + seats) % seats);
      return [...list].sort((a, b) => dist(a) - dist(b));
    }
    cites.push('20-B');
    const val = (s) => RANKS.indexOf(cardOf[s][0].toUpperCase()) * 10 + (suitOrder.length - suitOrder.indexOf(cardOf[s][1].toLowerCase()));
    return [...list].sort((a, b) => val(b) - val(a));
  }
  function divide(u, list, side) {
    const each = Math.floor(u / list.length);
    const odd = u % list.length;
    const ord = order(list);
    steps.push(step('oc_divide', { side, amount: u * smallestChip, ways: list.length, each: each * smallestChip, oddChips: odd }));
    ord.forEach((s, i) => add(s, (each + (i < odd ? 1 : 0)) * smallestChip));
    if (odd > 1) {
      // Rule 20 speaks of "the odd chip" going to one player; with two or more odd chips (a 3-way or
      // larger split) it does not say whether they all go to that player or one each in turn.
      cites.push('1');
      open.push(step('oc_several_odd_chips_td', { side, oddChips: odd, seats: ord.slice(0, odd).join(', '), first: ord[0] }));
    }
    if (game === 'stud' && odd > 0) {
      // "High card by suit": Rule 20-B does not rank the suits; the order used is the house's.
      const rankOf = (s) => cardOf[s][0].toUpperCase();
      const tied = list.filter((s) => rankOf(s) === rankOf(ord[0])).length > 1;
      if (tied) open.push(step('oc_suit_order_house', { suitOrder }));
    }
    if (odd > 0) {
      steps.push(step(game === 'board' ? 'oc_odd_left_of_button' : 'oc_odd_high_card_suit', {
        side, seats: ord.slice(0, odd).join(', '), buttonSeat, card: game === 'stud' ? ord.slice(0, odd).map((s) => cardOf[s]).join(', ') : '',
      }));
    }
  }
  if (split === 'hiLo' && lo.length > 0) {
    cites.push('20-C');
    const loUnits = Math.floor(units / 2);
    const hiUnits = units - loUnits;
    steps.push(step('oc_hilo_halves', { high: hiUnits * smallestChip, low: loUnits * smallestChip, odd: units % 2 }));
    divide(hiUnits, hi, 'high');
    divide(loUnits, lo, 'low');
  } else {
    if (split === 'hiLo') steps.push(step('oc_no_low_high_takes_all'));
    divide(units, hi, 'high');
  }
  const awardList = Object.entries(awards).map(([seat, amount]) => ({ seat: Number(seat), amount })).sort((a, b) => a.seat - b.seat);
  const out = { awards: awardList };
  if (game === 'stud') out.suitOrder = suitOrder;
  return success(out, steps, cites, open);
}

export const oddChips = safe(compute);
export default oddChips;
