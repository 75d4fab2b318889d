import type { Segment } from '../../prefix/index.js';

/** One stored segment at one position: its parent holds the segment before it (none for the first). */
export interface SegmentPath<Slot> {
  readonly segment: Segment;
  readonly parent: SegmentPath<Slot> | undefined;
  /** Segments from the first to this one. */
  readonly depth: number;
  /** What the trie's owner keeps per prefix hash: one value shared by every node with this one's. */
  readonly slot: Slot;
}

interface Node<Slot> extends SegmentPath<Slot> {
  readonly parent: Node<Slot> | undefined;
  /** A farther ancestor (skew-binary jump pointers): reaching any depth takes O(log depth) steps. */
  readonly jump: Node<Slot> | undefined;
  /** Other nodes whose segment has this one's prefix hash (another name or kind for the same bytes, or another path to them). */
  variants: Node<Slot>[] | undefined;
}

/** A segment list walked down the trie. */
export interface WalkedSegments<Slot> {
  readonly segments: readonly Segment[];
  /** `path[i]` is the node of `segments[i]`, for as long as the list is stored (all of it once added). */
  readonly path: readonly SegmentPath<Slot>[];
}

/**
 * Segment lists stored as paths of a trie: a node per segment object after a given node, holding the
 * segment once. A list that extends another (a conversation's next request, a request followed by
 * its response) adds only its new segments, so memory grows with the distinct segments stored, not
 * with (lists × length). A list is read back by walking parent pointers from its last node; the
 * segments are the very objects added, so what reads them (comparisons, causes) sees no difference.
 */
export class SegmentTrie<Slot> {
  // By prefix hash: the first node with it; any other hangs off it as a variant (rare: the same bytes
  // under another name, or segment objects that were not interned).
  readonly #nodes = new Map<bigint, Node<Slot>>();
  readonly #newSlot: () => Slot;
  /**
   * The list walked or added last: the next one usually repeats it and goes on (a request then its
   * response, a response then the next request), so its leading run is matched by identity, not by a
   * hash lookup per segment.
   */
  #last: { readonly segments: readonly Segment[]; readonly path: readonly Node<Slot>[] } = { segments: [], path: [] };
  #size = 0;

  constructor(newSlot: () => Slot) {
    this.#newSlot = newSlot;
  }

  /** Nodes held: the distinct (position, segment) pairs of every list added. */
  get size(): number {
    return this.#size;
  }

  /** The slot of the nodes with `prefixHash`, when any is stored. */
  slotOf(prefixHash: bigint): Slot | undefined {
    return this.#nodes.get(prefixHash)?.slot;
  }

  /** The node on `node`'s path at `depth` (1 = the first segment); undefined past its end or at 0. */
  ancestorAt(node: SegmentPath<Slot> | undefined, depth: number): SegmentPath<Slot> | undefined {
    let at = node as Node<Slot> | undefined;
    if (at === undefined || depth < 1 || depth > at.depth) return undefined;
    while (at!.depth > depth) at = at!.jump !== undefined && at!.jump.depth >= depth ? at!.jump : at!.parent;
    return at;
  }

  /** Stores `segments` as a path; returns it. */
  add(segments: readonly Segment[]): WalkedSegments<Slot> {
    const path = this.#repeated(segments);
    let node = path.at(-1);
    for (let index = path.length; index < segments.length; index++) {
      const segment = segments[index]!;
      node = this.#child(node, segment) ?? this.#create(node, segment);
      path.push(node);
    }
    this.#last = { segments, path };
    return { segments, path };
  }

  /** The nodes of the longest leading run of `segments` that is stored. */
  walk(segments: readonly Segment[]): WalkedSegments<Slot> {
    const path = this.#repeated(segments);
    let node = path.at(-1);
    for (let index = path.length; index < segments.length; index++) {
      node = this.#child(node, segments[index]!);
      if (!node) break;
      path.push(node);
    }
    this.#last = { segments, path };
    return { segments, path };
  }

  /**
   * The segment list ending at `end`. Its leading segments shared with `known` are copied from there
   * (one slice), so only the part after the two lists part is walked.
   */
  segments(end: SegmentPath<Slot> | undefined, known?: WalkedSegments<Slot>): Segment[] {
    const tail: Segment[] = [];
    let node = end;
    while (node && known?.path[node.depth - 1] !== node) {
      tail.push(node.segment);
      node = node.parent;
    }
    const segments = node && known ? known.segments.slice(0, node.depth) : [];
    for (let index = tail.length - 1; index >= 0; index--) segments.push(tail[index]!);
    return segments;
  }

  /** The nodes of the leading segments `segments` shares, object for object, with the last list walked or added. */
  #repeated(segments: readonly Segment[]): Node<Slot>[] {
    const last = this.#last;
    const limit = Math.min(segments.length, last.path.length);
    let count = 0;
    while (count < limit && segments[count] === last.segments[count]) count++;
    return last.path.slice(0, count);
  }

  #child(parent: Node<Slot> | undefined, segment: Segment): Node<Slot> | undefined {
    const first = this.#nodes.get(segment.prefixHash);
    if (!first || (first.segment === segment && first.parent === parent)) return first;
    return first.variants?.find((node) => node.segment === segment && node.parent === parent);
  }

  #create(parent: Node<Slot> | undefined, segment: Segment): Node<Slot> {
    const first = this.#nodes.get(segment.prefixHash);
    // Skew-binary jumps: when the parent's jump and its jump's jump span equal lengths, leap over both.
    const jump = parent?.jump !== undefined && parent.jump.jump !== undefined && parent.depth - parent.jump.depth === parent.jump.depth - parent.jump.jump.depth ? parent.jump.jump : parent;
    const node: Node<Slot> = { segment, parent, jump, depth: (parent?.depth ?? 0) + 1, slot: first ? first.slot : this.#newSlot(), variants: undefined };
    this.#size++;
    if (!first) this.#nodes.set(segment.prefixHash, node);
    else (first.variants ??= []).push(node);
    return node;
  }
}
