import type { Divergence, PrefixRequest } from '../../prefix/index.js';
import type { CacheClass } from './cache-class.js';
import type { CauseFacts } from './cause-facts.js';
import type { CauseScope } from './cause-scope.js';
import type { DivergenceCause } from './divergence-cause.js';
import type { HeadChanges } from './head-changes.js';

/** What a rule is given: both requests, the engine's divergence, the scope when known, and the head changes. */
export interface CauseContext {
  readonly parent: PrefixRequest;
  readonly child: PrefixRequest;
  readonly divergence: Divergence;
  readonly scope: CauseScope | undefined;
  /** The two heads and what changed between them (computed once, read by every head rule). */
  readonly head: HeadChanges;
}

/** What a rule names when it applies. */
export interface CauseFinding {
  /** What the cause is about: a tool, a section, a message, a route. */
  readonly name: string;
  /** One sentence saying what happened, e.g. "tool 'report' added after 'read', the last of the parent's tools". */
  readonly detail: string;
  /**
   * Where the change first shows in the wire order, for choosing among several head changes: the
   * layout's rank of the part (system or tools) and the index inside it. Lower comes first.
   */
  readonly position?: readonly [part: number, index: number];
  /** Which request holds the change (the side reports point at); default: the engine's leading side. */
  readonly side?: 'parent' | 'child';
}

/**
 * One cause rule. `where` says which divergences it is asked about: `route` when the routes differ,
 * `head` when the first difference is in the system text, SDK block or tools (every head rule is
 * asked, and the change that shows first in wire order names the cause), `messages` when both heads
 * are identical (asked in order, the first that applies names the cause).
 */
export interface CauseRule extends CauseFacts {
  readonly cause: DivergenceCause;
  readonly where: 'route' | 'head' | 'messages';
  /**
   * The part of the request the provider's own diagnosis names for this cause (Anthropic's
   * `tools_changed` for `tools`, …): what a predicted cause is scored against.
   */
  readonly cacheClass: CacheClass;
  /** When the rule applies, in one sentence (documentation, and `--json` consumers that list rules). */
  readonly when: string;
  attribute(context: CauseContext): CauseFinding | null;
}
