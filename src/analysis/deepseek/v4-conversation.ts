import type { ChatWireMessage } from '../../providers/index.js';
import type { MessagePart, SegmentInput } from '../../prefix/index.js';
import { pythonJson } from './python-json.js';
import type { MessageSource, RenderedMessages } from './rendered-messages.js';
import { toStandIns, V4_TEMPLATE_TOKENS } from './special-tokens.js';

const { eos, user, assistant, thinkOpen, thinkClose, dsml } = V4_TEMPLATE_TOKENS;

/** An assistant message on the chat wire (with `reasoning_content` when the turn carried reasoning). */
export type ChatAssistantMessage = Extract<ChatWireMessage, { role: 'assistant' }>;

/*
 * The conversation part of a V4 prompt (everything after the head; see render-v4.ts for the whole):
 *
 *   each run of user messages and tool results as ONE user turn: the User marker, then the parts
 *   joined by a blank line, each tool output wrapped in <tool_result>…</tool_result> (in the order
 *   of the calls that asked for them); after it the Assistant marker and <think> — or </think> when
 *   the turn it leads into drops its reasoning (see below);
 *   each assistant message: its reasoning and </think>, its content, its tool calls in DSML markup,
 *   then EOS. Before the last real user message the reasoning is dropped (and the user block before
 *   it closes with </think>), except in a stretch between two user messages in which the model
 *   called tools: there it is kept in every later request.
 *
 * "Real" user message: one that is not a tool result. The published script computes the boundary
 * after merging tool results into user turns, which would drop reasoning inside a tool loop; the
 * recorded usage on deepseek-v4-flash shows it kept there (a tool loop's next request reads its
 * whole predecessor), so the boundary is the last message the user wrote. The exception for tool
 * stretches is DeepSeek's documented rule (API docs, guides/thinking_mode, "tool calls"): between
 * two user messages, if the model made tool calls, the assistants' reasoning_content takes part in
 * the context and must be sent back in all later requests; without tool calls it is ignored. The
 * recorded post-tool hook scenarios of corpus dsh-as-recorded (a hook's context message, a user
 * message, after a tool result) count the first turn's reasoning again: 24 tokens that dropping it
 * missed.
 *
 * A block's rendering depends on what follows it in only two ways, which is what lets a renderer
 * keep the blocks of the request before (see rendered-conversations.ts): a user block takes the
 * messages appended right after it (and its last member the closing), and the last real user
 * message decides which turns keep their reasoning and which user blocks close with <think> (a
 * stretch that has ended, by a user message after it, keeps or drops its reasoning for good).
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

/** A block of the merged conversation, rendered: one assistant message, or a run of user and tool messages. */
export interface RenderedBlock {
  readonly role: 'user' | 'assistant';
  /** Index of the block's first wire message. */
  readonly from: number;
  /** One segment input per member, in rendering order. */
  readonly inputs: readonly SegmentInput[];
}

/** Index of the last message the user wrote (not a tool result) from `from` on, or `previous` when there is none. */
export function lastRealUserMessage(messages: readonly ChatWireMessage[], from = 0, previous = -1): number {
  for (let index = messages.length - 1; index >= from; index--) if (messages[index]!.role === 'user') return index;
  return previous;
}

/**
 * Assistant messages from `from` up to `lastReal` whose reasoning the server keeps although a real
 * user message follows them: those of a stretch between two user messages in which the model called
 * tools. Walks from the user message that opens the stretch holding `from` (a renderer that renders
 * only a request's new blocks walks its new stretches, not the history).
 */
function keptBeforeLastUser(messages: readonly ChatWireMessage[], from: number, lastReal: number): Set<number> {
  const kept = new Set<number>();
  if (from > lastReal) return kept;
  let start = from;
  while (start > 0 && messages[start]!.role !== 'user') start--;
  let stretch: number[] = [];
  let called = false;
  for (let index = start; index <= lastReal; index++) {
    const message = messages[index]!;
    if (message.role === 'user') {
      if (called) for (const assistant of stretch) kept.add(assistant);
      stretch = [];
      called = false;
    } else if (message.role === 'assistant') {
      stretch.push(index);
      if (message.tool_calls && message.tool_calls.length > 0) called = true;
    }
  }
  return kept;
}

/** Index of the first message after `index` that is not a system message (the assistant turn a user block leads into), or -1. */
function nextTurn(messages: readonly ChatWireMessage[], index: number): number {
  for (let next = index + 1; next < messages.length; next++) if (messages[next]!.role !== 'system') return next;
  return -1;
}

