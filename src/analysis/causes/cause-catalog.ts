import { DIVERGENCE_CAUSE_FACTS, DIVERGENCE_CAUSES } from './divergence-cause.js';
import { LOG_CAUSES, type LogCause } from './log-cause.js';
import { REPLAY_CAUSES } from './replay-causes.js';

/** One cause as every report and verdict sees it. */
export interface CatalogCause {
  readonly cause: string;
  /** The change lies in the request head (a head rule's `where`, a log cause's `inHead`): the cached head is lost, and everything after it. */
  readonly inHead: boolean;
  readonly breaks: boolean;
  readonly claimsShared: 'all' | 'before-change' | null;
}

/**
 * Every cause kvprefix names, once: the byte rules' causes, the causes a replay names outside them, and the
 * causes only a host's log can tell. `ttl` is both a replay and a log cause; its first declaration
 * stands (a test holds the two to the same facts).
 */
export const CAUSE_CATALOG: readonly CatalogCause[] = (() => {
  const all: CatalogCause[] = [
    ...DIVERGENCE_CAUSES.map((cause) => {
      const facts = DIVERGENCE_CAUSE_FACTS[cause];
      return { cause, inHead: facts.where === 'head', breaks: facts.breaks, claimsShared: facts.claimsShared };
    }),
    ...REPLAY_CAUSES.map((cause) => ({ cause: cause.cause, inHead: false, breaks: cause.breaks, claimsShared: cause.claimsShared })),
    ...(Object.keys(LOG_CAUSES) as LogCause[]).map((cause) => ({ cause, inHead: LOG_CAUSES[cause].inHead, breaks: LOG_CAUSES[cause].breaks, claimsShared: LOG_CAUSES[cause].claimsShared })),
  ];
  return all.filter((entry, index) => all.findIndex((other) => other.cause === entry.cause) === index);
})();

function causesWhere(keep: (cause: CatalogCause) => boolean): ReadonlySet<string> {
  return new Set(CAUSE_CATALOG.filter(keep).map((entry) => entry.cause));
}

/** Causes of a divergence inside the head: the request lost the cached head, and with it everything after it. */
export const HEAD_CAUSES = causesWhere((cause) => cause.inHead);

/** Causes that lose nothing that was reusable (a repeat, an extension, a sibling's task). */
export const UNBROKEN_CAUSES = causesWhere((cause) => !cause.breaks);

/** Causes whose sentence says all of the earlier request is shared. */
export const WHOLE_REQUEST_SHARED = causesWhere((cause) => cause.claimsShared === 'all');

/** Causes whose sentence says the head and the messages before the change are shared. */
export const SHARED_BEFORE_CHANGE = causesWhere((cause) => cause.claimsShared === 'before-change');
