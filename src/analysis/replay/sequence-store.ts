import { routeKeyString, type PrefixRequest, type Segment } from '../../prefix/index.js';

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

/**
 * Entries kept per prefix hash and source. Bounded so that a long log's index stays proportional to
 * its distinct prefixes: of many entries sharing the same whole segments, an older one could share a
 * few more tokens inside the next segment than the newest few do, which the bound gives up.
 */
const CANDIDATES_PER_PREFIX = 4;

/**
 * The sequences stored earlier in a replay, per route, indexed by every segment's prefix hash so
 * that the entries sharing the most whole segments with a request are found in O(segments) instead
 * of comparing against every earlier request. Segments are interned by prefix hash: a history
 * message rendered again in each later request is kept once, so a long log's store grows with its
 * distinct content, not with (requests × history).
 */
export class SequenceStore {
  readonly #byPrefix = new Map<bigint, StoredSequence[]>();
  readonly #latest = new Map<string, StoredSequence[]>();
  readonly #segments = new Map<bigint, Segment>();

  /** The request with every segment already seen replaced by the stored one (same bytes, same position). */
  intern(request: PrefixRequest): PrefixRequest {
    let changed = false;
    const segments = request.segments.map((segment) => {
      const known = this.#segments.get(segment.prefixHash);
      // Same bytes at the same position; the name and kind must agree too (a response becomes the next request's assistant message).
      if (known && (known.name !== segment.name || known.kind !== segment.kind)) return segment;
      if (known) {
        changed ||= known !== segment;
        return known;
      }
      this.#segments.set(segment.prefixHash, segment);
      return segment;
    });
    return changed ? { ...request, segments } : request;
  }

  add(entry: StoredSequence): void {
    for (const segment of entry.request.segments) push(this.#byPrefix, segment.prefixHash, entry, entry.source);
    push(this.#latest, routeKeyString(entry.request.route), entry, entry.source);
  }

  /**
   * The stored sequences that share the most whole leading segments with `request` on its route, the
   * newest few of each source (an input and its response share the input's segments, so the deepest
   * input and the deepest response may sit at different depths); when none shares even the first
   * segment, the newest on the route, which may still share a token prefix inside it.
   */
  candidates(request: PrefixRequest): StoredSequence[] {
    // The deepest index lists holding each source; filtered once at the end, not at every depth
    // (a long log's request walks thousands of segments).
    let inputs: StoredSequence[] | undefined;
    let outputs: StoredSequence[] | undefined;
    for (const segment of request.segments) {
      const entries = this.#byPrefix.get(segment.prefixHash);
      if (!entries) break;
      if (entries.some((entry) => entry.source === 'input')) inputs = entries;
      if (entries.some((entry) => entry.source === 'output')) outputs = entries;
    }
    if (!inputs && !outputs) return [...(this.#latest.get(routeKeyString(request.route)) ?? [])];
    return [...(inputs?.filter((entry) => entry.source === 'input') ?? []), ...(outputs?.filter((entry) => entry.source === 'output') ?? [])];
  }
}

function push<K>(map: Map<K, StoredSequence[]>, key: K, entry: StoredSequence, source: StoredSequence['source']): void {
  let entries = map.get(key);
  if (!entries) map.set(key, (entries = []));
  entries.push(entry);
  let count = 0;
  for (const candidate of entries) if (candidate.source === source) count++;
  if (count > CANDIDATES_PER_PREFIX) entries.splice(entries.findIndex((candidate) => candidate.source === source), 1);
}
