/**
 * The content vocabulary a language model reads and writes, in DSH's own shapes
 * (DSH's `examples/acp-agent/tests/snapshots/*\/session.jsonl`): the same objects appear in
 * `user/message`, `assistant/message` and `tool/result` events, so a message logged by the agent
 * loop is byte-for-byte the message the model was given. Every type here is inferred from the zod
 * schemas that read those events (content-schema.ts), so the runtime writes exactly what the reader
 * accepts; plugin block types the reader keeps (`OtherBlock`) are not part of what a model emits.
 */
import type {
  ImageBlock,
  KnownBlock,
  MessageSource as StoredMessageSource,
  ReasoningBlock as StoredReasoningBlock,
  TextBlock as StoredTextBlock,
  ToolCallBlock as StoredToolCallBlock,
  ToolResultBlock as StoredToolResultBlock,
} from './content-schema.js';

/** Plain text (`{type:'text', text}`). */
export type TextBlock = StoredTextBlock;

/** Model reasoning (DeepSeek `reasoning_content`), logged and replayed like text. */
export type ReasoningBlock = StoredReasoningBlock;

/** One tool call as the model emitted it; `arguments` is the raw JSON text, kept verbatim. */
export type ToolCallBlock = StoredToolCallBlock;

/** The result of one tool call, carried in a user-role message. */
export type ToolResultBlock = StoredToolResultBlock;

/** Any block a message may hold: text, reasoning, tool call, image or tool result. */
export type ContentBlock = KnownBlock;

export type { ImageBlock };

/** Who supplied a message. `kind` is open: DSH adds kinds (`subagent-report`, `subagent-settled`, …). */
export type MessageSource = StoredMessageSource;

/** One model-visible message, exactly as DSH logs it. */
export interface ModelMessage {
  readonly role: 'user' | 'assistant';
  readonly content: readonly ContentBlock[];
  readonly source?: MessageSource;
  readonly id?: string;
}

/** The concatenated text of a message's text blocks (reasoning and tool blocks excluded). */
export function textOf(content: readonly { readonly type: string }[]): string {
  let text = '';
  for (const block of content) if (block.type === 'text') text += (block as TextBlock).text;
  return text;
}
