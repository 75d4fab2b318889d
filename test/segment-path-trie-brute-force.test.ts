import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Segment } from '../src/prefix/index.js';
import { SegmentPathTrie, type SegmentPath } from '../src/prefix/segment-path-trie.js';

/*
 * The one longest-prefix index: every store of earlier requests (the longest-prefix index, the DSH
 * sequence store, the unit store of Claude Code replays) reads it through `walk`, `sharedDepth`,
 * `ancestorAt` and `segments`. Checked here against plain lists of every stored path: lists grow the
 * way a replay's do (a cut of an earlier list and new segments from a small pool, under two roots),
 * and a list whose own nodes no other list goes through is dropped now and then, as an evicted
 * entry is.
 */

const TEXTS = ['system', 'tools', 'user: fix it', 'assistant: done'] as const;
const ROOTS = ['route a', 'route b'] as const;

interface Step {
  readonly base: number;
  readonly keep: number;
  readonly append: readonly number[];
  readonly root: number;
  readonly drop: boolean;
}

const step: fc.Arbitrary<Step> = fc.record({
  base: fc.nat(),
  keep: fc.nat({ max: 8 }),
  append: fc.array(fc.nat({ max: TEXTS.length - 1 }), { maxLength: 3 }),
  root: fc.nat({ max: ROOTS.length - 1 }),
  drop: fc.boolean(),
});

interface Stored {
  readonly root: string;
  readonly segments: readonly Segment[];
  end: SegmentPath<number> | undefined;
}

type Match = 'object' | 'hash';

/** Leading segments two lists share: the same objects, or the same prefix hashes. */
function shared(a: readonly Segment[], b: readonly Segment[], match: Match): number {
  let count = 0;
  while (count < a.length && count < b.length && (match === 'object' ? a[count] === b[count] : a[count]!.prefixHash === b[count]!.prefixHash)) count++;
  return count;
}

/** Distinct (root, leading run) pairs: the nodes a trie of every stored list holds. */
function distinctNodes(stored: readonly Stored[], match: Match): number {
  const ids = new Map<Segment, number>();
  const idOf = (segment: Segment) => ids.get(segment) ?? (ids.set(segment, ids.size), ids.size - 1);
  const keys = new Set<string>();
  for (const { root, segments } of stored) {
    let key = root;
    for (const segment of segments) keys.add((key += `/${match === 'object' ? idOf(segment) : segment.prefixHash}`));
  }
  return keys.size;
}

function run(steps: readonly Step[], match: Match): void {
  const trie = new SegmentPathTrie<number>({ newSlot: () => 0, match });
  const stored: Stored[] = [];
  for (const { base, keep, append, root: rootAt, drop } of steps) {
    const root = ROOTS[rootAt]!;
    const from = stored.filter((list) => list.root === root);
    const cut = from.length > 0 ? from[base % from.length]!.segments.slice(0, keep) : [];
    const segments = [...cut];
    for (const text of append) segments.push(new Segment({ kind: 'message', name: 'message', content: TEXTS[text]! }, segments.at(-1)?.prefixHash ?? BigInt(rootAt + 1)));
    // The walk reaches as deep as the list sharing the most, and each stored list shares what a plain comparison says.
    const walked = trie.walk(segments, root);
    expect(walked.path.length).toBe(Math.max(0, ...from.map((list) => shared(list.segments, segments, match))));
    walked.path.forEach((node, at) => expect(node.segment.prefixHash).toBe(segments[at]!.prefixHash));
    for (const list of from) expect(trie.sharedDepth(list.end, walked)).toBe(shared(list.segments, segments, match));
    const list: Stored = { root, segments, end: trie.add(segments, root).path.at(-1) };
    stored.push(list);
    expect(trie.size).toBe(distinctNodes(stored, match));
    // Read back: the very objects added (object) or the same bytes (hash), and every ancestor on the way.
    for (const { segments: expected, end } of stored) {
      const back = trie.segments(end);
      if (match === 'object') back.forEach((segment, at) => expect(segment).toBe(expected[at]));
      expect(back.map((segment) => segment.prefixHash)).toEqual(expected.map((segment) => segment.prefixHash));
      for (let depth = 1; depth <= expected.length; depth++) expect(trie.ancestorAt(end, depth)?.segment.prefixHash).toBe(expected[depth - 1]!.prefixHash);
    }
    if (drop && match === 'hash') {
      // Drop the oldest list of the root, keeping the nodes another list goes through.
      const oldest = stored.findIndex((other) => other.root === root);
      const [dropped] = stored.splice(oldest, 1);
      const others = stored.filter((other) => other.root === root);
      trie.removeTail(dropped!.end, Math.max(0, ...others.map((other) => shared(other.segments, dropped!.segments, match))), root);
      expect(trie.size).toBe(distinctNodes(stored, match));
    }
  }
}

describe('SegmentPathTrie answers what plain lists of every stored path answer', () => {
  for (const match of ['object', 'hash'] as const) {
    it(`match: ${match}`, () => {
      fc.assert(
        fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => run(steps, match)),
        { numRuns: 300 },
      );
    });
  }

  it('removes a dropped path only up to the first node another path goes through', () => {
    const trie = new SegmentPathTrie<number>({ newSlot: () => 0, match: 'hash' });
    const first = new Segment({ kind: 'system', name: 'system', content: 'system' }, 1n);
    const second = new Segment({ kind: 'message', name: 'message', content: 'user' }, first.prefixHash);
    const third = new Segment({ kind: 'message', name: 'message', content: 'assistant' }, second.prefixHash);
    const short = trie.add([first]).path.at(-1);
    const long = trie.add([first, second, third]).path.at(-1);
    trie.removeTail(short, 0);
    expect(trie.size).toBe(3);
    trie.removeTail(long, 1);
    expect(trie.size).toBe(1);
    expect(trie.walk([first, second, third]).path).toHaveLength(1);
  });
});
