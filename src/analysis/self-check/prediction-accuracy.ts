import type { CachePolicy } from '../policies/cache-policy.js';
import { policyByName } from '../shipped-policies/policy-registry.js';
import { causeAccuracy, type CauseAccuracy } from './cause-agreement.js';
import type { RequestAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';

/** How close predictions came to the usage the provider logged, over the requests that have both. */
export interface PredictionAccuracy {
  /** Requests scored: logged usage that can belong to its request. */
  readonly requests: number;
  /** Requests with logged usage left out: usage that cannot belong to its request, or a request the input lacks part of (see `excluded`). */
  readonly excludedRequests: number;
  /** Why each left-out request was left out: `<session file> request <i>: <reason>`. */
  readonly excluded: readonly string[];
  /** The policy's read unit in tokens the `withinUnit` count uses (1 where the policy reads any token count). */
  readonly unit: number;
  /** Requests where predicted and logged agree on whether anything was read from the cache. */
  readonly coldWarmAgree: number;
  /** Requests whose logged read lies inside the predicted `cacheReadRange`. */
  readonly readInRange: number;
  /** Requests whose predicted read equals the logged read. */
  readonly exactReads: number;
  /** Requests whose predicted read is within one unit of the logged read. */
  readonly withinUnit: number;
  /** Median of |predicted − logged| cache read, in tokens (0 when there are no requests). */
  readonly medianReadError: number;
  /** Median of |predicted − logged| input tokens (uncached + read + written), in tokens (0 when there are none). */
  readonly medianInputError: number;
  /** For each tolerance asked for, requests whose read is off by at most that many tokens. */
  readonly readsWithin: Readonly<Record<number, number>>;
  /** Predicted causes against the providers' own cache diagnoses, where the responses carried them. */
  readonly causes: CauseAccuracy;
}

/** Options of `predictionAccuracy`. */
export interface PredictionAccuracyOptions {
  /** Read tolerances to count (default 64, 512, 2048 tokens). */
  readonly tolerances?: readonly number[];
  /** The read unit (default: the unit of the first tree's policy, `readUnit`). */
  readonly unit?: number;
}

/**
 * The granularity of a policy's reads in tokens: DeepSeek's storage unit, OpenAI's increment, vLLM's
 * block size; 1 for policies that read any token count (Anthropic breakpoints, SGLang's radix tree).
 */
export function readUnit(policy: CachePolicy): number {
  for (const name of ['unit', 'increment', 'blockSize']) {
    const value = policy.parameters[name]?.value;
    if (typeof value === 'number' && value >= 1) return value;
  }
  return 1;
}

function median(values: number[]): number {
  values.sort((a, b) => a - b);
  return values.length === 0 ? 0 : values[Math.floor(values.length / 2)]!;
}

/** Tokens of the request's own messages (not its head), from its segments; null when the reader did not segment it. */
function messageTokens(request: RequestAnalysis): number | null {
  if (!request.segments) return null;
  let tokens = 0;
  for (const span of request.segments) if (span.kind === 'message' || span.kind === 'task') tokens += span.tokens;
  return tokens;
}

/**
 * Why logged usage cannot belong to its request, or null when it can: an observed input total smaller
 * than the request's own messages (authored usage such as DSH's `inputTokens: 100` fixtures, or
 * usage copied from another request).
 */
export function impossibleUsage(request: RequestAnalysis): string | null {
  if (request.observed === null) return null;
  const observed = request.observed.uncached + request.observed.cacheRead + request.observed.cacheWrite;
  const messages = messageTokens(request);
  if (messages !== null && observed < messages) return `logged input total ${observed} is smaller than the request's own messages (${messages} tokens)`;
  return null;
}

/**
 * Compares every prediction with its logged usage. Requests without a log are skipped; requests whose
 * logged usage cannot belong to them (`impossibleUsage`), and requests the input does not hold whole
 * (`incomplete`: the prediction is of a part only), are reported in `excluded` and left out of every
 * count.
 */
export function predictionAccuracy(trees: readonly SessionTreeAnalysis[], options: PredictionAccuracyOptions | readonly number[] = {}): PredictionAccuracy {
  const { tolerances = [64, 512, 2048], unit: givenUnit } = Array.isArray(options) ? { tolerances: options as readonly number[], unit: undefined } : (options as PredictionAccuracyOptions);
  const unit = givenUnit ?? (trees[0] ? readUnit(policyByName(trees[0].policy)) : 1);
  const readErrors: number[] = [];
  const inputErrors: number[] = [];
  const excluded: string[] = [];
  let coldWarmAgree = 0;
  let readInRange = 0;
  for (const tree of trees) {
    for (const session of tree.sessions) {
      for (const request of session.requests) {
        if (request.observed === null) continue;
        const leftOut = impossibleUsage(request) ?? request.incomplete ?? null;
        if (leftOut !== null) {
          excluded.push(`${session.file} request ${request.index}: ${leftOut}`);
          continue;
        }
        const { cacheRead, uncached, cacheWrite } = request.observed;
        if (request.predicted.cacheRead > 0 === cacheRead > 0) coldWarmAgree++;
        const [low, high] = request.predicted.cacheReadRange;
        if (cacheRead >= low && cacheRead <= high) readInRange++;
        readErrors.push(Math.abs(request.predicted.cacheRead - cacheRead));
        inputErrors.push(Math.abs(request.tokens - (uncached + cacheRead + cacheWrite)));
      }
    }
  }
  const readsWithin: Record<number, number> = {};
  for (const tolerance of tolerances) readsWithin[tolerance] = readErrors.filter((error) => error <= tolerance).length;
  return {
    requests: readErrors.length,
    excludedRequests: excluded.length,
    excluded,
    unit,
    coldWarmAgree,
    readInRange,
    exactReads: readErrors.filter((error) => error === 0).length,
    withinUnit: readErrors.filter((error) => error <= unit).length,
    medianReadError: median([...readErrors]),
    medianInputError: median(inputErrors),
    readsWithin,
    causes: causeAccuracy(trees, unit),
  };
}

/** One line for a text report: how well the predictions matched the usage the input logged (null when it logged none). */
export function accuracyLine(accuracy: PredictionAccuracy): string | null {
  if (accuracy.requests === 0 && accuracy.excludedRequests === 0) return null;
  const of = (count: number) => `${count}/${accuracy.requests}`;
  const left = accuracy.excludedRequests > 0 ? `; ${accuracy.excludedRequests} left out (usage that cannot belong to its request, or a request the input does not hold whole)` : '';
  return `self-check against logged usage: reads exact ${of(accuracy.exactReads)}, within one ${accuracy.unit}-token unit ${of(accuracy.withinUnit)}, inside the range ${of(accuracy.readInRange)}; cold/warm right ${of(accuracy.coldWarmAgree)}; median input-token error ${accuracy.medianInputError}${left}`;
}
