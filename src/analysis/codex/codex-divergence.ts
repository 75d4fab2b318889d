import type { LogCause } from '../causes/log-cause.js';
import type { RequestDivergence } from '../result/session-analysis.js';
import type { CodexCall } from './rollout-calls.js';

/** What the cause of one Codex call's divergence is read from. */
export interface CodexDivergenceFacts {
  readonly session: string;
  readonly call: CodexCall;
  readonly model: string;
  /** The call's units: the head, then one per input item. */
  readonly units: Uint32Array;
  /** Each input item's kind (`developer message`, `tool output`, …), in order. */
  readonly names: readonly string[];
  /** The session's call before, whatever its model. */
  readonly previous: { readonly index: number; readonly model: string; readonly ageSeconds: number } | null;
  /** The earlier call on the same route sharing the most leading units, and how many. */
  readonly against: { readonly index: number; readonly units: Uint32Array; readonly sharedUnits: number; readonly ageSeconds: number } | null;
  /** How long OpenAI keeps an unused prefix at most (the policy's `retainedAtMost`), in seconds. */
  readonly retainedSeconds: number;
}

/** The causes a Codex call's divergence is given: the log causes, and the engine's causes it can tell from the items. */
export type CodexCause = LogCause | 'route' | 'extension' | 'system' | 'history';

const named = (cause: CodexCause): string => cause;

function minutes(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
}

/*
 * The one place where a Codex call's divergence gets its cause, in Codex's terms: the model changed
 * (a new route), an idle gap past the time OpenAI keeps a prefix, a compaction (a `compacted` line
 * replaced the history), a changed developer message, a new turn context (a `turn_context` with
 * other settings before the first differing item), or history otherwise rewritten. Causes are
 * inferred from the rollout: Codex logs the items it sends, not the request body.
 */
export function codexDivergence(facts: CodexDivergenceFacts): RequestDivergence | null {
  const { call, previous, against } = facts;
  if (previous === null) return null;
  if (previous.model !== facts.model) {
    return { kind: null, name: null, cause: named('route'), detail: `model changed from ${previous.model} to ${facts.model}: the cache is kept per model, nothing of the earlier calls is read`, inferred: false, against: { session: facts.session, index: previous.index } };
  }
  if (against === null) return null;
  const reference = { session: facts.session, index: against.index };
  if (against.ageSeconds > facts.retainedSeconds) {
    return { kind: null, name: null, cause: named('ttl'), detail: `idle ${minutes(against.ageSeconds)} since call #${against.index}, longer than OpenAI keeps an unused prefix (${minutes(facts.retainedSeconds)} at most)`, inferred: false, against: reference };
  }
  const shared = against.sharedUnits;
  if (shared === against.units.length) {
    const added = facts.units.length - shared;
    return { kind: null, name: null, cause: named('extension'), detail: `appends ${added} item${added === 1 ? '' : 's'} to call #${against.index}`, inferred: true, against: reference };
  }
  if (shared === 0) {
    return { kind: 'system', name: 'instructions', cause: named('system'), detail: `the instructions or tools differ from call #${against.index} (the base instructions, or Codex's version)`, inferred: true, against: reference };
  }
  const name = facts.names[shared - 1] ?? null;
  const at = `item ${shared} (${name ?? 'past the end'})`;
  if (call.afterCompaction) {
    return { kind: 'message', name, cause: named('compaction'), detail: `compaction replaced the history: ${at} differs from call #${against.index}`, inferred: false, against: reference };
  }
  if (name === 'developer message') {
    return { kind: 'system', name, cause: named('developer-message'), detail: `a developer message changed: ${at} differs from call #${against.index}`, inferred: true, against: reference };
  }
  if (call.turnChanged) {
    return { kind: 'message', name, cause: named('turn-context'), detail: `a new turn context (other model, cwd or policies): ${at} differs from call #${against.index}`, inferred: true, against: reference };
  }
  return { kind: 'message', name, cause: named('history'), detail: `${at} differs from call #${against.index} (edited, dropped or reordered)`, inferred: true, against: reference };
}
