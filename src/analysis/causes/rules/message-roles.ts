import type { PrefixRequest, Segment } from '../../../prefix/index.js';
import { RUNTIME_CONTEXT_PREAMBLE } from '../../../providers/runtime/head/dsh-texts.js';

const MESSAGE_KINDS = new Set(['message', 'task']);

/** The text a message segment opens with: its string content, or its first text part. */
function openingText(segment: Segment): string | undefined {
  try {
    const wire = JSON.parse(segment.text) as { content?: unknown };
    if (typeof wire.content === 'string') return wire.content;
    if (Array.isArray(wire.content)) {
      const part = wire.content.find((item): item is { text: string } => typeof item === 'object' && item !== null && typeof (item as { text?: unknown }).text === 'string');
      return part?.text;
    }
  } catch {
    // A segment that is not JSON is not a wire message this rule knows.
  }
  return undefined;
}

/**
 * DSH's loop places a runtime-context snapshot (cwd, date, delegation context) in history as a user
 * message right after the step's input; it opens with a fixed preamble.
 */
export function isRuntimeContext(segment: Segment): boolean {
  return segment.meta?.role === 'user' && openingText(segment)?.startsWith(RUNTIME_CONTEXT_PREAMBLE) === true;
}

/**
 * Whether a message segment is its request's task. Readers and the driver mark it (kind `task`);
 * when a request marks none, it is the first message of the final run of user messages, runtime
 * context snapshots aside (a host appends those right after the task).
 */
export function isTask(request: PrefixRequest, segment: Segment): boolean {
  if (segment.kind === 'task') return true;
  const segments = request.segments;
  if (segments.some((candidate) => candidate.kind === 'task')) return false;
  let index = segments.length - 1;
  while (index >= 0 && (segments[index]!.meta?.role !== 'user' || isRuntimeContext(segments[index]!))) index--;
  while (index > 0 && segments[index - 1]!.meta?.role === 'user' && !isRuntimeContext(segments[index - 1]!)) index--;
  return index >= 0 && MESSAGE_KINDS.has(segments[index]!.kind) && segments[index] === segment;
}

/** The message segments at the divergence, on each side (undefined where that side has ended). */
export function messagesAt(parent: PrefixRequest, child: PrefixRequest, at: { parent: { index: number } | null; child: { index: number } | null }) {
  return { parent: at.parent ? parent.segments[at.parent.index] : undefined, child: at.child ? child.segments[at.child.index] : undefined };
}
