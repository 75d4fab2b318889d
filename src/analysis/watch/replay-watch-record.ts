import { costOf, type CachePolicy, type PolicyInput } from '../policies/cache-policy.js';
import type { NotReplayed, RequestAnalysis } from '../result/session-analysis.js';
import type { WatchRecordLine } from './watch-record.js';

/** Why a record's requests cannot be replayed under another policy. */
export const RECORD_WITHOUT_POLICY_INPUT =
  "its record lines were written before watch records kept each request's policy input (its breakpoints with their TTLs and block counts, and the cache matches the watch found); record the run again to replay it";

/** The tree's requests a replay cannot run (lines without policy input), or null when every line can be replayed. */
export function notReplayedOf(lines: readonly WatchRecordLine[]): NotReplayed | null {
  const missing = lines.filter((line) => line.policyInput === undefined).length;
  return missing === 0 ? null : { requests: missing, reason: RECORD_WITHOUT_POLICY_INPUT };
}

/**
 * A record line's request predicted again under `policy` from the input the watch gave its own
 * policy (the same matches, ages and breakpoints: only the rule differs), priced at the policy's
 * prices when it was sent. An idle gap the watch blamed on the TTL is kept as the cause only while
 * the replay reads no more than the watch did: a request the replay reads more of lost nothing to it.
 */
export function replayedRequest(line: WatchRecordLine, policyInput: PolicyInput, recorded: RequestAnalysis, policy: CachePolicy): RequestAnalysis {
  const predicted = policy.predict(policyInput);
  const prices = policy.pricesFor(line.route.model, new Date(line.time));
  const divergence = predicted.cacheRead > line.predicted.cacheRead ? line.divergence : recorded.divergence;
  return { ...recorded, predicted, divergence, cost: { predicted: costOf(predicted, prices, line.observed?.output ?? 0), observed: recorded.cost.observed } };
}
