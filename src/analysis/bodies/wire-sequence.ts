import path from 'node:path';
import { comparePrefix, getTokenizer, InputError, hashHex, LongestPrefixIndex, PrefixTokenCounter, type LayoutName, type PrefixComparison, type PrefixRequest, type Tokenizer } from '../../prefix/index.js';
import { requestDivergence } from '../causes/request-divergence.js';
import type { CacheMatch, CachePolicy } from '../policies/cache-policy.js';
import { replayRequests, type MeasuredRequest, type ReplaySession, type ReplaySource } from '../replay/replay-loop.js';
import type { ReplayInputOptions } from '../replay/replay-options.js';
import type { RequestDivergence, SegmentSpan, SessionTreeAnalysis } from '../result/session-analysis.js';
import { choosePolicy, type PolicyChoice, type PolicyLookup } from '../shipped-policies/policy-choice.js';
import { readRecordedRequests, type RecordedRequest } from './recorded-requests.js';
import { skipReason } from '../inputs/skip-reason.js';
import { inputLimit } from '../../providers/input/input-chunks.js';
import { providerGuessNote } from './detect-provider.js';
import { anthropicRequestProblems } from '../anthropic/anthropic-request-rules.js';
import { breakpointMarksOf, ttlSeconds, type BreakpointMarks } from '../policies/breakpoint-marks.js';
import { ObservedTokenCounts, type ObservedPositions } from './observed-token-counts.js';
import { observedMatch, type ObservedEntry } from './observed-matches.js';

/** Options of `analyzeWireSequence`. */
export interface WireSequenceOptions extends ReplayInputOptions {
  readonly policy: PolicyChoice;
  readonly policyByName: PolicyLookup;
  readonly provider?: string;
  readonly layout?: LayoutName;
  /** Called after each file is read (for a progress line). */
  readonly onFile?: (file: string) => void;
  /** Where an unreadable file found by walking a directory is reported (it is left out). */
  readonly skip?: (file: string, reason: string) => void;
  /**
   * Count tokens as the provider's logged usage shows them (`ObservedTokenCounts`): for logs whose
   * usage comes from a tokenizer kvprefix does not have (Claude's), calibrated on earlier requests only.
   */
  readonly observedCounts?: boolean;
}

/** A request the replay has seen, kept to be compared with later ones. */
export interface Seen {
  readonly request: PrefixRequest;
  readonly tokens: number;
  readonly time: number | null;
  readonly session: string;
  readonly index: number;
  readonly breakpoints: readonly number[];
  /** Seconds each breakpoint's entry lives (its `ttl`), in the order of `breakpoints`. */
  readonly breakpointTtls?: readonly number[];
  /** Content blocks through each breakpoint, in the order of `breakpoints` (Anthropic's lookback counts blocks). */
  readonly breakpointBlocks?: readonly number[];
}

/** Token offsets at the end of each segment that carries an explicit cache breakpoint (Anthropic `cache_control`). */
export function breakpointsOf(request: PrefixRequest, counter: PrefixTokenCounter): number[] {
  return [...breakpointMarksOf(request, counter).tokens];
}

/** What a stored entry's match carries of its breakpoints: where they are, how long each lives, and their block counts. */
export function entryBreakpoints(entry: Seen): Pick<CacheMatch, 'breakpoints' | 'breakpointTtls' | 'breakpointBlocks'> {
  if (entry.breakpoints.length === 0) return {};
  return {
    breakpoints: entry.breakpoints,
    ...(entry.breakpointTtls ? { breakpointTtls: entry.breakpointTtls } : {}),
    ...(entry.breakpointBlocks ? { breakpointBlocks: entry.breakpointBlocks } : {}),
  };
}

/** The `Seen` fields of a request's breakpoints. */
export function seenBreakpoints(marks: BreakpointMarks): Pick<Seen, 'breakpoints' | 'breakpointTtls' | 'breakpointBlocks'> {
  return { breakpoints: marks.tokens, breakpointTtls: marks.ttls.map(ttlSeconds), breakpointBlocks: marks.blocks };
}

/**
 * The earlier requests on the route a policy could read from, as cache matches, and the one sharing
 * the most tokens (the latest on ties). Walking from the newest, an entry is left out when a fresher
 * one shares at least as many tokens and holds each of its breakpoints inside the shared prefix: no
 * policy reads more from the older one (each reads the most it can from a live entry, at a breakpoint
 * where it has them, and the fresher one lives at least as long). That is decided on a bound before
 * counting, so a request counts tokens at a few earlier ones, not at each. When entry times are not
 * in order (files given out of time order) every entry is counted.
 */
