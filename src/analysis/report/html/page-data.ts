import { providerSuffix } from '../../self-check/cause-agreement.js';
import type { RequestAnalysis, SegmentSpan, SessionAnalysis, SessionTreeAnalysis } from '../../result/session-analysis.js';
import { drawnScale, drawnTokens, type DrawnScale } from './drawn-scale.js';
import { sessionLabels } from './session-labels.js';

/*
 * What the page draws, computed here (tested without a browser) and embedded as JSON: the script in
 * the page only lays it out. Segments are tuples, not objects, because a 200-request tree with 100k-
 * token heads holds tens of thousands of them and the keys would be most of the file; and a row
 * names the earlier row of its session whose leading segments it repeats instead of repeating them,
 * because each request of a conversation resends its predecessor (a session of n requests would
 * otherwise embed n²/2 segments).
 */

/** `[kind, name, tokens, hash, inherited (1/0)]` of one segment, tokens as the reader counted them. */
export type SegmentTuple = readonly [kind: string, name: string, tokens: number, hash: string, inherited: 0 | 1];

/** Where a request stops sharing the prefix it reused, and why, placed on the token axis. */
export interface PageBreak {
  /**
   * Token offset drawn for the break, inside the bar (0 … the request's tokens): the start of the
   * segment holding the first differing byte, or the predicted reuse when that lies further in (a
   * policy never reads past the shared prefix, so the break is at least there: a change inside a
   * one-segment system prompt is drawn where it is, not at token 0). The request's end when it
   * ended first.
   */
  readonly at: number;
  readonly cause: string;
  /** True when the cause was inferred from the bytes alone (the text report's `*`). */
  readonly inferred: boolean;
  readonly detail: string;
  readonly segment: string | null;
  /** The earlier request, as its row is labelled (`session.jsonl #2`). */
  readonly against: string | null;
  /** The provider's own diagnosis beside the cause (`= provider tools_changed`, `≠ provider fully reusable`); absent when its response carried none. */
  readonly provider?: string;
}

/**
 * One bar: one request. A row names its session by position in the tree's `sessions` (whose entry
 * holds the id and label), so a session of hundreds of requests does not repeat them on every row.
 */
export interface PageRow {
  /** Index of the row's session in `PageTree.sessions`; the row's label is that session's label and `#index`. */
  readonly session: number;
  readonly index: number;
  /** The request's tokens: the bar's length on the axis. */
  readonly tokens: number;
  /** Tokens the policy predicts are read from the cache: drawn as reused, the rest as lost. */
  readonly reused: number;
  readonly break: PageBreak | null;
  /** The first `base[1]` segments are those of row `base[0]` of the same tree (null: none repeated). */
  readonly base: readonly [row: number, count: number] | null;
  /** The segments after the repeated ones, in wire order. */
  readonly segments: readonly SegmentTuple[];
  /** Drawn tokens per counted token, `[head, rest]`, so that the segments add up to `tokens`. */
  readonly scale: DrawnScale;
}

/** Totals of one session, for the table at the top. */
export interface PageSessionTotals {
  readonly session: string;
  /** The session's short name, as its rows are labelled: unique within the tree. */
  readonly label: string;
  readonly parent: string | null;
  readonly requests: number;
  readonly tokens: number;
  readonly reused: number;
  readonly written: number;
  readonly cost: number;
  readonly observedCost: number | null;
  /** Logged cache reads and input tokens (uncached, read and written) over the requests that logged usage; null when none did. */
  readonly observedRead: number | null;
  readonly observedTokens: number | null;
}

/** One session tree: its header, its session totals, its bars on one axis. */
export interface PageTree {
  readonly title: string;
  /** The currency of every cost of the tree (`USD` is drawn as `$`). */
  readonly currency: string;
  readonly policy: string;
  readonly tokenizer: string;
  readonly notes: readonly string[];
  /** Longest request, in tokens: the common axis of every bar of the tree. */
  readonly axis: number;
  readonly sessions: readonly PageSessionTotals[];
  readonly rows: readonly PageRow[];
}

/** Options of `pageData`. */
export interface PageDataOptions {
  /** Labels for sessions by id (the demo names its children by their task); others get their file's short name. */
  readonly labels?: ReadonlyMap<string, string>;
  /** Each tree's heading, in tree order (default: its root file). */
  readonly titles?: readonly string[];
  /** The currency the costs are in (default `USD`). */
  readonly currency?: string;
}

const tupleOf = (segment: SegmentSpan): SegmentTuple => [segment.kind, segment.name, segment.tokens, segment.hash, segment.inherited ? 1 : 0];

