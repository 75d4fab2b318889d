import { routeKeyString, type PrefixRequest, type Segment } from '../../prefix/index.js';
import { SegmentTrie, type SegmentPath } from './segment-trie.js';

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
  readonly end: SegmentPath<BySource> | undefined;
  /** Position in the order added. */
  readonly order: number;
}

/** The newest entries of each source, oldest first. */
interface BySource {
  readonly input: Kept[];
  readonly output: Kept[];
}

/**
 * Entries kept per prefix hash and source. Bounded so that a long log's index stays proportional to
 * its distinct prefixes: of many entries sharing the same whole segments, an older one could share a
 * few more tokens inside the next segment than the newest few do, which the bound gives up.
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
  readonly #segments = new Map<bigint, Segment>();
  /** Segments with a prefix hash already interned under another name or kind (rare). */
  readonly #variants = new Map<bigint, Segment[]>();
  readonly #paths = new SegmentTrie<BySource>(() => ({ input: [], output: [] }));
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
    // The index lists of a prefix hash are the slot of its nodes.
    for (const node of path) push(node.slot, kept);
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
    // The deepest index lists holding each source (a long log's request walks thousands of segments).
    let inputs: readonly Kept[] | undefined;
    let outputs: readonly Kept[] | undefined;
    // Along the request's own stored path the lists are at hand; past it (the same bytes under
    // another name, say) they are looked up by prefix hash.
    const walked = this.#paths.walk(request.segments);
    for (const [index, segment] of request.segments.entries()) {
      const lists = walked.path[index]?.slot ?? this.#paths.slotOf(segment.prefixHash);
      if (!lists) break;
      if (lists.input.length > 0) inputs = lists.input;
      if (lists.output.length > 0) outputs = lists.output;
    }
    let chosen: Kept[];
    if (inputs || outputs) chosen = [...(inputs ?? []), ...(outputs ?? [])];
    else {
      const latest = this.#latest.get(routeKeyString(request.route));
      chosen = latest ? [...latest.input, ...latest.output].sort((a, b) => a.order - b.order) : [];
    }
    // What a candidate shares with the request is copied from the request, not walked.
    return chosen.map((kept) => ({ ...kept.sequence, request: { ...kept.request, segments: this.#paths.segments(kept.end, walked) } }));
  }
}

/** Appends `kept` to its source's list, dropping that list's oldest beyond the bound. */
function push(lists: BySource, kept: Kept): void {
  const list = lists[kept.sequence.source];
  list.push(kept);
  if (list.length > CANDIDATES_PER_PREFIX) list.shift();
}
