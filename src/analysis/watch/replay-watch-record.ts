import type { CachePolicy, CachePrediction } from '../policies/cache-policy.js';
import { replayRequests, type MeasuredRequest, type ReplaySession, type ReplaySource } from '../replay/replay-loop.js';
import type { NotReplayed, RequestAnalysis, RequestDivergence, SessionAnalysis, SpanList } from '../result/session-analysis.js';
import type { WatchRecordLine } from './watch-record.js';

/** Why a record's requests cannot be replayed under another policy. */
export const RECORD_WITHOUT_POLICY_INPUT =
  "its record lines were written before watch records kept each request's policy input (its breakpoints with their TTLs and block counts, and the cache matches the watch found); record the run again to replay it";

/** The tree's requests a replay cannot run (lines without policy input), or null when every line can be replayed. */
export function notReplayedOf(lines: readonly WatchRecordLine[]): NotReplayed | null {
  const missing = lines.filter((line) => line.policyInput === undefined).length;
  return missing === 0 ? null : { requests: missing, reason: RECORD_WITHOUT_POLICY_INPUT };
}

/** A recorded request of a tree being replayed: its line, its session, and the analysis the record gives it. */
export interface RecordedStep {
  readonly line: WatchRecordLine;
  readonly session: number;
  readonly recorded: RequestAnalysis;
}

/**
 * A watch record as a source of the replay loop: each request is measured as the watch measured it
 * (the policy input the line keeps: the same matches, ages and breakpoints), so only the rule
 * differs. Nothing is stored: the matches were found when the request was sent. An idle gap the
 * watch blamed on the TTL stays the cause only while the replay reads no more than the watch did:
 * a request the replay reads more of lost nothing to it.
 */
class WatchRecordReplay implements ReplaySource<RecordedStep> {
  constructor(
    readonly policy: CachePolicy,
    readonly sessions: readonly ReplaySession[],
    private readonly recorded: readonly RecordedStep[],
  ) {}

  steps(): Iterable<RecordedStep> {
    return this.recorded;
  }

  measure({ line, session, recorded }: RecordedStep): MeasuredRequest {
    // The policy input's fields are the measured request's own (tokens, matches, breakpoints, block ends).
    return {
      ...line.policyInput!,
      session,
      index: recorded.index,
      time: line.time,
      route: recorded.route,
      model: line.route.model,
      observed: line.observed,
      output: line.observed?.output ?? 0,
    };
  }

  divergence({ line, recorded }: RecordedStep, _measured: MeasuredRequest, predicted: CachePrediction): RequestDivergence | null {
    return predicted.cacheRead > line.predicted.cacheRead ? line.divergence : recorded.divergence;
  }

  store(): void {}

  segments({ recorded }: RecordedStep): SpanList | undefined {
    return recorded.segments;
  }
}

/**
 * The sessions of a record tree predicted again under `policy`, from the policy input every line
 * keeps (the caller checks with `notReplayedOf` that each does), priced at the policy's prices when
 * each request was sent.
 */
export function replayRecordedSessions(policy: CachePolicy, sessions: readonly SessionAnalysis[], steps: readonly RecordedStep[]): SessionAnalysis[] {
  const shapes = sessions.map(({ requests: _requests, ...session }) => session);
  return replayRequests(new WatchRecordReplay(policy, shapes, steps));
}
