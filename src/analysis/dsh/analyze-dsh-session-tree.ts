import path from 'node:path';
import { comparePrefix, hashHex, type PrefixComparison, type PrefixRequest, type PrefixTokenCounter, type Segment } from '../../prefix/index.js';
import { fromDshUsage } from '../../providers/model/index.js';
import { RequestReconstructor, type ModelRequestPoint, type ReconstructedRequestParts } from '../../providers/session/index.js';
import type { DeepSeekV4Renderer } from '../deepseek/render-v4.js';
import type { CacheMatch, CacheUsage, PriceTable } from '../policies/cache-policy.js';
import { deepseekPolicy } from '../deepseek/deepseek-policy.js';
import { BlockSpanList } from '../result/block-span-list.js';
import { requestDivergence } from '../causes/request-divergence.js';
import { readDshSessionTree, replayOrder, unfinishedLineNotes, type DshSessionFile } from './dsh-session-tree.js';
import { headFromPlaceholders, HeadCalibrations, type CalibrationMode, type HeadCalibration } from '../replay/head-calibration.js';
import { placeholderMissNote } from '../replay/placeholder-misses.js';
import { RouteRenderings, type RouteRendering } from './route-rendering.js';
import { replayRequests, type MeasuredRequest, type ReplaySession, type ReplaySource } from '../replay/replay-loop.js';
import type { ReplayOptions } from '../replay/replay-options.js';
import { SequenceStore, type StoredSequence } from '../replay/sequence-store.js';
import type { RequestDivergence, SegmentSpan, SessionTreeAnalysis, SpanList } from '../result/session-analysis.js';
import type { DshRequestRecord } from './dsh-session-tree.js';
import { inputLimit } from '../../providers/input/input-chunks.js';
import type { HostModelSettings } from '../compositions/llm-settings.js';
import { HostSettingsNotes } from './host-settings-notes.js';
import { earlierShapeNotes } from './earlier-shape-notes.js';

/** Options of `analyzeDshSessionTree`. */
export interface AnalyzeDshSessionTreeOptions extends ReplayOptions {
  /** Which heads are calibrated on their first observed request (default `auto`: only heads resolved from placeholders; see `CalibrationMode`). */
  readonly calibrate?: CalibrationMode;
  /** Prices for every request (default: the policy's prices for each request's model). */
  readonly prices?: PriceTable;
  /**
   * Counter for DeepSeek routes. DeepSeek's tokenizer is about ten times slower than o200k: pass the
   * same counter to every analysis of a run so that segments seen once are never tokenized again.
   */
  readonly deepseekCounter?: PrefixTokenCounter;
  /** Renderer for DeepSeek routes; pass the same one to every analysis of a run (it remembers rendered tool schemas). */
  readonly deepseekRenderer?: DeepSeekV4Renderer;
  /** How errors name `target` (default: `target` itself), e.g. the path as the user typed it. */
  readonly label?: string;
  /**
   * The host composition's DeepSeek settings (`readHostModelSettings`), applied to requests whose
   * header does not record its own: DSH's July 2026 logs never do.
   */
  readonly host?: HostModelSettings;
}

function observedOf(point: ModelRequestPoint): (CacheUsage & { readonly output?: number }) | null {
  if (!point.usage) return null;
  const { uncached, cacheRead, cacheWrite, output } = fromDshUsage(point.usage);
  return { uncached, cacheRead, cacheWrite, output };
}

/**
 * Tokens one request shares with a stored sequence, on the provider's scale: the rendering's common
 * prefix plus the stored sequence's calibration (the drift of its rendering against what the
 * provider counted, measured on observed earlier requests). The shared part is a prefix of the
 * stored sequence, so its drift is the stored sequence's; the request being predicted is not used.
 */
function sharedTokens(comparison: PrefixComparison, entry: StoredSequence): number {
  return Math.max(0, comparison.commonPrefix.tokens + entry.head.offset);
}

/**
 * Spans already drawn in this replay, by the prefix hash of their segment (which fixes the segment
 * and everything before it, so its token count too), one map for history inherited from a fork
 * parent and one for the rest. A long log's requests repeat their predecessors' segments: the
 * results then share one span object per distinct prefix, and each request's list shares its
 * leading blocks with its session's previous list (`BlockSpanList`), instead of (requests × history).
 */
