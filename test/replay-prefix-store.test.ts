import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrefixStore } from '../src/analysis/replay/prefix-store.js';

const route = { provider: 'vllm', model: 'm' };

function naiveShared(a: readonly number[], b: readonly number[]): number {
  let count = 0;
  while (count < a.length && count < b.length && a[count] === b[count]) count++;
  return count;
}

describe('PrefixStore', () => {
  it('returns every entry of the route with the shared prefix, entry length and age', () => {
    const store = new PrefixStore<string>();
    store.add(route, { units: [1, 2, 3, 4], time: 100, label: 'a' });
    store.add(route, { units: [1, 2, 9], time: 110, label: 'b', source: 'output', breakpoints: [2] });
    const matches = store.matches(route, { units: [1, 2, 3, 7] }, 130);
    expect(matches).toEqual([
      { sharedTokens: 3, sharedUnits: 3, entryTokens: 4, ageSeconds: 30, source: 'input', label: 'a' },
      { sharedTokens: 2, sharedUnits: 2, entryTokens: 3, ageSeconds: 20, source: 'output', label: 'b', breakpoints: [2] },
    ]);
  });

  it('another route (model or salt) sees nothing', () => {
    const store = new PrefixStore();
    store.add(route, { units: [1, 2, 3], time: 0, label: 0 });
    expect(store.matches({ ...route, model: 'other' }, { units: [1, 2, 3] }, 1)).toEqual([]);
    expect(store.matches({ ...route, salt: 'tenant' }, { units: [1, 2, 3] }, 1)).toEqual([]);
  });

  it('units standing for blocks report shared tokens at the last shared block end', () => {
    const store = new PrefixStore();
    store.add(route, { units: [10, 20, 30], unitEnds: [500, 800, 1200], time: 0, label: 0 });
    const [match] = store.matches(route, { units: [10, 20, 31] }, 5);
    expect(match).toMatchObject({ sharedUnits: 2, sharedTokens: 800, entryTokens: 1200 });
  });

  it('a growing conversation is stored once: each entry keeps only what its parent lacks', () => {
    const store = new PrefixStore();
    const conversation: number[] = [];
    for (let turn = 0; turn < 50; turn++) {
      for (let token = 0; token < 100; token++) conversation.push(turn * 1000 + token);
      store.add(route, { units: [...conversation], time: turn, label: turn });
    }
    expect(store.size(route)).toBe(50);
    expect(store.storedUnits(route)).toBe(conversation.length);
    // The newest turn shares the whole conversation and is the freshest: every older turn is redundant.
    expect(store.matches(route, { units: conversation }, 60)).toEqual([{ sharedTokens: 5000, sharedUnits: 5000, entryTokens: 5000, ageSeconds: 11, source: 'input', label: 49 }]);
    // A request that edits turn 10 shares 1,000 tokens with turns 10..49: only the freshest of them is returned.
    const edited = [...conversation.slice(0, 1000), -1];
    expect(store.matches(route, { units: edited }, 60).map((match) => [match.label, match.sharedTokens])).toEqual([[49, 1000]]);
  });

  it('an older entry stays when it holds a breakpoint no fresher entry holds', () => {
    const store = new PrefixStore<string>();
    store.add(route, { units: [1, 2, 3, 4], time: 0, label: 'wrote at 2', breakpoints: [2, 4] });
    store.add(route, { units: [1, 2, 3, 4, 5], time: 10, label: 'wrote at 5', breakpoints: [5] });
    expect(store.matches(route, { units: [1, 2, 3, 9] }, 20).map((match) => match.label)).toEqual(['wrote at 2', 'wrote at 5']);
    store.add(route, { units: [1, 2, 3, 4, 6], time: 15, label: 'wrote at 2 again', breakpoints: [2, 5] });
    expect(store.matches(route, { units: [1, 2, 3, 9] }, 20).map((match) => match.label)).toEqual(['wrote at 2 again']);
  });

  it('entries added out of time order are all returned (freshness cannot be read from order)', () => {
    const store = new PrefixStore<string>();
    store.add(route, { units: [1, 2], time: 10, label: 'late' });
    store.add(route, { units: [1, 2], time: 5, label: 'early' });
    expect(store.matches(route, { units: [1, 2] }, 20).map((match) => match.label)).toEqual(['late', 'early']);
  });

  it('keeps at most maxEntriesPerRoute, dropping the oldest entry nothing extends', () => {
    const store = new PrefixStore({ maxEntriesPerRoute: 2 });
    store.add(route, { units: [1, 2], time: 0, label: 'root' });
    store.add(route, { units: [1, 2, 3], time: 1, label: 'child' });
    // 'root' is older but 'child' holds only its last unit: dropping 'root' would orphan it.
    store.add(route, { units: [7], time: 2, label: 'other' });
    expect(store.size(route)).toBe(2);
    expect(store.matches(route, { units: [1, 2, 3] }, 3).map((match) => [match.label, match.sharedTokens])).toEqual([['root', 2]]);
    expect(store.matches(route, { units: [7] }, 3).map((match) => match.label)).toEqual(['other']);
    // With 'child' gone, 'root' is a leaf again and goes next.
    store.add(route, { units: [8], time: 3, label: 'newest' });
    expect(store.matches(route, { units: [1, 2, 3] }, 4)).toEqual([]);
    expect(store.size(route)).toBe(2);
  });

  it('agrees with a naive longest common prefix on random sequences, and leaves out only dominated entries', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 12 }), { minLength: 1, maxLength: 12 }), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 12 }), (stored, query) => {
        const store = new PrefixStore<number>();
        stored.forEach((units, index) => store.add(route, { units, time: index, label: index }));
        const matches = store.matches(route, { units: query }, 100);
        const naive = stored.map((units) => naiveShared(units, query));
        for (const match of matches) expect(match.sharedTokens).toBe(naive[match.label]);
        naive.forEach((shared, index) => {
          if (shared === 0) return;
          // Every entry left out has a returned entry at least as fresh sharing at least as much.
          expect(matches.some((match) => match.label >= index && match.sharedTokens >= shared)).toBe(true);
        });
        expect(Math.max(0, ...matches.map((match) => match.sharedTokens))).toBe(Math.max(0, ...naive));
      }),
      { numRuns: 300 },
    );
  });

  it('liveMatches gives the matches with a live breakpoint, and picks from all matches what a replay reads from them', () => {
    const entry = fc.record({
      units: fc.array(fc.integer({ min: 0, max: 1 }), { maxLength: 8 }),
      gap: fc.constantFrom(0, 0, 30, 200),
      breakpoints: fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 2 }),
      ttl: fc.constantFrom(undefined, 60, 3600),
      group: fc.integer({ min: 0, max: 2 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 14 }), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 8 }), fc.integer({ min: 0, max: 400 }), (stored, query, after) => {
        const store = new PrefixStore<{ readonly index: number; readonly group: number }>();
        let time = 0;
        stored.forEach(({ units, gap, breakpoints, ttl, group }, index) => {
          time += gap;
          store.add(route, { units, time, breakpoints, ...(ttl === undefined ? {} : { breakpointTtls: breakpoints.map(() => ttl) }), label: { index, group } });
        });
        const now = time + after;
        const all = store.matches(route, { units: query }, now);
        for (const liveSeconds of [undefined, 120]) {
          const found = store.liveMatches(route, { units: query }, now, liveSeconds, (label) => label.group);
          const live = (match: (typeof all)[number]) => liveSeconds === undefined || (match.breakpoints ?? []).some((_, at) => match.ageSeconds <= (match.breakpointTtls?.[at] ?? liveSeconds));
          expect(found.live).toEqual(all.filter(live));
          // Oldest first: the most units, then the freshest, then the first stored.
          let best: (typeof all)[number] | undefined;
          for (const match of all) if (best === undefined || match.sharedUnits > best.sharedUnits || (match.sharedUnits === best.sharedUnits && match.ageSeconds < best.ageSeconds)) best = match;
          expect(found.best).toEqual(best);
          for (const group of [0, 1, 2]) {
            // Oldest first: the most units, the later stored on a tie.
            let own: (typeof all)[number] | undefined;
            for (const match of all) if (match.label.group === group && (own === undefined || match.sharedUnits >= own.sharedUnits)) own = match;
            expect(found.bestOfGroup.get(group)).toEqual(own);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses unit ends that do not match the units', () => {
    expect(() => new PrefixStore().add(route, { units: [1, 2], unitEnds: [5], time: 0, label: 0 })).toThrow(/1 ends for 2 units/);
  });
});
