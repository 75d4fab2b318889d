import { parseDelegationToolConfig, type DelegationToolConfigInput, type SubagentProvider } from '../../providers/index.js';
import { delegationCallPaths, type CallPath, type ChildDelta } from './call-paths.js';
import { GUARD_CHECKS } from './checks/index.js';
import { analyseDelegation } from './delegation-analysis.js';
import type { GuardCache } from './guard-cache.js';
import type { ParentSetup } from './delegation-heads.js';
import type { FindingLocation } from './guard-finding.js';
import { runGuardChecks, type GuardReport } from './guard-report.js';
import type { GuardCheck } from './guard-subject.js';

/** A start a caller opts into beyond the tool's own call paths: a persona, a filter, an output schema. */
export interface OptInStart {
  readonly label: string;
  readonly delta: Partial<ChildDelta>;
}

/** Input of `guardDelegation`. */
export interface GuardDelegationInput {
  /** The delegating parent: its global layer, route, workspace and completed history. */
  readonly parent: ParentSetup;
  /** The delegation tool's config, as a composition writes it. */
  readonly tool: DelegationToolConfigInput;
  /** The provider it is mounted on; whether it inherits parent context is read from it. */
  readonly provider: Pick<SubagentProvider, 'name' | 'inheritsParentContext'>;
  /** Programmatic starts to check as opt-in paths (warnings, with the tokens they lose). */
  readonly optIn?: readonly OptInStart[];
  /** Where findings point (default: nowhere; the tool name identifies them). */
  readonly location?: Partial<FindingLocation>;
  /** Shared across decisions on the same parent: memoised token counts and the parent's rendered request. */
  readonly cache?: GuardCache;
  /** The checks to run (default: every registered check). */
  readonly checks?: readonly GuardCheck[];
}

/**
 * Guards one delegation tool against one parent: every call path of the tool (and every opt-in start
 * given) is assembled with the runtime and compared with the parent's request by the prefix engine,
 * and every guard check runs. A config DSH would reject throws the runtime's `InputError`.
 */
export function guardDelegation(input: GuardDelegationInput): GuardReport {
  const config = parseDelegationToolConfig(input.tool, `delegation tool '${String(input.tool.toolName ?? 'subagent')}'`);
  const optIn: CallPath[] = (input.optIn ?? []).map((start) => ({ label: start.label, isDefault: false, delta: { mode: 'one-shot', ...start.delta } }));
  const location: FindingLocation = { file: input.location?.file ?? null, yamlPath: input.location?.yamlPath ?? null, line: input.location?.line ?? null };
  const delegation = {
    tool: config.toolName,
    provider: input.provider.name,
    inheritsParentContext: input.provider.inheritsParentContext,
    location,
    paths: [...delegationCallPaths(config), ...optIn],
  };
  const analysis = analyseDelegation(input.parent, delegation, input.cache);
  return runGuardChecks(
    {
    source: location.file ?? config.toolName,
    setup: input.parent,
    headSource: 'composition',
    delegations: [analysis],
    unresolvedDelegations: [],
    problems: [],
    recordedHeaders: [],
    sessionSource: null,
    },
    [],
    input.checks ?? GUARD_CHECKS,
  );
}
