import { UsageError } from '../../prefix/index.js';
import { groupDigits } from '../../prefix/group-digits.js';

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

/**
 * Most buckets a series holds. Each costs three numbers while replaying and one point (a chart
 * column, a JSON object) in the result: timestamps 0 and 1.7e12 ms with `--bucket 60` asked for 28
 * million of them (368 MB of output, 4.5 GB of memory).
 */
export const MAX_BUCKETS = 10_000;

/**
 * Widths a series of unknown duration collects at before the final width is chosen: each is a
 * multiple of the one before it and divides every round width (`NICE_SECONDS`) at least as wide, so
 * the collected buckets always merge exactly into the round width the whole duration asks for.
 */
const COLLECTING_SECONDS = [1, 5, 15, 60, 300, 900, 3600, 7200, 21600, 43200, 86400];

/** A round bucket width that cuts `durationSeconds` into at most `buckets` buckets (60 s for the hour-long Mooncake trace). */
export function defaultBucketSeconds(durationSeconds: number, buckets = 60): number {
  const wanted = durationSeconds / buckets;
  return NICE_SECONDS.find((seconds) => seconds >= wanted) ?? Math.ceil(wanted / 86400) * 86400;
}

/**
 * Collects hits per time bucket as requests arrive in time order. With a width given, at most
 * `MAX_BUCKETS` buckets (past that, a UsageError says how many the trace needs and which width
 * fits). Without one, the trace's length is not known until its last request (a streamed trace),
 * so buckets are collected at a fine width that widens as the trace goes on, and merged into the
 * round width for the whole duration at the end (`defaultBucketSeconds`).
 */
export class HitRateSeries {
  readonly #fixed: boolean;
  #bucketSeconds: number;
  #requests: number[] = [];
  #blocks: number[] = [];
  #hits: number[] = [];

  /** @param bucketSeconds a fixed width; undefined for a round width chosen from the duration. */
  constructor(bucketSeconds?: number) {
    this.#fixed = bucketSeconds !== undefined;
    this.#bucketSeconds = bucketSeconds ?? COLLECTING_SECONDS[0]!;
  }

  /** Adds one request at `timestampMs` after the first. */
  add(timestampMs: number, blocks: number, hitBlocks: number): void {
    let bucket = Math.floor(timestampMs / (this.#bucketSeconds * 1000));
    if (bucket >= MAX_BUCKETS) {
      if (this.#fixed) throw tooManyBuckets(this.#bucketSeconds, timestampMs);
      this.#widenFor(timestampMs);
      bucket = Math.floor(timestampMs / (this.#bucketSeconds * 1000));
    }
    while (this.#requests.length <= bucket) {
      this.#requests.push(0);
      this.#blocks.push(0);
      this.#hits.push(0);
    }
    this.#requests[bucket]!++;
    this.#blocks[bucket]! += blocks;
    this.#hits[bucket]! += hitBlocks;
  }

  /** The points at the fixed width, or at the round width for a trace of `durationSeconds` (default: as far as requests arrived). */
  points(durationSeconds = Math.max(0, this.#requests.length - 1) * this.#bucketSeconds): SeriesPoint[] {
    if (!this.#fixed) this.#mergeInto(finalWidth(durationSeconds, this.#bucketSeconds));
    const seconds = this.#bucketSeconds;
    return this.#requests.map((requests, index) => {
      const blocks = this.#blocks[index]!;
      const hitBlocks = this.#hits[index]!;
      return { startSeconds: index * seconds, endSeconds: (index + 1) * seconds, requests, blocks, hitBlocks, hitRate: requests === 0 ? null : blocks === 0 ? 0 : hitBlocks / blocks };
    });
  }

  /** The width the points have (after `points`, for a series without a fixed width). */
  get bucketSeconds(): number {
    return this.#bucketSeconds;
  }

  /** Moves to the next collecting width (doubling past a day) until `timestampMs` falls in range. */
  #widenFor(timestampMs: number): void {
    let width = this.#bucketSeconds;
    while (Math.floor(timestampMs / (width * 1000)) >= MAX_BUCKETS) width = COLLECTING_SECONDS.find((seconds) => seconds > width) ?? width * 2;
    this.#mergeInto(width);
  }

  /** Merges the buckets into buckets of `width` seconds, a multiple of the current width. */
  #mergeInto(width: number): void {
    const factor = width / this.#bucketSeconds;
    if (factor === 1) return;
    const merge = (values: number[]) => {
      const merged = new Array<number>(Math.ceil(values.length / factor)).fill(0);
      values.forEach((value, index) => (merged[Math.floor(index / factor)]! += value));
      return merged;
    };
    this.#requests = merge(this.#requests);
    this.#blocks = merge(this.#blocks);
    this.#hits = merge(this.#hits);
    this.#bucketSeconds = width;
  }
}

/** The round width for the whole duration, made a multiple of the width collected at (only past 60 days can it not be one already). */
function finalWidth(durationSeconds: number, collected: number): number {
  const round = Math.max(defaultBucketSeconds(durationSeconds), collected);
  return Math.ceil(round / collected) * collected;
}

function tooManyBuckets(bucketSeconds: number, timestampMs: number): UsageError {
  const seconds = timestampMs / 1000;
  const needed = Math.floor(seconds / bucketSeconds) + 1;
  const fits = defaultBucketSeconds(seconds, MAX_BUCKETS);
  return new UsageError(
    'usage/too-many-buckets',
    `--bucket ${bucketSeconds} s cuts this trace into at least ${groupDigits(needed)} columns (a request arrives ${groupDigits(Math.round(seconds))} s after the first), more than ${groupDigits(MAX_BUCKETS)}: use --bucket ${groupDigits(fits)} or wider, or leave it out for a width fitted to the trace`,
  );
}
