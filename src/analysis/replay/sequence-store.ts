import { routeKeyString, type PrefixRequest, type Segment } from '../../prefix/index.js';
import { SegmentPathTrie, type SegmentPath } from '../../prefix/segment-path-trie.js';

/** One sequence the cache may hold: an earlier request's input, or that input followed by its response. */
export interface StoredSequence {
  readonly request: PrefixRequest;
  /** Length in the route's (calibrated) tokens. */
  readonly tokens: number;
  readonly source: 'input' | 'output';
  /** Which request put it there. */
  readonly session: string;
  readonly index: number;
  /** Milliseconds since the epoch, when the log records it. */
  readonly time: number | null;
  /** Whatever the replay needs to compare against it again (head key, calibration). */
  readonly head: { readonly key: bigint; readonly offset: number };
}

/** A stored sequence as kept: its segments are a path of the trie, read back only when it is a candidate. */
interface Kept {
  readonly sequence: Omit<StoredSequence, 'request'>;
  readonly request: Omit<PrefixRequest, 'segments'>;
  readonly end: SegmentPath<Passing> | undefined;
  /** Position in the order added. */
  readonly order: number;
}

/** The newest entries of each source, oldest first. */
interface BySource {
  readonly input: Kept[];
  readonly output: Kept[];
}

/**
 * Per prefix hash, how many stored entries of each source pass through it, counted up to
 * CANDIDATES_PER_PREFIX. A node's count is never below any descendant's, so a new entry raises the
 * counts from its end upward only until it meets a full one: each count is raised at most
 * CANDIDATES_PER_PREFIX times, and adding a request costs its new segments, not its history.
 */
interface Passing {
  input: number;
  output: number;
}

/**
 * Candidates per prefix hash and source: the newest this many of the entries sharing the request's
 * deepest whole segments. Bounded so that a lookup stays independent of the log's length: of many
 * entries sharing the same whole segments, an older one could share a few more tokens inside the
 * next segment than the newest few do, which the bound gives up.
 */
const CANDIDATES_PER_PREFIX = 4;

/**
 * The sequences stored earlier in a replay, indexed by every segment's prefix hash so that the
 * entries sharing the most whole leading segments with a request are found in O(segments) instead of
 * comparing against every earlier request. Memory grows with a long log's distinct content, not with
 * (requests × history): segments are interned by prefix hash (a history message rendered again in
 * each later request is kept once), each sequence is a path of a trie of segments (a sequence that
 * extends another adds only its new segments), and the index keeps a few entries per prefix.
 */
export class SequenceStore {
  readonly #latest = new Map<string, BySource>();
  /** Every entry of each source, in the order added (scanned newest first for candidates). */
  readonly #all: BySource = { input: [], output: [] };
  readonly #segments = new Map<bigint, Segment>();
  /** Segments with a prefix hash already interned under another name or kind (rare). */
  readonly #variants = new Map<bigint, Segment[]>();
  readonly #paths = new SegmentPathTrie<Passing>({ newSlot: () => ({ input: 0, output: 0 }), match: 'object' });
  #added = 0;
  #lastInterned: readonly Segment[] = [];

  /** Segments held by the stored sequences' paths: grows with distinct content only. */
  get storedSegments(): number {
    return this.#paths.size;
  }

  /** The request with every segment already seen replaced by the stored one (same bytes, same position). */
  intern(request: PrefixRequest): PrefixRequest {
    let changed = false;
    const last = this.#lastInterned;
    const segments = request.segments.map((segment, index) => {
      // A segment the last request interned at the same place is a stored one (renderers hand back
      // the segments they kept): no lookup for the history a request repeats.
      if (segment === last[index]) return segment;
      const known = this.#known(segment);
      changed ||= known !== segment;
      return known;
    });
    this.#lastInterned = segments;
    return changed ? { ...request, segments } : request;
  }

