import type { ChatWireMessage } from '../../providers/index.js';
import { Segment, type MessagePart, type PrefixRequest, type RequestParts, type RouteKey, type SegmentInput } from '../../prefix/index.js';
import { BuiltSegments } from './built-segments.js';
import { pythonJson } from './python-json.js';
import { RenderedHeads } from './rendered-heads.js';
import { RenderedMessages, type MessageSource } from './rendered-messages.js';
import { sameJson } from './same-json.js';
import { toStandIns, V4_TEMPLATE_TOKENS } from './special-tokens.js';
import { TOOLS_BLOCK_CLOSING, TOOLS_BLOCK_OPENING } from './tools-block.js';

const { bos, eos, user, assistant, thinkOpen, thinkClose, dsml } = V4_TEMPLATE_TOKENS;

/** An assistant message on the chat wire (with `reasoning_content` when the turn carried reasoning). */
export type ChatAssistantMessage = Extract<ChatWireMessage, { role: 'assistant' }>;

/*
 * A chat request as DeepSeek's V4 server renders it before tokenizing (the model's
 * `encoding/encoding_dsv4.py`, `encode_messages` in thinking mode; corpus/../DESIGN.md "DeepSeek,
 * as the recorded usage shows"):
 *
 *   BOS, the system prompt, a blank line and the "## Tools" block;
 *   each run of user messages and tool results as ONE user turn: the User marker, then the parts
 *   joined by a blank line, each tool output wrapped in <tool_result>…</tool_result> (in the order
 *   of the calls that asked for them); after it the Assistant marker and <think> — or </think> when
 *   the turn lies before the last real user message;
 *   each assistant message: its reasoning and </think> (only after the last real user message:
 *   earlier reasoning is dropped), its content, its tool calls in DSML markup, then EOS.
 *
 * "Real" user message: one that is not a tool result. The published script computes the boundary
 * after merging tool results into user turns, which would drop reasoning inside a tool loop; the
 * recorded usage on deepseek-v4-flash shows it kept there (a tool loop's next request reads its
 * whole predecessor), so the boundary is the last message the user wrote.
 *
 * One segment per system section, per tool line, and per wire message, named as the request parts
 * name them, so comparisons point at the same things as on the chat layout.
 */

function userText(message: Extract<ChatWireMessage, { role: 'user' }>): string {
  if (typeof message.content === 'string') return message.content;
  // The V4 encoding has no image blocks; it writes a placeholder for any block it does not know.
  return message.content.map((part) => (part.type === 'text' ? part.text : '[Unsupported image_url]')).join('\n\n');
}

function dsmlArguments(raw: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const fields = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { arguments: raw };
  return Object.entries(fields)
    .map(([key, value]) => {
      const isString = typeof value === 'string';
      return `<${dsml.mark}parameter name="${key}" string="${isString}">${isString ? value : pythonJson(value)}</${dsml.mark}parameter>`;
    })
    .join('\n');
}

function dsmlToolCalls(message: ChatAssistantMessage): string {
  if (!message.tool_calls || message.tool_calls.length === 0) return '';
  const invokes = message.tool_calls.map((call) => `<${dsml.mark}invoke name="${call.function.name}">\n${dsmlArguments(call.function.arguments)}\n</${dsml.mark}invoke>`);
  return `\n\n<${dsml.mark}tool_calls>\n${invokes.join('\n')}\n</${dsml.mark}tool_calls>`;
}

/** An assistant turn; `keepReasoning` for turns after the last real user message and for a response being generated. */
export function renderAssistantTurn(message: ChatAssistantMessage, keepReasoning: boolean): string {
  const reasoning = keepReasoning ? `${message.reasoning_content ?? ''}${thinkClose.mark}` : '';
  return `${reasoning}${message.content}${dsmlToolCalls(message)}${eos.mark}`;
}

/** A block of the merged conversation: one assistant message, or a run of user and tool messages. */
interface Block {
  readonly role: 'user' | 'assistant';
  /** Indices into the wire messages, in rendering order. */
  readonly members: number[];
}

