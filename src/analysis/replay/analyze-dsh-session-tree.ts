import path from 'node:path';
import { comparePrefix, hashHex, type PrefixComparison, type PrefixRequest, type PrefixTokenCounter, type Tokenizer } from '../../prefix/index.js';
import { ownEventsStart, RequestReconstructor, surfaceMessage, toSourcedChatMessages, type ModelRequestPoint, type ReconstructedRequestParts } from '../../providers/index.js';
import type { DeepSeekV4Renderer } from '../deepseek/render-v4.js';
import { costOf, type CacheMatch, type CachePolicy, type CacheUsage, type PriceTable } from '../policies/cache-policy.js';
import { deepseekPolicy } from '../policies/deepseek.js';
import { BlockSpanList } from './block-span-list.js';
import { divergenceOf } from './divergence-of.js';
import { readDshSessionTree, replayOrder, unfinishedLineNotes, type DshSessionFile } from './dsh-session-tree.js';
import { HeadCalibrations, type HeadCalibration } from './head-calibration.js';
import { RouteRenderings } from './route-rendering.js';
import { SequenceStore, type StoredSequence } from './sequence-store.js';
import type { RequestAnalysis, SegmentSpan, SessionAnalysis, SessionTreeAnalysis } from './session-analysis.js';

/** Options of `analyzeDshSessionTree`. */
export interface AnalyzeDshSessionTreeOptions {
  /** The cache rule (default: `deepseekPolicy`, DSH's recorded provider). */
  readonly policy?: CachePolicy;
  /** Prices for every request (default: the policy's prices for each request's model). */
  readonly prices?: PriceTable;
  /**
   * Counter for DeepSeek routes. DeepSeek's tokenizer is about ten times slower than o200k: pass the
   * same counter to every analysis of a run so that segments seen once are never tokenized again.
   */
  readonly deepseekCounter?: PrefixTokenCounter;
  /** Renderer for DeepSeek routes; pass the same one to every analysis of a run (it remembers rendered tool schemas). */
  readonly deepseekRenderer?: DeepSeekV4Renderer;
  /** Refuse session logs past this many bytes, decompressed (default 32 MiB, `DEFAULT_MAX_INPUT_BYTES`). */
  readonly maxInputBytes?: number;
  /** Tokenizer for routes that are not DeepSeek's (default o200k_base). */
  readonly tokenizer?: Tokenizer;
  /** How errors name `target` (default: `target` itself), e.g. the path as the user typed it. */
  readonly label?: string;
}

