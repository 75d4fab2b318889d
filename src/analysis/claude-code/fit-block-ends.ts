import type { LoggedUsage } from './api-calls.js';
import { fitEnds, MAX_TAIL_TOKENS, nearestEnd, type SessionCalibration } from './token-calibration.js';

/** What the fit reads and updates of a session: its calibration and the size of its head once a request showed it. */
export interface FittedSession {
  readonly calibration: SessionCalibration;
  headEnd: number | undefined;
}

/**
 * Fits one request's estimated block ends to its logged usage and updates the session's calibration
 * (head size, tail after the last breakpoint, Claude tokens per estimated token). `shared` leading
 * ends are the earlier request's (`anchorUnits` long, when the request extends one) and stay as they
 * are; the rest are scaled so that the last breakpoint lands where the usage puts it. Returns the
 * fitted ends, which later requests share.
 */
export function fitBlockEnds(
  session: FittedSession,
  anchorUnits: number | undefined,
  shared: number,
  ends: readonly number[],
  estimates: readonly number[],
  usage: LoggedUsage,
): number[] {
  const cached = usage.cacheRead + usage.cacheWrite;
  const total = cached + usage.uncached;
  if (cached === 0) {
    // Nothing cached (under the model's minimum): the total is all there is to fit to.
    const fitted = fitEnds(ends, shared, ends.length - 1, shared === 0 ? 0 : ends[shared - 1]!, total);
    if (shared === 0) session.headEnd = fitted[0]!;
    return fitted;
  }
  const working = [...ends];
  let from = shared;
  if (shared === 0) {
    // First request of the session: what it read is its head (the read stops at the system
    // breakpoint); read cold, the head is the write less the estimated messages after it.
    let messages = 0;
    for (let at = 1; at < ends.length; at++) messages += ends[at]! - ends[at - 1]!;
    const head = usage.cacheRead > 0 ? usage.cacheRead : Math.max(0, cached - messages);
    session.headEnd = head;
    working[0] = head;
    for (let at = 1; at < working.length; at++) working[at] = head + (ends[at]! - ends[0]!);
    from = 1;
  }
  const base = from === 0 ? 0 : working[from - 1]!;
  // Claude Code's last breakpoint sits on the last block: then only a few tokens follow it. When
  // many follow, it sat on an earlier block (observed when a response ran tools in parallel).
  const tail = usage.uncached;
  const target = tail <= MAX_TAIL_TOKENS ? working.length - 1 : nearestEnd(working, from, cached);
  if (tail <= MAX_TAIL_TOKENS) session.calibration.recordTail(tail);
  const fitted = fitEnds(working, from, target, base, Math.max(cached, base));
  if (anchorUnits !== undefined && shared === anchorUnits && target === working.length - 1) {
    let estimated = 0;
    for (let at = shared; at < estimates.length; at++) estimated += estimates[at]!;
    session.calibration.recordGrowth(cached - base, estimated);
  }
  return fitted;
}
