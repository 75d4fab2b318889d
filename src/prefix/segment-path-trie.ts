import type { Segment } from './segment.js';

/**
 * What a path is made of: a `Segment`, or any item named by the chained hash of itself and every item
 * before it (a block symbol chained onto the ones before, when a request is known only as symbols).
 */
export interface PathItem {
  readonly prefixHash: bigint;
}

/** Where the paths of one root begin (a route, or every path of a trie with one root): depth 0. */
export interface PathRoot<Slot, Item extends PathItem = Segment> {
  readonly depth: 0;
  readonly slot: Slot;
  /** The first of the nodes that hold a path's first segment (the others follow by `nextSibling`). */
  readonly firstChild: SegmentPath<Slot, Item> | undefined;
}

/** One stored segment at one position: its parent holds the segment before it (none for the first). */
export interface SegmentPath<Slot, Item extends PathItem = Segment> {
  readonly segment: Item;
  readonly parent: SegmentPath<Slot, Item> | undefined;
  /** Segments from the first to this one. */
  readonly depth: number;
  /** What the trie's owner keeps here (see `SegmentPathTrieOptions.match` for which nodes share one). */
  readonly slot: Slot;
  /** The first node that holds a segment after this one; the others follow by `nextSibling`. */
  readonly firstChild: SegmentPath<Slot, Item> | undefined;
  readonly nextSibling: SegmentPath<Slot, Item> | undefined;
}

interface Node<Slot, Item extends PathItem> extends SegmentPath<Slot, Item> {
  readonly parent: Node<Slot, Item> | undefined;
  /** A farther ancestor (skew-binary jump pointers): reaching any depth takes O(log depth) steps. */
  readonly jump: Node<Slot, Item> | undefined;
  /** Other nodes of the root whose segment has this one's prefix hash (another object, or another path to the same bytes). */
  variants: Node<Slot, Item>[] | undefined;
  firstChild: Node<Slot, Item> | undefined;
  nextSibling: Node<Slot, Item> | undefined;
}

interface Root<Slot, Item extends PathItem> extends PathRoot<Slot, Item> {
  firstChild: Node<Slot, Item> | undefined;
  /** By prefix hash: the first node with it; any other hangs off it as a variant. */
  readonly nodes: Map<bigint, Node<Slot, Item>>;
}

/** A segment list walked down the trie. */
export interface WalkedSegments<Slot, Item extends PathItem = Segment> {
  readonly segments: readonly Item[];
  /** `path[i]` is the node of `segments[i]`, for as long as the list is stored (all of it once added). */
  readonly path: readonly SegmentPath<Slot, Item>[];
}

export interface SegmentPathTrieOptions<Slot> {
  /** The slot of a new node (or of a new root). */
  readonly newSlot: () => Slot;
  /**
   * Which segment a node stands for after its parent.
   * - `object`: the very segment object added. A list read back is made of the objects added (what
   *   reads them, comparisons and causes, sees no difference), and the same bytes under another name
   *   or kind get a node of their own. Nodes with one prefix hash share the first one's slot: what the
   *   owner keeps is per leading run of bytes, whatever the names.
   * - `hash`: any segment with the node's prefix hash: one node, with its own slot, per distinct run
   *   of leading bytes under a root; it holds the first segment object added there.
   */
  readonly match: 'object' | 'hash';
}

/**
 * kvprefix's one longest-prefix index: segment lists (or lists of any items named by chained hashes,
 * such as block symbols) stored as paths of a trie keyed by the chained prefix hashes, under one
 * root per key the owner picks (a route). A list that
 * extends another (a conversation's next request, a request followed by its response) adds only its
 * new segments, so memory grows with the distinct segments stored, not with (lists × length). The
 * leading segments a request shares with every stored list are its walk down the trie; how the
 * owner chooses among the lists that share them (the newest few, the one sharing the most tokens
 * inside the next segment) is a query over the nodes' slots, which the owner fills. A list is read
 * back by walking parent pointers from its last node.
 */
export class SegmentPathTrie<Slot, Item extends PathItem = Segment> {
  readonly #roots = new Map<string, Root<Slot, Item>>();
  readonly #newSlot: () => Slot;
  readonly #byObject: boolean;
  /**
   * The list walked or added last: the next one usually repeats it and goes on (a request then its
   * response, a response then the next request), so its leading run is matched by identity, not by a
   * hash lookup per segment.
   */
  #last: { readonly root: Root<Slot, Item> | undefined; readonly segments: readonly Item[]; readonly path: readonly Node<Slot, Item>[] } = { root: undefined, segments: [], path: [] };
  #size = 0;

