import { Segment, type PrefixRequest, type RequestParts, type RouteKey, type SegmentInput } from '../../prefix/index.js';
import { BuiltSegments } from './built-segments.js';
import { RenderedConversations } from './rendered-conversations.js';
import { RenderedHeads } from './rendered-heads.js';
import { RenderedMessages } from './rendered-messages.js';
import { reasoningEffortPreamble } from './reasoning-effort.js';
import { sameJson } from './same-json.js';
import { toStandIns, V4_TEMPLATE_TOKENS } from './special-tokens.js';
import { toolSchemaLine } from './tool-schema-line.js';
import { TOOLS_BLOCK_CLOSING, TOOLS_BLOCK_OPENING } from './tools-block.js';
import { renderAssistantTurn, type ChatAssistantMessage } from './v4-conversation.js';

const { bos } = V4_TEMPLATE_TOKENS;

export type { ChatAssistantMessage } from './v4-conversation.js';
export { renderAssistantTurn } from './v4-conversation.js';

/*
 * A chat request as DeepSeek's V4 server renders it before tokenizing (the model's
 * `encoding/encoding_dsv4.py`, `encode_messages` in thinking mode, or chat mode when thinking is off; corpus/../DESIGN.md "DeepSeek,
 * as the recorded usage shows"):
 *
 *   BOS, the system prompt, a blank line and the "## Tools" block;
 *   then the conversation, user turns and assistant turns (v4-conversation.ts).
 *
 * One segment per system section, per tool line, and per wire message, named as the request parts
 * name them, so comparisons point at the same things as on the chat layout.
 */

/**
 * One tool's line of the tools block, memoised: a replay renders the same pinned schemas into every
 * request, and their JSON line is the costly part of rendering. Within one log the schema
 * objects are the same (looked up by identity). Across logs each log's pins are parsed afresh into
 * equal objects: they are found by name and compared by walking them, which costs a fraction of
 * `JSON.stringify` (a first request per log stringified its ~25 KB of schemas just to look them up).
 */
class ToolLines {
  readonly #byObject = new WeakMap<object, { readonly name: unknown; readonly description: unknown; readonly line: string }>();
  readonly #byName = new Map<unknown, { readonly fn: unknown; readonly line: string }[]>();
  #size = 0;

  line(schema: unknown): string {
    const fn = ((schema as { function?: unknown }).function ?? schema) as { name?: unknown; description?: unknown; parameters?: unknown };
    const parameters = typeof fn.parameters === 'object' && fn.parameters !== null ? fn.parameters : undefined;
    const known = parameters ? this.#byObject.get(parameters) : undefined;
    // Strings from the same pin are the same string objects, so these comparisons are cheap.
    if (known && known.name === fn.name && known.description === fn.description) return known.line;
    let line = this.#byName.get(fn.name)?.find((candidate) => sameJson(candidate.fn, fn))?.line;
    if (line === undefined) {
      line = toStandIns(toolSchemaLine(fn));
      if (this.#size >= TOOL_LINES_KEPT) {
        this.#byName.clear();
        this.#size = 0;
      }
      // The schema object itself is kept: equal content renders to this line whatever object holds it.
      const lines = this.#byName.get(fn.name) ?? [];
      lines.push({ fn, line });
      this.#byName.set(fn.name, lines);
      this.#size++;
    }
    if (parameters) this.#byObject.set(parameters, { name: fn.name, description: fn.description, line });
    return line;
  }
}

/** Distinct tool schemas a renderer remembers (oldest first out). */
const TOOL_LINES_KEPT = 4096;

/** How the server was asked to render a request beyond its parts. */
export interface DeepSeekV4RenderOptions {
  /** The request's `reasoning_effort` (`max` writes an instruction after BOS; see reasoning-effort.ts). */
  readonly reasoningEffort?: string | undefined;
  /** False for `thinking: {type: "disabled"}`: chat mode, no effort instruction (request-settings.ts). Default true. */
  readonly thinking?: boolean | undefined;
}

/** The instruction before the system prompt: only thinking mode writes one. */
function preambleOf(options: DeepSeekV4RenderOptions): string {
  return options.thinking === false ? '' : reasoningEffortPreamble(options.reasoningEffort);
}