/** Tool results of a user block in the order the preceding assistant called them (`sort_tool_results_by_call_order`). */
function sortByCallOrder(members: number[], messages: readonly ChatWireMessage[], callOrder: ReadonlyMap<string, number>): void {
  const toolSlots = members.filter((index) => messages[index]!.role === 'tool');
  if (toolSlots.length < 2 || callOrder.size === 0) return;
  const orderOf = (index: number) => {
    const message = messages[index]!;
    return message.role === 'tool' ? (callOrder.get(message.tool_call_id) ?? 0) : 0;
  };
  const sorted = [...toolSlots].sort((a, b) => orderOf(a) - orderOf(b));
  let next = 0;
  for (let position = 0; position < members.length; position++) {
    if (messages[members[position]!]!.role === 'tool') members[position] = sorted[next++]!;
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

/** Call order of the assistant message a block starting at `from` follows (system messages are not blocks). */
function precedingCallOrder(messages: readonly ChatWireMessage[], from: number): Map<string, number> {
  for (let index = from - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === 'system') continue;
    if (message.role === 'assistant') return new Map((message.tool_calls ?? []).map((call, order) => [call.id, order]));
    break;
  }
  return new Map();
}

function renderBlock(role: 'user' | 'assistant', members: number[], messages: readonly ChatWireMessage[], parts: readonly MessagePart[], texts: RenderedMessages, lastReal: number, kept: ReadonlySet<number>, callOrder: ReadonlyMap<string, number>, thinking: boolean): RenderedBlock {
  const from = members[0]!;
  if (role === 'assistant') {
    const message = messages[from] as ChatAssistantMessage;
    const keepReasoning = thinking && (from > lastReal || kept.has(from));
    const text = texts.text(assistantSource(message, keepReasoning), () => toStandIns(renderAssistantTurn(message, keepReasoning)));
    return { role, from, inputs: [segmentOf(parts[from], `message[${from}]:assistant`, text)] };
  }
  // The block closes with <think> when the turn it leads into keeps its reasoning: it lies at or
  // after the last real user message's block (its last message does), or in a tool stretch.
  // In chat mode (thinking disabled) every user block closes with </think>.
  const open = thinking && (members.at(-1)! >= lastReal || kept.has(nextTurn(messages, members.at(-1)!)));
  sortByCallOrder(members, messages, callOrder);
  const inputs = members.map((member, position) => {
    const message = messages[member]!;
    const opening = position === 0 ? user.mark : '\n\n';
    const closing = position === members.length - 1 ? `${assistant.mark}${open ? thinkOpen.mark : thinkClose.mark}` : '';
    const body = message.role === 'tool' ? message.content : message.role === 'user' ? userText(message) : '';
    const text = texts.text([message.role, body, opening, closing], () => toStandIns(`${opening}${memberText(message)}${closing}`));
    return segmentOf(parts[member], `message[${member}]:${message.role}`, text);
  });
  return { role, from, inputs };
}

/**
 * The conversation's blocks from wire message `from` on (which must start a block), rendered into
 * segment inputs, each text with template-token text mapped to stand-ins (a `<think>` quoted in a
 * message is the token the server's tokenizer sees) and looked up in `texts` when rendered before.
 * `lastReal` is the last real user message of the whole conversation (`lastRealUserMessage`).
 * `thinking` false renders chat mode: no reasoning kept, every user block closed with </think>.
 */
export function renderConversationBlocks(messages: readonly ChatWireMessage[], parts: readonly MessagePart[], texts: RenderedMessages, from: number, lastReal: number, thinking = true): RenderedBlock[] {
  const blocks: RenderedBlock[] = [];
  const kept = thinking ? keptBeforeLastUser(messages, from, lastReal) : new Set<number>();
  let callOrder = precedingCallOrder(messages, from);
  let members: number[] = [];
  const flushUser = () => {
    if (members.length === 0) return;
    blocks.push(renderBlock('user', members, messages, parts, texts, lastReal, kept, callOrder, thinking));
    members = [];
  };
  for (let index = from; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role === 'system') continue;
    if (message.role !== 'assistant') {
      members.push(index);
      continue;
    }
    flushUser();
    blocks.push(renderBlock('assistant', [index], messages, parts, texts, lastReal, kept, callOrder, thinking));
    callOrder = new Map((message.tool_calls ?? []).map((call, order) => [call.id, order]));
  }
  flushUser();
  return blocks;
}
