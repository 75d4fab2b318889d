/*
 * What a benchmark scenario is and what it reports. Every measurement is kvprefix against a baseline
 * timed in the same run, so the number that matters is a ratio, which survives a slower or busier
 * machine far better than absolute times do.
 */

/** Median time of one timed function over all its samples. */
export interface Timing {
  readonly medianMs: number;
  readonly samples: number;
}

/** Extra facts a result carries (sizes, token counts, memory), printed and written as they are. */
export type ResultDetails = Readonly<Record<string, number | string | boolean>>;

/** One measured comparison, as printed and as written to `bench/results/`. */
export interface BenchResult {
  /** `<scenario>/<variant>`, e.g. `segment-hash-text/16MiB`. */
  readonly name: string;
  readonly scenario: string;
  /** What kvprefix's side runs. */
  readonly subject: string;
  /** What the baseline runs. */
  readonly baselineName: string;
  /** kvprefix's median time per operation, in milliseconds. */
  readonly medianMs: number;
  /** The baseline's median time per operation, in milliseconds. */
  readonly baseline: number;
  /** `baseline / medianMs`: above 1 means kvprefix is faster. */
  readonly ratio: number;
  /** The least ratio the scenario must reach, or null for a measurement with no goal. */
  readonly goal: number | null;
  /** The most milliseconds kvprefix's median may take, for goals stated as a time ("under 0.5 s"); null when none. */
  readonly maxMs: number | null;
  /** Whether `ratio >= goal` and `medianMs <= maxMs`, for those of the two that are set; null when neither is. */
  readonly met: boolean | null;
  readonly samples: number;
  readonly baselineSamples: number;
  readonly details: ResultDetails;
}

/** What a scenario says about one comparison before it is timed. */
export interface ComparisonSpec {
  readonly name: string;
  readonly scenario: string;
  readonly subject: string;
  readonly baselineName: string;
  readonly goal: number | null;
  /** A time goal for kvprefix's median, in milliseconds (absent: none). */
  readonly maxMs?: number;
  readonly details?: ResultDetails;
}

/** Turns two timings into a result: the ratio is the baseline's median over ours. */
export function toBenchResult(spec: ComparisonSpec, ours: Timing, baseline: Timing): BenchResult {
  if (!(ours.medianMs > 0) || !(baseline.medianMs > 0)) {
    throw new Error(`${spec.name}: medians must be positive to form a ratio (ours ${ours.medianMs} ms, baseline ${baseline.medianMs} ms); the timer resolution is too coarse for this operation`);
  }
  const ratio = baseline.medianMs / ours.medianMs;
  const maxMs = spec.maxMs ?? null;
  const checks = [...(spec.goal === null ? [] : [ratio >= spec.goal]), ...(maxMs === null ? [] : [ours.medianMs <= maxMs])];
  return {
    name: spec.name,
    scenario: spec.scenario,
    subject: spec.subject,
    baselineName: spec.baselineName,
    medianMs: ours.medianMs,
    baseline: baseline.medianMs,
    ratio,
    goal: spec.goal,
    maxMs,
    met: checks.length === 0 ? null : checks.every(Boolean),
    samples: ours.samples,
    baselineSamples: baseline.samples,
    details: spec.details ?? {},
  };
}

/** Where a scenario reports progress (stderr, so that `--json` stdout stays one JSON document). */
export interface ScenarioContext {
  log(message: string): void;
}

/** One benchmark scenario: one file under `bench/`, one or more results. */
export interface Scenario {
  /** Kebab-case name, also the name the runner accepts as an argument. */
  readonly name: string;
  /** One line on what is measured against what. */
  readonly description: string;
  run(context: ScenarioContext): Promise<BenchResult[]>;
}

/** Median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no samples');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
