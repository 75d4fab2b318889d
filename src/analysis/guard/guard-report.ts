import type { UnfinishedLine } from '../../providers/index.js';
import type { CompositionProblem } from '../compositions/composition-problem.js';
import type { UncountedPackage } from '../compositions/host-composition.js';
import { invalidInputProblems } from './checks/composition-problems.js';
import { GUARD_CHECKS } from './checks/index.js';
import type { DelegationAnalysis } from './delegation-analysis.js';
import { hasErrorFinding, type GuardFinding } from './guard-finding.js';
import type { GuardCheck, GuardSubject } from './guard-subject.js';

/**
 * What the guard decided: `passed` (no error finding), `failed` (an error finding), or
 * `invalid-input` (a composition does not validate, so nothing else it says can be trusted).
 */
export type GuardVerdict = 'passed' | 'failed' | 'invalid-input';

/** What a guard run returns. */
export interface GuardReport {
  /** True when no finding is an error (`verdict` is `passed`). */
  readonly ok: boolean;
  readonly verdict: GuardVerdict;
  /** The problems that make the input invalid, from the compositions as read (empty unless `verdict` is `invalid-input`). */
  readonly invalidInput: readonly CompositionProblem[];
  /** The guarded file(s), as named in findings. */
  readonly source: string;
  readonly headSource: GuardSubject['headSource'];
  readonly findings: readonly GuardFinding[];
  /** Every delegation's call paths with their heads and prefix comparisons (for `explain` and reports). */
  readonly delegations: readonly DelegationAnalysis[];
  /** Packages whose head contribution was not assembled (their tokens are not in the counts). */
  readonly uncounted: readonly UncountedPackage[];
  readonly subject: GuardSubject;
  /** The `--session` log's last line, left out because it was still being written (the guard read the lines before it). */
  readonly sessionUnfinishedLine?: UnfinishedLine;
}

/** Runs every registered check over a subject, and decides the verdict once. */
export function runGuardChecks(subject: GuardSubject, uncounted: readonly UncountedPackage[] = [], checks: readonly GuardCheck[] = GUARD_CHECKS): GuardReport {
  const findings = checks.flatMap((check) => check.run(subject));
  const invalidInput = invalidInputProblems(subject.problems);
  const ok = !hasErrorFinding(findings);
  const verdict: GuardVerdict = invalidInput.length > 0 ? 'invalid-input' : ok ? 'passed' : 'failed';
  return { ok, verdict, invalidInput, source: subject.source, headSource: subject.headSource, findings, delegations: subject.delegations, uncounted, subject };
}
