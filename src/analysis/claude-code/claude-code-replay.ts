import { hashHex, hashText, routeKeyString, Segment, type PrefixRequest, type RouteKey } from '../../prefix/index.js';
import { crossRegionNote, crossRegionProfile } from '../bedrock/cross-region-profile.js';
import { SegmentPathTrie, type SegmentPath } from '../../prefix/segment-path-trie.js';
import { anthropicPolicy } from '../anthropic/anthropic-policy.js';
import type { CacheMatch, CachePolicy, CachePrediction } from '../policies/cache-policy.js';
import { PrefixStore, type StoreMatch } from '../replay/prefix-store.js';
import type { MeasuredRequest, ReplaySession, ReplaySource } from '../replay/replay-loop.js';
import type { ClaudeCodeAnalysisOptions } from './claude-code-options.js';
import { BlockList } from '../result/block-list.js';
import { BlockSpanList } from '../result/block-span-list.js';
import type { RequestDivergence, SegmentSpan } from '../result/session-analysis.js';
import { collectApiCalls, type ClaudeCodeApiCall } from './api-calls.js';
import { claudeCodeDivergence, segmentComparison, type EarlierRequest } from './claude-code-divergence.js';
import type { RequestBlock } from './content-blocks.js';
import type { SessionCalibration } from './token-calibration.js';
import { ONE_HOUR_SECONDS, SessionBreakpointTtls } from './breakpoint-ttls.js';
import { fitBlockEnds } from './fit-block-ends.js';
import { callVersion, HeadEvidence, headKey, type HeadSighting } from './head-evidence.js';
import { headNote } from './head-note.js';
import { SessionRequestBlocks } from './session-request-blocks.js';
import { rounded } from './rounded-prediction.js';
import { BlockSizes } from './block-sizes.js';
import type { ClaudeCodeTranscript } from './transcript-entry.js';
import { headSymbol, messageSeed, messageUnit } from './request-units.js';
import { SessionThinking, thinkingSwitchDetail, type TurnThinking } from './turn-thinking.js';

export type { ClaudeCodeAnalysisOptions } from './claude-code-options.js';

type Label = { readonly session: number; readonly index: number };

/**
 * What the replay remembers of a request it has predicted. Nothing here grows with its history: the
 * token ends share their leading blocks with the request they were fitted after, and the segments
 * are a path of the replay's segment trie, read back only when a later request is set against it.
 */
interface RequestRecord {
  readonly call: ClaudeCodeApiCall;
  readonly session: number;
  readonly index: number;
  readonly unitCount: number;
  readonly ends: BlockList<number>;
  readonly end: SegmentPath<undefined> | undefined;
  /** How long what it wrote lives: the longest TTL among its breakpoints (1 hour when its usage logs its writes as 1-hour writes). */
  readonly ttlSeconds: number;
}

/** A session's latest request as built and drawn: the next one reuses what it repeats. */
interface Latest {
  readonly model: string;
  readonly version: string | undefined;
  readonly thinking: boolean;
  readonly blocks: readonly RequestBlock[];
  readonly segments: readonly Segment[];
  readonly spans: readonly SegmentSpan[];
  readonly spanList: BlockSpanList | undefined;
  readonly ends: BlockList<number> | undefined;
}

export interface SessionState {
  readonly transcript: ClaudeCodeTranscript;
  readonly id: string;
  readonly sidechain: boolean;
  readonly calibration: SessionCalibration;
  readonly records: RequestRecord[];
  /** The agent whose head the session sends: `main`, a subagent type, or the subagent's own file. */
  readonly agent: string;
  /** Claude Code's version as the transcript logs it. */
  readonly version: string | undefined;
  /** The session (index in the tree) whose requests this one's continue, when it was forked from it (a what-if); its sizes carry over. */
  readonly forkedFrom?: number;
  /** What the input lacks of every request the session sent, when it lacks something (`RequestAnalysis.incomplete`). */
  readonly incomplete?: string;
  headEnd: number | undefined;
}

