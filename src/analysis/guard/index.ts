// Guard checks over delegation heads (src/analysis/guard).
export { delegationCallPaths, PLACEHOLDER_OUTPUT_SCHEMA } from './call-paths.js';
export type { CallPath, ChildDelta } from './call-paths.js';
export { GUARD_CHECKS } from './checks/index.js';
export { VOLATILE_PATTERNS } from './checks/volatile-head.js';
export { GuardCache } from './guard-cache.js';
export { analyseDelegation } from './delegation-analysis.js';
export type { CallPathOutcome, DelegationAnalysis, DelegationUnderGuard } from './delegation-analysis.js';
export { assembleDelegationHeads, assembleParentHead } from './delegation-heads.js';
export type { HeadPair, ParentSetup } from './delegation-heads.js';
export { guardComposition } from './guard-composition.js';
export type { GuardCompositionOptions } from './guard-composition.js';
export { guardDelegation } from './guard-delegation.js';
export type { GuardDelegationInput, OptInStart } from './guard-delegation.js';
export { GUARD_FINDING_KINDS, hasErrorFinding } from './guard-finding.js';
export type {
  FindingLocation,
  GuardFinding,
  GuardSeverity,
  HeadDelta,
  InheritedHistoryLostFinding,
  InvalidCompositionFinding,
  UnresolvedFinding,
  UnstableOrderFinding,
  VolatileHeadFinding,
} from './guard-finding.js';
export { runGuardChecks } from './guard-report.js';
export type { GuardReport, GuardVerdict } from './guard-report.js';
export { explainExitCode, explainReport, guardExitCode, guardRun, guardRunJson, invalidInputLines, renderGuardRun } from './guard-run.js';
export type { ExplainResult, GuardRun } from './guard-run.js';
export type { GuardCheck, GuardSubject, RecordedHeader, UnresolvedDelegation } from './guard-subject.js';
export { describeDelta, headDeltas } from './head-delta.js';
export { prefixBreak } from './prefix-break.js';
export type { PrefixBreak } from './prefix-break.js';
export { readSessionParent } from './session-parent.js';
export type { SessionParent } from './session-parent.js';
export { modelExperienceCards, renderModelExperience, unexplainedDelegations } from './model-experience.js';
export type { ModelExperienceCard, ModelExperiencePath, UnexplainedDelegation } from './model-experience.js';
export { guardJson, guardWarnings, renderGuardMarkdown, renderGuardReport, renderGuardText } from './render-guard-report.js';
