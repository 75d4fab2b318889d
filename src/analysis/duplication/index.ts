// Duplication: what forking duplicates (inherited history × children) and what that costs against spawning.
export { duplicationAccount } from './duplication-account.js';
export type { DuplicationAccount } from './duplication-account.js';
export { accountFanOut } from './fan-out-account.js';
export type { ChildAccount, FanOutAccount, FanOutAccountOptions } from './fan-out-account.js';
export { forkFanOut, spawnFanOut } from './fan-out-requests.js';
export { SharedTokensMemo } from './shared-tokens-memo.js';
export type { FanOut, FanOutPlan, FanOutHead } from './fan-out-requests.js';
export { headLength, inheritedTokensOf, segmentMatches, sharedSegmentTokens, withoutInherited } from './spawn-counterfactual.js';
export type { SegmentedRequest } from './spawn-counterfactual.js';
export { treeDuplication } from './tree-duplication.js';
export type { ChildDuplication, ChildRequestAccount, DuplicationTotals, TreeDuplication } from './tree-duplication.js';
