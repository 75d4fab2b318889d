/*
 * Codex sends its tool schemas with every request, but the rollout does not log them (they come with
 * the Codex version and its configuration). What a session's first call reported beyond the logged
 * text (its instructions and items) is that unlogged head. A session's first request is sized from
 * the heads the OTHER sessions of the input showed (leave one session out), never its own usage; its
 * later requests from its own earlier calls.
 */

/** A head measured from one session's first call. */
export interface HeadMeasurement {
  readonly session: string;
  /** What identifies the head: Codex's version and the model (`codexHeadKey`). */
  readonly key: string;
  /** Tokens the first call reported beyond its logged instructions and items. */
  readonly tokens: number;
}

/** What identifies an unlogged head: the tools come with Codex's version, and the model picks them. */
export function codexHeadKey(cliVersion: string | null, model: string | null): string {
  return `Codex ${cliVersion ?? '(version not logged)'} · ${model ?? '(model not logged)'}`;
}

/** A head learned for a session from the others. */
export interface LearnedHead {
  readonly tokens: number;
  /** How many other sessions it rests on. */
  readonly sessions: number;
  /** True when they sent the same head key; false when only other keys were there to learn from. */
  readonly sameKey: boolean;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The heads an input's sessions showed, asked for one session at a time without its own. */
export class CodexHeads {
  readonly #measurements: readonly HeadMeasurement[];

  constructor(measurements: readonly HeadMeasurement[]) {
    this.#measurements = measurements;
  }

  /** The median head of the other sessions with the same key, else of all others; undefined when no other session showed one. */
  forSession(session: string, key: string): LearnedHead | undefined {
    const others = this.#measurements.filter((measurement) => measurement.session !== session);
    const same = others.filter((measurement) => measurement.key === key);
    const pool = same.length > 0 ? same : others;
    if (pool.length === 0) return undefined;
    return { tokens: median(pool.map((measurement) => measurement.tokens)), sessions: pool.length, sameKey: same.length > 0 };
  }
}
