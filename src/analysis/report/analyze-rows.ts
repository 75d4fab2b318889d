import type { TreeLabel } from '../analyze/roll-up.js';
import { providerSuffix } from '../self-check/cause-agreement.js';
import type { RequestAnalysis, SessionAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';
import { count } from './text-format.js';

/** The columns of a request row, shared by the text and Markdown tables. */
export const REQUEST_COLUMNS = ['#', 'route', 'tokens', 'predicted read', 'predicted written', 'predicted uncached', 'observed read', 'observed written', 'observed uncached', 'cause'] as const;

/** Columns whose cells are numbers (right-aligned). */
export const NUMERIC_COLUMNS = new Set([2, 3, 4, 5, 6, 7, 8]);

/** "2,816" or "2,816–3,072" when the prediction is a range. */
function predictedRead(request: RequestAnalysis): string {
  const [low, high] = request.predicted.cacheReadRange;
  return low === high ? count(request.predicted.cacheRead) : `${count(low)}–${count(high)}`;
}

/** "extension", "task*" (inferred), "—" for none. */
export function causeCell(request: RequestAnalysis): string {
  if (request.divergence === null) return request.index === 0 ? 'first' : 'identical';
  return `${request.divergence.cause}${request.divergence.inferred ? '*' : ''}`;
}

/** The cells of one request row. */
export function requestCells(request: RequestAnalysis): string[] {
  return [
    String(request.index),
    `${request.route.provider}/${request.route.model}`,
    count(request.tokens),
    predictedRead(request),
    count(request.predicted.cacheWrite),
    count(request.predicted.uncached),
    request.observed ? count(request.observed.cacheRead) : '—',
    request.observed ? count(request.observed.cacheWrite) : '—',
    request.observed ? count(request.observed.uncached) : '—',
    // The provider's own diagnosis, where its response carried one, beside the predicted cause: never hidden.
    `${causeCell(request)}${providerSuffix(request)}`,
  ];
}

/** "session.1.jsonl (child of abc, seed 42)" */
export function sessionTitle(session: SessionAnalysis): string {
  const lineage = [session.parentSession ? `child of ${session.parentSession}` : '', session.seedLength !== null ? `seed ${count(session.seedLength)} events` : ''].filter(Boolean).join(', ');
  return `${session.file}${lineage ? ` (${lineage})` : ''}`;
}

/** One line per divergence: "#3 extension: the child only appends …" (against another session named). */
export function divergenceLines(session: SessionAnalysis): string[] {
  return session.requests.flatMap((request) => {
    const divergence = request.divergence;
    if (!divergence) return [];
    const against = divergence.against && divergence.against.session !== session.file && divergence.against.session !== session.id ? ` (against ${divergence.against.session} #${divergence.against.index})` : '';
    const provider = providerSuffix(request);
    return [`#${request.index} ${divergence.cause}${divergence.inferred ? ' (inferred)' : ''}${against}: ${divergence.detail}${provider === '' ? '' : ` [${provider.trim()}]`}`];
  });
}

/**
 * "/Users/me/app — Fix the release script (3f2a…jsonl, 2 subagents)": project and title where
 * known, the root file, its children. Only sessions started by a parent are subagents; sessions side
 * by side (a watch record's routes after a model switch, request files, runs) are counted as sessions.
 */
export function treeTitle(tree: SessionTreeAnalysis, label: TreeLabel | undefined): string {
  const root = tree.sessions[0];
  const children = tree.sessions.filter((session) => session.parentSession !== null).length;
  const sideBySide = tree.sessions.length - children;
  const counted = children > 0 ? `, ${children} subagent${children === 1 ? '' : 's'}` : sideBySide > 1 ? `, ${sideBySide} sessions` : '';
  const file = `${root?.file ?? '(empty)'}${counted}`;
  const name = [label?.project, label?.title].filter((part): part is string => typeof part === 'string' && part !== '').join(' — ');
  return name === '' ? file : `${name} (${file})`;
}

/** "anthropic/claude-opus-4-5, anthropic/claude-haiku-4-5": the routes a tree's requests went to, in order of first use. */
export function treeRoutes(tree: SessionTreeAnalysis): string {
  const routes = new Set<string>();
  for (const session of tree.sessions) for (const request of session.requests) routes.add(`${request.route.provider}/${request.route.model}`);
  return routes.size === 0 ? 'no requests' : [...routes].join(', ');
}
