// Two-step random seating for players from a broken table (TDA 2024 Rule 10-B, Illustration Addendum).
// The random source is injected: `rng(n)` returns an integer in [0, n) (larger non-negative integers
// are reduced modulo n), or `randomValues` is a list of non-negative integers used in order.
// The UI passes an rng built on crypto.getRandomValues; tests pass fixed values.
import { Validator, safe, step, success } from './validate.js';

const RANKS = '23456789TJQKA';

function compute(input) {
  const v = new Validator(input);
  const players = v.list('players', { minLength: 1 });
  const seats = v.list('seats', { minLength: 1 });
  const suitOrder = v.str('suitOrder', { default: 'shdc' });
  const rng = input && typeof input.rng === 'function' ? input.rng : null;
  const values = input && Array.isArray(input.randomValues) ? input.randomValues : null;
  if (!rng && !values) v.error('rng', 'required');
  if (!v.ok) return v.fail();
  if (suitOrder.length !== 4 || new Set(suitOrder).size !== 4 || [...suitOrder].some((c) => !'shdc'.includes(c))) v.error('suitOrder', 'invalid_choice', { value: suitOrder, choices: 'shdc' });
  const names = players.map((p, i) => v.str(i, {}, players, `players[${i}]`));
  if (new Set(names).size !== names.length) v.error('players', 'duplicate', {});
  const seatLabels = seats.map((s, i) => {
    if (s && typeof s === 'object') return `${s.table}-${s.seat}`;
    return v.str(i, {}, seats, `seats[${i}]`);
  });
  if (new Set(seatLabels).size !== seatLabels.length) v.error('seats', 'duplicate', {});
  if (names.length > seatLabels.length) v.error('seats', 'not_enough_seats', { players: names.length, seats: seatLabels.length });
  if (!v.ok) return v.fail();

  let k = 0;
  const draw = (n) => {
    let r;
    if (rng) r = rng(n);
    else {
      if (k >= values.length) throw new RangeError('exhausted');
      r = values[k];
    }
    k += 1;
    if (typeof r !== 'number' || !Number.isInteger(r) || r < 0) throw new TypeError('bad');
    return r % n;
  };
  const steps = [];
  let stack;
  let dealt;
  try {
    // Step 1: show the seat cards, scramble them face down into a stack (Fisher–Yates).
    stack = [...seatLabels];
    for (let i = stack.length - 1; i > 0; i--) {
      const j = draw(i + 1);
      [stack[i], stack[j]] = [stack[j], stack[i]];
    }
    steps.push(step('rs_step1_scramble', { seats: seatLabels.length }));
    // Step 2: deal one playing card face up to each player from a shuffled deck.
    const deck = [];
    for (const r of RANKS) for (const s of 'shdc') deck.push(r + s);
    dealt = names.map((player) => {
      const idx = draw(deck.length);
      const card = deck.splice(idx, 1)[0];
      return { player, card };
    });
  } catch (e) {
    const code = e instanceof RangeError ? 'random_values_exhausted' : 'rng_invalid';
    return { ok: false, errors: [{ field: values && !rng ? 'randomValues' : 'rng', code, params: { used: k } }] };
  }
  dealt.forEach((d) => steps.push(step('rs_card_dealt', { player: d.player, card: d.card })));
  const val = (c) => RANKS.indexOf(c[0]) * 4 + (3 - suitOrder.indexOf(c[1]));
  const order = [...dealt].sort((a, b) => val(b.card) - val(a.card));
  steps.push(step('rs_step2_order', { order: order.map((d) => `${d.player} (${d.card})`).join(', '), suitOrder }));
  const assignments = order.map((d, i) => ({ player: d.player, card: d.card, seat: stack[i] }));
  assignments.forEach((a) => steps.push(step('rs_seat_assigned', { player: a.player, card: a.card, seat: a.seat })));
  return success({
    seatStack: stack,
    playingCards: dealt,
    order: order.map((d) => d.player),
    assignments,
    unusedSeats: stack.slice(assignments.length),
    randomDraws: k,
  }, steps, ['10-B'], [
    // The addendum gives "an example of one such process" and "highest playing card by suit" without
    // ranking the suits: the process and the suit order (here {suitOrder}) are the house's choice.
    step('rs_process_and_suits_house', { suitOrder }),
  ]);
}

export const randomSeating = safe(compute);
export default randomSeating;