  /** The first segment seen with the same bytes at the same position, name and kind; `segment` itself when it is new. */
  #known(segment: Segment): Segment {
    const known = this.#segments.get(segment.prefixHash);
    if (!known) {
      this.#segments.set(segment.prefixHash, segment);
      return segment;
    }
    // The name and kind must agree too (a response becomes the next request's assistant message).
    if (known.name === segment.name && known.kind === segment.kind) return known;
    let variants = this.#variants.get(segment.prefixHash);
    if (!variants) this.#variants.set(segment.prefixHash, (variants = []));
    const variant = variants.find((other) => other.name === segment.name && other.kind === segment.kind);
    if (variant) return variant;
    variants.push(segment);
    return segment;
  }

  add(entry: StoredSequence): void {
    const { request, ...sequence } = entry;
    const { segments, ...rest } = request;
    const { path } = this.#paths.add(segments);
    const kept: Kept = { sequence, request: rest, end: path.at(-1), order: this.#added++ };
    const source = sequence.source;
    for (let node = kept.end; node !== undefined && node.slot[source] < CANDIDATES_PER_PREFIX; node = node.parent) node.slot[source]++;
    this.#all[source].push(kept);
    const route = routeKeyString(request.route);
    let latest = this.#latest.get(route);
    if (!latest) this.#latest.set(route, (latest = { input: [], output: [] }));
    push(latest, kept);
  }

  /**
   * The stored sequences that share the most whole leading segments with `request` on its route, the
   * newest few of each source (an input and its response share the input's segments, so the deepest
   * input and the deepest response may sit at different depths), inputs first; when none shares even
   * the first segment, the newest few on the route, in the order stored, which may still share a token
   * prefix inside it. Each comes with its segment list read back from the trie.
   */
  candidates(request: PrefixRequest): StoredSequence[] {
    const walked = this.#paths.walk(request.segments);
    // Along the request's own stored path the counts are at hand; past it (the same bytes under
    // another name, say) they are looked up by prefix hash.
    const passingAt = (depth: number) => walked.path[depth - 1]?.slot ?? this.#paths.slotOf(request.segments[depth - 1]!.prefixHash);
    const inputs = this.#deepest(request, 'input', passingAt);
    const outputs = this.#deepest(request, 'output', passingAt);
    let chosen: Kept[];
    if (inputs.length > 0 || outputs.length > 0) chosen = [...inputs, ...outputs];
    else {
      const latest = this.#latest.get(routeKeyString(request.route));
      chosen = latest ? [...latest.input, ...latest.output].sort((a, b) => a.order - b.order) : [];
    }
    // What a candidate shares with the request is copied from the request, not walked.
    return chosen.map((kept) => ({ ...kept.sequence, request: { ...kept.request, segments: this.#paths.segments(kept.end, walked) } }));
  }

  /**
   * The newest few entries of `source` (oldest first) among those sharing the most whole leading
   * segments with `request`. That depth is found by bisection (counts only fall along a path), and
   * the entries by scanning the source's entries newest first until the count at that depth is met.
   */
  #deepest(request: PrefixRequest, source: StoredSequence['source'], passingAt: (depth: number) => Passing | undefined): Kept[] {
    let low = 0;
    let high = request.segments.length;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((passingAt(middle)?.[source] ?? 0) > 0) low = middle;
      else high = middle - 1;
    }
    if (low === 0) return [];
    const wanted = passingAt(low)![source];
    const prefixHash = request.segments[low - 1]!.prefixHash;
    const found: Kept[] = [];
    const all = this.#all[source];
    for (let at = all.length - 1; at >= 0 && found.length < wanted; at--) {
      const kept = all[at]!;
      if (this.#paths.ancestorAt(kept.end, low)?.segment.prefixHash === prefixHash) found.push(kept);
    }
    return found.reverse();
  }
}

/** Appends `kept` to its source's list, dropping that list's oldest beyond the bound. */
function push(lists: BySource, kept: Kept): void {
  const list = lists[kept.sequence.source];
  list.push(kept);
  if (list.length > CANDIDATES_PER_PREFIX) list.shift();
}
