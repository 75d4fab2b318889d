import { KvprefixError } from '../../prefix/index.js';
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
 * Assembles the parent and child heads of every call path of one delegation and compares them with
 * the prefix engine. A start the runtime rejects (an unknown filter name, an unsupported output
 * schema) is an outcome, not an exception: the guard reports it as unresolved.
 */
export function analyseDelegation(setup: ParentSetup, delegation: DelegationUnderGuard, cache: GuardCache = new GuardCache()): DelegationAnalysis {
  const paths = delegation.paths.map((path) => {
    let pair: HeadPair;
    try {
      pair = assembleDelegationHeads(setup, path.delta, cache);
    } catch (error) {
      if (error instanceof KvprefixError) return { path, outcome: { state: 'rejected' as const, code: error.code, message: error.message } };
      throw error;
    }
    const request = prefixBreak(pair.parent, pair.child, cache.counter, pair.headSegments);
    return {
      path,
      outcome: {
        state: 'assembled' as const,
        pair,
        deltas: headDeltas(pair.parentHead, pair.childHead, setup.route, pair.childRoute),
        request,
        head: request.head,
      },
    };
  });
  return { delegation, paths, inheritedMessages: setup.history.length };
}
