import { surfaceToChatMessages, toolSchemaToChatWire, type ChatWireMessage, type ChatWireTool } from './chat-wire.js';
import type { SessionLog } from './read-session-log.js';
import type { ReconstructRequestOptions } from './reconstruct-request.js';
import { requestHeadAt } from './request-head.js';
import { projectSurface, surfaceMessage } from './surface.js';

/**
 * A DeepSeek chat completions request body as DSH's DeepSeek adapter sends it (corpus/dsh/readmes/
 * packages/llm/llm-deepseek/README.md): streaming only, with usage always requested.
 */
export interface ChatRequestBody {
  readonly model: string;
  /** The system message (when the head has a prompt), then the model-visible history. */
  readonly messages: readonly ChatWireMessage[];
  /**
   * The head's tool schemas in wire order. Empty when the head has none: the corpus does not show
   * whether DSH's serializer then omits the field, and an empty list renders no segment either way.
   */
  readonly tools: readonly ChatWireTool[];
  readonly stream: true;
  readonly stream_options: { readonly include_usage: true };
}

/** Options of `chatRequestBody`: the point of the log and the pins, as for `reconstructRequest`. */
export type ChatRequestBodyOptions = Pick<ReconstructRequestOptions, 'through' | 'pins'>;

/**
 * The chat completions body a session sent at a point of its log (a `ModelRequestPoint`'s `through`;
 * default: the end of the log): the latest `request/header` there with its placeholders filled from
 * the pins, and the surface as it was there, converted exactly as `reconstructRequest` converts them.
 *
 * A reconstruction, not a capture: DSH logs what the model saw, not the bytes it sent. Sampling
 * fields the header's config may carry (`max_tokens`, `reasoning_effort`) are left out: they are not
 * part of the cached prefix, and the body is for prefix analysis and the bundled examples.
 */
export function chatRequestBody(log: SessionLog, options: ChatRequestBodyOptions = {}): ChatRequestBody {
  const through = options.through ?? log.length - 1;
  const head = requestHeadAt(log, through, options.pins);
  const surface = projectSurface(log.events, { through, source: log.source });
  const system: ChatWireMessage[] = head.system === undefined ? [] : [{ role: 'system', content: head.system }];
  return {
    model: head.route.model,
    messages: [...system, ...surfaceToChatMessages(surface.map((entry) => surfaceMessage(entry.event)))],
    tools: head.tools.map(toolSchemaToChatWire),
    stream: true,
    stream_options: { include_usage: true },
  };
}
