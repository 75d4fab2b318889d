import type { Divergence, PrefixRequest, Segment } from '../../prefix/index.js';

/**
 * Why a child request stops sharing its parent's prefix. With only wire bodies the cause is inferred
 * from what differs (this module); with the host's scope the analysis layer attributes it exactly.
 */
export type DivergenceCause =
  | 'route'
  | 'persona'
  | 'tool-filter'
  | 'sdk'
  | 'report-tool'
  | 'output-contract'
  | 'system'
  | 'tools'
  | 'history'
  | 'task';

/** Every cause, for validation and tables. */
export const DIVERGENCE_CAUSES = ['route', 'persona', 'tool-filter', 'sdk', 'report-tool', 'output-contract', 'system', 'tools', 'history', 'task'] as const satisfies readonly DivergenceCause[];

/** The child-only tools whose presence in the head names the cause (DESIGN.md, providers). */
const CHILD_ONLY_TOOLS = [
  { tool: 'report', cause: 'report-tool' },
  { tool: 'structured_output', cause: 'output-contract' },
] as const satisfies readonly { tool: string; cause: DivergenceCause }[];

function toolNames(request: PrefixRequest): string[] {
  return request.segments.filter((segment) => segment.kind === 'tool').map((segment) => segment.name);
}

/**
 * Whether a message segment is the request's task. Readers and the driver mark it (kind `task`);
 * when a request marks none, the task is the first message of the final run of user messages (hosts
 * append context such as DSH's runtime-context snapshot right after the task).
 */
function isTaskMessage(request: PrefixRequest, segment: Segment): boolean {
  if (segment.kind === 'task') return true;
  if (request.segments.some((candidate) => candidate.kind === 'task')) return false;
  let index = request.segments.length - 1;
  while (index >= 0 && request.segments[index]!.meta?.role !== 'user') index--;
  while (index > 0 && request.segments[index - 1]!.meta?.role === 'user') index--;
  return index >= 0 && request.segments[index] === segment;
}

/**
 * The segment a cause is read from: the parent's at the divergence, or the child's where the parent
 * has ended (the child only appends).
 */
export function leadingSegment(parent: PrefixRequest, child: PrefixRequest, divergence: Divergence): { segment: Segment; side: 'parent' | 'child' } {
  const segment = divergence.parent ? parent.segments[divergence.parent.index] : divergence.child ? child.segments[divergence.child.index] : undefined;
  if (!segment) throw new RangeError(`divergence at byte ${divergence.byteOffset} names no segment of either request`);
  return { segment, side: divergence.parent ? 'parent' : 'child' };
}

/**
 * Infers the cause of a divergence from the two requests and the engine's description of where they
 * differ. Returns the cause and the name the cause is about: the first removed tool for
 * `tool-filter`, the added tool for `report-tool` / `output-contract`, otherwise the leading
 * segment's own name.
 */
export function inferCause(parent: PrefixRequest, child: PrefixRequest, divergence: Divergence): { cause: DivergenceCause; name: string } {
  const at = leadingSegment(parent, child, divergence);
  if (divergence.routeDiffers) return { cause: 'route', name: at.segment.name };
  const { segment } = at;
  if (segment.kind === 'message' || segment.kind === 'task') {
    const owner = at.side === 'parent' ? parent : child;
    return { cause: isTaskMessage(owner, segment) ? 'task' : 'history', name: segment.name };
  }
  // The divergence is in the request head (system text, SDK block or tool schemas).
  const parentTools = toolNames(parent);
  const childTools = toolNames(child);
  const parentSet = new Set(parentTools);
  const childSet = new Set(childTools);
  const added = childTools.filter((name) => !parentSet.has(name));
  const removed = parentTools.filter((name) => !childSet.has(name));
  for (const { tool, cause } of CHILD_ONLY_TOOLS) {
    if (added.includes(tool)) return { cause, name: tool };
  }
  if (segment.kind === 'sdk') return { cause: 'sdk', name: segment.name };
  if (segment.kind === 'tool') {
    if (added.length === 0 && removed.length > 0) return { cause: 'tool-filter', name: removed[0]! };
    return { cause: 'tools', name: segment.name };
  }
  return { cause: 'system', name: segment.name };
}
