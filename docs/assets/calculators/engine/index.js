// TDA 2024 calculators engine: pure functions, one plain object in, one plain object out.
export { minRaise } from './minRaise.js';
export { chipPushing } from './chipPushing.js';
export { potLimit } from './potLimit.js';
export { undercall } from './undercall.js';
export { substantialAction } from './substantialAction.js';
export { sidePots } from './sidePots.js';
export { oddChips } from './oddChips.js';
export { ambiguousAmount } from './ambiguousAmount.js';
export { penalties } from './penalties.js';
export { clock } from './clock.js';
export { handForHand } from './handForHand.js';
export { tableBalancing } from './tableBalancing.js';
export { randomSeating } from './randomSeating.js';
export { Validator } from './validate.js';

import { minRaise } from './minRaise.js';
import { chipPushing } from './chipPushing.js';
import { potLimit } from './potLimit.js';
import { undercall } from './undercall.js';
import { substantialAction } from './substantialAction.js';
import { sidePots } from './sidePots.js';
import { oddChips } from './oddChips.js';
import { ambiguousAmount } from './ambiguousAmount.js';
import { penalties } from './penalties.js';
import { clock } from './clock.js';
import { handForHand } from './handForHand.js';
import { tableBalancing } from './tableBalancing.js';
import { randomSeating } from './randomSeating.js';

// Calculator id (as used in rulebook/ui/calculators.yaml and the test cases) -> function.
export const calculators = {
  minRaise, chipPushing, potLimit, undercall, substantialAction, sidePots, oddChips,
  ambiguousAmount, penalties, clock, handForHand, tableBalancing, randomSeating,
};
