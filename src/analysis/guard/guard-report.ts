import type { UnfinishedLine } from '../../providers/index.js';
import type { UncountedPackage } from '../compositions/host-composition.js';
import { GUARD_CHECKS } from './checks/index.js';
import type { DelegationAnalysis } from './delegation-analysis.js';
import { hasErrorFinding, type GuardFinding } from './guard-finding.js';
import type { GuardCheck, GuardSubject } from './guard-subject.js';

/** What a guard run returns. */
export interface GuardReport {
  /** True when no finding is an error. */
  readonly ok: boolean;
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

/** Runs every registered check over a subject. */
export function runGuardChecks(subject: GuardSubject, uncounted: readonly UncountedPackage[] = [], checks: readonly GuardCheck[] = GUARD_CHECKS): GuardReport {
  const findings = checks.flatMap((check) => check.run(subject));
  return { ok: !hasErrorFinding(findings), source: subject.source, headSource: subject.headSource, findings, delegations: subject.delegations, uncounted, subject };
}
