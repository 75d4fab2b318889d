import type { RequestAnalysis, SessionAnalysis, SessionTreeAnalysis } from '../../result/session-analysis.js';

/*
 * What the page draws, computed here (tested without a browser) and embedded as JSON: the script in
 * the page only lays it out. Segments are tuples, not objects, because a 200-request tree with 100k-
 * token heads holds tens of thousands of them and the keys would be most of the file.
 */

/** `[kind, name, tokens, hash, inherited (1/0)]` of one segment. */
export type SegmentTuple = readonly [kind: string, name: string, tokens: number, hash: string, inherited: 0 | 1];

/** Where a request stops sharing the prefix it reused, and why, placed on the token axis. */
export interface PageBreak {
  /**
   * Token offset drawn for the break: the start of the segment holding the first differing byte, or
   * the predicted reuse when that lies further in (a policy never reads past the shared prefix, so
   * the break is at least there: a change inside a one-segment system prompt is drawn where it is,
   * not at token 0). The request's end when it ended first.
   */
  readonly at: number;
  readonly cause: string;
  /** True when the cause was inferred from the bytes alone (the text report's `*`). */
  readonly inferred: boolean;
  readonly detail: string;
  readonly segment: string | null;
  readonly against: string | null;
}

/** One bar: one request. */
export interface PageRow {
  readonly session: string;
  readonly child: boolean;
  readonly index: number;
  readonly tokens: number;
  /** Tokens the policy predicts are read from the cache: drawn as reused, the rest as lost. */
  readonly reused: number;
  readonly cost: number;
  readonly observedCost: number | null;
  readonly break: PageBreak | null;
  readonly segments: readonly SegmentTuple[];
}

/** Totals of one session, for the table at the top. */
export interface PageSessionTotals {
  readonly session: string;
  readonly parent: string | null;
  readonly requests: number;
  readonly tokens: number;
  readonly reused: number;
  readonly written: number;
  readonly cost: number;
  readonly observedCost: number | null;
}

/** One session tree: its header, its session totals, its bars on one axis. */
export interface PageTree {
  readonly title: string;
  readonly policy: string;
  readonly tokenizer: string;
  readonly notes: readonly string[];
  /** Longest request, in tokens: the common axis of every bar of the tree. */
  readonly axis: number;
  readonly sessions: readonly PageSessionTotals[];
  readonly rows: readonly PageRow[];
}

function breakOf(request: RequestAnalysis): PageBreak | null {
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
      offset += segment.tokens;
    }
  }
  at = Math.max(at, Math.min(request.predicted.cacheRead, request.tokens));
  const against = divergence.against === null ? null : `${divergence.against.session} #${divergence.against.index}`;
  return { at, cause: divergence.cause, inferred: divergence.inferred, detail: divergence.detail, segment: divergence.name, against };
}

function rowOf(session: SessionAnalysis, request: RequestAnalysis): PageRow {
  return {
    session: session.id,
    child: session.parentSession !== null,
    index: request.index,
    tokens: request.tokens,
    reused: request.predicted.cacheRead,
    cost: request.cost.predicted,
    observedCost: request.cost.observed,
    break: breakOf(request),
    segments: Array.from(request.segments ?? [], (segment) => [segment.kind, segment.name, segment.tokens, segment.hash, segment.inherited ? 1 : 0] as const),
  };
}

function sessionTotals(session: SessionAnalysis): PageSessionTotals {
  const sum = (pick: (request: RequestAnalysis) => number) => session.requests.reduce((total, request) => total + pick(request), 0);
  const observed = session.requests.every((request) => request.cost.observed !== null) && session.requests.length > 0 ? sum((request) => request.cost.observed ?? 0) : null;
  return {
    session: session.id,
    parent: session.parentSession,
    requests: session.requests.length,
    tokens: sum((request) => request.tokens),
    reused: sum((request) => request.predicted.cacheRead),
    written: sum((request) => request.predicted.cacheWrite),
    cost: sum((request) => request.cost.predicted),
    observedCost: observed,
  };
}

/** The page's data for a list of session trees. */
export function pageData(trees: readonly SessionTreeAnalysis[]): PageTree[] {
  return trees.map((tree) => {
    const rows = tree.sessions.flatMap((session) => session.requests.map((request) => rowOf(session, request)));
    return {
      title: tree.sessions[0]?.file ?? 'session tree',
      policy: tree.policy,
      tokenizer: tree.tokenizer,
      notes: tree.notes,
      axis: Math.max(1, ...rows.map((row) => row.tokens)),
      sessions: tree.sessions.map(sessionTotals),
      rows,
    };
  });
}
