import path from 'node:path';
import { comparePrefix, getTokenizer, hashHex, LongestPrefixIndex, PrefixTokenCounter, type LayoutName, type PrefixRequest, type Tokenizer } from '../../prefix/index.js';
import { requestDivergence } from '../causes/index.js';
import { costOf, type CacheMatch, type CachePolicy } from '../policies/cache-policy.js';
import type { RequestAnalysis, SessionAnalysis, SessionTreeAnalysis } from '../replay/session-analysis.js';
import { choosePolicy, type PolicyChoice, type PolicyLookup } from './policy-choice.js';
import { readRecordedRequests, type RecordedRequest } from './recorded-requests.js';
import { skipReason } from './skip-reason.js';

/** Options of `analyzeWireSequence`. */
export interface WireSequenceOptions {
  readonly policy: PolicyChoice;
  readonly policyByName: PolicyLookup;
  readonly tokenizer?: Tokenizer;
  readonly provider?: string;
  readonly layout?: LayoutName;
  /** Refuse files past this many bytes (default 32 MiB, `DEFAULT_MAX_INPUT_BYTES`). */
  readonly maxInputBytes?: number;
  /** Called after each file is read (for a progress line). */
  readonly onFile?: (file: string) => void;
  /** Where an unreadable file found by walking a directory is reported (it is left out). */
  readonly skip?: (file: string, reason: string) => void;
}

/** A request the replay has seen, kept to be compared with later ones. */
interface Seen {
  readonly request: PrefixRequest;
  readonly tokens: number;
  readonly time: number | null;
  readonly session: string;
  readonly index: number;
  readonly breakpoints: readonly number[];
}

/** Token offsets at the end of each segment that carries an explicit cache breakpoint (Anthropic `cache_control`). */
function breakpointsOf(request: PrefixRequest, counter: PrefixTokenCounter): number[] {
  const offsets: number[] = [];
  request.segments.forEach((segment, index) => {
    if (segment.meta?.cacheControl) offsets.push(counter.prefixTokens(request.segments, index + 1));
  });
  return offsets;
}

/**
 * Every earlier request on the route as a cache match, and the one sharing the most tokens (the
 * latest on ties). Every one is counted, not only the longest: the policy applies its TTL and
 * Anthropic's breakpoints per entry, so a shorter but fresher entry can be the one it reads.
 */
function matchEarlier(earlier: Earlier, request: PrefixRequest, time: number | null) {
  const { shared, longest } = earlier.index.sharedWithEach(request);
  const matches: CacheMatch[] = shared.map(({ index, tokens }) => {
    const entry = earlier.seen[index]!;
    const ageSeconds = time !== null && entry.time !== null ? Math.max(0, time - entry.time) : 0;
    return { sharedTokens: tokens, entryTokens: entry.tokens, ageSeconds, source: 'input', ...(entry.breakpoints.length > 0 ? { breakpoints: entry.breakpoints } : {}) };
  });
  return { matches, best: longest ? { entry: earlier.seen[longest.index]!, comparison: longest.comparison } : undefined };
}

/** What the replay has stored: each request's facts, and the index that compares a new request with them. */
interface Earlier {
  readonly seen: Seen[];
  readonly index: LongestPrefixIndex;
}

type ReadFile = { readonly label: string; readonly requests: readonly RecordedRequest[] };

/** Reads every file; a file met while walking a directory that cannot be read is skipped with its reason. */
async function readFiles(files: readonly { readonly file: string; readonly label: string; readonly named?: boolean }[], options: WireSequenceOptions): Promise<ReadFile[]> {
  const read: ReadFile[] = [];
  for (const { file, label, named } of files) {
    try {
      read.push({ label, requests: await readRecordedRequests(file, label, {
        ...(options.provider ? { provider: options.provider } : {}),
        ...(options.layout ? { layout: options.layout } : {}),
        ...(options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes }),
      }) });
    } catch (error) {
      // A file the user named must be read; one met while walking a directory may be anything.
      if (named !== false || !options.skip) throw error;
      options.skip(label, skipReason(error, label));
    }
    options.onFile?.(label);
  }
  return read;
}

/** The files grouped by the provider of their first request, in first-seen order (providers never share a cache). */
function byProvider(read: readonly ReadFile[]): ReadFile[][] {
  const groups = new Map<string, ReadFile[]>();
  for (const file of read) {
    const provider = file.requests[0]?.wire.request.route.provider ?? '';
    groups.set(provider, [...(groups.get(provider) ?? []), file]);
  }
  return [...groups.values()];
}