interface DrawnSpans {
  readonly own: Map<bigint, SegmentSpan>;
  readonly inherited: Map<bigint, SegmentSpan>;
}

/** A session's latest request as drawn: the next request reuses the spans of the segments it repeats. */
interface Drawn {
  readonly segments: readonly Segment[];
  readonly inherited: ReadonlySet<number>;
  readonly spans: BlockSpanList;
}

/** How many leading segments `request` repeats from the session's latest drawn request: the same objects (interned), inherited alike. */
function repeatedSegments(request: PrefixRequest, inherited: ReadonlySet<number>, previous: Drawn): number {
  const segments = request.segments;
  const before = previous.segments;
  const limit = Math.min(segments.length, before.length);
  let repeated = 0;
  // The inherited set is built again only when it changes (`inheritedSegments`): the same set needs no lookups.
  if (inherited === previous.inherited) while (repeated < limit && segments[repeated] === before[repeated]) repeated++;
  else while (repeated < limit && segments[repeated] === before[repeated] && inherited.has(repeated) === previous.inherited.has(repeated)) repeated++;
  return repeated;
}

function segmentSpans(request: PrefixRequest, counter: PrefixTokenCounter, inherited: ReadonlySet<number>, drawn: DrawnSpans, previous: Drawn | undefined): BlockSpanList {
  // The leading segments this request repeats (the same objects, interned, in the same places) keep
  // their spans without a lookup, and the span list shares their blocks: a request costs its new
  // segments, not its history.
  const repeated = previous === undefined ? 0 : repeatedSegments(request, inherited, previous);
  const added: SegmentSpan[] = [];
  for (let index = repeated; index < request.segments.length; index++) {
    const segment = request.segments[index]!;
    const map = inherited.has(index) ? drawn.inherited : drawn.own;
    const known = map.get(segment.prefixHash);
    // The same bytes after the same prefix may carry another name (a task where a message was).
    if (known !== undefined && known.kind === segment.kind && known.name === segment.name) {
      added.push(known);
      continue;
    }
    const tokens = counter.prefixTokens(request.segments, index + 1) - counter.prefixTokens(request.segments, index);
    const span: SegmentSpan = { kind: segment.kind, name: segment.name, tokens, hash: hashHex(segment.hash), ...(inherited.has(index) ? { inherited: true } : {}) };
    map.set(segment.prefixHash, span);
    added.push(span);
  }
  return previous === undefined ? BlockSpanList.after(undefined, added) : BlockSpanList.extending(previous.spans, repeated, added);
}

/**
 * Segment indices of a fork child's request that carry history inherited from the parent (the seed):
 * the messages the session's reconstructor converted from the seed, after the request's head. The
 * seed does not grow, so the set is built again only when the head's length or the conversion changes
 * (`last`), not converted from the whole surface per request.
 */
function inheritedSegments(messages: readonly number[], request: PrefixRequest, last: InheritedSet | undefined): InheritedSet {
  const firstMessage = request.segments.findIndex((segment) => segment.kind === 'message' || segment.kind === 'task');
  if (last !== undefined && last.messages === messages && last.count === messages.length && last.firstMessage === firstMessage) return last;
  return { messages, count: messages.length, firstMessage, segments: new Set(messages.map((index) => firstMessage + index)) };
}

/** A session's inherited segment indices and what they were built from. */
interface InheritedSet {
  readonly messages: readonly number[];
  readonly count: number;
  readonly firstMessage: number;
  readonly segments: ReadonlySet<number>;
}

/** What the DSH source works out for the request the loop is on, between `measure` and `segments`. */
interface Current {
  readonly record: DshRequestRecord;
  readonly reconstructed: ReconstructedRequestParts;
  readonly rendering: RouteRendering;
  readonly request: PrefixRequest;
  readonly rendered: number;
  readonly observedTotal: number | null;
  readonly calibration: HeadCalibration;
  readonly best: { comparison: PrefixComparison; entry: StoredSequence; shared: number } | undefined;
}

/**
 * DSH session trees as a replay source: each request rebuilt from its log (from its predecessor, not
 * the whole log), rendered as the route's server sees it, calibrated on its head, and measured
 * against the sequences stored earlier: every request's input, and its input followed by its response.
 */
