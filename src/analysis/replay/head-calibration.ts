import type { PrefixRequest } from '../../prefix/index.js';
import type { ReconstructedRequestParts } from '../../providers/index.js';
import type { HeadCalibrationReport } from '../result/session-analysis.js';

/**
 * When a replay calibrates a request head against the provider's count:
 * - `auto` (default): only heads the log does not carry as sent — system prompt or tools written as
 *   `{{system}}`/`{{tools}}` placeholders and filled from pins, or a `{{cwd}}` placeholder standing
 *   for a working directory that never reached the log. A head recorded in full is rendered and
 *   counted as the server counts it, never corrected.
 * - `never`: no head is calibrated; every count is the rendering's own.
 * - `first-request`: every head is calibrated on its first observed request.
 */
export type CalibrationMode = 'auto' | 'never' | 'first-request';

/** Every calibration mode, for option validation. */
export const CALIBRATION_MODES = ['auto', 'never', 'first-request'] as const satisfies readonly CalibrationMode[];

/** The calibration of one request head: tokens to add to the rendering's count to match the server's. */
export interface HeadCalibration {
  readonly key: bigint;
  readonly offset: number;
  /** False for a head the mode leaves uncalibrated: its counts are the rendering's own, and so are those of sequences stored on it. */
  readonly calibrated?: boolean;
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

const PLACEHOLDER = /\{\{(system|tools|cwd)\}\}/;

/**
 * True when the head a request was rebuilt from is not the head that was sent: the log's
 * `request/header` wrote the system prompt or tools as `{{system}}`/`{{tools}}` (filled from pins
 * that may postdate the recording), or a `{{cwd}}` placeholder stands where the real working
 * directory was (DSH fixtures recorded in August 2026 scrubbed it before writing the log).
 */
export function headFromPlaceholders(reconstructed: ReconstructedRequestParts): boolean {
  const logged = reconstructed.head.header.event.data.header as { readonly system?: unknown; readonly tools?: unknown };
  if (typeof logged.system === 'string' && PLACEHOLDER.test(logged.system)) return true;
  if (typeof logged.tools === 'string') return true;
  if (Array.isArray(logged.tools) && logged.tools.some((tool) => typeof tool === 'string')) return true;
  return PLACEHOLDER.test(reconstructed.head.system ?? '');
}

/** A token difference with its sign (`+8`, `-13`, `+0`), as notes write offsets. */
export function signedTokens(tokens: number): string {
  return `${tokens >= 0 ? '+' : ''}${tokens}`;
}

/**
 * Head calibrations of a replay. A head resolved from placeholders is often not the head that was
 * sent: fixture pins were updated after the recordings (DSH's `text-turn` pin renders to 5,819 tokens,
 * the recorded head was 2,999; shared/DESIGN.md). Within a session the head is constant, so the
 * difference measured on the FIRST observed request on such a head (`inputTokens + cacheReadTokens`
 * minus the rendering's count) is added to every request on that head; children on the same head
 * reuse it. Only totals are used, never an observed cache read. Which heads are calibrated is the
 * `CalibrationMode`'s choice.
 */
export class HeadCalibrations {
  readonly #mode: CalibrationMode;
  readonly #offsets = new Map<bigint, number>();
  readonly #reports = new Map<bigint, HeadCalibrationReport>();
  readonly notes: string[] = [];

  constructor(mode: CalibrationMode = 'auto') {
    this.#mode = mode;
  }

  /**
   * The calibration for a request with `tokens` rendered tokens: its head's, or, for a head not yet
   * calibrated that the mode calibrates, measured on this request when it is observed
   * (`observedTotal`: the first observed request on the head); otherwise `fallback` (the tree's
   * first calibration) for a head the mode calibrates, 0 for one it does not.
   */
  calibrate(request: PrefixRequest, tokens: number, observedTotal: number | null, label: string, fallback: number, fromPlaceholders = true): HeadCalibration {
    const key = headKey(request);
    const known = this.#offsets.get(key);
    if (known !== undefined) return { key, offset: known };
    if (this.#reports.get(key)?.calibration.applied === false && !this.#calibrates(fromPlaceholders)) return { key, offset: 0, calibrated: false };
    const source = fromPlaceholders ? 'placeholders' : 'recorded';
    const calibrates = this.#calibrates(fromPlaceholders);
    const hex = key.toString(16).padStart(16, '0');
    if (!calibrates) {
      if (!this.#reports.has(key)) this.#reports.set(key, { head: hex, source, calibration: { applied: false, offsetTokens: 0, on: null } });
      return { key, offset: 0, calibrated: false };
    }
    if (observedTotal !== null) {
      const offset = observedTotal - tokens;
      this.#offsets.set(key, offset);
      this.#reports.set(key, { head: hex, source, calibration: { applied: true, offsetTokens: offset, on: label } });
      const why = fromPlaceholders ? 'its log carries placeholders ({{system}}/{{tools}} resolved from later pins, or {{cwd}}), so the rendered head is not the one sent' : 'calibration of every head was asked for';
      this.notes.push(`head ${hex} calibrated on ${label}: rendered ${tokens} tokens, the provider counted ${observedTotal} (offset ${signedTokens(offset)}), applied to every request on this head; ${why}`);
      return { key, offset };
    }
    // Not observed yet: the tree's first calibration stands in (reported as such), or nothing.
    if (!this.#reports.has(key)) this.#reports.set(key, { head: hex, source, calibration: { applied: fallback !== 0, offsetTokens: fallback, on: fallback !== 0 ? 'the first calibrated head of the tree' : null } });
    return { key, offset: fallback };
  }

  #calibrates(fromPlaceholders: boolean): boolean {
    return this.#mode === 'first-request' || (this.#mode === 'auto' && fromPlaceholders);
  }

  /** True once a head was calibrated on an observed request (false when none was). */
  get any(): boolean {
    return this.#offsets.size > 0;
  }

  /** The first calibration made (0 before any). */
  get first(): number {
    return this.#offsets.values().next().value ?? 0;
  }

  /** One report per head met, in the order first met. */
  get reports(): HeadCalibrationReport[] {
    return [...this.#reports.values()];
  }
}
