import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SequenceStore, type StoredSequence } from '../src/analysis/replay/sequence-store.js';
import { createRequest, routeKeyString, type PrefixRequest, type SegmentInput } from '../src/prefix/index.js';

/*
 * The store keeps each sequence as a path of a segment trie and reads it back only for candidates;
 * it must answer exactly what a plain list of every stored sequence, with its whole segment list,
 * answers under the candidate rule: per source, the newest few (oldest first) of those sharing the
 * most leading prefix hashes with the request, inputs first; when none shares the first, the newest
 * few of each source on the route, in the order stored. Sequences grow the way a replay's do: each
 * keeps a cut of an earlier one and appends segments from a small pool, so that paths share, branch,
 * and hold the same bytes under another name or kind (which the store must keep apart).
 */

const PER_SOURCE = 4;
const TEXTS = ['system', 'tools', 'user: fix it', 'assistant: done', ''] as const;
const NAMES = ['message[0]', 'message[1]'] as const;
const ROUTES = [{ provider: 'deepseek', model: 'deepseek-v4' }, { provider: 'deepseek', model: 'deepseek-v4-flash' }] as const;

interface Step {
  readonly base: number;
  readonly keep: number;
  readonly append: readonly { readonly text: number; readonly name: number; readonly task: boolean }[];
  readonly source: 'input' | 'output';
  readonly route: number;
}

const step: fc.Arbitrary<Step> = fc.record({
  base: fc.nat(),
  keep: fc.nat({ max: 12 }),
  append: fc.array(fc.record({ text: fc.nat({ max: TEXTS.length - 1 }), name: fc.nat({ max: NAMES.length - 1 }), task: fc.boolean() }), { maxLength: 4 }),
  source: fc.constantFrom('input' as const, 'output' as const),
  route: fc.nat({ max: ROUTES.length - 1 }),
});

/** Leading segments with the same prefix hash. */
function sharedSegments(a: PrefixRequest, b: PrefixRequest): number {
  let count = 0;
  while (count < a.segments.length && count < b.segments.length && a.segments[count]!.prefixHash === b.segments[count]!.prefixHash) count++;
  return count;
}

function bruteForce(stored: readonly StoredSequence[], request: PrefixRequest): StoredSequence[] {
  const depth = (source: StoredSequence['source']) => Math.max(0, ...stored.filter((entry) => entry.source === source).map((entry) => sharedSegments(entry.request, request)));
  const newest = (entries: readonly StoredSequence[], source: StoredSequence['source']) => entries.filter((entry) => entry.source === source).slice(-PER_SOURCE);
  const deepest = (source: StoredSequence['source']) => {
    const at = depth(source);
    return at === 0 ? [] : newest(stored.filter((entry) => sharedSegments(entry.request, request) === at), source);
  };
  const found = [...deepest('input'), ...deepest('output')];
  if (found.length > 0) return found;
  const route = stored.filter((entry) => routeKeyString(entry.request.route) === routeKeyString(request.route));
  const kept = new Set([...newest(route, 'input'), ...newest(route, 'output')]);
  return route.filter((entry) => kept.has(entry));
}

/** What the two answers must agree on, segments by identity. */
function view(entries: readonly StoredSequence[]) {
  return entries.map(({ request, ...rest }) => ({ ...rest, route: request.route, layout: request.layout, routeSeed: request.routeSeed, segments: request.segments }));
}

describe('SequenceStore', () => {
  it('answers what a list of every stored sequence answers', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const store = new SequenceStore();
        const stored: StoredSequence[] = [];
        const inputs: SegmentInput[][] = [];
        for (const [index, { base, keep, append, source, route }] of steps.entries()) {
          const from = inputs.length > 0 ? inputs[base % inputs.length]! : [];
          const segments = [
            ...from.slice(0, keep),
            ...append.map(({ text, name, task }): SegmentInput => ({ kind: task ? 'task' : 'message', name: NAMES[name]!, content: TEXTS[text]! })),
          ];
          inputs.push(segments);
          const request = store.intern(createRequest(ROUTES[route]!, 'chat', segments));
          const candidates = store.candidates(request);
          const expected = bruteForce(stored, request);
          expect(view(candidates)).toEqual(view(expected));
          // Identity, not only equality: the comparison and the cause read the very segments stored.
          candidates.forEach((candidate, at) => candidate.request.segments.forEach((segment, position) => expect(segment).toBe(expected[at]!.request.segments[position])));
          const entry: StoredSequence = { request, tokens: segments.length, source, session: 's', index, time: index, head: { key: 0n, offset: 0 } };
          store.add(entry);
          stored.push(entry);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('holds a growing conversation once: each sequence adds only its new segments', () => {
    const store = new SequenceStore();
    const history: SegmentInput[] = [{ kind: 'system', name: 'system', content: 'You are terse.' }];
    for (let turn = 0; turn < 200; turn++) {
      history.push({ kind: 'message', name: `message[${turn}]`, content: `user: step ${turn}` });
      const request = store.intern(createRequest(ROUTES[0], 'chat', history));
      const withResponse = store.intern(createRequest(ROUTES[0], 'chat', [...history, { kind: 'message', name: `message[${turn}]:response`, content: `reasoning ${turn}` }]));
      const sequence = { tokens: 1, session: 's', index: turn, time: null, head: { key: 0n, offset: 0 } };
      store.add({ ...sequence, request, source: 'input' });
      store.add({ ...sequence, request: withResponse, source: 'output' });
    }
    // 201 history segments and 200 responses dropped by the next turn; a list per sequence would hold 40,000 pointers.
    expect(store.storedSegments).toBe(401);
  });
});
