/** Hits in one time bucket of a replay. */
export interface SeriesPoint {
  /** Bucket start and end, in seconds from the start of the trace. */
  readonly startSeconds: number;
  readonly endSeconds: number;
  readonly requests: number;
  readonly blocks: number;
  readonly hitBlocks: number;
  /** `hitBlocks / blocks`; null when no request arrived in the bucket. */
  readonly hitRate: number | null;
}

const NICE_SECONDS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 43200, 86400];

/** A round bucket width that cuts `durationSeconds` into at most `buckets` buckets (60 s for the hour-long Mooncake trace). */
export function defaultBucketSeconds(durationSeconds: number, buckets = 60): number {
  const wanted = durationSeconds / buckets;
  return NICE_SECONDS.find((seconds) => seconds >= wanted) ?? Math.ceil(wanted / 86400) * 86400;
}

/** Collects hits per time bucket as requests arrive in time order. */
export class HitRateSeries {
  readonly #bucketMs: number;
  readonly #requests: number[] = [];
  readonly #blocks: number[] = [];
  readonly #hits: number[] = [];

  constructor(bucketSeconds: number) {
    this.#bucketMs = bucketSeconds * 1000;
  }

  add(timestampMs: number, blocks: number, hitBlocks: number): void {
    const bucket = Math.floor(timestampMs / this.#bucketMs);
    while (this.#requests.length <= bucket) {
      this.#requests.push(0);
      this.#blocks.push(0);
      this.#hits.push(0);
    }
    this.#requests[bucket]!++;
    this.#blocks[bucket]! += blocks;
    this.#hits[bucket]! += hitBlocks;
  }

  points(): SeriesPoint[] {
    const seconds = this.#bucketMs / 1000;
    return this.#requests.map((requests, index) => {
      const blocks = this.#blocks[index]!;
      const hitBlocks = this.#hits[index]!;
      return { startSeconds: index * seconds, endSeconds: (index + 1) * seconds, requests, blocks, hitBlocks, hitRate: requests === 0 ? null : blocks === 0 ? 0 : hitBlocks / blocks };
    });
  }
}
