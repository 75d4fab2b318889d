/**
 * Claude's tokenizer is not public, so block sizes are estimated (`BlockSizes`) and calibrated against
 * what the session itself reported on earlier requests: every logged usage gives the position of the
 * request's last breakpoint (`cache_read + cache_creation`) and its total (`+ input`). Only earlier
 * requests are used: a prediction never sees its own usage.
 */
export class SessionCalibration {
  #observedGrowth = 0;
  #estimatedGrowth = 0;
  /** In ascending order. */
  readonly #tails: number[] = [];
  readonly #initialScale: number;

  constructor(initialScale = 1) {
    this.#initialScale = initialScale;
  }

  /**
   * Claude tokens per estimated token, learned from requests that only appended blocks to an observed
   * one (observed growth / estimated growth). The initial value holds until 200 estimated tokens of
   * growth were seen, so a one-word turn cannot swing it.
   */
  get scale(): number {
    if (this.#estimatedGrowth < 200) return this.#initialScale;
    return Math.min(4, Math.max(0.25, this.#observedGrowth / this.#estimatedGrowth));
  }

  /** Tokens after the last breakpoint (the median of those observed so far; 0 before any). */
  get tail(): number {
    if (this.#tails.length === 0) return 0;
    return this.#tails[Math.floor(this.#tails.length / 2)]!;
  }

  /** Records one appended stretch: `estimated` tokens that the provider counted as `observed`. */
  recordGrowth(observed: number, estimated: number): void {
    if (observed <= 0 || estimated <= 0) return;
    this.#observedGrowth += observed;
    this.#estimatedGrowth += estimated;
  }

  recordTail(tokens: number): void {
    if (!(tokens >= 0)) return;
    // Kept in order, so that the median read on every request is not a sort of every tail so far.
    const tails = this.#tails;
    let at = tails.length;
    while (at > 0 && tails[at - 1]! > tokens) at--;
    tails.splice(at, 0, tokens);
  }
}

/** The largest trailing input still read as "the breakpoint sat on the last block". */
export const MAX_TAIL_TOKENS = 64;

/**
 * Moves block ends so that block `target` ends exactly at `observedEnd`: blocks from `from` up to it
 * are stretched between `base` (the end before them) and `observedEnd`, and later blocks keep their
 * estimated sizes after it. Ends stay whole and non-decreasing.
 */
export function fitEnds(ends: readonly number[], from: number, target: number, base: number, observedEnd: number): number[] {
  const fitted = [...ends];
  const span = (ends[target] ?? base) - base;
  const factor = span > 0 ? (observedEnd - base) / span : 0;
  let previous = base;
  for (let index = from; index < ends.length; index++) {
    const value = index <= target ? (span > 0 ? base + (ends[index]! - base) * factor : observedEnd) : observedEnd + (ends[index]! - ends[target]!);
    previous = Math.max(previous, Math.round(value));
    fitted[index] = previous;
  }
  if (target < fitted.length) fitted[target] = observedEnd;
  return fitted;
}

/** The block whose estimated end is nearest `position` (from `from` on), where a breakpoint most likely sat. */
export function nearestEnd(ends: readonly number[], from: number, position: number): number {
  let best = ends.length - 1;
  for (let index = from; index < ends.length; index++) if (Math.abs(ends[index]! - position) < Math.abs(ends[best]! - position)) best = index;
  return best;
}
