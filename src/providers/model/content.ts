/**
 * The content vocabulary a language model reads and writes, in DSH's own shapes
 * (corpus/dsh/examples/acp-agent/tests/snapshots/*\/session.jsonl): the same objects appear in
 * `user/message`, `assistant/message` and `tool/result` events, so a message logged by the agent
 * loop is byte-for-byte the message the model was given.
 */

/** Plain text. */
export interface TextBlock {
  readonly type: 'text';
  readonly text: string;
}

/** Model reasoning (DeepSeek `reasoning_content`), logged and replayed like text. */
export interface ReasoningBlock {
  readonly type: 'reasoning';
  readonly text: string;
}

/** One tool call as the model emitted it; `arguments` is the raw JSON text, kept verbatim. */
export interface ToolCallBlock {
  readonly type: 'tool-call';
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** The result of one tool call, carried in a user-role message. */
export interface ToolResultBlock {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly content: readonly (TextBlock | ReasoningBlock)[];
  readonly isError: boolean;
}

/** Any block a message may hold. */
export type ContentBlock = TextBlock | ReasoningBlock | ToolCallBlock | ToolResultBlock;

/** Who supplied a message. `kind` is open: DSH adds kinds (`subagent-report`, `subagent-settled`, …). */
export interface MessageSource {
  readonly kind: string;
  readonly [key: string]: unknown;
}

/** One model-visible message, exactly as DSH logs it. */
export interface ModelMessage {
  readonly role: 'user' | 'assistant';
  readonly content: readonly ContentBlock[];
  readonly source?: MessageSource;
  readonly id?: string;
}

/** The concatenated text of a message's text blocks (reasoning and tool blocks excluded). */
export function textOf(content: readonly ContentBlock[]): string {
  let text = '';
  for (const block of content) if (block.type === 'text') text += block.text;
  return text;
}
