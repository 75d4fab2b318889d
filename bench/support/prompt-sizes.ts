import type { PairOptions } from './measure-pair.js';

/** One prompt size the hashing scenarios time, with a time budget that fits its cost. */
export interface PromptSize {
  readonly label: string;
  readonly bytes: number;
  readonly options: PairOptions;
}

const MiB = 1024 * 1024;

/*
 * Hashing runs at 1–3 GB/s here, so 1 MiB takes well under a millisecond and 64 MiB tens of
 * milliseconds: the small size gets thousands of samples, the large one a few dozen, and each size
 * about 4 s for both sides together.
 */
export const PROMPT_SIZES: readonly PromptSize[] = [
  { label: '1MiB', bytes: 1 * MiB, options: { rounds: 4, timeMs: 400, iterations: 64, warmupIterations: 32 } },
  { label: '16MiB', bytes: 16 * MiB, options: { rounds: 4, timeMs: 500, iterations: 16, warmupIterations: 4 } },
  { label: '64MiB', bytes: 64 * MiB, options: { rounds: 4, timeMs: 600, iterations: 8, warmupIterations: 2 } },
];
