import { InputError, KvprefixError } from '../../prefix/index.js';
import { groupDigits } from '../../prefix/group-digits.js';
import type { CallPath } from './call-paths.js';
import { assembleDelegationHeads, type HeadPair, type ParentSetup } from './delegation-heads.js';
import { GuardCache } from './guard-cache.js';
import type { FindingLocation, HeadDelta } from './guard-finding.js';
import { headDeltas } from './head-delta.js';
import { prefixBreak, type HeadSizes, type PrefixBreak } from './prefix-break.js';

/** One delegation entry point under guard: a delegation tool row, or a programmatic caller. */
export interface DelegationUnderGuard {
  /** The model-facing tool name, or the caller package for programmatic starts. */
  readonly tool: string;
  readonly provider: string;
  /** Read from the provider (runtime `inheritsParentContext`), never assumed from its name. */
  readonly inheritsParentContext: boolean;
  readonly location: FindingLocation;
  readonly paths: readonly CallPath[];
}

/** What one call path produces. */
export type CallPathOutcome =
  | {
      readonly state: 'assembled';
      readonly pair: HeadPair;
      readonly deltas: readonly HeadDelta[];
      /** Head and inherited history against the child's. */
      readonly request: PrefixBreak;
      /** Heads alone: their token sizes and what they share. */
      readonly head: HeadSizes;
    }
  | { readonly state: 'rejected'; readonly code: string; readonly message: string };

/** A delegation's call paths, each assembled and compared. */
export interface DelegationAnalysis {
  readonly delegation: DelegationUnderGuard;
  readonly paths: readonly { readonly path: CallPath; readonly outcome: CallPathOutcome }[];
  readonly inheritedMessages: number;
}

/**
 * What one call path gives, keyed by the child delta alone: the parent's head and the child's are a
 * function of the setup and the delta, never of the tool's name or label. The JSON of the delta is
 * the key because its bytes are what the child head renders (an output schema's key order included).
 */
type OutcomesByDelta = Map<string, CallPathOutcome>;

function pathOutcome(setup: ParentSetup, path: CallPath, cache: GuardCache, outcomes: OutcomesByDelta): CallPathOutcome {
  const key = JSON.stringify(path.delta);
  let outcome = outcomes.get(key);
  if (!outcome) outcomes.set(key, (outcome = assemblePath(setup, path, cache)));
  return outcome;
}

function assemblePath(setup: ParentSetup, path: CallPath, cache: GuardCache): CallPathOutcome {
  let pair: HeadPair;
  try {
    pair = assembleDelegationHeads(setup, path.delta, cache);
  } catch (error) {
    if (error instanceof KvprefixError) return { state: 'rejected', code: error.code, message: error.message };
    throw error;
  }
  const request = prefixBreak(pair.parent, pair.child, cache.counter, pair.headSegments);
  return { state: 'assembled', pair, deltas: headDeltas(pair.parentHead, pair.childHead, setup.route, pair.childRoute), request, head: request.head };
}

/**
 * Assembles the parent and child heads of every call path of one delegation and compares them with
 * the prefix engine. A start the runtime rejects (an unknown filter name, an unsupported output
 * schema) is an outcome, not an exception: the guard reports it as unresolved.
 */
export function analyseDelegation(setup: ParentSetup, delegation: DelegationUnderGuard, cache: GuardCache = new GuardCache()): DelegationAnalysis {
  return analyseDelegations(setup, [delegation], cache)[0]!;
}

/**
 * The most head entries (sections, tools and inherited messages) the distinct child heads of one
 * parent may hold together. Each distinct delta costs one assembly, rendering and comparison of a
 * whole head; DSH's presets start two to four distinct children of about fifty entries, and this
 * bound (a few seconds of work) stops a composition of thousands of tools with a persona each from
 * running for minutes. Past it the composition is refused, naming the row.
 */
export const MAX_CHILD_HEAD_ENTRIES = 100_000;

/**
 * Distinct child heads always allowed, however long the head: a long `--session` history makes
 * every head large, and a real composition's handful of deltas (DSH's standard preset has two: a
 * continuable start and a one-shot one) must never be refused for it.
 */
const ALWAYS_ALLOWED_CHILD_HEADS = 16;

/** Refuses, before assembling anything, delegations whose distinct child heads hold more than the bound. */
function checkChildHeadWork(setup: ParentSetup, delegations: readonly DelegationUnderGuard[]): void {
  const entries = setup.host.sections.length + setup.host.tools.length + setup.history.length;
  const distinct = new Set<string>();
  for (const delegation of delegations) {
    for (const path of delegation.paths) {
      distinct.add(JSON.stringify(path.delta));
      if (distinct.size <= ALWAYS_ALLOWED_CHILD_HEADS || distinct.size * entries <= MAX_CHILD_HEAD_ENTRIES) continue;
      const { file, line } = delegation.location;
      throw new InputError(
        'input/delegation-fan-out',
        `the delegation tools start ${groupDigits(distinct.size)} or more different child heads (personas, tool filters, agent options, modes) ` +
          `of ${groupDigits(entries)} entries each, more than the ${groupDigits(MAX_CHILD_HEAD_ENTRIES)} head entries the guard assembles (at '${delegation.tool}'): ` +
          'give the delegation tools fewer distinct personas, filters and agent options',
        { source: file ?? undefined, line: line ?? undefined },
      );
    }
  }
}

/**
 * Analyses the delegations of one parent. Call paths with the same child delta share one assembly
 * and comparison: a composition with thousands of delegation tool rows assembles as many head pairs
 * as it has distinct deltas (usually two or three), not two per row, so time and memory stay linear
 * in the rows instead of growing with rows times head size. Distinct deltas each cost a whole head,
 * so their total is bounded (`MAX_CHILD_HEAD_ENTRIES`).
 */
export function analyseDelegations(setup: ParentSetup, delegations: readonly DelegationUnderGuard[], cache: GuardCache = new GuardCache()): DelegationAnalysis[] {
  checkChildHeadWork(setup, delegations);
  const outcomes: OutcomesByDelta = new Map();
  return delegations.map((delegation) => ({
    delegation,
    paths: delegation.paths.map((path) => ({ path, outcome: pathOutcome(setup, path, cache, outcomes) })),
    inheritedMessages: setup.history.length,
  }));
}
