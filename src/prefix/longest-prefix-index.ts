import { comparePrefix, sharedTokensAtDifference, type PrefixComparison } from './compare-prefix.js';
import { PrefixTokenCounter } from './prefix-token-counter.js';
import type { PrefixRequest } from './request.js';
import { splitsUtf8Sequence } from './request-text.js';
import { routeKeyString } from './route-key.js';
import { SegmentPathTrie, type PathRoot, type SegmentPath } from './segment-path-trie.js';
import type { Segment } from './segment.js';
import { SortedTexts } from './sorted-texts.js';
import { branchBound, tokensWithinSegments, type BranchBound } from './shared-token-bound.js';

/** Options of `LongestPrefixIndex`: which earlier request wins a tie, and which routes are compared. */
export interface LongestPrefixOptions {
  /** Among earlier requests sharing the most tokens: the `earliest` or the `latest` added. */
  readonly ties: 'earliest' | 'latest';
  /**
   * `same`: only requests on the request's route are candidates (none on another: no match).
   * `any`: requests on other routes are candidates too, sharing nothing (a comparison with one says
   * the route differs); they win only when nothing on the route shares a token.
   */
  readonly routes: 'same' | 'any';
  readonly counter?: PrefixTokenCounter;
}

/** How many tokens a request shares with the earlier request added at `index`. */
export interface SharedTokens {
  readonly index: number;
  readonly tokens: number;
}

/** An earlier request and how `request` compares with it (`comparePrefix(earlier, request)`). */
export interface PrefixMatch {
  /** Position of the earlier request in the order it was added (0 first). */
  readonly index: number;
  readonly comparison: PrefixComparison;
}

/**
 * What the index keeps at one node of the trie (requests that hold the same leading segments) or at
 * a route's root.
 */
interface Held {
  /** Every request through here, in the order added. */
  readonly through: number[];
  /** The requests that end here (hold exactly the node's depth of segments). */
  readonly ends: number[];
  /** The children in the order of their segments' texts (see `#mostAnyShares`). */
  readonly byText: SortedTexts<SegmentPath<Held>>;
  /** How many children the node has. */
  children: number;
  /** How many requests through here split a UTF-8 sequence across segments. */
  splitting: number;
}

/** A route's root (depth 0) or a node below it. */
type Node = PathRoot<Held> | SegmentPath<Held>;

/** Earlier requests that can be skipped together: all share at most `bound` tokens with the request. */
interface Group extends BranchBound {
  readonly indices: readonly number[];
}

/** A candidate while searching: its comparison is made only for the one that wins. */
interface Candidate {
  readonly index: number;
  readonly tokens: number;
  readonly comparison: PrefixComparison | null;
}

/** Above this many children a node's largest bound is found by bisection (`SortedTexts`), not by visiting each. */
const VISITED_CHILDREN = 8;
/** At most this many lengths of earlier segments are looked up to see whether one is a prefix of the request's. */
const PREFIX_LENGTHS = 32;

/**
 * Finds, for each request in turn, the earlier request it shares the longest prefix with (most
 * `comparePrefix` tokens; ties by `ties`), without comparing it with every earlier one. Earlier
 * requests sit in the segment path trie, one root per route, one node per chained segment hash
 * (`segment-path-trie.ts`); the new request walks its own hashes
 * down it, each request off that path is grouped where it branches off, and each group gets an upper
 * bound on the tokens it can share (`shared-token-bound.ts`) from the first differing character of
 * the branching segment. Groups are counted highest bound first, until no bound can reach the best
 * found: the answer is the one a comparison with every earlier request gives. A group that differs
 * inside the branching segment's text is counted at that divergence only (`sharedTokensAtDifference`,
 * a few characters tokenized per request); any other gets a full `comparePrefix`, as does the winner.
 * Requests that branch off early (another head) are skipped by their bound; siblings that differ
 * inside one pre-token of their task (numbered tasks) all reach the bound and are each counted.
 */
export class LongestPrefixIndex {
  readonly counter: PrefixTokenCounter;
  readonly #options: LongestPrefixOptions;
  readonly #requests: PrefixRequest[] = [];
  readonly #splits: boolean[] = [];
  readonly #trie = new SegmentPathTrie<Held>({ newSlot: () => ({ through: [], ends: [], byText: new SortedTexts(), children: 0, splitting: 0 }), match: 'hash' });

  constructor(options: LongestPrefixOptions) {
    this.#options = options;
    this.counter = options.counter ?? new PrefixTokenCounter();
  }

  /** Requests added so far. */
  get size(): number {
    return this.#requests.length;
  }