export function matchEarlier(earlier: Earlier, request: PrefixRequest, time: number | null) {
  const prune = time === null || earlier.ordered === true;
  let best = -1;
  const covered = new Set<number>();
  const needs = (index: number, bound: number) => {
    if (!prune || bound > best) return true;
    return earlier.seen[index]!.breakpoints.some((position) => position <= bound && !covered.has(position));
  };
  const counted = (index: number, tokens: number) => {
    best = Math.max(best, tokens);
    for (const position of earlier.seen[index]!.breakpoints) if (position <= tokens) covered.add(position);
  };
  // With no breakpoint stored, an entry is needed only when it may share more than the best counted.
  const { shared, longest } = earlier.index.sharedWithNeeded(request, needs, counted, prune && earlier.breakpoints === false);
  const matches: CacheMatch[] = shared.map(({ index, tokens }) => {
    const entry = earlier.seen[index]!;
    const ageSeconds = time !== null && entry.time !== null ? Math.max(0, time - entry.time) : 0;
    return { sharedTokens: tokens, entryTokens: entry.tokens, ageSeconds, source: 'input', ...entryBreakpoints(entry) };
  });
  return { matches, sources: shared.map(({ index }) => index), best: longest ? { entry: earlier.seen[longest.index]!, comparison: longest.comparison } : undefined };
}

/** What the replay has stored: each request's facts, and the index that compares a new request with them. */
export interface Earlier {
  readonly seen: Seen[];
  readonly index: LongestPrefixIndex;
  /** True while every stored entry has a time and none is older than the one before it (unset: not known, nothing is left out). */
  ordered?: boolean;
  /** Whether a stored entry carries breakpoints (unset: not known, every entry is asked about). */
  breakpoints?: boolean;
}

/** A file's recorded requests, in recorded order, under the label reports show. */
export type ReadFile = { readonly label: string; readonly requests: readonly RecordedRequest[] };

