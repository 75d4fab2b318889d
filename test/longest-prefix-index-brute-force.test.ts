import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparePrefix, createRequest, LongestPrefixIndex, PrefixTokenCounter, type LongestPrefixOptions, type PrefixRequest, type SegmentInput } from '../src/prefix/index.js';

/*
 * The index must choose what comparing with every earlier request chooses. Families are built the
 * way real ones grow: each request keeps a cut of an earlier one and appends segments from a pool
 * made to hit the index's edge cases: texts that are prefixes of each other (a system section that
 * gains a sentence), texts that differ a character in (tasks numbered 1, 12, 2), no anchors at all,
 * empty segments, non-ASCII, a UTF-8 sequence split across two byte segments, and a second route.
 */

const POOL: readonly (string | Uint8Array)[] = [
  'You are terse.',
  'You are terse. Deliver your result with the report tool.',
  '{"role":"user","content":"Subtask 1. Fix the cache"}',
  '{"role":"user","content":"Subtask 12. Fix the cache"}',
  '{"role":"user","content":"Subtask 2. Write tests"}',
  'abc',
  'abcdef',
  '',
  ' x',
  'héllo wörld',
  '\n\nnext',
  new Uint8Array([0x61, 0xe2, 0x82]),
  new Uint8Array([0xac, 0x20, 0x62]),
];
const ROUTES = [{ provider: 'openai', model: 'gpt-4o' }, { provider: 'openai', model: 'gpt-4o-mini' }] as const;

interface Step {
  readonly from: number;
  readonly cut: number;
  readonly tail: readonly number[];
  readonly route: number;
}

const step = fc.record({ from: fc.nat(), cut: fc.nat({ max: 8 }), tail: fc.array(fc.nat({ max: POOL.length - 1 }), { maxLength: 3 }), route: fc.nat({ max: 9 }) });

function family(steps: readonly Step[]): PrefixRequest[] {
  const inputs: SegmentInput[][] = [];
  const routes: number[] = [];
  for (const { from, cut, tail, route } of steps) {
    const base = inputs.length === 0 ? [] : inputs[from % inputs.length]!;
    inputs.push([...base.slice(0, cut), ...tail.map((pick, index) => ({ kind: 'message' as const, name: `m${index}`, content: POOL[pick]! }))]);
    // Mostly one route: the second is there to be skipped or to share nothing.
    routes.push(route === 0 ? 1 : 0);
  }
  return inputs.map((segments, index) => createRequest(ROUTES[routes[index]!]!, 'chat', segments));
}

/** The earlier request `requests[at]` shares the most tokens with, comparing it with every one. */
function bruteForce(requests: readonly PrefixRequest[], at: number, options: LongestPrefixOptions, counter: PrefixTokenCounter) {
  let best: { index: number; tokens: number } | undefined;
  for (let index = 0; index < at; index++) {
    const request = requests[index]!;
    const sameRoute = request.route.model === requests[at]!.route.model;
    if (options.routes === 'same' && !sameRoute) continue;
    const tokens = comparePrefix(request, requests[at]!, { counter }).commonPrefix.tokens;
    if (!best || tokens > best.tokens || (tokens === best.tokens && options.ties === 'latest')) best = { index, tokens };
  }
  return best;
}

/** What the request at `at` shares with each earlier candidate, comparing each. */
function everyShared(requests: readonly PrefixRequest[], at: number, options: LongestPrefixOptions, counter: PrefixTokenCounter) {
  return requests
    .slice(0, at)
    .map((request, index) => ({ index, request }))
    .filter(({ request }) => options.routes === 'any' || request.route.model === requests[at]!.route.model)
    .map(({ index, request }) => ({ index, tokens: comparePrefix(request, requests[at]!, { counter }).commonPrefix.tokens }));
}

const OPTIONS: readonly Omit<LongestPrefixOptions, 'counter'>[] = [
  { ties: 'earliest', routes: 'any' },
  { ties: 'latest', routes: 'same' },
  { ties: 'earliest', routes: 'same' },
  { ties: 'latest', routes: 'any' },
];

