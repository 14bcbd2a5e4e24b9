// Missed-round penalties (TDA 2024 Rule 71-A).
import { Validator, safe, step, success } from './validate.js';

function compute(input) {
  const v = new Validator(input);
  const playersAtTable = v.num('playersAtTable', { integer: true, min: 2, max: 10 });
  const rounds = v.num('rounds', { integer: true, min: 1, max: 10 });   // 71-A speaks of one to a few rounds
  if (!v.ok) return v.fail();
  const handsMissed = playersAtTable * rounds;
  return success({ handsMissed }, [
    step('pen_players_include_offender', { playersAtTable }),
    step('pen_hands_missed', { playersAtTable, rounds, handsMissed }),
    step('pen_blinds_antes_posted'),
  ], ['71-A', '71-C']);
}

export const penalties = safe(compute);
export default penalties;
