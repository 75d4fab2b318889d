import { comparePrefix, InputError, type PrefixRequest } from '../../prefix/index.js';
import { modelRequestPoints, reconstructRequest, splitRenderedPrompt, type SessionLog } from '../../providers/index.js';
import { attributeDivergence } from '../causes/attributed-divergence.js';
import type { DivergenceCause } from '../causes/divergence-cause.js';

/** Where a child's first request stops sharing the parent request it reuses, named by the host's sections. */
export interface ChildBreak {
  /** `head`: before any history (system sections, tools, SDK block); `history`: inside what it inherited; `own`: at its own part. */
  readonly where: 'head' | 'history' | 'own';
  /** Kind and name of the child's segment at the break (the parent's when the child ended first). */
  readonly kind: string;
  readonly name: string;
  readonly cause: DivergenceCause;
  /** The tool or section the cause is about (`report` for a continuable child's report tool). */
  readonly about: string;
  /** One sentence: what differs. */
  readonly text: string;
  /** True when the cause was inferred from bytes alone (the prompt was not cut into sections the rules know). */
  readonly inferred: boolean;
}

const HEAD_KINDS = new Set(['system', 'tool', 'sdk']);

/** The log's system prompt cut into DSH's sections when the catalogue recognises it; otherwise one part. */
function sectionParts(source: string) {
  return (system: string) => {
    try {
      return splitRenderedPrompt(system, source).map((section) => ({ name: section.name, text: section.text }));
    } catch (error) {
      if (error instanceof InputError) return [{ name: 'system', text: system }];
      throw error;
    }
  };
}

/** The request a log sent as its own request number `index` (a fork child's seeded steps are not its own). */
function ownRequest(log: SessionLog, index: number): PrefixRequest | null {
  const point = modelRequestPoints(log).filter((candidate) => !candidate.seeded)[index];
  return point ? reconstructRequest(log, { through: point.through, systemParts: sectionParts(log.source) }).request : null;
}

/**
 * Compares a child's first request with its parent's request number `parentIndex` in the chat layout,
 * the system prompt cut into the host's sections, so the break is named by section or tool (a DeepSeek
 * V4 rendering sends the prompt as one text, which names only `system`).
 */
export function childBreak(parent: SessionLog, parentIndex: number, child: SessionLog): ChildBreak | null {
  const parentRequest = ownRequest(parent, parentIndex);
  const childRequest = ownRequest(child, 0);
  if (!parentRequest || !childRequest) return null;
  const comparison = comparePrefix(parentRequest, childRequest);
  if (!comparison.divergence) return null;
  const attributed = attributeDivergence(parentRequest, childRequest, comparison.divergence);
  const childIndex = comparison.divergence.child?.index;
  const segment = childIndex === undefined ? parentRequest.segments[attributed.index]! : childRequest.segments[childIndex]!;
  // The child's task (its first own user message) starts its own part; messages before it are inherited.
  const task = childRequest.segments.findIndex((candidate) => candidate.kind === 'task');
  const where = HEAD_KINDS.has(attributed.kind) ? 'head' : childIndex !== undefined && task >= 0 && childIndex < task ? 'history' : 'own';
  // At the child's own part the child's segment says what it is (a spawn's first message is its task, not parent history).
  const cause: DivergenceCause = where === 'own' && segment.kind === 'task' ? 'task' : attributed.cause;
  return { where, kind: segment.kind, name: segment.name, cause, about: attributed.name, text: cause === attributed.cause ? attributed.detail : `its own part starts at its task '${segment.name}'`, inferred: attributed.inferred };
}
