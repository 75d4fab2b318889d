import { renderRequest, type MessagePart, type PrefixRequest, type RequestParts, type SystemPart, type ToolPart } from '../../prefix/index.js';
import { toolSchemaToChatWire, toSourcedChatMessages, type ChatWireMessage } from './chat-wire.js';
import { ownEventsStart } from './delegation-call.js';
import type { HeadPins } from './head-pins.js';
import type { SessionLog } from './read-session-log.js';
import { requestHeadAt, type RequestHead } from './request-head.js';
import { projectSurface, surfaceMessage, type SurfaceEntry } from './surface.js';

/** Options of `reconstructRequest`. */
export interface ReconstructRequestOptions {
  /** The point of the log (inclusive seq) whose request to rebuild; default: the end of the log. */
  readonly through?: number;
  /** Values for the fixture placeholders `{{system}}` / `{{tools}}` (see `loadHeadPins`). */
  readonly pins?: HeadPins;
  /**
   * Seq from which the first `user/message` on the surface is the child's task (segment kind
   * `task`). Default: for a child log (header `parentSession`), its first own event; otherwise none.
   * `null` marks no task.
   */
  readonly taskFrom?: number | null;
  /**
   * Cuts the rendered system prompt into its sections. A log records the prompt as one text, so by
   * default it is one `system` segment; a caller that knows the host's section boundaries passes them
   * here so that the segments line up with requests assembled section by section (the bytes, and so
   * the byte-level comparison, are the same either way).
   */
  readonly systemParts?: (system: string) => readonly SystemPart[];
}

/** A request rebuilt from a session log. */
export interface ReconstructedRequest {
  readonly head: RequestHead;
  /** The model-visible history it carried. */
  readonly surface: readonly SurfaceEntry[];
  /** `system` (when any) and the history, as chat wire messages. */
  readonly messages: readonly ChatWireMessage[];
  readonly parts: RequestParts;
  /** The prefix-engine request, in the `chat` layout (DeepSeek / OpenAI chat completions). */
  readonly request: PrefixRequest;
}

/** A request rebuilt from a session log, not yet rendered (for callers that render it their own way). */
export type ReconstructedRequestParts = Omit<ReconstructedRequest, 'request'>;

/**
 * Rebuilds the request a session sent at a point of its log: the latest `request/header` at or
 * before that point (placeholders filled from the pins) plus the surface as it was there, rendered
 * by the prefix engine in the chat layout with the route from the header's config.
 *
 * A request is dispatched after its step's `request/header` and user messages and before the step's
 * first model output, so the point of a step's request is the seq just before that output (see
 * `modelRequestPoints`).
 */
export function reconstructRequest(log: SessionLog, options: ReconstructRequestOptions = {}): ReconstructedRequest {
  const reconstructed = reconstructRequestParts(log, options);
  return { ...reconstructed, request: renderRequest(reconstructed.head.route, 'chat', reconstructed.parts) };
}

/**
 * `reconstructRequest` without the rendering: the head, surface, wire messages and parts. A caller
 * that renders for another server's template (DeepSeek V4's) skips hashing the chat layout.
 */
export function reconstructRequestParts(log: SessionLog, options: ReconstructRequestOptions = {}): ReconstructedRequestParts {
  const through = options.through ?? log.length - 1;
  const head = requestHeadAt(log, through, options.pins);
  const surface = projectSurface(log.events, { through, source: log.source });

  const taskFrom = options.taskFrom === undefined ? (log.header.parentSession === undefined ? null : ownEventsStart(log)) : options.taskFrom;
  const taskEntry = taskFrom === null ? undefined : surface.find((entry) => entry.seq >= taskFrom && entry.event.type === 'user/message');

  const sourced = toSourcedChatMessages(surface.map((entry) => surfaceMessage(entry.event)));
  // The task segment is the first wire message of the child's first own user message.
  const taskSource = taskEntry === undefined ? -1 : surface.indexOf(taskEntry);
  const taskWire = taskSource === -1 ? -1 : sourced.findIndex((entry) => entry.source === taskSource);
  const messages = sourced.map((entry) => entry.message);
  const messageParts: MessagePart[] = sourced.map((entry, index) => ({
    name: `message[${index}]:${entry.message.role}`,
    role: entry.message.role,
    wire: entry.message,
    ...(index === taskWire ? { kind: 'task' as const } : {}),
  }));
  const tools: ToolPart[] = head.tools.map((tool) => ({ name: tool.name, schema: toolSchemaToChatWire(tool) }));
  const parts: RequestParts = {
    system: head.system === undefined ? [] : (options.systemParts?.(head.system) ?? [{ name: 'system', text: head.system }]),
    tools,
    messages: messageParts,
  };
  const systemMessages: ChatWireMessage[] = head.system === undefined ? [] : [{ role: 'system', content: head.system }];
  return { head, surface, messages: [...systemMessages, ...messages], parts };
}
