// Minimum raise and re-opening the bet (TDA 2024 Rules 43, 47).
import { Validator, safe, step, success } from './validate.js';

const GAMES = ['noLimit', 'potLimit', 'limit'];
const STREETS = ['preflop', 'postflop'];
const ACTIONS = ['check', 'bet', 'raise', 'call', 'allin', 'fold'];

function compute(input) {
  const v = new Validator(input);
  const game = v.choice('game', GAMES, { default: 'noLimit' });
  const street = v.choice('street', STREETS, { default: 'postflop' });
  const bigBlind = v.num('bigBlind', { positive: true });
  const smallBlind = v.num('smallBlind', { required: false });
  const betSize = v.num('betSize', { required: false, positive: true });
  const bbPlayer = v.str('bigBlindPlayer', { default: 'BB' });
  const sbPlayer = v.str('smallBlindPlayer', { default: 'SB' });
  const actions = v.list('actions', { default: [] });
  const forPlayer = v.str('forPlayer', { default: null });
  if (!v.ok) return v.fail();

  const limit = game === 'limit';
  const fixedBet = limit ? (betSize ?? bigBlind) : null;
  const steps = [];
  const open = [];   // what Rules 43, 47, 48 leave to the TD or the house (see success in validate.js)
  const cites = ['43-A'];
  const contrib = new Map();
  const actedAt = new Map(); // player names are data, never object keys: contribution right after the player's last voluntary action
  const lastActIdx = new Map();
  const allIn = new Set();
  const folded = new Set();
  const events = []; // {idx, kind:'full'|'short', increment}
  let currentBet = 0;
  let minInc = bigBlind; // largest full bet or raise so far (starts at the minimum bet)
  let lastFullLevel = 0;

  if (street === 'preflop') {
    if (smallBlind !== undefined && smallBlind > bigBlind) {
      return { ok: false, errors: [{ field: 'smallBlind', code: 'small_blind_above_big_blind', params: { smallBlind, bigBlind } }] };
    }
    if (smallBlind) contrib.set(sbPlayer, smallBlind);
    contrib.set(bbPlayer, bigBlind);
    currentBet = bigBlind;
    lastFullLevel = bigBlind;
    steps.push(step('preflop_bb_opening', { bigBlind }));
    cites.push('51-B');
  } else {
    steps.push(step('postflop_min_bet', { bigBlind, minBet: limit ? fixedBet : bigBlind }));
    if (limit) minInc = fixedBet;
  }
  if (limit) {
    minInc = fixedBet;
    steps.push(step('limit_bet_size', { betSize: fixedBet, threshold: fixedBet / 2 }));
  }

  for (let i = 0; i < actions.length; i++) {
    const a = actions[i];
    const path = `actions[${i}]`;
    if (!a || typeof a !== 'object') { v.error(path, 'not_an_object'); break; }
    const player = v.str('player', {}, a, `${path}.player`);
    const kind = v.choice('action', ACTIONS, {}, a, `${path}.action`);
    if (!v.ok) break;
    if (folded.has(player) || allIn.has(player)) { v.error(`${path}.player`, 'player_cannot_act', { player }); break; }
    const before = contrib.get(player) || 0;
    if (kind === 'check') {
      if (currentBet > before) { v.error(`${path}.action`, 'check_facing_bet', { player, toCall: currentBet - before }); break; }
      steps.push(step('action_check', { player }));
    } else if (kind === 'fold') {
      folded.add(player);
      steps.push(step('action_fold', { player }));
    } else if (kind === 'call') {
      if (currentBet <= before) { v.error(`${path}.action`, 'nothing_to_call', { player }); break; }
      contrib.set(player, currentBet);
      steps.push(step('action_call', { player, to: currentBet }));
    } else {
      const to = v.num('to', { positive: true }, a, `${path}.to`);
      if (!v.ok) break;
      if (to <= before) { v.error(`${path}.to`, 'not_above_prior_bet', { player, to, prior: before }); break; }
      const increment = to - currentBet;
      if (kind === 'allin' && to <= currentBet) {
        contrib.set(player, to);
        allIn.add(player);
        steps.push(step('action_allin_call', { player, to, currentBet }));
      } else {
        if (to <= currentBet) { v.error(`${path}.to`, 'raise_not_above_bet', { player, to, currentBet }); break; }
        // May this player raise at all? (47-A: a player who acted and is not re-opened)
        if (actedAt.has(player)) {
          const r = reopenCheck(player);
          if (!r.reopened) { v.error(`${path}.action`, 'raise_not_allowed', { player, facing: r.facing, threshold: r.threshold }); break; }
        }
        if (limit) {
          if (kind !== 'allin' && to !== currentBet + fixedBet && !(currentBet > lastFullLevel)) {
            v.error(`${path}.to`, 'limit_raise_amount', { player, to, expected: currentBet + fixedBet }); break;
          }
          if (increment > fixedBet) { v.error(`${path}.to`, 'limit_raise_amount', { player, to, expected: currentBet + fixedBet }); break; }
          const full = increment >= fixedBet;
          const half = increment >= fixedBet / 2;
          if (kind === 'allin') allIn.add(player);
          contrib.set(player, to);
          if (full) lastFullLevel = to;
          events.push({ idx: i, kind: full ? 'full' : (half ? 'half' : 'short'), increment });
          steps.push(step(full ? 'action_limit_full' : (half ? 'action_limit_half_allin' : 'action_limit_short_allin'), { player, to, increment, betSize: fixedBet, threshold: fixedBet / 2 }));
          if (!full) cites.push('47-B');
          currentBet = to;
        } else {
          const full = increment >= minInc;
          if (!full && kind !== 'allin') {
            v.error(`${path}.to`, 'raise_below_minimum', { player, to, minRaiseTo: currentBet + minInc, minIncrement: minInc });
            break;
          }
          if (kind === 'allin') allIn.add(player);
          contrib.set(player, to);
          const isBet = currentBet === 0;
          if (full) {
            steps.push(step(isBet ? 'action_bet' : 'action_full_raise', { player, to, increment, minIncrement: minInc }));
            minInc = increment;
            lastFullLevel = to;
            events.push({ idx: i, kind: 'full', increment });
          } else {
            const s = step(isBet ? 'action_short_allin_bet' : 'action_short_allin', { player, to, increment, minIncrement: minInc });
            steps.push(s);
            events.push({ idx: i, kind: 'short', increment });
            cites.push('47-A');
            if (isBet) { cites.push('1'); open.push(s); }
          }
          currentBet = to;
        }
      }
    }
    actedAt.set(player, contrib.get(player) || 0);
    lastActIdx.set(player, i);
  }
  if (!v.ok) return v.fail();

  function reopenCheck(p) {
    const facing = currentBet - actedAt.get(p);
    const since = events.filter((e) => e.idx > lastActIdx.get(p));
    if (!limit) {
      return { facing, threshold: minInc, reopened: facing >= minInc, cumulative: since.length > 1 && !since.some((e) => e.kind === 'full') };
    }
    const threshold = fixedBet / 2;
    const single = since.some((e) => e.kind === 'full' || e.kind === 'half');
    const cumulativeOnly = !single && facing >= threshold;
    return { facing, threshold, reopened: single, td: cumulativeOnly };
  }

  const out = { game, street, currentBet, lastFullBetOrRaise: minInc };
  let tdDiscretion = false;
  if (limit) {
    if (currentBet > lastFullLevel) {
      out.minRaiseTo = null;
      tdDiscretion = true;
      const s = step('limit_raise_after_short_allin_td', { currentBet, lastFullLevel, betSize: fixedBet });
      steps.push(s);
      open.push(s);
      cites.push('1');
    } else {
      out.minRaiseTo = currentBet + fixedBet;
      steps.push(step('limit_raise_to', { currentBet, betSize: fixedBet, raiseTo: out.minRaiseTo }));
    }
    out.minRaiseIncrement = fixedBet;
    // Rule 48: in limit the number of raises is capped by the house until two players are left; the
    // calculator does not know the house cap, so whether one more raise is allowed stays open.
    cites.push('48');
    open.push(step('limit_raise_cap_house', { betSize: fixedBet }));
  } else {
    out.minRaiseIncrement = minInc;
    out.minRaiseTo = currentBet + minInc;
    steps.push(step(currentBet === 0 ? 'min_bet_result' : 'min_raise_result', { currentBet, minIncrement: minInc, minRaiseTo: out.minRaiseTo }));
    if (game === 'potLimit') steps.push(step('pot_limit_cap_see_54'));
  }

  if (forPlayer !== null) {
    out.forPlayer = forPlayer;
    if (folded.has(forPlayer) || allIn.has(forPlayer)) {
      return { ok: false, errors: [{ field: 'forPlayer', code: 'player_cannot_act', params: { player: forPlayer } }] };
    }
    const have = contrib.get(forPlayer) || 0;
    out.toCall = Math.max(0, currentBet - have);
    out.hasActed = actedAt.has(forPlayer);
    if (!out.hasActed) {
      out.reopened = null;
      out.canRaise = true;
      steps.push(step(forPlayer === bbPlayer && street === 'preflop' ? 'bb_option_open' : 'not_acted_open', { player: forPlayer }));
    } else {
      const r = reopenCheck(forPlayer);
      out.facingIncrement = r.facing;
      out.reopenThreshold = r.threshold;
      cites.push(limit ? '47-B' : '47-A');
      if (r.td) {
        out.reopened = null;
        out.canRaise = null;
        tdDiscretion = true;
        cites.push('1');
        const s = step('limit_cumulative_td', { player: forPlayer, facing: r.facing, threshold: r.threshold });
        steps.push(s);
        open.push(s);
      } else {
        out.reopened = r.reopened;
        out.canRaise = r.reopened;
        steps.push(step(r.reopened ? 'reopen_yes' : 'reopen_no', { player: forPlayer, actedAt: actedAt.get(forPlayer), currentBet, facing: r.facing, threshold: r.threshold }));
        if (r.reopened && r.cumulative) steps.push(step('reopen_cumulative', { player: forPlayer }));
      }
    }
    out.options = out.toCall > 0
      ? (out.canRaise === false ? ['fold', 'call'] : ['fold', 'call', 'raise'])
      : (out.canRaise === false ? ['check'] : ['check', 'bet']);
    if (out.toCall === 0 && currentBet > 0) out.options = out.canRaise === false ? ['check'] : ['check', 'raise'];
  }
  out.tdDiscretion = tdDiscretion;
  return success(out, steps, cites, open);
}

export const minRaise = safe(compute);
export default minRaise;