function mergeBlocks(messages: readonly ChatWireMessage[]): Block[] {
  const blocks: Block[] = [];
  for (const [index, message] of messages.entries()) {
    if (message.role === 'system') continue;
    const last = blocks.at(-1);
    if (message.role === 'assistant') blocks.push({ role: 'assistant', members: [index] });
    else if (last?.role === 'user') last.members.push(index);
    else blocks.push({ role: 'user', members: [index] });
  }
  return blocks;
}

/** Tool results of a user block in the order the preceding assistant called them (`sort_tool_results_by_call_order`). */
function sortByCallOrder(block: Block, messages: readonly ChatWireMessage[], callOrder: ReadonlyMap<string, number>): void {
  const toolSlots = block.members.filter((index) => messages[index]!.role === 'tool');
  if (toolSlots.length < 2 || callOrder.size === 0) return;
  const orderOf = (index: number) => {
    const message = messages[index]!;
    return message.role === 'tool' ? (callOrder.get(message.tool_call_id) ?? 0) : 0;
  };
  const sorted = [...toolSlots].sort((a, b) => orderOf(a) - orderOf(b));
  let next = 0;
  for (let position = 0; position < block.members.length; position++) {
    if (messages[block.members[position]!]!.role === 'tool') block.members[position] = sorted[next++]!;
  }
}

function memberText(message: ChatWireMessage): string {
  if (message.role === 'tool') return `<tool_result>${message.content}</tool_result>`;
  if (message.role === 'user') return userText(message);
  return '';
}

function segmentOf(part: MessagePart | undefined, fallbackName: string, content: string): SegmentInput {
  return { kind: part?.kind ?? 'message', name: part?.name ?? fallbackName, content, meta: { role: part?.role ?? 'user' } };
}

/** What `renderAssistantTurn` reads of a message: content, reasoning, and each call's name and arguments. */
function assistantSource(message: ChatAssistantMessage, keepReasoning: boolean): MessageSource {
  const calls = (message.tool_calls ?? []).flatMap((call) => [call.function.name, call.function.arguments]);
  return ['assistant', message.content, message.reasoning_content ?? '', message.reasoning_content !== undefined, keepReasoning, ...calls];
}

/**
 * Segment inputs of the conversation part of a V4 prompt (everything after the head), each text
 * with template-token text mapped to stand-ins (a `<think>` quoted in a message is the token the
 * server's tokenizer sees), looked up in `texts` when rendered before.
 */
function conversationInputs(messages: readonly ChatWireMessage[], parts: readonly MessagePart[], texts: RenderedMessages): SegmentInput[] {
  const blocks = mergeBlocks(messages);
  let lastReal = -1;
  blocks.forEach((block, index) => {
    if (block.role === 'user' && block.members.some((member) => messages[member]!.role === 'user')) lastReal = index;
  });
  const inputs: SegmentInput[] = [];
  let callOrder = new Map<string, number>();
  blocks.forEach((block, blockIndex) => {
    if (block.role === 'assistant') {
      const member = block.members[0]!;
      const message = messages[member] as ChatAssistantMessage;
      callOrder = new Map((message.tool_calls ?? []).map((call, order) => [call.id, order]));
      const keepReasoning = blockIndex > lastReal;
      const text = texts.text(assistantSource(message, keepReasoning), () => toStandIns(renderAssistantTurn(message, keepReasoning)));
      inputs.push(segmentOf(parts[member], `message[${member}]:assistant`, text));
      return;
    }
    sortByCallOrder(block, messages, callOrder);
    block.members.forEach((member, position) => {
      const message = messages[member]!;
      const opening = position === 0 ? user.mark : '\n\n';
      const closing = position === block.members.length - 1 ? `${assistant.mark}${blockIndex >= lastReal ? thinkOpen.mark : thinkClose.mark}` : '';
      const body = message.role === 'tool' ? message.content : message.role === 'user' ? userText(message) : '';
      const text = texts.text([message.role, body, opening, closing], () => toStandIns(`${opening}${memberText(message)}${closing}`));
      inputs.push(segmentOf(parts[member], `message[${member}]:${message.role}`, text));
    });
  });
  return inputs;
}