describe('LongestPrefixIndex chooses and counts what a comparison with every earlier request does', () => {
  for (const options of OPTIONS) {
    it(`ties: ${options.ties}, routes: ${options.routes}`, () => {
      const counter = new PrefixTokenCounter();
      fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 14 }), (steps) => {
          const requests = family(steps);
          const index = new LongestPrefixIndex({ ...options, counter });
          requests.forEach((request, at) => {
            const expected = bruteForce(requests, at, options, counter);
            const found = index.longest(request);
            expect(found && { index: found.index, tokens: found.comparison.commonPrefix.tokens }).toEqual(expected);
            expect(found?.comparison).toEqual(expected && comparePrefix(requests[expected.index]!, request, { counter }));
            const each = index.sharedWithEach(request);
            expect(each.longest && { index: each.longest.index, tokens: each.longest.comparison.commonPrefix.tokens }).toEqual(expected);
            expect(each.shared).toEqual(everyShared(requests, at, options, counter));
            // As a replay asks: newest first, each counted unless a newer one was counted to share at least its bound.
            let most = -1;
            const asked: number[] = [];
            const needed = index.sharedWithNeeded(
              request,
              (_, bound) => bound > most,
              (at, tokens) => {
                asked.push(at);
                most = Math.max(most, tokens);
              },
            );
            expect(needed.longest && { index: needed.longest.index, tokens: needed.longest.comparison.commonPrefix.tokens }).toEqual(expected);
            expect(needed.longest?.comparison).toEqual(expected && comparePrefix(requests[expected.index]!, request, { counter }));
            const all = everyShared(requests, at, options, counter);
            expect(needed.shared).toEqual(all.filter(({ index }) => asked.includes(index)));
            expect(asked).toEqual([...asked].sort((a, b) => b - a));
            // Promising to need nothing at or below the most counted stops the search early, with the same answer.
            let mostEarly = -1;
            const early = index.sharedWithNeeded(request, (_, bound) => bound > mostEarly, (_, tokens) => void (mostEarly = Math.max(mostEarly, tokens)), true);
            expect(early).toEqual(needed);
            // Every request left out shares at most what a newer counted one does.
            for (const { index: skipped, tokens } of all.filter(({ index }) => !asked.includes(index))) {
              expect(tokens).toBeLessThanOrEqual(Math.max(...needed.shared.filter(({ index }) => index > skipped).map((shared) => shared.tokens)));
            }
            index.add(request);
          });
        }),
        { numRuns: 150 },
      );
    }, 60_000);
  }
});

/*
 * Many one-shot requests after one system prompt: past a few children, a node's largest bound is
 * found by bisection among its children's texts. The tasks are numbered so that they differ inside
 * a pre-token, some are prefixes of others, and one splits a UTF-8 sequence.
 */
const TASKS: readonly (string | Uint8Array)[] = [
  ...Array.from({ length: 40 }, (_, task) => `{"role":"user","content":"Where is order ${100_000 + task * 7}? Placed ${task % 9} days ago."}`),
  '{"role":"user","content":"Where is order 1000',
  '{"role":"user","content":"Where is order 100007? Placed 1 days ago."} And more.',
  'Where',
  '',
  new Uint8Array([0x61, 0xe2, 0x82]),
];

describe('LongestPrefixIndex among many siblings counts what a comparison with every earlier one does', () => {
  it('sharedWithNeeded, with and without stopping at the largest bound, agrees with comparing each', () => {
    const counter = new PrefixTokenCounter();
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: TASKS.length - 1 }), fc.boolean()), { minLength: 1, maxLength: 40 }), (picks) => {
        const requests = picks.map(([task, second]) =>
          createRequest(ROUTES[0], 'chat', [
            { kind: 'system', name: 'system', content: 'You are a support assistant for an online bookshop.' },
            { kind: 'message', name: 'task', content: TASKS[task]! },
            ...(second ? [{ kind: 'message' as const, name: 'more', content: 'Answer briefly.' }] : []),
          ]),
        );
        const options = { ties: 'latest', routes: 'same' } as const;
        const index = new LongestPrefixIndex({ ...options, counter });
        requests.forEach((request, at) => {
          const expected = bruteForce(requests, at, options, counter);
          const all = everyShared(requests, at, options, counter);
          for (const early of [false, true]) {
            let most = -1;
            const needed = index.sharedWithNeeded(request, (_, bound) => bound > most, (_, tokens) => void (most = Math.max(most, tokens)), early);
            expect(needed.longest && { index: needed.longest.index, tokens: needed.longest.comparison.commonPrefix.tokens }).toEqual(expected);
            for (const shared of needed.shared) expect(shared).toEqual(all.find(({ index: other }) => other === shared.index));
            for (const { index: skipped, tokens } of all.filter(({ index: other }) => !needed.shared.some((shared) => shared.index === other))) {
              expect(tokens).toBeLessThanOrEqual(Math.max(...needed.shared.filter(({ index: other }) => other > skipped).map((shared) => shared.tokens)));
            }
          }
          index.add(request);
        });
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
