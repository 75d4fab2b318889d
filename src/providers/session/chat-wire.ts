import { isBlockType, type AssistantMessage, type ContentBlock, type ImageBlock, type ToolResultContentBlock, type ToolResultMessage, type UserMessage } from '../model/content-schema.js';
import type { ToolSchema } from './event-schema.js';

/*
 * DSH messages → DeepSeek / OpenAI chat-completions wire messages, following DSH's DeepSeek adapter
 * (corpus/dsh/readmes/packages/llm/llm-deepseek/README.md, "Wire-format notes"):
 *
 * - user text blocks are joined with no separator into one string `content`;
 * - an assistant message sends its joined text as `content` ("" when it has none, never null), its
 *   joined reasoning as `reasoning_content` whenever the turn carried reasoning (the passback rule),
 *   and its tool calls as `tool_calls` with the raw argument strings;
 * - each `tool-result` block becomes its own `{role:'tool', tool_call_id, content}` message with the
 *   result's joined text (`(no output)` when empty); a tool-result message's own text, if any, goes
 *   first as a user message;
 * - block types the adapter does not know are skipped.
 *
 * Images: the log keeps an attachment's identity, not its bytes, and DSH's image path sends a text
 * handle plus the derived image bytes that kvprefix cannot rebuild. An image therefore becomes one
 * stable `image_url` part naming the attachment (`dsh-attachment:<id>`): the same attachment always
 * renders the same bytes, which is what prefix comparison needs, but the byte counts of image
 * requests are not the wire's. Text-only user content stays one string; with images it becomes
 * ordered parts (empty text blocks dropped), and tool-result images are grouped into one user
 * message after the tool messages, as DSH does.
 */

/** A completed tool call replayed on an assistant message. */
export interface ChatToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

/** One part of a multimodal user message. */
export type ChatContentPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image_url'; readonly image_url: { readonly url: string } };

/** A system message. */
export interface ChatSystemMessage {
  readonly role: 'system';
  readonly content: string;
}

/** A user message: text, or ordered text and image parts. */
export interface ChatUserMessage {
  readonly role: 'user';
  readonly content: string | readonly ChatContentPart[];
}

/** An assistant message. */
export interface ChatAssistantMessage {
  readonly role: 'assistant';
  readonly content: string;
  readonly reasoning_content?: string;
  readonly tool_calls?: readonly ChatToolCall[];
}

/** The result of one tool call. */
export interface ChatToolMessage {
  readonly role: 'tool';
  readonly tool_call_id: string;
  readonly content: string;
}

/** One entry of a chat request's `messages`. */
export type ChatWireMessage = ChatSystemMessage | ChatUserMessage | ChatAssistantMessage | ChatToolMessage;

/** One entry of a chat request's `tools`. */
export interface ChatWireTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: Readonly<Record<string, unknown>> };
}

/** Text that precedes images carried over from tool results (DSH's DeepSeek adapter). */
export const TOOL_RESULT_IMAGES_PREFIX = 'Attached image(s) from tool result:';

/** Text for an empty tool output: the wire needs some content. */
export const EMPTY_TOOL_OUTPUT = '(no output)';

function joinedText(blocks: readonly (ContentBlock | ToolResultContentBlock)[], type: 'text' | 'reasoning'): string {
  let text = '';
  for (const block of blocks) if (isBlockType(block, type)) text += block.text;
  return text;
}

function imagePart(block: ImageBlock): ChatContentPart {
  return { type: 'image_url', image_url: { url: `dsh-attachment:${block.attachment.attachmentId}` } };
}

function userContent(blocks: readonly ContentBlock[]): string | ChatContentPart[] {
  if (!blocks.some((block) => block.type === 'image')) return joinedText(blocks, 'text');
  const parts: ChatContentPart[] = [];
  for (const block of blocks) {
    if (isBlockType(block, 'text') && block.text.length > 0) parts.push({ type: 'text', text: block.text });
    else if (isBlockType(block, 'image')) parts.push(imagePart(block));
  }
  return parts;
}

function assistantToChat(message: AssistantMessage): ChatAssistantMessage {
  const reasoning = joinedText(message.content, 'reasoning');
  const toolCalls: ChatToolCall[] = [];
  for (const block of message.content) {
    if (isBlockType(block, 'tool-call')) toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: block.arguments } });
  }
  return {
    role: 'assistant',
    content: joinedText(message.content, 'text'),
    ...(reasoning.length > 0 ? { reasoning_content: reasoning } : {}),
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  };
}

/** A stored DSH message: a `user/message`'s message, or the `message` of an `assistant/message` or `tool/result`. */
export type StoredMessage = UserMessage | AssistantMessage | ToolResultMessage;

/** A chat wire message and the index of the stored message it came from. */
export interface SourcedChatMessage {
  readonly message: ChatWireMessage;
  /** Index into the stored messages; tool-result images name the last message that contributed one. */
  readonly source: number;
}

/**
 * The chat wire messages of a sequence of stored messages (a surface), each with the stored message
 * it came from. A stored message usually gives one wire message; a tool-result message gives one per
 * result (after a user message for any text riding with it), and images from consecutive tool
 * results wait in one user message until the next user or assistant message, as DSH groups them.
 */
export function toSourcedChatMessages(messages: readonly StoredMessage[]): SourcedChatMessage[] {
  const wire: SourcedChatMessage[] = [];
  let pendingImages: ChatContentPart[] = [];
  let pendingSource = -1;
  const flushImages = (): void => {
    if (pendingImages.length === 0) return;
    wire.push({ message: { role: 'user', content: [{ type: 'text', text: TOOL_RESULT_IMAGES_PREFIX }, ...pendingImages] }, source: pendingSource });
    pendingImages = [];
  };
  messages.forEach((message, source) => {
    if (message.role === 'assistant') {
      flushImages();
      wire.push({ message: assistantToChat(message), source });
      return;
    }
    const results = message.content.filter((block) => isBlockType(block, 'tool-result'));
    const content = userContent(message.content);
    if (content.length > 0 || results.length === 0) {
      flushImages();
      wire.push({ message: { role: 'user', content }, source });
    }
    for (const result of results) {
      wire.push({ message: { role: 'tool', tool_call_id: result.toolCallId, content: joinedText(result.content, 'text') || EMPTY_TOOL_OUTPUT }, source });
      for (const block of result.content) {
        if (isBlockType(block, 'image')) {
          pendingImages.push(imagePart(block));
          pendingSource = source;
        }
      }
    }
  });
  flushImages();
  return wire;
}

/** The chat wire messages of a sequence of stored messages (a surface), in order. */
export function surfaceToChatMessages(messages: readonly StoredMessage[]): ChatWireMessage[] {
  return toSourcedChatMessages(messages).map((entry) => entry.message);
}

/** The chat wire messages of one stored message on its own (see `surfaceToChatMessages`). */
export function messageToChatMessages(message: StoredMessage): ChatWireMessage[] {
  return surfaceToChatMessages([message]);
}

/** A pinned or logged tool schema `{name, description, parameters}` as a chat `tools` entry. */
export function toolSchemaToChatWire(tool: ToolSchema): ChatWireTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}