  constructor(options: SegmentPathTrieOptions<Slot>) {
    this.#newSlot = options.newSlot;
    this.#byObject = options.match === 'object';
  }

  /** Nodes held: the distinct (position, segment) pairs of every list added. */
  get size(): number {
    return this.#size;
  }

  /** The root under `key`, when a list was added under it. */
  root(key = ''): PathRoot<Slot, Item> | undefined {
    return this.#roots.get(key);
  }

  /** Every root with its key, in the order made. */
  roots(): IterableIterator<[string, PathRoot<Slot, Item>]> {
    return this.#roots.entries();
  }

  /** The slot of the nodes of root `key` with `prefixHash`, when any is stored. */
  slotOf(prefixHash: bigint, key = ''): Slot | undefined {
    return this.#roots.get(key)?.nodes.get(prefixHash)?.slot;
  }

  /** The child of `parent` (or, for undefined, the root's node of a first segment) that stands for `segment`. */
  child(root: PathRoot<Slot, Item>, parent: SegmentPath<Slot, Item> | undefined, segment: Item): SegmentPath<Slot, Item> | undefined {
    return this.#child(root as Root<Slot, Item>, parent as Node<Slot, Item> | undefined, segment);
  }

  /** The node on `node`'s path at `depth` (1 = the first segment); undefined past its end or at 0. */
  ancestorAt(node: SegmentPath<Slot, Item> | undefined, depth: number): SegmentPath<Slot, Item> | undefined {
    let at = node as Node<Slot, Item> | undefined;
    if (at === undefined || depth < 1 || depth > at.depth) return undefined;
    while (at!.depth > depth) at = at!.jump !== undefined && at!.jump.depth >= depth ? at!.jump : at!.parent;
    return at;
  }

  /**
   * How many leading segments the path ending at `end` shares with `walked` (a list walked under the
   * same root): the depth of its deepest node that `walked` holds. The nodes `walked` holds are its
   * path's leading run, so the search jumps over any stretch whose far end is off it: O(log depth).
   */
  sharedDepth(end: SegmentPath<Slot, Item> | undefined, walked: WalkedSegments<Slot, Item>): number {
    const path = walked.path;
    let node = end as Node<Slot, Item> | undefined;
    while (node !== undefined && path[node.depth - 1] !== node) node = node.jump !== undefined && path[node.jump.depth - 1] !== node.jump ? node.jump : node.parent;
    return node?.depth ?? 0;
  }

  /**
   * Removes the nodes of the path ending at `end` deeper than `depth` that no other path goes
   * through, when its owner drops the one list that held them: from `end` up, until a node with
   * another child.
   */
  removeTail(end: SegmentPath<Slot, Item> | undefined, depth: number, key = ''): void {
    const root = this.#roots.get(key);
    if (root === undefined) return;
    let first: Node<Slot, Item> | undefined;
    for (let node = end as Node<Slot, Item> | undefined; node !== undefined && node.depth > depth && node.firstChild === undefined; node = node.parent) {
      this.#unlink(root, node);
      first = node;
    }
    // The last list walked may run through what went: no node after it goes on (they had no other
    // child), so its path is cut there.
    const last = this.#last;
    if (first !== undefined && last.path[first.depth - 1] === first) this.#last = { root: last.root, segments: last.segments, path: last.path.slice(0, first.depth - 1) };
  }

  /** Stores `segments` as a path under root `key`; returns it. */
  add(segments: readonly Item[], key = ''): WalkedSegments<Slot, Item> {
    return this.#descend(this.#rootOf(key), segments, true);
  }

  /** The nodes of the longest leading run of `segments` stored under root `key`. */
  walk(segments: readonly Item[], key = ''): WalkedSegments<Slot, Item> {
    const root = this.#roots.get(key);
    return root === undefined ? { segments, path: [] } : this.#descend(root, segments, false);
  }