function routeOf(model: string): RouteKey {
  return { provider: 'anthropic', model };
}

/** One API call where the replay meets it: the call and the session that sent it. */
export interface ClaudeCodeStep {
  readonly state: SessionState;
  readonly sessionIndex: number;
  readonly call: ClaudeCodeApiCall;
}

/** What the replay works out for the request it is on, between `measure` and `segments`. */
interface Current {
  readonly index: number;
  readonly units: Uint32Array;
  readonly estimates: readonly number[];
  readonly ends: number[];
  readonly anchor: { record: RequestRecord; shared: number } | undefined;
  readonly shared: number;
  /** The matches a policy can read from (see `PrefixStore.liveMatches`). */
  readonly matches: readonly StoreMatch<Label>[];
  /** Of every match, the one sharing the most units: what the divergence is reported against. */
  readonly best: StoreMatch<Label> | undefined;
  readonly request: PrefixRequest;
  readonly blocks: readonly RequestBlock[];
  readonly time: number;
  /** The head's key, and the evidence the request's head read rests on (none: predicted cold). */
  readonly key: string;
  readonly evidence: HeadSighting | undefined;
  /** A later request whose session's own head entry expired before it (an idle gap past the head's TTL), or never held this head. */
  readonly idle: boolean;
  /** A later request sent by another Claude Code version than the session's request before it: the first on a new head. */
  readonly newHead: boolean;
  /** The request's thinking setting, and the blocks the API keeps of it. */
  readonly thinking: TurnThinking;
  /** The profile prefix when the model id names a Bedrock cross-Region inference profile. */
  readonly crossRegion: string | undefined;
  fitted: readonly number[];
}

/** A Claude Code session tree as a replay source: its API calls in the order they were sent, one store. */
export class ClaudeCodeReplay implements ReplaySource<ClaudeCodeStep> {
  readonly policy: CachePolicy;
  readonly sessions: readonly ReplaySession[];
  readonly sessionStates: readonly SessionState[];
  #current: Current | undefined;
  readonly #sizes: BlockSizes;
  readonly #globalHead: boolean;
  readonly #headTokens: number | undefined;
  readonly #heads: HeadEvidence;
  /** Per session, what its first request's head prediction rested on (for the tree's notes). */
  readonly headNotes: string[] = [];
  readonly #ttlSeconds: number;
  readonly #store = new PrefixStore<Label>();
  readonly #blockMemo = new Map<string, RequestBlock[]>();
  readonly #trie = new SegmentPathTrie<undefined>({ newSlot: () => undefined, match: 'object' });
  readonly #shells = new Map<string, Omit<PrefixRequest, 'segments'>>();
  readonly #latest = new Map<SessionState, Latest>();
  readonly #sessionBlocks = new Map<SessionState, SessionRequestBlocks>();
  readonly #breakpointTtls: SessionBreakpointTtls;
  readonly #thinking = new SessionThinking<SessionState>();
  readonly #crossRegionModels = new Set<string>();

  constructor(options: ClaudeCodeAnalysisOptions, states: readonly SessionState[]) {
    this.policy = options.policy ?? anthropicPolicy;
    this.sessionStates = states;
    const rootId = states[0]?.id ?? null;
    this.sessions = states.map((state, index) => ({ file: state.transcript.file, id: state.id, format: 'claude-code', parentSession: index === 0 ? null : rootId, seedLength: null }));
    this.#sizes = new BlockSizes(options.tokenizer);
    this.#globalHead = options.globalHead ?? false;
    this.#headTokens = options.headTokens;
    this.#heads = options.heads ?? new HeadEvidence();
    this.#ttlSeconds = this.policy.parameters['ttlSeconds']?.value ?? 300;
    this.#breakpointTtls = new SessionBreakpointTtls(this.#ttlSeconds);
  }

