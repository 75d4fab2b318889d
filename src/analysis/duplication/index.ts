export { duplicationAccount } from './duplication-account.js';
export type { DuplicationAccount } from './duplication-account.js';
export { accountFanOut } from './fan-out-account.js';
export type { ChildAccount, FanOutAccount, FanOutAccountOptions } from './fan-out-account.js';
export { forkFanOut, spawnFanOut } from './fan-out-requests.js';
export { SharedTokensMemo } from './shared-tokens-memo.js';
export type { FanOut, FanOutPlan, RequestHead } from './fan-out-requests.js';