/** Segment inputs of the head: BOS (with the reasoning-effort instruction, if any) and the system sections, then the tools block (one segment per tool line). */
function headInputs(parts: RequestParts, tools: ToolLines, options: DeepSeekV4RenderOptions): SegmentInput[] {
  const inputs: SegmentInput[] = [];
  const preamble = preambleOf(options);
  if (preamble !== '') inputs.push({ kind: 'system', name: 'reasoning-effort', content: `${bos.mark}${preamble}` });
  const sections = parts.system.filter((section) => section.text !== '');
  if (sections.length === 0 && preamble === '') inputs.push({ kind: 'system', name: 'system', content: bos.mark });
  sections.forEach((section, index) => {
    inputs.push({ kind: section.kind ?? 'system', name: section.name, content: `${index > 0 ? '\n\n' : preamble === '' ? bos.mark : ''}${toStandIns(section.text)}` });
  });
  parts.tools.forEach((tool, index) => {
    inputs.push({ kind: 'tool', name: tool.name, content: `${index === 0 ? TOOLS_BLOCK_OPENING : '\n'}${tools.line(tool.schema)}${index === parts.tools.length - 1 ? TOOLS_BLOCK_CLOSING : ''}` });
  });
  return inputs;
}

/**
 * Renders chat requests as DeepSeek V4's server does (see `renderDeepSeekV4`), remembering the tool
 * lines and the segments it has built (a request that repeats an earlier one's head and history
 * gets the same segment objects back, only its new segments are hashed) and the conversations it
 * rendered (a request whose message parts extend an earlier one's renders only what changed): hold
 * one for as long as you render requests of the same hosts.
 */
export class DeepSeekV4Renderer {
  readonly #tools = new ToolLines();
  readonly #segments = new BuiltSegments();
  readonly #heads = new RenderedHeads();
  readonly #messages = new RenderedMessages();
  readonly #conversations = new RenderedConversations();

  render(route: RouteKey, parts: RequestParts, options: DeepSeekV4RenderOptions = {}): PrefixRequest {
    const routeSeed = this.#segments.routeSeed(route);
    const preamble = preambleOf(options);
    let head = this.#heads.find(routeSeed, parts.system, parts.tools, preamble);
    if (head === undefined) {
      head = this.#segments.chain(routeSeed, headInputs(parts, this.#tools, options));
      this.#heads.remember(routeSeed, parts.system, parts.tools, head, preamble);
    }
    const segments = this.#conversations.segments(head, head.at(-1)?.prefixHash ?? routeSeed, parts.messages, this.#messages, this.#segments, options.thinking !== false);
    return { route, layout: 'chat', segments, routeSeed };
  }

  /** `withGeneratedResponse`, reusing the response segment when the same response followed the same prompt before. */
  withResponse(request: PrefixRequest, response: ChatAssistantMessage, options: DeepSeekV4RenderOptions = {}): PrefixRequest {
    return { ...request, segments: request.segments.concat(this.#segments.segment(responseInput(response, options), request.segments.at(-1)?.prefixHash ?? request.routeSeed)) };
  }
}

/**
 * Renders a chat request (its parts as `reconstructRequest` builds them, with each message part's
 * `wire` a chat wire message) as DeepSeek V4's server does, cut into hashed segments. Count its
 * tokens with `DeepSeekV4Tokenizer`.
 */
export function renderDeepSeekV4(route: RouteKey, parts: RequestParts, options: DeepSeekV4RenderOptions = {}): PrefixRequest {
  return new DeepSeekV4Renderer().render(route, parts, options);
}

/**
 * The sequence the server holds after answering `request` with `response`: the prompt (which ends
 * in `<think>`) followed by the generated reasoning, `</think>`, content, tool calls and EOS. The
 * request's segments are shared, not copied.
 */
export function withGeneratedResponse(request: PrefixRequest, response: ChatAssistantMessage, options: DeepSeekV4RenderOptions = {}): PrefixRequest {
  const segment = new Segment(responseInput(response, options), request.segments.at(-1)?.prefixHash ?? request.routeSeed);
  return { ...request, segments: request.segments.concat(segment) };
}

/** The generated response: in thinking mode its reasoning and </think> first (the prompt ended in <think>); in chat mode the prompt ended in </think>. */
function responseInput(response: ChatAssistantMessage, options: DeepSeekV4RenderOptions): SegmentInput {
  return { kind: 'message', name: 'response', content: toStandIns(renderAssistantTurn(response, options.thinking !== false)), meta: { role: 'assistant' } };
}