  /** Notes on the thinking rule: models whose handling of earlier turns' thinking the docs do not give. */
  thinkingNotes(): string[] {
    return this.#thinking.notes();
  }

  /** Every API call of the tree, in the order sent. */
  steps(): ClaudeCodeStep[] {
    const queue = this.sessionStates.flatMap((state, sessionIndex) => collectApiCalls(state.transcript).map((call) => ({ state, sessionIndex, call })));
    return queue.sort((a, b) => a.call.sentAt - b.call.sentAt);
  }

  /** Measures one request against the store: its block ends, estimated from the session's calibration and its own earlier requests. Only blocks after the anchor's are sized: the leading ones take its fitted ends. */
  measure(step: ClaudeCodeStep): MeasuredRequest {
    const { state, sessionIndex, call } = step;
    const index = state.records.length;
    const route = routeOf(call.model);
    let sessionBlocks = this.#sessionBlocks.get(state);
    if (sessionBlocks === undefined) this.#sessionBlocks.set(state, (sessionBlocks = new SessionRequestBlocks(state.transcript, this.#blockMemo)));
    // The blocks the API reads: earlier turns' thinking dropped where the model drops it.
    const thinking = this.#thinking.of(state, call, sessionBlocks.of(call));
    const blocks = thinking.blocks;
    // The version that sent this request: a session resumed in another Claude Code sends another head.
    const version = callVersion(call, state.version);
    const segments = this.#segments(state, route, blocks, version, thinking.enabled);
    const units = new Uint32Array(blocks.length + 1);
    units[0] = headSymbol(version, state.agent);
    for (let at = 0; at < blocks.length; at++) units[at + 1] = messageUnit(blocks[at]!.symbol, thinking.enabled);
    const crossRegion = crossRegionProfile(call.model);
    if (crossRegion !== undefined && !this.#crossRegionModels.has(call.model)) {
      this.#crossRegionModels.add(call.model);
      this.headNotes.push(crossRegionNote(call.model, crossRegion));
    }
    const time = call.sentAt / 1000;

    // Anthropic reads an entry only at a live breakpoint: the dead entries of a long conversation are
    // passed over (the session's anchor and the divergence's earlier request are picked from all).
    // A forked session anchors on its parent's requests as on its own: they are its history.
    const groupOf = (label: Label): number => (label.session === state.forkedFrom ? sessionIndex : label.session);
    const found = this.#store.liveMatches(route, { units }, time, this.policy.name === 'anthropic' ? this.#ttlSeconds : undefined, groupOf);
    const matches = found.live;
    const ownBest = found.bestOfGroup.get(sessionIndex);
    // The session's own earlier request sharing the most leading units, and how many.
    const anchor = ownBest === undefined ? undefined : { record: this.sessionStates[ownBest.label.session]!.records[ownBest.label.index]!, shared: ownBest.sharedUnits };
    const scale = state.calibration.scale;
    const ends: number[] = new Array<number>(units.length);
    const shared = anchor?.shared ?? 0;
    const estimates = new Array<number>(units.length).fill(0);
    const key = headKey(version, call.model, state.agent);
    // A request reads its head on evidence only. A later one has its own: the session's latest
    // request that cached the head, while that entry lives. A first request, and a later one whose
    // own head entry expired in an idle gap, need another session's: the same head sent within its TTL.
    const own = index > 0 && state.headEnd !== undefined && state.headEnd > 0 ? this.#heads.ownLive(key, time, state.id) : undefined;
    const idle = index > 0 && state.headEnd !== undefined && state.headEnd > 0 && own === undefined;
    const evidence = index === 0 || idle ? this.#heads.live(key, time, state.id) : own;
    const previous = state.records.at(-1);
    const newHead = previous !== undefined && callVersion(previous.call, state.version) !== version;
    for (let at = 0; at < units.length; at++) {
      if (at < shared) ends[at] = anchor!.record.ends.at(at)!;
      else if (at === 0) ends[at] = state.headEnd ?? evidence?.tokens ?? this.#headTokens ?? this.#heads.size(key, time) ?? 0;
      else ends[at] = ends[at - 1]! + Math.round(scale * (estimates[at] = this.#sizes.estimate(blocks[at - 1]!, segments[at]!.hash)));
    }
    const lastEnd = ends.at(-1)!;
    const tokens = lastEnd + state.calibration.tail;
    const candidates: CacheMatch[] = [...matches];
    if (evidence !== undefined) {
      candidates.push({ sharedTokens: ends[0]!, entryTokens: ends[0]!, ageSeconds: time - evidence.time, source: 'input', breakpoints: [ends[0]!], breakpointTtls: [evidence.ttlSeconds] });
    } else if (this.#globalHead && idle && !state.sidechain) {
      candidates.push({ sharedTokens: ends[0]!, entryTokens: ends[0]!, ageSeconds: 0, source: 'input', breakpoints: [ends[0]!] });
    }
    const breakpoints = [...new Set([ends[0]!, lastEnd])];
    // Each predicted write is priced at the TTL its breakpoint asked for, as the session's writes show it.
    const breakpointTtls = this.#breakpointTtls.of(state, call.usage, breakpoints.length);
    const request: PrefixRequest = { ...this.#shell(route), segments };
    this.#current = { index, units, estimates, ends, anchor, shared, matches, best: found.best, request, blocks, time, key, evidence, idle, newHead, thinking, crossRegion, fitted: ends };
    const usage = call.usage;
    return {
      session: sessionIndex,
      index,
      time: new Date(call.sentAt).toISOString(),
      route: { provider: 'anthropic', model: call.model },
      model: call.model,
      tokens,
      matches: candidates,
      breakpoints,
      ...(breakpointTtls === undefined ? {} : { breakpointTtls }),
      blockEnds: ends,
      observed: usage === undefined ? null : { uncached: usage.uncached, cacheRead: usage.cacheRead, cacheWrite: usage.cacheWrite, ...(usage.cacheWrite1h > 0 ? { cacheWrite1h: usage.cacheWrite1h } : {}), output: usage.output, ...(call.cacheMissReason ? { cacheMissReason: call.cacheMissReason } : {}) },
      // Both priced with the logged output, so the two differ only by the cache prediction.
      ...(usage === undefined ? {} : { output: usage.output }),
    };
  }

  /**
   * Rounds the estimate. A session's first request, and a later one after an idle gap past its
   * head's TTL, may find its head cold or warm: its read ranges from what the store and the evidence
   * give up to the head the input showed (when it showed one).
   */
  round(prediction: CachePrediction): CachePrediction {
    const current = this.#now();
    const result = rounded(prediction);
    const unsure = current.index === 0 || current.idle;
    // A cross-Region profile may serve the request from a Region that holds none of it (cross-region-profile.ts).
    if (!unsure && current.crossRegion === undefined) return result;
    const head = unsure ? Math.round(current.ends[0]!) : 0;
    const [low, high] = result.cacheReadRange;
    return { ...result, cacheReadRange: [Math.min(low, 0), Math.max(high, head)] };
  }

  divergence({ state, call }: ClaudeCodeStep): RequestDivergence | null {
    const { request, best, time, thinking } = this.#now();
    return this.#divergence(state, call, request, best, time, thinking);
  }

  /** Learns from the request's logged usage (its fitted block ends), then stores it. */
  store({ state, sessionIndex, call }: ClaudeCodeStep): void {
    const current = this.#now();
    const { index, units, ends, estimates, anchor, shared, request, time } = current;
    const usage = call.usage;
    const fitted = usage === undefined ? ends : fitBlockEnds(state, anchor?.record.unitCount, shared, ends, estimates, usage);
    current.fitted = fitted;
    const shareWith = anchor?.record.ends ?? this.#latest.get(state)?.ends;
    const end = this.#trie.add(request.segments).path.at(-1);
    const lastBreakpoint = usage === undefined ? fitted.at(-1)! : usage.cacheRead + usage.cacheWrite;
    // Where this request wrote (nothing when its prefix was under the model minimum and it cached nothing).
    const written = [...new Set([fitted[0]!, lastBreakpoint])].filter((position) => position > 0);
    const ttls = usage === undefined ? undefined : written.map((position) => this.#ttlAt(position, usage, current.matches));
    // An idle gap after this request is judged by the TTL its own entries have, not the policy's default.
    const ttlSeconds = Math.max(this.#ttlSeconds, ...(ttls ?? []));
    state.records.push({ call, session: sessionIndex, index, unitCount: units.length, ends: BlockList.of(shareWith, fitted), end, ttlSeconds });
    if (index === 0 || current.idle) {
      const which = index === 0 ? 'first request' : current.newHead ? `request #${index}, the first on the head of another Claude Code version,` : `request #${index}, after its own head entry expired in an idle gap,`;
      this.headNotes.push(headNote(`${state.sidechain ? 'subagent' : 'session'} ${state.id}`, which, current.key, current.evidence, current.ends[0]!, time, this.#globalHead && current.idle && !state.sidechain));
    }
    if (usage !== undefined && state.headEnd !== undefined && state.headEnd > 0 && usage.cacheRead + usage.cacheWrite >= state.headEnd) {
      this.#heads.record({ key: current.key, session: state.id, time, tokens: state.headEnd, ttlSeconds: this.#ttlAt(fitted[0]!, usage, current.matches) });
    }
    this.#store.add(routeOf(call.model), { units, unitEnds: fitted, time, breakpoints: written, ...(ttls === undefined ? {} : { breakpointTtls: ttls }), label: { session: sessionIndex, index } });
  }

  /**
   * The TTL of the entry at `position` after a request with this usage. Anthropic requires 1-hour
   * entries to precede 5-minute ones in a request, so the logged 1-hour write is the first part of
   * the write: positions up to read + 1-hour write live an hour. A position inside the read was
   * refreshed with the TTL it had (the longest a live earlier entry holds there); the rest of the
   * write is the policy's TTL.
   */
  #ttlAt(position: number, usage: NonNullable<ClaudeCodeApiCall['usage']>, matches: readonly StoreMatch<Label>[]): number {
    if (usage.cacheWrite1h > 0 && position <= usage.cacheRead + usage.cacheWrite1h) return ONE_HOUR_SECONDS;
    if (position > usage.cacheRead) return this.#ttlSeconds;
    let ttl = this.#ttlSeconds;
    for (const match of matches) {
      match.breakpoints?.forEach((at, index) => {
        const lives = match.breakpointTtls?.[index] ?? this.#ttlSeconds;
        if (at === position && match.ageSeconds <= lives) ttl = Math.max(ttl, lives);
      });
    }
    return ttl;
  }

  segments({ state, call }: ClaudeCodeStep): BlockSpanList {
    const { request, fitted, blocks, thinking } = this.#now();
    const latest = this.#latest.get(state);
    const spans: SegmentSpan[] = [];
    request.segments.forEach((segment, at) => {
      const tokens = fitted[at]! - (at === 0 ? 0 : fitted[at - 1]!);
      // The same segment with the same size as the session's previous request drew: the same span.
      const known = latest?.segments[at] === segment ? latest.spans[at] : undefined;
      spans.push(known !== undefined && known.tokens === tokens ? known : { kind: segment.kind, name: segment.name, tokens, hash: hashHex(segment.hash) });
    });
    const spanList = BlockSpanList.after(latest?.spanList, spans);
    this.#latest.set(state, { model: call.model, version: callVersion(call, state.version), thinking: thinking.enabled, blocks, segments: request.segments, spans, spanList, ends: state.records.at(-1)?.ends });
    return spanList;
  }

  /** Route, layout and route seed of a request to `route` (one object per model). */
  #shell(route: RouteKey): Omit<PrefixRequest, 'segments'> {
    let shell = this.#shells.get(route.model);
    if (shell === undefined) this.#shells.set(route.model, (shell = { route, layout: 'anthropic', routeSeed: hashText(routeKeyString(route)) }));
    return shell;
  }

  /**
   * The request's segments: the head, then one per block. The leading blocks the session's previous
   * request held in the same places (the same block objects, from the memo) keep their segments, so
   * a request hashes only its new blocks.
   */
  #segments(state: SessionState, route: RouteKey, blocks: readonly RequestBlock[], version: string | undefined, thinking: boolean): Segment[] {
    const latest = this.#latest.get(state);
    let kept = 0;
    if (latest !== undefined && latest.model === route.model && latest.version === version && latest.thinking === thinking) {
      kept = 1;
      while (kept <= blocks.length && kept <= latest.blocks.length && latest.blocks[kept - 1] === blocks[kept - 1]) kept++;
    }
    const segments = latest === undefined || kept === 0 ? [] : latest.segments.slice(0, kept);
    if (segments.length === 0) {
      // What identifies the head (its bytes are not logged): requests of one version and agent share it.
      segments.push(new Segment({ kind: 'system', name: 'claude-code head', content: `[tools and system prompt of Claude Code ${version ?? '(version not logged)'}, ${state.agent}]` }, this.#shell(route).routeSeed));
    }
    for (let at = segments.length - 1; at < blocks.length; at++) {
      const block = blocks[at]!;
      const previous = at === 0 ? messageSeed(segments[0]!.prefixHash, thinking) : segments.at(-1)!.prefixHash;
      segments.push(new Segment({ kind: 'message', name: block.name, content: block.text, measured: block.measured, meta: { role: block.role } }, previous));
    }
    return segments;
  }

  #now(): Current {
    if (!this.#current) throw new Error('ClaudeCodeReplay: measure() must come first');
    return this.#current;
  }

  #divergence(state: SessionState, call: ClaudeCodeApiCall, request: PrefixRequest, best: StoreMatch<Label> | undefined, time: number, thinking: TurnThinking): ReturnType<typeof claudeCodeDivergence> {
    const sessions = this.sessionStates;
    const earlier = (record: RequestRecord, ageSeconds: number): EarlierRequest => ({
      session: sessions[record.session]!.id,
      index: record.index,
      model: record.call.model,
      version: callVersion(record.call, sessions[record.session]!.version),
      ageSeconds,
    });
    const bestRecord = best === undefined || best.sharedUnits === 0 ? undefined : sessions[best.label.session]!.records[best.label.index]!;
    const earlierRequest = (record: RequestRecord): PrefixRequest => ({ ...this.#shell(routeOf(record.call.model)), segments: this.#trie.segments(record.end, this.#trie.walk(request.segments)) });
    const previous = state.records.at(-1);
    return claudeCodeDivergence({
      request,
      model: call.model,
      version: callVersion(call, state.version),
      against: bestRecord === undefined ? null : earlier(bestRecord, best!.ageSeconds),
      comparison: bestRecord === undefined ? null : segmentComparison(earlierRequest(bestRecord), request),
      previousInSession: previous === undefined ? null : earlier(previous, time - previous.call.sentAt / 1000),
      // The entries of the request it is set against live as long as that request wrote them for.
      ttlSeconds: bestRecord?.ttlSeconds ?? this.#ttlSeconds,
      ...(thinking.switchedFrom === undefined ? {} : { messagesInvalidated: thinkingSwitchDetail(thinking.switchedFrom, thinking.enabled) }),
    });
  }
}
