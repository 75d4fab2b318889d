/** How bad a finding is: `error` fails the guard (exit 1), `warning` and `info` do not. */
export type GuardSeverity = 'error' | 'warning' | 'info';

/** Where a finding points: a composition file and YAML path, or a session log and line. */
export interface FindingLocation {
  readonly file: string | null;
  readonly yamlPath: string | null;
  readonly line: number | null;
}

/** A child-only change to the request head. */
export interface HeadDelta {
  readonly part: 'section' | 'tool' | 'route';
  readonly name: string;
  readonly change: 'added' | 'removed' | 'changed';
}

interface FindingBase extends FindingLocation {
  readonly severity: GuardSeverity;
  /** The delegation tool the finding is about, when it is about one. */
  readonly tool: string | null;
  /** What it means and how to fix it, in one paragraph. */
  readonly message: string;
  /** Tokens the child re-prefills that it could have read from the cache (null: not measured). */
  readonly lostTokens: number | null;
}

/** A child of an inheriting provider whose head differs from its parent's before the inherited history. */
export interface InheritedHistoryLostFinding extends FindingBase {
  readonly kind: 'inherited-history-lost';
  readonly tool: string;
  readonly provider: string;
  /** The call path that installs the delta (`default`, `run_in_background: false`, …). */
  readonly callPath: string;
  readonly defaultPath: boolean;
  readonly deltas: readonly HeadDelta[];
  /** The first child segment that differs from the parent's: where the delta lands. */
  readonly landsAt: { readonly segment: number; readonly kind: string; readonly name: string };
  readonly inheritedMessages: number;
  readonly lostTokens: number;
  readonly tokenizer: string;
}

/** Head text that changes between requests without a configuration change. */
export interface VolatileHeadFinding extends FindingBase {
  readonly kind: 'volatile-head';
  /** The section or tool holding it. */
  readonly where: string;
  readonly pattern: string;
  readonly excerpt: string;
}

/** Tools or schema keys in an order that is not deterministic. */
export interface UnstableOrderFinding extends FindingBase {
  readonly kind: 'unstable-order';
  readonly where: string;
}

/** Something the guard cannot decide: it fails closed rather than pass. */
export interface UnresolvedFinding extends FindingBase {
  readonly kind: 'unresolved';
  readonly code: string;
}

/** A composition that does not validate (or that Cordis would skip parts of, as a warning). */
export interface InvalidCompositionFinding extends FindingBase {
  readonly kind: 'invalid-composition';
  readonly code: string;
}

/** Everything a guard check can report. */
export type GuardFinding = InheritedHistoryLostFinding | VolatileHeadFinding | UnstableOrderFinding | UnresolvedFinding | InvalidCompositionFinding;

/** The kinds, for exhaustive tables. */
export const GUARD_FINDING_KINDS = ['inherited-history-lost', 'volatile-head', 'unstable-order', 'unresolved', 'invalid-composition'] as const satisfies readonly GuardFinding['kind'][];

/** True when any finding fails the guard. */
export function hasErrorFinding(findings: readonly GuardFinding[]): boolean {
  return findings.some((finding) => finding.severity === 'error');
}