/**
 * One tool's line of the tools block, memoised: a replay renders the same pinned schemas into every
 * request, and their Python-style JSON is the costly part of rendering. Within one log the schema
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
      line = toStandIns(pythonJson(fn));
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

/** Segment inputs of the head: BOS and the system sections, then the tools block (one segment per tool line). */
function headInputs(parts: RequestParts, tools: ToolLines): SegmentInput[] {
  const inputs: SegmentInput[] = [];
  const sections = parts.system.filter((section) => section.text !== '');
  if (sections.length === 0) inputs.push({ kind: 'system', name: 'system', content: bos.mark });
  sections.forEach((section, index) => {
    inputs.push({ kind: section.kind ?? 'system', name: section.name, content: `${index === 0 ? bos.mark : '\n\n'}${toStandIns(section.text)}` });
  });
  parts.tools.forEach((tool, index) => {
    inputs.push({ kind: 'tool', name: tool.name, content: `${index === 0 ? TOOLS_BLOCK_OPENING : '\n'}${tools.line(tool.schema)}${index === parts.tools.length - 1 ? TOOLS_BLOCK_CLOSING : ''}` });
  });
  return inputs;
}

/**
 * Renders chat requests as DeepSeek V4's server does (see `renderDeepSeekV4`), remembering the tool
 * lines and the segments it has built (a request that repeats an earlier one's head and history
 * gets the same segment objects back, only its new segments are hashed): hold one for as long as
 * you render requests of the same hosts.
 */
export class DeepSeekV4Renderer {
  readonly #tools = new ToolLines();
  readonly #segments = new BuiltSegments();
  readonly #heads = new RenderedHeads();
  readonly #messages = new RenderedMessages();

  render(route: RouteKey, parts: RequestParts): PrefixRequest {
    const messages = parts.messages.map((part) => part.wire as ChatWireMessage);
    const conversation = conversationInputs(messages, parts.messages, this.#messages);
    const routeSeed = this.#segments.routeSeed(route);
    let head = this.#heads.find(routeSeed, parts.system, parts.tools);
    if (head === undefined) {
      head = this.#segments.chain(routeSeed, headInputs(parts, this.#tools));
      this.#heads.remember(routeSeed, parts.system, parts.tools, head);
    }
    return { route, layout: 'chat', segments: [...head, ...this.#segments.chain(head.at(-1)?.prefixHash ?? routeSeed, conversation)], routeSeed };
  }

  /** `withGeneratedResponse`, reusing the response segment when the same response followed the same prompt before. */
  withResponse(request: PrefixRequest, response: ChatAssistantMessage): PrefixRequest {
    return { ...request, segments: [...request.segments, this.#segments.segment(responseInput(response), request.segments.at(-1)?.prefixHash ?? request.routeSeed)] };
  }
}

/**
 * Renders a chat request (its parts as `reconstructRequest` builds them, with each message part's
 * `wire` a chat wire message) as DeepSeek V4's server does, cut into hashed segments. Count its
 * tokens with `DeepSeekV4Tokenizer`.
 */
export function renderDeepSeekV4(route: RouteKey, parts: RequestParts): PrefixRequest {
  return new DeepSeekV4Renderer().render(route, parts);
}

/**
 * The sequence the server holds after answering `request` with `response`: the prompt (which ends
 * in `<think>`) followed by the generated reasoning, `</think>`, content, tool calls and EOS. The
 * request's segments are shared, not copied.
 */
export function withGeneratedResponse(request: PrefixRequest, response: ChatAssistantMessage): PrefixRequest {
  const segment = new Segment(responseInput(response), request.segments.at(-1)?.prefixHash ?? request.routeSeed);
  return { ...request, segments: [...request.segments, segment] };
}

function responseInput(response: ChatAssistantMessage): SegmentInput {
  return { kind: 'message', name: 'response', content: toStandIns(renderAssistantTurn(response, true)), meta: { role: 'assistant' } };
}
