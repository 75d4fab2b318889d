import path from 'node:path';
import { InputError } from '../../prefix/index.js';
import { findDelegationCall, readSessionLog, type SessionLog } from '../../providers/index.js';
import { costOf } from '../policies/cache-policy.js';
import { deepseekPolicy } from '../deepseek/deepseek-policy.js';
import { analyzeDshSessionTree, type AnalyzeDshSessionTreeOptions } from '../dsh/analyze-dsh-session-tree.js';
import type { RequestAnalysis, SegmentSpan, SessionTreeAnalysis } from '../result/session-analysis.js';
import { childBreak, type ChildBreak } from './child-break.js';
import { treeWithChildCauses } from './tree-with-child-causes.js';
import { groupDigits } from '../../prefix/group-digits.js';

/** One child of the demo tree: how it was started and what its first request reuses of its parent's cache. */
export interface DemoChild {
  /** Its log's file name, e.g. `session.2.jsonl`. */
  readonly file: string;
  /** `fork` when it was seeded with the parent's completed turns, `spawn` when it started empty. */
  readonly provider: 'fork' | 'spawn';
  /** Its head carries the child-scope `report` tool DSH gives continuable children. */
  readonly continuable: boolean;
  /** The parent's delegation tool call that started it, when the parent log has it. */
  readonly tool: string | null;
  readonly description: string | null;
  /** Its first request: tokens, predicted reused (cache read) and lost (prefilled) tokens. */
  readonly tokens: number;
  readonly reused: number;
  readonly lost: number;
  /** Tokens of its head (system, tools, SDK block) and of the history it inherited, in the replay's rendering. */
  readonly headTokens: number;
  readonly inheritedTokens: number;
  /** Where it stops sharing its parent's request, named by section or tool (null when it shares all of it). */
  readonly break: ChildBreak | null;
  /** One sentence on what the numbers mean for this child. */
  readonly verdict: string;
}

/** The demo tree analysed: the replay (for reports) and one row per child. */
export interface DemoAnalysis {
  readonly directory: string;
  readonly tree: SessionTreeAnalysis;
  readonly parent: { readonly file: string; readonly requests: number; readonly tokens: number; readonly reused: number };
  readonly children: readonly DemoChild[];
  /** Input cost of every request of the tree as predicted, and with no cache reuse at all. */
  readonly cost: { readonly currency: string; readonly predicted: number; readonly withoutCache: number; readonly prices: string };
}

const HEAD_KINDS = new Set(['system', 'tool', 'sdk']);

const count = groupDigits;

function spanTokens(request: RequestAnalysis, keep: (span: SegmentSpan) => boolean): number {
  let total = 0;
  for (const span of request.segments ?? []) total += keep(span) ? span.tokens : 0;
  return total;
}

function delegationOf(parent: SessionLog, child: SessionLog): { tool: string | null; description: string | null } {
  const link = findDelegationCall(parent, child);
  if (link.kind !== 'found') return { tool: null, description: null };
  let description: string | null = null;
  try {
    const parsed = JSON.parse(link.call.event.data.arguments) as { description?: unknown };
    if (typeof parsed.description === 'string') description = parsed.description;
  } catch {
    // The tool name alone still says how the child was started.
  }
  return { tool: link.call.event.data.name, description };
}

/** What a child's numbers and break mean, in one sentence. */
function verdictOf(child: Omit<DemoChild, 'verdict'>): string {
  const lost = count(child.lost);
  if (child.break === null) return `shares its parent's whole request: nothing to prefill`;
  if (child.break.where === 'head') {
    const history = child.inheritedTokens > 0 ? `, every one of its ${count(child.inheritedTokens)} inherited history tokens among them` : '';
    return `its head differs from the parent's before any history (${child.break.text}), so ${lost} tokens are prefilled again${history}`;
  }
  if (child.inheritedTokens > 0) return `reuses the head and its ${count(child.inheritedTokens)} inherited history tokens; prefills only its own ${lost}`;
  return `reuses the head only: it starts with an empty conversation, so its task and context (${lost} tokens) are prefilled`;
}

/**
 * Analyses a DSH session tree the way `kvprefix demo` shows it: the tree replayed through a cache
 * policy (DeepSeek's by default, as DSH records), then, per child, its first request's predicted
 * reuse and the section or tool where it stops sharing the parent request it reuses.
 */
export async function analyzeDemoTree(directory: string, options: AnalyzeDshSessionTreeOptions = {}): Promise<DemoAnalysis> {
  const policy = options.policy ?? deepseekPolicy;
  const tree = await analyzeDshSessionTree(directory, { ...options, policy });
  const [root, ...rest] = tree.sessions;
  if (!root) throw new InputError('input/no-session-log', `${directory}: the session tree has no logs`, { source: directory });
  const logs = new Map<string, SessionLog>();
  for (const session of tree.sessions) logs.set(session.id, await readSessionLog(session.file));
  const parentLog = logs.get(root.id)!;

  const breaks = new Map<string, { parentIndex: number; break: ChildBreak | null }>();
  const children = rest.map((session): DemoChild => {
    const log = logs.get(session.id)!;
    const first = session.requests[0];
    const against = first?.divergence?.against;
    // The parent request the replay found this child shares the most with; a child compared with
    // none of its parent's requests (another route) is compared with the parent's last.
    const parentIndex = against && against.session === root.id ? against.index : Math.max(0, root.requests.length - 1);
    const row = {
      file: path.basename(session.file),
      provider: session.seedLength ? 'fork' : 'spawn',
      continuable: [...(first?.segments ?? [])].some((span) => span.kind === 'tool' && span.name === 'report'),
      ...delegationOf(parentLog, log),
      tokens: first?.tokens ?? 0,
      reused: first?.predicted.cacheRead ?? 0,
      lost: first ? first.tokens - first.predicted.cacheRead : 0,
      headTokens: first ? spanTokens(first, (span) => HEAD_KINDS.has(span.kind)) : 0,
      inheritedTokens: first ? spanTokens(first, (span) => span.inherited === true) : 0,
      break: childBreak(parentLog, parentIndex, log),
    } as const;
    breaks.set(session.id, { parentIndex, break: row.break });
    return { ...row, verdict: verdictOf(row) };
  });

  const requests = tree.sessions.flatMap((session) => session.requests);
  const prices = policy.pricesFor(root.requests[0]?.route.model ?? '');
  return {
    directory,
    tree: treeWithChildCauses(tree, breaks),
    parent: {
      file: path.basename(root.file),
      requests: root.requests.length,
      tokens: root.requests.reduce((total, request) => total + request.tokens, 0),
      reused: root.requests.reduce((total, request) => total + request.predicted.cacheRead, 0),
    },
    children,
    cost: {
      currency: prices.currency,
      predicted: requests.reduce((total, request) => total + request.cost.predicted, 0),
      withoutCache: requests.reduce((total, request) => total + costOf({ uncached: request.tokens, cacheRead: 0, cacheWrite: 0 }, policy.pricesFor(request.route.model)), 0),
      prices: prices.source,
    },
  };
}