/** Reads every file; a file met while walking a directory that cannot be read is skipped with its reason. */
async function readFiles(files: readonly { readonly file: string; readonly label: string; readonly named?: boolean }[], options: WireSequenceOptions): Promise<ReadFile[]> {
  const read: ReadFile[] = [];
  for (const { file, label, named } of files) {
    try {
      read.push({ label, requests: await readRecordedRequests(file, label, {
        ...(options.provider ? { provider: options.provider } : {}),
        ...(options.layout ? { layout: options.layout } : {}),
        ...inputLimit(options),
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
    let group = groups.get(provider);
    if (!group) groups.set(provider, (group = []));
    group.push(file);
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

/**
 * Requests already read from their files (a claude-trace log reads its own lines), replayed as
 * `analyzeWireSequence` replays wire files: each file a session, one tree per provider with `auto`.
 */
export function replayRecordedFiles(read: readonly ReadFile[], options: WireSequenceOptions): SessionTreeAnalysis[] {
  const counter = new PrefixTokenCounter(options.tokenizer ?? getTokenizer());
  const groups = options.policy === 'auto' ? byProvider(read) : [read];
  return groups.filter((group) => group.length > 0).map((group) => replay(group, options, counter));
}

/** What a replay in the provider's count keeps of each stored request (parallel to `Earlier.seen`). */
type ObservedReplay = { readonly counts: ObservedTokenCounts; readonly entries: ObservedEntry[] };

/** Wire files as a replay source: each file a session, its requests in recorded order, files in the order given. */
class WireReplaySource implements ReplaySource<WireStep> {
  readonly policy: CachePolicy;
  readonly sessions: readonly ReplaySession[];
  // Ties go to the latest: the freshest entry, the one a TTL keeps longest. Only the route's own
  // requests are candidates: a request on another route shares nothing with it in any cache.
  readonly #earlier: Earlier;
  readonly #read: readonly ReadFile[];
  readonly #counter: PrefixTokenCounter;
  /** Requests that break a rule of the provider's API (Anthropic's breakpoint rules), as report notes. */
  readonly problems: string[] = [];
  #current: { readonly marks: BreakpointMarks; readonly against: { entry: Seen; comparison: PrefixComparison } | undefined; readonly positions?: ObservedPositions } | undefined;
  readonly #observed: ObservedReplay | undefined;

  constructor(read: readonly ReadFile[], policy: CachePolicy, counter: PrefixTokenCounter, observedCounts = false) {
    this.policy = policy;
    this.#observed = observedCounts ? { counts: new ObservedTokenCounts(), entries: [] } : undefined;
    this.#read = read;
    this.#counter = counter;
    this.#earlier = { seen: [], index: new LongestPrefixIndex({ ties: 'latest', routes: 'same', counter }), ordered: true, breakpoints: false };
    this.sessions = read.map(({ label }) => ({ file: label, id: path.basename(label), format: 'wire', parentSession: null, seedLength: null }));
  }

  *steps(): Iterable<WireStep> {
    for (const [session, { label, requests }] of this.#read.entries()) {
      for (const [index, recorded] of requests.entries()) yield { recorded, index, session, label };
    }
  }

  measure({ recorded, index, session, label }: WireStep): MeasuredRequest {
    const { request } = recorded.wire;
    const counter = this.#counter;
    const tokens = counter.prefixTokens(request.segments);
    const marks = breakpointMarksOf(request, counter);
    const breakpoints = marks.tokens;
    if (this.policy.name === 'anthropic') {
      for (const problem of anthropicRequestProblems(marks, request.route.model)) this.problems.push(`${recorded.wire.source}: request check: ${problem.message} (rule ${problem.rule}, ${problem.source})`);
    }
    const { matches, sources, best } = matchEarlier(this.#earlier, request, recorded.time);
    // Nothing earlier on this route: a route change only if this session's previous request was on another route.
    const previous = this.#earlier.seen.at(-1);
    const last = previous !== undefined && previous.session === label ? previous : undefined;
    const against = best ?? (last ? { entry: last, comparison: comparePrefix(last.request, request, { counter }) } : undefined);
    const observed = this.#observed;
    const positions = observed?.counts.positions(request, counter);
    this.#current = { marks, against, ...(positions ? { positions } : {}) };
    const inCounts = positions && observed ? {
      tokens: positions.total,
      matches: matches.map((match, at) => observedMatch(match, request, positions, observed.entries[sources[at]!]!)),
      breakpoints: positions.marks.map((segment) => positions.atSegment(segment)),
    } : undefined;
    return {
      session,
      index,
      time: recorded.time === null ? null : new Date(recorded.time * 1000).toISOString(),
      route: { provider: request.route.provider, model: request.route.model },
      model: request.route.model,
      tokens,
      matches,
      breakpoints,
      ...inCounts,
      breakpointTtls: marks.ttls.map(ttlSeconds),
      breakpointBlocks: marks.blocks,
      observed: recorded.observed,
      output: recorded.observed?.output ?? 0,
    };
  }

  divergence({ recorded }: WireStep): RequestDivergence | null {
    const against = this.#current?.against;
    return against ? requestDivergence(against.comparison, recorded.wire.request, { request: against.entry.request, session: against.entry.session, index: against.entry.index }) : null;
  }

  store({ recorded, index, label }: WireStep, measured: MeasuredRequest): void {
    const { request } = recorded.wire;
    const previous = this.#earlier.seen.at(-1);
    if (recorded.time === null || (previous !== undefined && (previous.time === null || recorded.time < previous.time))) this.#earlier.ordered = false;
    const marks = this.#current?.marks ?? { tokens: [], ttls: [], blocks: [] };
    if (marks.tokens.length > 0) this.#earlier.breakpoints = true;
    this.#earlier.seen.push({ request, tokens: measured.tokens, time: recorded.time, session: label, index, ...seenBreakpoints(marks) });
    this.#earlier.index.add(request);
    const positions = this.#current?.positions;
    if (this.#observed && positions) {
      // Learnt after the prediction: the request's usage serves only the requests after it.
      this.#observed.counts.learn(request, positions, recorded.observed);
      const usage = recorded.observed;
      this.#observed.entries.push({ request, positions, observedTotal: usage === null ? null : usage.uncached + usage.cacheRead + usage.cacheWrite });
    }
  }

  segments({ recorded }: WireStep): SegmentSpan[] {
    const positions = this.#current?.positions;
    return recorded.wire.request.segments.map((segment, at) => ({
      kind: segment.kind,
      name: segment.name,
      tokens: positions ? positions.atSegment(at) - (at === 0 ? 0 : positions.atSegment(at - 1)) : this.#counter.segmentTokens(segment),
      hash: hashHex(segment.hash),
    }));
  }
}

/** One request of a wire file, where the replay meets it. */
interface WireStep {
  readonly recorded: RecordedRequest;
  readonly index: number;
  readonly session: number;
  readonly label: string;
}

function replay(read: readonly ReadFile[], options: WireSequenceOptions, counter: PrefixTokenCounter): SessionTreeAnalysis {
  const first = read.find((entry) => entry.requests.length > 0)?.requests[0];
  const { policy, note } = choosePolicy(options.policy, first?.wire.request.route.provider ?? 'openai', options.policyByName);
  const notes = new Set<string>(['causes are inferred from the request bytes (captured bodies carry no host scope)', 'only earlier inputs are stored: a response is not replayed as a cache entry, so each read range is a single value']);
  if (note) notes.add(note);
  const source = new WireReplaySource(read, policy, counter, options.observedCounts === true);
  const sessions = replayRequests(source);
  for (const problem of source.problems) notes.add(problem);
  for (const { requests } of read) {
    for (const recorded of requests) {
      const guess = providerGuessNote(recorded.wire.request.route.provider, recorded.wire.providerBasis);
      if (guess !== undefined) notes.add(`${recorded.wire.source}: ${guess}`);
    }
  }
  if (read.some(({ requests }) => requests.some((recorded) => recorded.time === null))) notes.add('requests without a recorded response time are treated as sent together (no TTL expiry between them)');
  if (options.observedCounts === true) notes.add(`token counts are ${counter.tokenizer.name} counts of the exact bytes, put in the provider's count by the usage earlier requests logged: a prefix an earlier request cached is counted as its usage said (read + write through its last breakpoint, the read at the breakpoint it read from), the rest scaled by the provider's tokens per ${counter.tokenizer.name} token; a request's own usage serves only the requests after it`);
  const tokenizer = options.observedCounts === true ? `${counter.tokenizer.name} (calibrated to logged usage)` : counter.tokenizer.name;
  return { policy: policy.name, tokenizer, sessions, notes: [...notes] };
}