  /**
   * Goes down `root` along `segments` from where the last list walked or added parts from them,
   * making the missing nodes when `create` (else stopping at the first one missing).
   */
  #descend(root: Root<Slot, Item>, segments: readonly Item[], create: boolean): WalkedSegments<Slot, Item> {
    const repeated = this.#repeated(root, segments);
    const added: Node<Slot, Item>[] = [];
    let node = repeated.at(-1);
    for (let index = repeated.length; index < segments.length; index++) {
      const segment = segments[index]!;
      node = this.#child(root, node, segment) ?? (create ? this.#create(root, node, segment) : undefined);
      if (!node) break;
      added.push(node);
    }
    const path = added.length === 0 ? repeated : repeated.concat(added);
    this.#last = { root, segments, path };
    return { segments, path };
  }

  /**
   * The segment list ending at `end`. Its leading segments shared with `known` are copied from there
   * (one slice), so only the part after the two lists part is walked.
   */
  segments(end: SegmentPath<Slot, Item> | undefined, known?: WalkedSegments<Slot, Item>): Item[] {
    const tail: Item[] = [];
    let node = end;
    while (node && known?.path[node.depth - 1] !== node) {
      tail.push(node.segment);
      node = node.parent;
    }
    const head = node && known ? known.segments.slice(0, node.depth) : [];
    return head.concat(tail.reverse());
  }

  #rootOf(key: string): Root<Slot, Item> {
    let root = this.#roots.get(key);
    if (root === undefined) this.#roots.set(key, (root = { depth: 0, slot: this.#newSlot(), firstChild: undefined, nodes: new Map() }));
    return root;
  }

  /**
   * The nodes of the leading segments `segments` shares, object for object, with the last list walked
   * or added under the same root. Callers join what they add with concat, not push: a list as long as
   * a long log's history grown by push is reallocated with slack past V8's large-object size (16k
   * pointers), and large objects leave the young generation (a copy per request piled up until a
   * full collection).
   */
  #repeated(root: Root<Slot, Item>, segments: readonly Item[]): readonly Node<Slot, Item>[] {
    const last = this.#last;
    if (last.root !== root) return [];
    // The very list again (looked up, then stored): its path as it is (paths are never changed).
    if (segments === last.segments) return last.path as Node<Slot, Item>[];
    const limit = Math.min(segments.length, last.path.length);
    let count = 0;
    while (count < limit && segments[count] === last.segments[count]) count++;
    return last.path.slice(0, count);
  }

  #child(root: Root<Slot, Item>, parent: Node<Slot, Item> | undefined, segment: Item): Node<Slot, Item> | undefined {
    const first = root.nodes.get(segment.prefixHash);
    if (!first || (first.parent === parent && (!this.#byObject || first.segment === segment))) return first;
    return first.variants?.find((node) => node.parent === parent && (!this.#byObject || node.segment === segment));
  }

  #unlink(root: Root<Slot, Item>, node: Node<Slot, Item>): void {
    const siblings: { firstChild: Node<Slot, Item> | undefined } = node.parent ?? root;
    if (siblings.firstChild === node) siblings.firstChild = node.nextSibling;
    else {
      let before = siblings.firstChild;
      while (before !== undefined && before.nextSibling !== node) before = before.nextSibling;
      if (before !== undefined) before.nextSibling = node.nextSibling;
    }
    const hash = node.segment.prefixHash;
    const first = root.nodes.get(hash)!;
    if (first !== node) first.variants = first.variants?.filter((variant) => variant !== node);
    else {
      const [next, ...rest] = first.variants ?? [];
      if (next === undefined) root.nodes.delete(hash);
      else {
        next.variants = rest.length > 0 ? rest : undefined;
        root.nodes.set(hash, next);
      }
    }
    this.#size--;
  }

  #create(root: Root<Slot, Item>, parent: Node<Slot, Item> | undefined, segment: Item): Node<Slot, Item> {
    const first = root.nodes.get(segment.prefixHash);
    // Skew-binary jumps: when the parent's jump and its jump's jump span equal lengths, leap over both.
    const jump = parent?.jump !== undefined && parent.jump.jump !== undefined && parent.depth - parent.jump.depth === parent.jump.depth - parent.jump.jump.depth ? parent.jump.jump : parent;
    const siblings = parent ?? root;
    const slot = first !== undefined && this.#byObject ? first.slot : this.#newSlot();
    const node: Node<Slot, Item> = { segment, parent, jump, depth: (parent?.depth ?? 0) + 1, slot, variants: undefined, firstChild: undefined, nextSibling: siblings.firstChild };
    siblings.firstChild = node;
    this.#size++;
    if (!first) root.nodes.set(segment.prefixHash, node);
    else (first.variants ??= []).push(node);
    return node;
  }
}
