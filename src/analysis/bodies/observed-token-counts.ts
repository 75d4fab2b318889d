import { routeKeyString, type PrefixRequest, type PrefixTokenCounter } from '../../prefix/index.js';
import { MAX_TAIL_TOKENS, SessionCalibration } from '../claude-code/token-calibration.js';
import type { ObservedUsage } from '../usage/observed-usage.js';

/*
 * Claude's tokenizer is not public, so kvprefix counts requests with o200k, and Claude counts the
 * same bytes differently (not by a constant factor: JSON, code and prose each differ). A request
 * whose usage was logged says exactly how many Claude tokens the prefix through its last breakpoint
 * holds (`cache_read + cache_creation`: the write reaches the last breakpoint), and a warm one how
 * many through the breakpoint it read from (`cache_read`). Those counts are kept per prefix (its
 * chained hash, which includes the route), so a later request that repeats the prefix reads at the
 * count the server reported; between and after known prefixes, o200k counts are scaled by Claude
 * tokens per o200k token learned from the growth between known prefixes (as Claude Code's replay
 * calibrates its estimates, `SessionCalibration`). Only usage of requests already replayed is used:
 * a prediction never sees its own.
 */

/** Token positions along one request, in the provider's count. */
export class ObservedPositions {
  /** o200k count of the prefix through each segment. */
  readonly ends: readonly number[];
  /** Index of the segment each breakpoint ends, in breakpoint order. */
  readonly marks: readonly number[];
  readonly #request: PrefixRequest;
  readonly #counts: ObservedTokenCounts;

  constructor(request: PrefixRequest, counter: PrefixTokenCounter, counts: ObservedTokenCounts) {
    this.#request = request;
    this.#counts = counts;
    this.ends = request.segments.map((_, at) => counter.prefixTokens(request.segments, at + 1));
    this.marks = request.segments.flatMap((segment, at) => (segment.meta?.cacheControl ? [at] : []));
  }

  /** The provider's count of the prefix through segment `at`, when a logged usage showed it. */
  known(at: number): number | undefined {
    return this.#counts.known(this.#request.segments[at]!.prefixHash);
  }

  /** The nearest segment at or before `position` (o200k) whose count is known, as [o200k, provider count]; the start when none is. */
  #below(position: number): [number, number] {
    for (let at = this.ends.length - 1; at >= 0; at--) {
      if (this.ends[at]! > position) continue;
      const known = this.known(at);
      if (known !== undefined) return [this.ends[at]!, known];
    }
    return [0, 0];
  }

  /** The provider's count of the first `position` o200k tokens of the request. */
  at(position: number): number {
    const [low, lowCount] = this.#below(position);
    if (position === low) return lowCount;
    // Between two known prefixes the count is spread evenly; past the last one, scaled.
    for (let at = 0; at < this.ends.length; at++) {
      if (this.ends[at]! < position) continue;
      const high = this.known(at);
      if (high !== undefined && this.ends[at]! > low && high >= lowCount) return Math.round(lowCount + ((position - low) * (high - lowCount)) / (this.ends[at]! - low));
    }
    return Math.round(lowCount + (position - low) * this.#counts.scale(this.#request));
  }

  /** The provider's count through the end of segment `at`. */
  atSegment(at: number): number {
    return this.known(at) ?? this.at(this.ends[at]!);
  }

  /** The request's whole input: through its last segment, and the few tokens the server counts after it. */
  get total(): number {
    return this.ends.length === 0 ? 0 : this.atSegment(this.ends.length - 1) + this.#counts.tail(this.#request);
  }
}

/** What logged usage showed of prefixes' sizes in the provider's count, kept across a replay. */
export class ObservedTokenCounts {
  readonly #known = new Map<bigint, number>();
  readonly #calibrations = new Map<string, SessionCalibration>();
  /** Prefixes an earlier request wrote at (its breakpoints): where a later read can stop. */
  readonly #written = new Set<bigint>();

  known(prefixHash: bigint): number | undefined {
    return this.#known.get(prefixHash);
  }

  #calibration(request: PrefixRequest): SessionCalibration {
    const key = routeKeyString(request.route);
    let calibration = this.#calibrations.get(key);
    if (calibration === undefined) this.#calibrations.set(key, (calibration = new SessionCalibration()));
    return calibration;
  }

  /** Provider tokens per o200k token on the request's route (models differ: a Haiku side call learns its own). */
  scale(request: PrefixRequest): number {
    return this.#calibration(request).scale;
  }

  /** Tokens the server counts after the last block (the median of those logged with the breakpoint on the last block). */
  tail(request: PrefixRequest): number {
    return this.#calibration(request).tail;
  }

  positions(request: PrefixRequest, counter: PrefixTokenCounter): ObservedPositions {
    return new ObservedPositions(request, counter, this);
  }

  /** Learns from a replayed request's logged usage: the count through its last breakpoint, through the breakpoint it read at, and the scale of its growth. */
  learn(request: PrefixRequest, positions: ObservedPositions, observed: ObservedUsage | null): void {
    const segments = request.segments;
    if (observed === null || segments.length === 0) return;
    const calibration = this.#calibration(request);
    const cached = observed.cacheRead + observed.cacheWrite;
    const last = positions.marks.at(-1);
    if (cached > 0 && last !== undefined) {
      this.#read(positions, segments, last, observed.cacheRead, cached);
      const [from, fromCount] = this.#knownBefore(positions, last);
      calibration.recordGrowth(cached - fromCount, positions.ends[last]! - from);
      this.#known.set(segments[last]!.prefixHash, cached);
      if (last === segments.length - 1 && observed.uncached <= MAX_TAIL_TOKENS) calibration.recordTail(observed.uncached);
    } else if (cached === 0 && this.#knownBefore(positions, segments.length - 1)[0] === 0) {
      // Nothing cached and nothing known of it: its whole count is all it shows.
      calibration.recordGrowth(observed.uncached, positions.ends.at(-1)!);
    }
    for (const mark of positions.marks) this.#written.add(segments[mark]!.prefixHash);
  }

  /** A warm read stopped at a prefix an earlier request wrote: the one whose count is nearest the read holds it. */
  #read(positions: ObservedPositions, segments: PrefixRequest['segments'], last: number, read: number, cached: number): void {
    if (read === 0 || read === cached) return;
    let best: number | undefined;
    for (let at = 0; at < last; at++) {
      if (!this.#written.has(segments[at]!.prefixHash)) continue;
      if (best === undefined || Math.abs(positions.atSegment(at) - read) < Math.abs(positions.atSegment(best) - read)) best = at;
    }
    if (best !== undefined) this.#known.set(segments[best]!.prefixHash, read);
  }

  /** The last segment before `at` whose count is known, as [o200k, provider count]; the start when none is. */
  #knownBefore(positions: ObservedPositions, at: number): [number, number] {
    for (let before = at - 1; before >= 0; before--) {
      const known = positions.known(before);
      if (known !== undefined) return [positions.ends[before]!, known];
    }
    return [0, 0];
  }
}
