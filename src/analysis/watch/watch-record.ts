import type { ObservedUsage } from '../usage/observed-usage.js';
import { costOf, type PolicyInput, type PriceTable } from '../policies/cache-policy.js';
import type { WatchPrediction } from './watch-prediction.js';

/** The value of every record line's `record` field: what `kvprefix analyze` recognises the file by. */
export const WATCH_RECORD = 'kvprefix-watch';

/** True when a file's first line is a watch record line (what `analyze` dispatches on). */
export function isWatchRecordLine(line: string): boolean {
  return line.trimStart().startsWith('{') && line.includes(`"record":"${WATCH_RECORD}"`);
}

/**
 * How a watched request ended: its usage read, a body with no usage, the response failing, the
 * caller cancelling, or the provider refusing it (a 4xx/5xx status: no cache entry was written).
 */
export type WatchOutcome = 'read' | 'no-usage' | 'failed' | 'cancelled' | 'rejected';

/** The prediction's fields a record line keeps (all but the per-request cost, which the line keeps with the observed one). */
type RecordedPrediction = Omit<WatchPrediction, 'cost'>;

/** One line of a watch record file (JSONL): one request, as predicted and as observed. */
export interface WatchRecordLine extends RecordedPrediction {
  readonly record: typeof WATCH_RECORD;
  readonly version: 1;
  /** The watch that wrote the line (one per `watchFetch`): `analyze` tells runs in one file apart by it. */
  readonly run?: string;
  /** The response's HTTP status; null when no response came. */
  readonly status?: number | null;
  /** False when the provider did not accept the request (a 4xx/5xx, a failure or cancel before any answer): it wrote no cache entry. */
  readonly stored?: boolean;
  /** Origin and path the request went to (no query: it may hold keys). */
  readonly endpoint: string;
  readonly observed: ObservedUsage | null;
  readonly outcome: WatchOutcome;
  readonly cost: { readonly predicted: number; readonly observed: number | null };
  /**
   * What the cache policy was given for the request: its tokens and model, its breakpoints with the
   * TTL and block count of each, and the cache matches the watch found (earlier entries with their
   * age and breakpoints). `analyze --ttl 1h` replays the request from it under another policy.
   * Absent in records written before lines carried it: those cannot be replayed.
   */
  readonly policyInput?: PolicyInput;
  /** The request body as sent, only with `storeBodies: true`. */
  readonly body?: unknown;
}

/** `https://host/v1/chat/completions` from a URL, without query or fragment. */
export function endpointOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.replace(/[?#].*$/, '');
  }
}

/** The record line of a request once its outcome is known. Costs include the observed output where the response reported it. */
export function recordLine(
  prediction: WatchPrediction,
  ending: { readonly run?: string; readonly url: string; readonly observed: ObservedUsage | null; readonly outcome: WatchOutcome; readonly status?: number | null; readonly prices: PriceTable; readonly policyInput?: PolicyInput; readonly body?: unknown },
): WatchRecordLine {
  const output = ending.observed?.output ?? 0;
  const { cost: _inputCost, ...recorded } = prediction;
  const status = ending.status ?? null;
  return {
    record: WATCH_RECORD,
    version: 1,
    ...(ending.run === undefined ? {} : { run: ending.run }),
    status,
    stored: status !== null && status >= 200 && status < 300,
    endpoint: endpointOf(ending.url),
    ...recorded,
    observed: ending.observed,
    outcome: ending.outcome,
    cost: { predicted: costOf(prediction.predicted, ending.prices, output), observed: ending.observed ? costOf(ending.observed, ending.prices, output) : null },
    ...(ending.policyInput === undefined ? {} : { policyInput: ending.policyInput }),
    ...(ending.body === undefined ? {} : { body: ending.body }),
  };
}
