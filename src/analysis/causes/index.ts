// Cause attribution: what a divergence found by the engine means for the requests compared.
export { attributeCause } from './attribute-cause.js';
export type { CauseAttribution } from './attribute-cause.js';
export { attributeDivergence, compareWithCause } from './attributed-divergence.js';
export type { AttributedDivergence, ComparisonWithCause } from './attributed-divergence.js';
export { requestDivergence } from './request-divergence.js';
export type { EarlierRequest } from './request-divergence.js';
export { CAUSE_RULES } from './cause-rules.js';
export type { CauseContext, CauseFinding, CauseRule } from './cause-rule.js';
export { causeScope } from './cause-scope.js';
export type { CauseScope, DelegationFacts, ScopeSection, SectionedHead } from './cause-scope.js';
export { DIVERGENCE_CAUSES } from './divergence-cause.js';
export type { DivergenceCause } from './divergence-cause.js';
export { LOG_CAUSES } from './log-cause.js';
export type { LogCause } from './log-cause.js';
export { explainUnreadPrefixes, unreadReason } from './unread-prefix.js';
