import type { ToolSchema } from '../../providers/index.js';
import type { CompositionProblem } from '../compositions/composition-problem.js';
import type { DelegationAnalysis } from './delegation-analysis.js';
import type { ParentSetup } from './delegation-heads.js';
import type { FindingLocation, GuardFinding } from './guard-finding.js';

/** A `request/header` a session logged, resolved to the head that was sent. */
export interface RecordedHeader {
  readonly seq: number;
  readonly line: number | null;
  readonly reason: string;
  readonly route: { readonly provider: string; readonly model: string };
  readonly system: string;
  readonly tools: readonly ToolSchema[];
}

/** A delegation entry point whose provider no loaded package provides. */
export interface UnresolvedDelegation {
  readonly tool: string;
  readonly provider: string;
  readonly location: FindingLocation;
}

/** Everything the checks look at: assembled once, read by each check. */
export interface GuardSubject {
  /** The guarded file (or session) as findings name it. */
  readonly source: string;
  readonly setup: ParentSetup;
  /** Where the parent head came from: assembled from compositions, or logged in a session. */
  readonly headSource: 'composition' | 'session';
  readonly delegations: readonly DelegationAnalysis[];
  readonly unresolvedDelegations: readonly UnresolvedDelegation[];
  readonly problems: readonly CompositionProblem[];
  /** The session's logged headers, in order (empty without a session). */
  readonly recordedHeaders: readonly RecordedHeader[];
  /** The session log's name, for findings about recorded headers. */
  readonly sessionSource: string | null;
}

/** One guard check: a pure function from the subject to findings. */
export interface GuardCheck {
  readonly name: string;
  /** One line for docs and `--help`. */
  readonly description: string;
  run(subject: GuardSubject): readonly GuardFinding[];
}
