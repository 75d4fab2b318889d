import { SubagentError } from './subagent-error.js';

/** DSH's default absolute delegation-depth cap of the delegation tool (tool-subagent README, `maxDepth`). */
export const DEFAULT_MAX_DEPTH = 3;

/** Rejects a `maxDepth` that is not a non-negative safe integer (DSH `assertSubagentMaxDepth`). */
export function assertMaxDepth(maxDepth: number): void {
  if (!Number.isSafeInteger(maxDepth) || maxDepth < 0) {
    throw new SubagentError('subagent/bad-max-depth', `maxDepth must be a non-negative safe integer, got ${String(maxDepth)}`);
  }
}

/**
 * The depth of a new child: its parent's persisted depth plus one, checked against an optional
 * absolute cap. The messages are the ones the parent model reads (subagent-in-process-driver README,
 * "Parent start error, indirectly"; `subagent-depth-two-rejection` records
 * `Error: subagent depth 3 exceeds maxDepth 2`).
 */
export function childDepth(parentDepth: unknown, maxDepth: number | undefined): number {
  if (typeof parentDepth !== 'number' || !Number.isSafeInteger(parentDepth) || parentDepth < 0) {
    throw new SubagentError('subagent/bad-depth', 'agent subagentDepth must be a non-negative safe integer');
  }
  const depth = parentDepth + 1;
  if (!Number.isSafeInteger(depth)) throw new SubagentError('subagent/depth-overflow', 'subagent child depth exceeds the safe-integer range');
  if (maxDepth !== undefined) {
    assertMaxDepth(maxDepth);
    if (depth > maxDepth) throw new SubagentError('subagent/depth-exceeded', `subagent depth ${depth} exceeds maxDepth ${maxDepth}`);
  }
  return depth;
}