class DshReplaySource implements ReplaySource<DshRequestRecord> {
  readonly policy;
  readonly prices: PriceTable | undefined;
  readonly sessions: readonly ReplaySession[];
  readonly renderings: RouteRenderings;
  readonly calibrations: HeadCalibrations;
  readonly placeholderHeads = new Set<bigint>();
  readonly hostNotes = new HostSettingsNotes();
  readonly host: HostModelSettings | undefined;
  readonly #files: readonly DshSessionFile[];
  readonly #store = new SequenceStore();
  readonly #drawn: DrawnSpans = { own: new Map(), inherited: new Map() };
  readonly #latestDrawn: (Drawn | undefined)[];
  readonly #inherited: (InheritedSet | undefined)[];
  readonly #reconstructors: RequestReconstructor[];
  #current: Current | undefined;

  constructor(files: readonly DshSessionFile[], options: AnalyzeDshSessionTreeOptions) {
    this.policy = options.policy ?? deepseekPolicy;
    this.prices = options.prices;
    this.calibrations = new HeadCalibrations(options.calibrate ?? 'auto');
    this.#files = files;
    this.host = options.host;
    this.sessions = files.map((session) => ({
      file: session.file,
      id: session.log.header.id,
      format: 'dsh',
      parentSession: session.log.header.parentSession ?? null,
      seedLength: session.log.header.seedLength ? session.log.header.seedLength : null,
    }));
    this.renderings = new RouteRenderings({
      ...(options.deepseekCounter ? { deepseekCounter: options.deepseekCounter } : {}),
      ...(options.deepseekRenderer ? { deepseekRenderer: options.deepseekRenderer } : {}),
      ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}),
      ...(options.host ? { deepseekSettings: options.host.settings } : {}),
    });
    this.#latestDrawn = files.map(() => undefined);
    this.#inherited = files.map(() => undefined);
    // Each session's requests come in log order, so each is rebuilt from its predecessor, not from the whole log.
    this.#reconstructors = files.map((session) => new RequestReconstructor(session.log, { pins: session.pins }));
  }

  steps(): Iterable<DshRequestRecord> {
    return replayOrder(this.#files);
  }

  measure(record: DshRequestRecord): MeasuredRequest {
    const reconstructed = this.#reconstructors[record.session]!.partsAt(record.point.through);
    const rendering = this.renderings.for(reconstructed.head.route);
    const request = this.#store.intern(rendering.render(reconstructed));
    const rendered = rendering.counter.prefixTokens(request.segments);
    const observed = observedOf(record.point);
    const observedTotal = observed ? observed.uncached + observed.cacheRead + observed.cacheWrite : null;
    const label = `${path.basename(this.#files[record.session]!.file)} request ${record.index}`;
    const fromPlaceholders = headFromPlaceholders(reconstructed);
    const head = this.calibrations.calibrate(request, rendered, observedTotal, label, this.calibrations.first, fromPlaceholders);
    if (fromPlaceholders) this.placeholderHeads.add(head.key);
    this.hostNotes.check(head.key, label, rendering, reconstructed, rendered, observedTotal, this.host);

    const compared = this.#store.candidates(request).map((entry) => ({ entry, comparison: comparePrefix(entry.request, request, { counter: rendering.counter }) }));
    // The earlier sequence on this head this request shares the most with: its end carries the
    // freshest calibration (observed totals of earlier requests absorb drift in the recorded history).
    let reference: (typeof compared)[number] | undefined;
    for (const candidate of compared) {
      if (candidate.entry.head.key !== head.key) continue;
      if (!reference || candidate.comparison.commonPrefix.tokens >= reference.comparison.commonPrefix.tokens) reference = candidate;
    }
    // A head left uncalibrated keeps the rendering's own counts: no drift is carried over from earlier requests either.
    const calibration: HeadCalibration = head.calibrated === false ? head : { key: head.key, offset: reference?.entry.head.offset ?? head.offset };
    const tokens = Math.max(1, rendered + calibration.offset);

    let best: Current['best'];
    const matches: CacheMatch[] = compared.map(({ entry, comparison }) => {
      const shared = sharedTokens(comparison, entry);
      if (entry.source === 'input' && (!best || shared >= best.shared)) best = { comparison, entry, shared };
      const ageSeconds = record.time !== null && entry.time !== null ? Math.max(0, (record.time - entry.time) / 1000) : 0;
      return { sharedTokens: shared, entryTokens: entry.tokens, ageSeconds, source: entry.source };
    });
    this.#current = { record, reconstructed, rendering, request, rendered, observedTotal, calibration, best };
    const route = reconstructed.head.route;
    return {
      session: record.session,
      index: record.index,
      time: record.time === null ? null : new Date(record.time).toISOString(),
      route: { provider: route.provider, model: route.model },
      model: route.model,
      tokens,
      matches,
      observed,
      output: observed?.output ?? 0,
    };
  }

  divergence(): RequestDivergence | null {
    const { best, request } = this.#now();
    return best ? requestDivergence(best.comparison, request, { request: best.entry.request, session: best.entry.session, index: best.entry.index }) : null;
  }

  store(record: DshRequestRecord, measured: MeasuredRequest): void {
    const { request, rendering, rendered, observedTotal, calibration, reconstructed } = this.#now();
    // Stored at the provider's size: this request's observed total, where logged, calibrates what later requests share with it.
    const storedTokens = observedTotal ?? measured.tokens;
    const stored = { session: this.sessions[record.session]!.id, index: record.index, time: record.time, head: { key: calibration.key, offset: calibration.calibrated === false ? 0 : storedTokens - rendered } };
    this.#store.add({ ...stored, request, tokens: storedTokens, source: 'input' });
    if (record.response) {
      const withResponse = this.#store.intern(rendering.withResponse(request, record.response, reconstructed));
      this.#store.add({ ...stored, request: withResponse, tokens: storedTokens + (rendering.counter.prefixTokens(withResponse.segments) - rendered), source: 'output' });
    }
  }

  segments(record: DshRequestRecord): SpanList {
    const { request, rendering } = this.#now();
    const inheritedSet = inheritedSegments(this.#reconstructors[record.session]!.inheritedMessages(), request, this.#inherited[record.session]);
    this.#inherited[record.session] = inheritedSet;
    const inherited = inheritedSet.segments;
    const spans = segmentSpans(request, rendering.counter, inherited, this.#drawn, this.#latestDrawn[record.session]);
    this.#latestDrawn[record.session] = { segments: request.segments, inherited, spans };
    return spans;
  }

  #now(): Current {
    if (!this.#current) throw new Error('DshReplaySource: measure() must come first');
    return this.#current;
  }
}

/**
 * Replays a DSH session tree (the folder of `session.jsonl` and its children `session.<n>.jsonl`,
 * plain or zstd; `target` is the folder or any log in it) in the order its requests reached the
 * provider, through a cache policy. Every request's input is stored as it is sent, and its input
 * followed by the response it got, as the high end of what the cache may hold. Per request: tokens
 * in the route's rendering (DeepSeek: the V4 encoding and tokenizer; a head rebuilt from placeholders
 * calibrated on its first observed request, as `calibrate` says), the predicted read range, the observed usage where logged, where it stopped
 * sharing the request it reused the most of, and cost.
 *
 * Throws `InputError` (with file and line) for a log it cannot read, and for a request whose head
 * uses a `{{system}}`/`{{tools}}` placeholder without a pin beside the log (`loadHeadPins`): a
 * request is never rebuilt from a guess.
 */
export async function analyzeDshSessionTree(target: string, options: AnalyzeDshSessionTreeOptions = {}): Promise<SessionTreeAnalysis> {
  const files = await readDshSessionTree(target, { ...inputLimit(options), ...(options.label === undefined ? {} : { label: options.label }) });
  const source = new DshReplaySource(files, options);
  const sessions = replayRequests(source);
  return {
    policy: source.policy.name,
    // "calibrated" only when an observed request gave a head its offset: with no usage logged the counts are the rendering's own.
    tokenizer: source.renderings.tokenizers.map((name) => (name === 'deepseek-v4' ? `deepseek-v4 (${source.calibrations.any ? 'calibrated' : 'uncalibrated'})` : name)).join(', '),
    sessions,
    heads: source.calibrations.reports,
    notes: [
      ...source.calibrations.notes,
      ...placeholderMissNote(sessions, source.placeholderHeads.size > 0),
      ...source.hostNotes.notes(source.host),
      'segment token counts are the rendering\'s own; a head calibration offset is not spread over them',
      'divergence causes are inferred from the rendered bytes',
      ...earlierShapeNotes(files),
      ...unfinishedLineNotes(files),
    ],
  };
}
