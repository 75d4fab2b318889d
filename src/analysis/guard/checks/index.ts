// The guard's checks, one per file, registered in one array.
import type { GuardCheck } from '../guard-subject.js';
import { compositionProblemsCheck } from './composition-problems.js';
import { inheritedHistoryLostCheck } from './inherited-history-lost.js';
import { unresolvedDelegationCheck } from './unresolved-delegation.js';
import { unstableOrderCheck } from './unstable-order.js';
import { volatileHeadCheck } from './volatile-head.js';

/** Every guard check, in the order findings are reported. One check per file beside this one. */
export const GUARD_CHECKS: readonly GuardCheck[] = [compositionProblemsCheck, unresolvedDelegationCheck, inheritedHistoryLostCheck, volatileHeadCheck, unstableOrderCheck];
