import { describe, expect, it } from 'vitest';
import { HeadEvidence, type HeadSighting } from '../src/analysis/claude-code/head-evidence.js';

/** The rule as stated, read off every sighting on every lookup: what the indexed lookups must equal. */
class EverySighting {
  readonly #all: HeadSighting[] = [];

  record(sighting: HeadSighting): void {
    this.#all.push(sighting);
  }

  #latestLive(key: string, time: number, counts: (sighting: HeadSighting) => boolean): HeadSighting | undefined {
    let best: HeadSighting | undefined;
    for (const sighting of this.#all) {
      if (sighting.key !== key || !counts(sighting) || sighting.time >= time || time - sighting.time > sighting.ttlSeconds) continue;
      if (best === undefined || sighting.time > best.time) best = sighting;
    }
    return best;
  }

  live(key: string, time: number, session: string): HeadSighting | undefined {
    return this.#latestLive(key, time, (sighting) => sighting.session !== session);
  }

  ownLive(key: string, time: number, session: string): HeadSighting | undefined {
    return this.#latestLive(key, time, (sighting) => sighting.session === session);
  }

  size(key: string, time: number): number | undefined {
    let same: HeadSighting | undefined;
    let first: HeadSighting | undefined;
    for (const sighting of this.#all) {
      if (first === undefined || sighting.time < first.time) first = sighting;
      if (sighting.key === key && sighting.time < time && (same === undefined || sighting.time < same.time)) same = sighting;
    }
    if (same !== undefined) return same.tokens;
    return first !== undefined && first.time < time ? first.tokens : undefined;
  }
}

/** A small deterministic generator (mulberry32), so a failure replays the same way. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

describe('head evidence lookups', () => {
  // Coarse times make ties common; sessions mostly move forward but sometimes step back (a second
  // replay), and TTLs mix 5 minutes and an hour, so a dead latest sighting can hide a live earlier one.
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`answer as a scan of every sighting does (seed ${seed})`, () => {
      const next = random(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
      const indexed = new HeadEvidence();
      const reference = new EverySighting();
      const keys = ['a', 'b', 'c'];
      const sessions = ['s1', 's2', 's3', 's4', 's5'];
      const clock = new Map<string, number>();
      let tokens = 0;
      for (let step = 0; step < 3000; step++) {
        const session = pick(sessions);
        const key = pick(keys);
        const now = clock.get(session) ?? Math.floor(next() * 20) * 60;
        const time = next() < 0.05 ? now - Math.floor(next() * 30) * 60 : now + Math.floor(next() * 5) * 60;
        clock.set(session, Math.max(now, time));
        if (next() < 0.5) {
          const sighting = { key, session, time, tokens: tokens++, ttlSeconds: next() < 0.2 ? 3600 : 300 };
          indexed.record(sighting);
          reference.record(sighting);
        }
        const asked = time + Math.floor(next() * 10) * 60 - 120;
        expect(indexed.live(key, asked, session)).toBe(reference.live(key, asked, session));
        expect(indexed.ownLive(key, asked, session)).toBe(reference.ownLive(key, asked, session));
        expect(indexed.size(key, asked)).toBe(reference.size(key, asked));
      }
    });
  }

  it('a sighting whose time is not a number is judged as the scan judges it', () => {
    const indexed = new HeadEvidence();
    const reference = new EverySighting();
    for (const sighting of [
      { key: 'a', session: 's1', time: 100, tokens: 1, ttlSeconds: 300 },
      { key: 'a', session: 's2', time: Number.NaN, tokens: 2, ttlSeconds: 300 },
      { key: 'a', session: 's2', time: 200, tokens: 3, ttlSeconds: 300 },
    ]) {
      indexed.record(sighting);
      reference.record(sighting);
    }
    for (const time of [50, 150, 250, 1000, Number.NaN]) {
      for (const session of ['s1', 's2', 's3']) {
        expect(indexed.live('a', time, session)).toBe(reference.live('a', time, session));
        expect(indexed.ownLive('a', time, session)).toBe(reference.ownLive('a', time, session));
      }
      expect(indexed.size('a', time)).toBe(reference.size('a', time));
    }
  });
});
