// Pot-limit maximum bet / raise (TDA 2024 Rule 54) and correcting pot-count errors (Rule 52-B).
import { Validator, safe, step, success } from './validate.js';

function compute(input) {
  const v = new Validator(input);
  const street = v.choice('street', ['preflop', 'postflop'], { default: 'postflop' });
  const potBefore = v.num('potBefore', { default: 0 });
  const bets = v.list('bets', { default: [] });
  const playerBet = v.num('playerBet', { default: 0 });
  const smallBlind = v.num('smallBlind', { required: street === 'preflop' });
  const bigBlind = v.num('bigBlind', { required: street === 'preflop', positive: true });
  const smallBlindPosted = v.num('smallBlindPosted', { required: false });
  const bigBlindPosted = v.num('bigBlindPosted', { required: false });
  const actingBlind = v.choice('actingBlind', ['none', 'sb', 'bb'], { default: 'none' });
  const betMade = v.num('betMade', { required: false });
  const basedOnPotCount = v.bool('basedOnPotCount', { default: true });
  const saAfterBet = v.bool('substantialActionAfterBet', { default: false });
  const nextCardDealt = v.bool('nextCardDealt', { default: false });
  if (!v.ok) return v.fail();
  bets.forEach((b, i) => v.num(i, {}, bets, `bets[${i}]`));
  if (!v.ok) return v.fail();

  const steps = [];
  const cites = ['54'];
  const all = bets.map(Number);
  let own = playerBet;
  if (street === 'preflop') {
    cites.push('54-B');
    if (smallBlind > bigBlind) return { ok: false, errors: [{ field: 'smallBlind', code: 'small_blind_above_big_blind', params: { smallBlind, bigBlind } }] };
    const sbActual = smallBlindPosted ?? smallBlind;
    const bbActual = bigBlindPosted ?? bigBlind;
    if (sbActual !== smallBlind || bbActual !== bigBlind) {
      steps.push(step('pl_blinds_treated_full', { smallBlind, bigBlind, smallBlindPosted: sbActual, bigBlindPosted: bbActual }));
    }
    steps.push(step('pl_blinds_in_pot', { smallBlind, bigBlind }));
    // Blinds are counted as full blinds (54-B); the acting blind's own blind is its prior bet.
    if (actingBlind === 'sb') own = Math.max(own, smallBlind);
    else all.push(smallBlind);
    if (actingBlind === 'bb') own = Math.max(own, bigBlind);
    else all.push(bigBlind);
  } else {
    cites.push('54-C');
  }
  const currentBet = Math.max(own, bigBlind && street === 'preflop' ? bigBlind : 0, ...all, 0);
  const sumBets = all.reduce((s, b) => s + b, 0) + own;
  const pot = potBefore + sumBets;
  const toCall = currentBet - own;
  const potAfterCall = pot + toCall;
  const maxRaiseBy = potAfterCall;
  const maxTo = currentBet + maxRaiseBy;
  steps.push(step('pl_pot_now', { potBefore, bets: sumBets, pot }));
  steps.push(step('pl_to_call', { currentBet, playerBet: own, toCall }));
  steps.push(step('pl_pot_after_call', { pot, toCall, potAfterCall }));
  steps.push(step(currentBet === 0 ? 'pl_max_bet' : 'pl_max_raise_to', { currentBet, potAfterCall, maxTo }));
  const out = { pot, toCall, potAfterCall, maxRaiseBy, maxBetTo: maxTo, isBet: currentBet === 0 };

  if (betMade !== undefined) {
    cites.push('52-B');
    if (betMade > maxTo) {
      out.correction = nextCardDealt ? 'stands' : 'reduceForAll';
      out.correctedTo = nextCardDealt ? betMade : maxTo;
      steps.push(step(nextCardDealt ? 'pl_overbet_stands' : 'pl_overbet_reduced', { betMade, maxTo }));
    } else if (betMade < maxTo && basedOnPotCount) {
      out.correction = saAfterBet || nextCardDealt ? 'stands' : 'increase';
      out.correctedTo = out.correction === 'increase' ? maxTo : betMade;
      cites.push('36');
      steps.push(step(out.correction === 'increase' ? 'pl_underbet_increased' : 'pl_underbet_stands_sa', { betMade, maxTo }));
    } else {
      out.correction = 'none';
      out.correctedTo = betMade;
      steps.push(step('pl_bet_legal', { betMade, maxTo }));
    }
  }
  return success(out, steps, cites);
}

export const potLimit = safe(compute);
export default potLimit;