  /** The request added at `index`. */
  request(index: number): PrefixRequest {
    const request = this.#requests[index];
    if (!request) throw new RangeError(`no request at index ${index}: ${this.#requests.length} added`);
    return request;
  }

  /** Adds a request as the latest earlier request of those that follow; returns its index. */
  add(request: PrefixRequest): number {
    const index = this.#requests.length;
    this.#requests.push(request);
    const splits = splitsUtf8Sequence(request.segments);
    this.#splits.push(splits);
    const key = routeKeyString(request.route);
    const { path } = this.#trie.add(request.segments, key);
    let node: Node = this.#trie.root(key)!;
    node.slot.through.push(index);
    if (splits) node.slot.splitting++;
    for (const child of path) {
      // A node no request went through yet was made by this one: its parent learns of it.
      if (child.slot.through.length === 0) {
        node.slot.byText.add(child.segment.text, child);
        node.slot.children++;
      }
      child.slot.through.push(index);
      if (splits) child.slot.splitting++;
      node = child;
    }
    node.slot.ends.push(index);
    return index;
  }

  /**
   * The tokens `request` shares with every earlier candidate (all routes or its own; in the order
   * added), exactly as `comparePrefix` counts them, and the longest by the same rule as `longest`.
   * For a caller that needs every count, not only the longest: each request that differs inside one
   * segment's text costs one tokenization of a few characters, not a whole comparison.
   */
  sharedWithEach(request: PrefixRequest): { readonly shared: readonly SharedTokens[]; readonly longest: PrefixMatch | undefined } {
    const found: Candidate[] = [];
    if (splitsUtf8Sequence(request.segments)) {
      for (const index of this.#candidates(request)) found.push({ index, ...this.#compare(this.#requests[index]!, request) });
    } else {
      const counts = new Map<string, (other: PrefixRequest) => number>();
      for (const group of this.#groups(request)) {
        for (const index of group.indices) found.push(this.#count(index, request, group, counts));
      }
      if (this.#options.routes === 'any') {
        const own = this.#trie.root(routeKeyString(request.route));
        for (const [, root] of this.#trie.roots()) if (root !== own) for (const index of root.slot.through) found.push({ index, tokens: 0, comparison: null });
      }
      found.sort((a, b) => a.index - b.index);
    }
    let best: Candidate | undefined;
    for (const candidate of found) if (this.#beats(candidate, best)) best = candidate;
    return { shared: found.map(({ index, tokens }) => ({ index, tokens })), longest: best && this.#matchOf(best, request) };
  }

  /**
   * Like `sharedWithEach`, but counts exactly only the earlier requests the caller still needs, asked
   * newest first with an upper bound on what each can share (`needs(index, bound)`), and told each
   * exact count as it is made (`counted(index, tokens)`). A replay that keeps only the entries a
   * policy could read from (a fresher entry sharing as much makes an older one redundant) asks for a
   * few per request instead of tokenizing at every earlier one. With `routes: 'any'`, or a request
   * that splits a UTF-8 sequence, every candidate is counted.
   *
   * `belowCountedOnly`: the caller promises that it needs no request whose bound is at most the most
   * tokens counted so far. The search then stops once that count reaches the largest bound any
   * earlier request on the route has (found along the request's path, by bisection among many
   * siblings), instead of asking about each: thousands of one-shot requests after one system prompt
   * cost a request a few lookups, not one per earlier request.
   *
   * `longest` is what `longest(request)` returns. With `ties: 'latest'` it is taken from the counts
   * already made, when the caller skips only requests whose bound is at most the most a newer one
   * was counted to share (as a replay that keeps the non-redundant entries does): such a request
   * cannot share more than that newer one, and loses the tie to it. A second search is then saved.
   * Otherwise `longest` searches again.
   */
  sharedWithNeeded(
    request: PrefixRequest,
    needs: (index: number, bound: number) => boolean,
    counted: (index: number, tokens: number) => void,
    belowCountedOnly = false,
  ): { readonly shared: readonly SharedTokens[]; readonly longest: PrefixMatch | undefined } {
    if (this.#options.routes === 'any' || splitsUtf8Sequence(request.segments)) {
      const each = this.sharedWithEach(request);
      for (const { index, tokens } of [...each.shared].reverse()) counted(index, tokens);
      return each;
    }
    const through = this.#trie.root(routeKeyString(request.route))?.slot.through ?? [];
    // Siblings that branch at the same character share a bound and the request's side of the count.
    const bounds = new Map<string, number>();
    const counts = new Map<string, (other: PrefixRequest) => number>();
    const largest = belowCountedOnly ? this.#mostAnyShares(request, bounds) : Number.POSITIVE_INFINITY;
    const found: Candidate[] = [];
    let most = -1;
    let prunedOnlyBelowCounts = true;
    for (let at = through.length - 1; at >= 0 && most < largest; at--) {
      const index = through[at]!;
      const group = this.#locate(index, request, bounds);
      if (!needs(index, group.bound)) {
        prunedOnlyBelowCounts &&= group.bound <= most;
        continue;
      }
      const candidate = this.#count(index, request, group, counts);
      counted(index, candidate.tokens);
      most = Math.max(most, candidate.tokens);
      found.push(candidate);
    }
    found.reverse();
    let longest: PrefixMatch | undefined;
    if (this.#options.ties === 'latest' && prunedOnlyBelowCounts) {
      let best: Candidate | undefined;
      for (const candidate of found) if (this.#beats(candidate, best)) best = candidate;
      longest = best && this.#matchOf(best, request);
    } else longest = this.longest(request);
    return { shared: found.map(({ index, tokens }) => ({ index, tokens })), longest };
  }

  /**
   * Where the earlier request at `index` leaves `request`'s path, and the bound that gives (the group
   * `#groups` puts it in). The leading segments both hold are found by bisection: prefix hashes are
   * chained, so two requests that agree on one agree on every one before it.
   */
  #locate(index: number, request: PrefixRequest, bounds: Map<string, number>): BranchBound {
    const theirs = this.#requests[index]!.segments;
    const mine = request.segments;
    let low = 0;
    let high = Math.min(theirs.length, mine.length);
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (theirs[middle - 1]!.prefixHash === mine[middle - 1]!.prefixHash) low = middle;
      else high = middle - 1;
    }
    // It ends on the path, or the request ends before it leaves: it shares at most those segments.
    if (low === theirs.length || low === mine.length) return { bound: tokensWithinSegments(request, low, this.counter), branchesAt: null };
    return branchBound(request, low, theirs[low]!.text, this.#splits[index]!, bounds, this.counter);
  }

  /**
   * The largest bound of any earlier request on `request`'s route: the deepest of the path's nodes
   * where some end, and at each node the children that leave the path. Among many children only the
   * two whose texts sort next to the request's can hold the longest run of its characters (and with
   * it the largest bound); a child whose text is a prefix of the request's, or one with a request
   * that splits a UTF-8 sequence, has no bound.
   */
  #mostAnyShares(request: PrefixRequest, bounds: Map<string, number>): number {
    const segments = request.segments;
    let most = Number.NEGATIVE_INFINITY;
    const root = this.#trie.root(routeKeyString(request.route));
    let node: Node | undefined = root;
    while (node) {
      const depth = node.depth;
      const held = node.slot;
      if (held.ends.length > 0) most = Math.max(most, tokensWithinSegments(request, depth, this.counter));
      const next = this.#next(root!, node, segments);
      if (held.children > (next ? 1 : 0)) {
        if (depth >= segments.length) most = Math.max(most, tokensWithinSegments(request, segments.length, this.counter));
        else if (held.children <= VISITED_CHILDREN) {
          for (let child = node.firstChild; child; child = child.nextSibling) if (child !== next) most = Math.max(most, this.#childBound(request, child, bounds).bound);
        } else {
          const text = segments[depth]!.text;
          if (held.splitting - (next?.slot.splitting ?? 0) > 0 || held.byText.holdsPrefixOf(text, PREFIX_LENGTHS) !== false) return Number.POSITIVE_INFINITY;
          for (const child of held.byText.nearest(text, next)) most = Math.max(most, this.#childBound(request, child, bounds).bound);
        }
      }
      node = next;
    }
    return most;
  }

  /** The node after `node` on `request`'s path, when an earlier request holds it. */
  #next(root: PathRoot<Held>, node: Node, segments: readonly Segment[]): SegmentPath<Held> | undefined {
    const depth = node.depth;
    return depth < segments.length ? this.#trie.child(root, depth === 0 ? undefined : (node as SegmentPath<Held>), segments[depth]!) : undefined;
  }

  /** Every earlier request that is a candidate for `request` under `routes`, in the order added. */
  #candidates(request: PrefixRequest): readonly number[] {
    if (this.#options.routes === 'any') return this.#requests.map((_, index) => index);
    return this.#trie.root(routeKeyString(request.route))?.slot.through ?? [];
  }

  #count(index: number, request: PrefixRequest, group: Pick<BranchBound, 'branchesAt'>, counts: Map<string, (other: PrefixRequest) => number>): Candidate {
    const earlier = this.#requests[index]!;
    if (group.branchesAt === null) return { index, ...this.#compare(earlier, request) };
    return { index, tokens: this.#countAt(counts, request, group.branchesAt)(earlier), comparison: null };
  }

  #matchOf(candidate: Candidate, request: PrefixRequest): PrefixMatch {
    return { index: candidate.index, comparison: candidate.comparison ?? comparePrefix(this.#requests[candidate.index]!, request, { counter: this.counter }) };
  }

  /** The earlier request `request` shares the most tokens with (ties by `ties`), or undefined when there is no candidate. */
  longest(request: PrefixRequest): PrefixMatch | undefined {
    if (splitsUtf8Sequence(request.segments)) return this.sharedWithEach(request).longest;
    let best: Candidate | undefined;
    // Siblings that branch at the same character share the request's side of the count.
    const counts = new Map<string, (other: PrefixRequest) => number>();
    // Ties on the bound are taken in the order that wins a tie, so that the first to reach it ends the search.
    const order = this.#options.ties === 'earliest' ? 1 : -1;
    const groups = this.#groups(request).sort((a, b) => b.bound - a.bound || order * ((a.indices[0] ?? 0) - (b.indices[0] ?? 0)));
    for (const group of groups) {
      const top = best?.tokens ?? -1;
      if (group.bound < top) break;
      for (const index of group.indices) {
        // At equal bound, only a request that would win the tie can change the answer.
        if (best && group.bound === top && !this.#winsTie(index, best.index)) continue;
        const candidate = this.#count(index, request, group, counts);
        if (this.#beats(candidate, best)) best = candidate;
      }
    }
    const found = best && this.#matchOf(best, request);
    return this.#options.routes === 'any' ? this.#otherRoute(request, found) : found;
  }

  #countAt(counts: Map<string, (other: PrefixRequest) => number>, request: PrefixRequest, at: { readonly segment: number; readonly offset: number }): (other: PrefixRequest) => number {
    const key = `${at.segment}:${at.offset}`;
    let count = counts.get(key);
    if (!count) counts.set(key, (count = sharedTokensAtDifference(request, at.segment, at.offset, this.counter)));
    return count;
  }

  #compare(earlier: PrefixRequest, request: PrefixRequest): { tokens: number; comparison: PrefixComparison } {
    const comparison = comparePrefix(earlier, request, { counter: this.counter });
    return { tokens: comparison.commonPrefix.tokens, comparison };
  }

  #beats(candidate: Candidate, best: Candidate | undefined): boolean {
    return !best || candidate.tokens > best.tokens || (candidate.tokens === best.tokens && this.#winsTie(candidate.index, best.index));
  }

  /** The requests on `request`'s route, grouped where they leave its path, each group with its bound. */
  #groups(request: PrefixRequest): Group[] {
    const groups: Group[] = [];
    // Siblings that branch at the same character share a bound: count it once.
    const bounds = new Map<string, number>();
    const root = this.#trie.root(routeKeyString(request.route));
    let node: Node | undefined = root;
    while (node) {
      if (node.slot.ends.length > 0) groups.push({ bound: tokensWithinSegments(request, node.depth, this.counter), indices: node.slot.ends, branchesAt: null });
      const next = this.#next(root!, node, request.segments);
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (child !== next) groups.push({ ...this.#childBound(request, child, bounds), indices: child.slot.through });
      }
      node = next;
    }
    return groups;
  }

  /** At most how many tokens `request` shares with the requests through `child`, which leaves its path at `child.depth - 1`. */
  #childBound(request: PrefixRequest, child: SegmentPath<Held>, bounds: Map<string, number>): BranchBound {
    const at = child.depth - 1;
    // The request ended before this segment: it can share at most all of itself.
    if (!request.segments[at]) return { bound: tokensWithinSegments(request, request.segments.length, this.counter), branchesAt: null };
    return branchBound(request, at, child.segment.text, child.slot.splitting > 0, bounds, this.counter);
  }

  /** With `routes: 'any'`: the earliest or latest request on another route, when it beats `best` (it shares nothing). */
  #otherRoute(request: PrefixRequest, best: PrefixMatch | undefined): PrefixMatch | undefined {
    if (best && best.comparison.commonPrefix.tokens > 0) return best;
    const own = routeKeyString(request.route);
    let other: number | undefined;
    for (const [key, root] of this.#trie.roots()) {
      const through = root.slot.through;
      if (key === own || through.length === 0) continue;
      const index = this.#options.ties === 'earliest' ? through[0]! : through.at(-1)!;
      if (other === undefined || this.#winsTie(index, other)) other = index;
    }
    if (other === undefined || (best && !this.#winsTie(other, best.index))) return best;
    return { index: other, comparison: comparePrefix(this.#requests[other]!, request, { counter: this.counter }) };
  }

  #winsTie(index: number, than: number): boolean {
    return this.#options.ties === 'earliest' ? index < than : index > than;
  }
}