/**
 * Replays captured request bodies and cassettes (in the order given, each file a session, a
 * cassette's requests in recorded order) through a cache policy. Every request's input is stored;
 * the tokens each request shares with every earlier one on its route are counted (`LongestPrefixIndex`), the policy turns
 * those matches into a prediction, and the divergence against the request it reuses the most of gets
 * its cause (inferred: bodies carry no scope). Usage recorded in a cassette's responses is the
 * observed side; response `date` headers give the ages the policy's TTL applies to.
 *
 * With `policy: 'auto'` the files make one tree per provider, each replayed through that provider's
 * policy (different providers share no cache, so nothing is lost by splitting); with a named policy,
 * one tree.
 */
export async function analyzeWireSequence(files: readonly { readonly file: string; readonly label: string; readonly named?: boolean }[], options: WireSequenceOptions): Promise<SessionTreeAnalysis[]> {
  const tokenizer = options.tokenizer ?? getTokenizer();
  const counter = new PrefixTokenCounter(tokenizer);
  const read = await readFiles(files, options);
  const groups = options.policy === 'auto' ? byProvider(read) : [read];
  return groups.filter((group) => group.length > 0).map((group) => replay(group, options, counter));
}

function replay(read: readonly ReadFile[], options: WireSequenceOptions, counter: PrefixTokenCounter): SessionTreeAnalysis {
  const first = read.find((entry) => entry.requests.length > 0)?.requests[0];
  const { policy, note } = choosePolicy(options.policy, first?.wire.request.route.provider ?? 'openai', options.policyByName);
  const notes = new Set<string>(['causes are inferred from the request bytes (captured bodies carry no host scope)', 'only earlier inputs are stored: a response is not replayed as a cache entry, so each read range is a single value']);
  if (note) notes.add(note);
  // Ties go to the latest: the freshest entry, the one a TTL keeps longest. Only the route's own
  // requests are candidates: a request on another route shares nothing with it in any cache.
  const earlier: Earlier = { seen: [], index: new LongestPrefixIndex({ ties: 'latest', routes: 'same', counter }) };
  const sessions: SessionAnalysis[] = read.map(({ label, requests }) => ({
    file: label,
    id: path.basename(label),
    format: 'wire',
    parentSession: null,
    seedLength: null,
    requests: requests.map((recorded, index) => {
      const analysis = analyzeOne(recorded, index, label, earlier, counter, policy);
      if (recorded.wire.providerBasis === 'assumed') notes.add(`${recorded.wire.source}: provider '${recorded.wire.request.route.provider}' assumed (nothing in the body names it; pass --provider)`);
      return analysis;
    }),
  }));
  if (read.some(({ requests }) => requests.some((recorded) => recorded.time === null))) notes.add('requests without a recorded response time are treated as sent together (no TTL expiry between them)');
  return { policy: policy.name, tokenizer: counter.tokenizer.name, sessions, notes: [...notes] };
}

function analyzeOne(recorded: RecordedRequest, index: number, session: string, earlier: Earlier, counter: PrefixTokenCounter, policy: CachePolicy): RequestAnalysis {
  const { request } = recorded.wire;
  const tokens = counter.prefixTokens(request.segments);
  const breakpoints = breakpointsOf(request, counter);
  const { matches, best } = matchEarlier(earlier, request, recorded.time);
  const predicted = policy.predict({ tokens, matches, breakpoints, model: request.route.model });
  // Nothing earlier on this route: a route change only if this session's previous request was on another route.
  const previous = earlier.seen.at(-1);
  const last = previous !== undefined && previous.session === session ? previous : undefined;
  const against = best ?? (last ? { entry: last, comparison: comparePrefix(last.request, request, { counter }) } : undefined);
  const divergence = against ? requestDivergence(against.comparison, request, { request: against.entry.request, session: against.entry.session, index: against.entry.index }) : null;
  const prices = policy.pricesFor(request.route.model);
  const output = recorded.observed?.output ?? 0;
  earlier.seen.push({ request, tokens, time: recorded.time, session, index, breakpoints });
  earlier.index.add(request);
  return {
    index,
    time: recorded.time === null ? null : new Date(recorded.time * 1000).toISOString(),
    route: { provider: request.route.provider, model: request.route.model },
    tokens,
    predicted,
    observed: recorded.observed,
    divergence,
    cost: { predicted: costOf(predicted, prices, output), observed: recorded.observed ? costOf(recorded.observed, prices, output) : null },
    segments: request.segments.map((segment) => ({ kind: segment.kind, name: segment.name, tokens: counter.segmentTokens(segment), hash: hashHex(segment.hash) })),
  };
}
