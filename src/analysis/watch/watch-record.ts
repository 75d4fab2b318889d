import type { ObservedUsage } from '../analyze/observed-usage.js';
import { costOf, type PriceTable } from '../policies/cache-policy.js';
import type { WatchPrediction } from './watch-prediction.js';

/** The value of every record line's `record` field: what `kvprefix analyze` recognises the file by. */
export const WATCH_RECORD = 'kvprefix-watch';

/** True when a file's first line is a watch record line (what `analyze` dispatches on). */
export function isWatchRecordLine(line: string): boolean {
  return line.trimStart().startsWith('{') && line.includes(`"record":"${WATCH_RECORD}"`);
}

/** How a watched request ended: its usage read, a body with no usage, the response failing, or the caller cancelling. */
export type WatchOutcome = 'read' | 'no-usage' | 'failed' | 'cancelled';

/** The prediction's fields a record line keeps (all but the per-request cost, which the line keeps with the observed one). */
type RecordedPrediction = Omit<WatchPrediction, 'cost'>;

/** One line of a watch record file (JSONL): one request, as predicted and as observed. */
export interface WatchRecordLine extends RecordedPrediction {
  readonly record: typeof WATCH_RECORD;
  readonly version: 1;
  /** Origin and path the request went to (no query: it may hold keys). */
  readonly endpoint: string;
  readonly observed: ObservedUsage | null;
  readonly outcome: WatchOutcome;
  readonly cost: { readonly predicted: number; readonly observed: number | null };
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
export function recordLine(prediction: WatchPrediction, ending: { readonly url: string; readonly observed: ObservedUsage | null; readonly outcome: WatchOutcome; readonly prices: PriceTable; readonly body?: unknown }): WatchRecordLine {
  const output = ending.observed?.output ?? 0;
  const { cost: _inputCost, ...recorded } = prediction;
  return {
    record: WATCH_RECORD,
    version: 1,
    endpoint: endpointOf(ending.url),
    ...recorded,
    observed: ending.observed,
    outcome: ending.outcome,
    cost: { predicted: costOf(prediction.predicted, ending.prices, output), observed: ending.observed ? costOf(ending.observed, ending.prices, output) : null },
    ...(ending.body === undefined ? {} : { body: ending.body }),
  };
}
