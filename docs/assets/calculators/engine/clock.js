// Calling for a clock (TDA 2024 Rule 29): a pure countdown state machine.
// No timers inside: the caller passes the current time (`at`, milliseconds) with every event
// and the UI drives ticks (requestAnimationFrame / setInterval) outside the engine.
import { Validator, safe, step, success } from './validate.js';

const EVENTS = ['init', 'start', 'tick', 'pause', 'resume', 'act', 'reset'];

function compute(input) {
  const v = new Validator(input);
  const ev = input && typeof input.event === 'object' && input.event ? input.event : {};
  const type = v.choice('type', EVENTS, {}, ev, 'event.type');
  const at = v.num('at', { required: type !== 'init' && type !== 'reset', max: Number.MAX_SAFE_INTEGER, integer: false }, ev, 'event.at');   // ms timestamps, fractional from performance.now()
  const prev = input && input.state && typeof input.state === 'object' ? input.state : null;
  const cfg = input && input.config && typeof input.config === 'object' ? input.config : {};
  const baseSeconds = v.num('baseSeconds', { default: prev ? prev.baseSeconds : 25, positive: true, max: 600 }, cfg, 'config.baseSeconds');
  const countdownSeconds = v.num('countdownSeconds', { default: prev ? prev.countdownSeconds : 5, positive: true, max: 60 }, cfg, 'config.countdownSeconds');
  const facingBet = v.bool('facingBet', { default: prev ? prev.facingBet : true }, cfg, 'config.facingBet');
  if (!v.ok) return v.fail();
  if (type !== 'init' && type !== 'reset' && !prev) return { ok: false, errors: [{ field: 'state', code: 'required', params: {} }] };

  const totalMs = (baseSeconds + countdownSeconds) * 1000;
  const warnMs = baseSeconds * 1000;
  let s = prev ? { ...prev, baseSeconds, countdownSeconds, facingBet } : null;
  const steps = [];
  const signals = [];
  const elapsedAt = (st, t) => st.accumulatedMs + (st.phase === 'running' || st.phase === 'countdown' ? Math.max(0, t - st.runStartedAt) : 0);

  if (type === 'init' || type === 'reset') {
    s = { phase: 'idle', accumulatedMs: 0, runStartedAt: null, baseSeconds, countdownSeconds, facingBet, outcome: null };
    steps.push(step('clk_allowed', { baseSeconds, countdownSeconds }));
  } else if (type === 'start') {
    if (s.phase !== 'idle') return { ok: false, errors: [{ field: 'event.type', code: 'clock_bad_transition', params: { from: s.phase, event: type } }] };
    s = { ...s, phase: 'running', runStartedAt: at, accumulatedMs: 0 };
    steps.push(step('clk_started', { baseSeconds, countdownSeconds }));
  } else if (type === 'pause') {
    if (s.phase === 'running' || s.phase === 'countdown') {
      s = { ...s, accumulatedMs: elapsedAt(s, at), runStartedAt: null, pausedPhase: s.phase, phase: 'paused' };
    }
  } else if (type === 'resume') {
    if (s.phase === 'paused') s = { ...s, phase: s.pausedPhase || 'running', runStartedAt: at };
  } else if (type === 'act') {
    if (s.phase === 'running' || s.phase === 'countdown' || s.phase === 'paused') {
      const e = elapsedAt(s, at);
      if (e <= totalMs) {
        // A tie goes to the player.
        s = { ...s, phase: 'acted', accumulatedMs: e, runStartedAt: null, outcome: 'acted' };
        steps.push(step(e === totalMs ? 'clk_tie_goes_to_player' : 'clk_acted_in_time', { seconds: Math.round(e / 100) / 10 }));
      }
    }
  }
  // Advance running clocks to `at` (tick, act too late, etc.).
  if ((s.phase === 'running' || s.phase === 'countdown') && at !== undefined) {
    const e = elapsedAt(s, at);
    if (e > totalMs) {
      s = { ...s, phase: 'expired', accumulatedMs: totalMs, runStartedAt: null, outcome: facingBet ? 'handDead' : 'check' };
      signals.push('expired');
      steps.push(step(facingBet ? 'clk_expired_hand_dead' : 'clk_expired_check'));
    } else if (e >= warnMs && s.phase === 'running') {
      s = { ...s, phase: 'countdown' };
      signals.push('warning');
      steps.push(step('clk_countdown_started', { countdownSeconds }));
    }
  }
  const elapsed = at !== undefined && s.phase !== 'idle' ? elapsedAt(s, at) : s.accumulatedMs;
  const remainingMs = Math.max(0, totalMs - Math.min(elapsed, totalMs));
  const inCountdown = s.phase === 'countdown';
  return success({
    state: s,
    phase: s.phase,
    remainingMs,
    displaySeconds: Math.ceil(remainingMs / 1000),
    countdownSeconds: inCountdown ? Math.ceil(remainingMs / 1000) : null,
    signals,
    outcome: s.outcome,
  }, steps, ['29']);
}

export const clock = safe(compute);
export default clock;
