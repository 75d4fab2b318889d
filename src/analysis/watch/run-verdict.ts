import { groupDigits } from '../../prefix/group-digits.js';
import { HEAD_CAUSES, UNBROKEN_CAUSES } from '../causes/cause-catalog.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';

/** `--fail-on`: what makes a recorded run fail. */
export type FailOn = 'lost-head' | 'any-break';

/** Every choice, in the order `--fail-on` lists them. */
export const FAIL_ON_CHOICES = ['lost-head', 'any-break'] as const satisfies readonly FailOn[];

/** One request that fails the run. */
export interface RunBreak {
  readonly file: string;
  readonly session: string;
  readonly index: number;
  readonly time: string | null;
  readonly cause: string;
  readonly detail: string;
  /** The segment where it broke, on this request's side (null when this request ended first). */
  readonly segment: { readonly kind: string; readonly name: string } | null;
  /** The earlier request it was compared with. */
  readonly against: { readonly session: string; readonly index: number } | null;
  /** Input tokens predicted to be prefilled again or written (not read from the cache). */
  readonly prefilled: number;
}

/** The verdict on recorded runs: failed when any request broke as `failOn` says, in a cause not allowed. */
export interface RunVerdict {
  readonly failOn: FailOn;
  readonly failed: boolean;
  readonly breaks: readonly RunBreak[];
  /** Requests checked. */
  readonly requests: number;
  /** Causes accepted as expected (`--allow CAUSE`): their breaks fail nothing. */
  readonly allowed: readonly string[];
  /** Breaks left out because their cause is allowed. */
  readonly allowedBreaks: number;
}

/** True when a divergence with this cause fails under `failOn` (before `--allow`). */
export function breaksUnder(cause: string, failOn: FailOn): boolean {
  // The head causes are the ones `guard` checks on a composition (a child whose head differs from its
  // parent's loses all inherited history), here on traffic.
  return failOn === 'lost-head' ? HEAD_CAUSES.has(cause) : !UNBROKEN_CAUSES.has(cause);
}

/**
 * Checks analysed runs (a watch record, DSH session trees, transcripts, cassettes) against
 * `--fail-on`: `lost-head` fails on a request whose divergence from the earlier request it reuses
 * most lies in the head; `any-break` on any divergence but a repeat, an extension or a task, and so
 * also on an idle gap past the TTL (cause `ttl`: the request extends one whose entry expired).
 */
export function runVerdict(trees: readonly SessionTreeAnalysis[], failOn: FailOn, allow: readonly string[] = []): RunVerdict {
  const breaks: RunBreak[] = [];
  const allowed = new Set(allow);
  let allowedBreaks = 0;
  let requests = 0;
  for (const tree of trees) {
    for (const session of tree.sessions) {
      for (const request of session.requests) {
        requests++;
        const divergence = request.divergence;
        if (!divergence || !breaksUnder(divergence.cause, failOn)) continue;
        if (allowed.has(divergence.cause)) {
          allowedBreaks++;
          continue;
        }
        breaks.push({
          file: session.file,
          session: session.id,
          index: request.index,
          time: request.time,
          cause: divergence.cause,
          detail: divergence.detail,
          segment: divergence.kind !== null && divergence.name !== null ? { kind: divergence.kind, name: divergence.name } : null,
          against: divergence.against,
          prefilled: request.predicted.uncached + request.predicted.cacheWrite,
        });
      }
    }
  }
  return { failOn, failed: breaks.length > 0, breaks, requests, allowed: [...allowed], allowedBreaks };
}

const WHAT: Readonly<Record<FailOn, string>> = { 'lost-head': 'lost its cached head', 'any-break': 'broke the cached prefix' };

/** The verdict as lines for stderr: one per failing request, naming it and the cause, or one line saying the run passed. */
export function renderRunVerdict(verdict: RunVerdict): string {
  const allowed = verdict.allowedBreaks > 0 ? `; ${groupDigits(verdict.allowedBreaks)} allowed (--allow ${verdict.allowed.join(', ')})` : '';
  if (!verdict.failed) return `--fail-on ${verdict.failOn}: passed, no request ${WHAT[verdict.failOn]} (${groupDigits(verdict.requests)} requests${allowed})\n`;
  const lines = verdict.breaks.map((found) => {
    const where = found.segment ? ` at ${found.segment.kind} '${found.segment.name}'` : '';
    const against = found.against ? ` (against ${found.against.session} request ${found.against.index})` : '';
    const when = found.time ? ` ${found.time}` : '';
    return `  ${found.file} ${found.session} request ${found.index}${when}: ${found.cause}${where}: ${found.detail}${against}; ${groupDigits(found.prefilled)} tokens prefilled`;
  });
  return `--fail-on ${verdict.failOn}: failed, ${verdict.breaks.length} request${verdict.breaks.length === 1 ? '' : 's'} ${WHAT[verdict.failOn]}${allowed}:\n${lines.join('\n')}\n`;
}

/** The verdict on one `diff`: the child breaks the parent's cached prefix as `failOn` says, in a cause not allowed. */
export interface DiffVerdict {
  readonly failOn: FailOn;
  readonly failed: boolean;
  /** The break, when there is one that fails; also set when its cause is allowed (`allowed: true`). */
  readonly cause: string | null;
  readonly allowed: boolean;
}

/** Checks a diff's divergence (null: the child repeats or extends the parent) against `--fail-on` and `--allow`. */
export function diffVerdict(divergence: { readonly cause: string } | null, failOn: FailOn, allow: readonly string[] = []): DiffVerdict {
  const cause = divergence?.cause ?? null;
  if (cause === null || !breaksUnder(cause, failOn)) return { failOn, failed: false, cause: null, allowed: false };
  const allowed = allow.includes(cause);
  return { failOn, failed: !allowed, cause, allowed };
}

/** The diff verdict as one line for stderr. */
export function renderDiffVerdict(verdict: DiffVerdict, where: string): string {
  if (verdict.cause === null) return `--fail-on ${verdict.failOn}: passed, the child does not ${WHAT[verdict.failOn].replace(/^lost its/, 'lose its').replace(/^broke/, 'break')}\n`;
  if (verdict.allowed) return `--fail-on ${verdict.failOn}: passed, the break (${verdict.cause}${where}) is allowed (--allow ${verdict.cause})\n`;
  return `--fail-on ${verdict.failOn}: failed, the child ${WHAT[verdict.failOn]}: ${verdict.cause}${where}\n`;
}
