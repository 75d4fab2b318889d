import type { PrefixRequest } from '../../prefix/index.js';

/** The calibration of one request head: tokens to add to the rendering's count to match the server's. */
export interface HeadCalibration {
  readonly key: bigint;
  readonly offset: number;
}

/** Identity of a request's head (system sections, SDK block, tools): the prefix hash after its last head segment. */
export function headKey(request: PrefixRequest): bigint {
  let key = request.routeSeed;
  for (const segment of request.segments) {
    if (segment.kind === 'message' || segment.kind === 'task') break;
    key = segment.prefixHash;
  }
  return key;
}

/**
 * Head calibrations of a replay. A recorded request's head is often not the head kvprefix renders:
 * fixture pins were updated after the recordings (DSH's `text-turn` pin renders to 5,819 tokens, the
 * recorded head was 2,999; shared/DESIGN.md). Within a session the head is constant, so the
 * difference measured on the FIRST observed request on a head (`inputTokens + cacheReadTokens`
 * minus the rendering's count) is added to every request on that head; children on the same head
 * reuse it. Only totals are used, never an observed cache read.
 */
export class HeadCalibrations {
  readonly #offsets = new Map<bigint, number>();
  readonly notes: string[] = [];

  /**
   * The calibration for a request with `tokens` rendered tokens: its head's, or, for a head not yet
   * calibrated, measured on this request when it is observed (`observedTotal`: the first observed
   * request on the head); otherwise `fallback` (the tree's first calibration), not remembered.
   */
  calibrate(request: PrefixRequest, tokens: number, observedTotal: number | null, label: string, fallback: number): HeadCalibration {
    const key = headKey(request);
    const known = this.#offsets.get(key);
    if (known !== undefined) return { key, offset: known };
    if (observedTotal !== null) {
      const offset = observedTotal - tokens;
      this.#offsets.set(key, offset);
      this.notes.push(`head ${key.toString(16).padStart(16, '0')} calibrated on ${label}: rendered ${tokens} tokens, the provider counted ${observedTotal} (offset ${offset >= 0 ? '+' : ''}${offset}), applied to every request on this head`);
      return { key, offset };
    }
    return { key, offset: fallback };
  }

  /** True once a head was calibrated on an observed request (false when the tree logged no usage). */
  get any(): boolean {
    return this.#offsets.size > 0;
  }

  /** The first calibration made (0 before any). */
  get first(): number {
    return this.#offsets.values().next().value ?? 0;
  }
}