function observedOf(point: ModelRequestPoint): (CacheUsage & { readonly output?: number }) | null {
  const usage = point.usage;
  if (!usage) return null;
  return { uncached: usage.inputTokens, cacheRead: usage.cacheReadTokens ?? 0, cacheWrite: usage.cacheWriteTokens ?? 0, output: usage.outputTokens };
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

function segmentSpans(request: PrefixRequest, counter: PrefixTokenCounter, inherited: ReadonlySet<number>, drawn: DrawnSpans): SegmentSpan[] {
  return request.segments.map((segment, index) => {
    const spans = inherited.has(index) ? drawn.inherited : drawn.own;
    const known = spans.get(segment.prefixHash);
    // The same bytes after the same prefix may carry another name (a task where a message was).
    if (known !== undefined && known.kind === segment.kind && known.name === segment.name) return known;
    const tokens = counter.prefixTokens(request.segments, index + 1) - counter.prefixTokens(request.segments, index);
    const span: SegmentSpan = { kind: segment.kind, name: segment.name, tokens, hash: hashHex(segment.hash), ...(inherited.has(index) ? { inherited: true } : {}) };
    spans.set(segment.prefixHash, span);
    return span;
  });
}

/** Segment indices of a fork child's request that carry history inherited from the parent (the seed). */
function inheritedSegments(session: DshSessionFile, reconstructed: ReconstructedRequestParts, request: PrefixRequest): Set<number> {
  const inherited = new Set<number>();
  if (!session.log.header.seedLength) return inherited;
  const seedEnd = ownEventsStart(session.log);
  const sources = toSourcedChatMessages(reconstructed.surface.map((entry) => surfaceMessage(entry.event)));
  const firstMessage = request.segments.findIndex((segment) => segment.kind === 'message' || segment.kind === 'task');
  sources.forEach((source, index) => {
    if ((reconstructed.surface[source.source]?.seq ?? Infinity) < seedEnd) inherited.add(firstMessage + index);
  });
  return inherited;
}

/**
 * Replays a DSH session tree (the folder of `session.jsonl` and its children `session.<n>.jsonl`,
 * plain or zstd; `target` is the folder or any log in it) in the order its requests reached the
 * provider, through a cache policy. Every request's input is stored as it is sent, and its input
 * followed by the response it got, as the high end of what the cache may hold. Per request: tokens
 * in the route's rendering (DeepSeek: the V4 encoding and tokenizer, head calibrated on the first
 * observed request), the predicted read range, the observed usage where logged, where it stopped
 * sharing the request it reused the most of, and cost.
 *
 * Throws `InputError` (with file and line) for a log it cannot read, and for a request whose head
 * uses a `{{system}}`/`{{tools}}` placeholder without a pin beside the log (`loadHeadPins`): a
 * request is never rebuilt from a guess.
 */
export async function analyzeDshSessionTree(target: string, options: AnalyzeDshSessionTreeOptions = {}): Promise<SessionTreeAnalysis> {
  const policy = options.policy ?? deepseekPolicy;
  const sessions = await readDshSessionTree(target, { ...(options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes }), ...(options.label === undefined ? {} : { label: options.label }) });
  const renderings = new RouteRenderings({
    ...(options.deepseekCounter ? { deepseekCounter: options.deepseekCounter } : {}),
    ...(options.deepseekRenderer ? { deepseekRenderer: options.deepseekRenderer } : {}),
    ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}),
  });
  const store = new SequenceStore();
  const calibrations = new HeadCalibrations();
  const drawn: DrawnSpans = { own: new Map(), inherited: new Map() };
  // Per session, the span list of its latest request: the next one shares its leading blocks.
  const latestSpans: (BlockSpanList | undefined)[] = sessions.map(() => undefined);
  const results: RequestAnalysis[][] = sessions.map(() => []);
  const label = (index: number) => path.basename(sessions[index]!.file);
  // Each session's requests come in log order, so each is rebuilt from its predecessor, not from the whole log.
  const reconstructors = sessions.map((session) => new RequestReconstructor(session.log, { pins: session.pins }));

  for (const record of replayOrder(sessions)) {
    const session = sessions[record.session]!;
    const reconstructed = reconstructors[record.session]!.partsAt(record.point.through);
    const rendering = renderings.for(reconstructed.head.route);
    const request = store.intern(rendering.render(reconstructed));
    const rendered = rendering.counter.prefixTokens(request.segments);
    const observed = observedOf(record.point);
    const observedTotal = observed ? observed.uncached + observed.cacheRead + observed.cacheWrite : null;
    const head = calibrations.calibrate(request, rendered, observedTotal, `${label(record.session)} request ${record.index}`, calibrations.first);

    const compared = store.candidates(request).map((entry) => ({ entry, comparison: comparePrefix(entry.request, request, { counter: rendering.counter }) }));
    // The earlier sequence on this head this request shares the most with: its end carries the
    // freshest calibration (observed totals of earlier requests absorb drift in the recorded history).
    let reference: (typeof compared)[number] | undefined;
    for (const candidate of compared) {
      if (candidate.entry.head.key !== head.key) continue;
      if (!reference || candidate.comparison.commonPrefix.tokens >= reference.comparison.commonPrefix.tokens) reference = candidate;
    }
    const calibration: HeadCalibration = { key: head.key, offset: reference?.entry.head.offset ?? head.offset };
    const tokens = Math.max(1, rendered + calibration.offset);

    let best: { comparison: PrefixComparison; entry: StoredSequence; shared: number } | undefined;
    const matches: CacheMatch[] = compared.map(({ entry, comparison }) => {
      const shared = sharedTokens(comparison, entry);
      if (entry.source === 'input' && (!best || shared >= best.shared)) best = { comparison, entry, shared };
      const ageSeconds = record.time !== null && entry.time !== null ? Math.max(0, (record.time - entry.time) / 1000) : 0;
      return { sharedTokens: shared, entryTokens: entry.tokens, ageSeconds, source: entry.source };
    });

    const predicted = policy.predict({ tokens, matches, model: reconstructed.head.route.model });
    const prices = options.prices ?? policy.pricesFor(reconstructed.head.route.model);
    const output = observed?.output ?? 0;
    const sessionId = session.log.header.id;
    const spans = BlockSpanList.after(latestSpans[record.session], segmentSpans(request, rendering.counter, inheritedSegments(session, reconstructed, request), drawn));
    latestSpans[record.session] = spans;
    results[record.session]!.push({
      index: record.index,
      time: record.time === null ? null : new Date(record.time).toISOString(),
      route: { provider: reconstructed.head.route.provider, model: reconstructed.head.route.model },
      tokens,
      predicted,
      observed,
      divergence: best ? divergenceOf(best.comparison, request, { request: best.entry.request, session: best.entry.session, index: best.entry.index }) : null,
      cost: { predicted: costOf(predicted, prices, output), observed: observed ? costOf(observed, prices, output) : null },
      segments: spans,
    });

    // Stored at the provider's size: this request's observed total, where logged, calibrates what later requests share with it.
    const storedTokens = observedTotal ?? tokens;
    const stored = { session: sessionId, index: record.index, time: record.time, head: { key: calibration.key, offset: storedTokens - rendered } };
    store.add({ ...stored, request, tokens: storedTokens, source: 'input' });
    if (record.response) {
      const withResponse = store.intern(rendering.withResponse(request, record.response));
      store.add({ ...stored, request: withResponse, tokens: storedTokens + (rendering.counter.prefixTokens(withResponse.segments) - rendered), source: 'output' });
    }
  }

  const analyses: SessionAnalysis[] = sessions.map((session, index) => ({
    file: session.file,
    id: session.log.header.id,
    format: 'dsh',
    parentSession: session.log.header.parentSession ?? null,
    seedLength: session.log.header.seedLength ? session.log.header.seedLength : null,
    requests: results[index]!,
  }));
  return {
    policy: policy.name,
    // "calibrated" only when an observed request gave a head its offset: with no usage logged the counts are the rendering's own.
    tokenizer: renderings.tokenizers.map((name) => (name === 'deepseek-v4' ? `deepseek-v4 (${calibrations.any ? 'calibrated' : 'uncalibrated'})` : name)).join(', '),
    sessions: analyses,
    notes: [
      ...calibrations.notes,
      'segment token counts are the rendering\'s own; a head calibration offset is not spread over them',
      'divergence causes are inferred from the rendered bytes',
      ...unfinishedLineNotes(sessions),
    ],
  };
}