function breakOf(request: RequestAnalysis, scale: DrawnScale, labelOf: (session: string, index: number) => string): PageBreak | null {
  const divergence = request.divergence;
  if (divergence === null) return null;
  let at = request.tokens;
  if (divergence.kind !== null && request.segments) {
    let offset = 0;
    for (const segment of request.segments) {
      if (segment.kind === divergence.kind && segment.name === divergence.name) {
        at = offset;
        break;
      }
      offset += drawnTokens(scale, segment.kind, segment.tokens);
    }
  }
  at = Math.min(request.tokens, Math.max(0, at, Math.min(request.predicted.cacheRead, request.tokens)));
  const against = divergence.against === null ? null : labelOf(divergence.against.session, divergence.against.index);
  const provider = providerSuffix(request).trim();
  return { at, cause: divergence.cause, inferred: divergence.inferred, detail: divergence.detail, segment: divergence.name, against, ...(provider === '' ? {} : { provider }) };
}

/** How many leading segments two requests' segment lists have in common (same hash, size and marking). */
function sharedLeading(earlier: readonly SegmentSpan[], later: readonly SegmentSpan[]): number {
  const limit = Math.min(earlier.length, later.length);
  let index = 0;
  while (index < limit) {
    const a = earlier[index]!;
    const b = later[index]!;
    if (a.hash !== b.hash || a.tokens !== b.tokens || a.kind !== b.kind || a.name !== b.name || Boolean(a.inherited) !== Boolean(b.inherited)) break;
    index++;
  }
  return index;
}

function sessionTotals(session: SessionAnalysis, label: string): PageSessionTotals {
  const sum = (pick: (request: RequestAnalysis) => number) => session.requests.reduce((total, request) => total + pick(request), 0);
  const observed = session.requests.every((request) => request.cost.observed !== null) && session.requests.length > 0 ? sum((request) => request.cost.observed ?? 0) : null;
  const logged = session.requests.some((request) => request.observed !== null);
  const observedTokens = sum((request) => (request.observed === null ? 0 : request.observed.uncached + request.observed.cacheRead + request.observed.cacheWrite));
  return {
    session: session.id,
    label,
    parent: session.parentSession,
    requests: session.requests.length,
    tokens: sum((request) => request.tokens),
    reused: sum((request) => request.predicted.cacheRead),
    written: sum((request) => request.predicted.cacheWrite),
    cost: sum((request) => request.cost.predicted),
    observedCost: observed,
    observedRead: logged ? sum((request) => request.observed?.cacheRead ?? 0) : null,
    observedTokens: logged ? observedTokens : null,
  };
}

const SCALE_NOTE =
  'This page draws each bar at its request’s token count. Where the request’s segments, as counted, add up to another total (a calibrated head), the page spreads the difference over the head (over every segment when the head cannot take it); a segment’s tooltip gives both counts.';

function treePage(tree: SessionTreeAnalysis, options: PageDataOptions, title: string | undefined): PageTree {
  const labels = sessionLabels(tree.sessions, options.labels);
  const labelOf = (session: string, index: number) => `${labels.get(session) ?? session} #${index}`;
  const rows: PageRow[] = [];
  let spread = false;
  for (const [position, session] of tree.sessions.entries()) {
    let previous: { row: number; segments: SegmentSpan[] } | null = null;
    for (const request of session.requests) {
      const segments = Array.from(request.segments ?? []);
      const scale = drawnScale(segments, request.tokens);
      spread ||= scale[0] !== 1 || scale[1] !== 1;
      const shared = previous === null ? 0 : sharedLeading(previous.segments, segments);
      rows.push({
        session: position,
        index: request.index,
        tokens: request.tokens,
        reused: Math.min(request.predicted.cacheRead, request.tokens),
        break: breakOf(request, scale, labelOf),
        base: previous !== null && shared > 0 ? [previous.row, shared] : null,
        segments: segments.slice(shared).map(tupleOf),
        scale,
      });
      previous = { row: rows.length - 1, segments };
    }
  }
  return {
    title: title ?? tree.sessions[0]?.file ?? 'session tree',
    currency: options.currency ?? 'USD',
    policy: tree.policy,
    tokenizer: tree.tokenizer,
    notes: spread ? [...tree.notes, SCALE_NOTE] : tree.notes,
    axis: Math.max(1, ...rows.map((row) => row.tokens)),
    sessions: tree.sessions.map((session) => sessionTotals(session, labels.get(session.id) ?? session.id)),
    rows,
  };
}

/** The page's data for a list of session trees. */
export function pageData(trees: readonly SessionTreeAnalysis[], options: PageDataOptions = {}): PageTree[] {
  return trees.map((tree, index) => treePage(tree, options, options.titles?.[index]));
}
