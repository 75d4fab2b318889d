import * as z from 'zod';

/*
 * The message values DSH stores in its surface events (`user/message`, `assistant/message`,
 * `tool/result`), as they appear in DSH's recorded session logs. Objects are validated for
 * the fields kvprefix reads; the reader keeps the original JSON object, so fields not named here are
 * never lost (DSH plugins declaration-merge their own fields and block types).
 */

/** `{type:'text', text}`: visible text. */
export const textBlockSchema = z.object({ type: z.literal('text'), text: z.string() });

/** `{type:'reasoning', text}`: the model's reasoning channel (DeepSeek `reasoning_content`). */
export const reasoningBlockSchema = z.object({ type: z.literal('reasoning'), text: z.string() });

/** `{type:'tool-call', id, name, arguments}`: one call inside an assistant message; `arguments` is the raw JSON string. */
export const toolCallBlockSchema = z.object({
  type: z.literal('tool-call'),
  id: z.string().min(1),
  name: z.string().min(1),
  arguments: z.string(),
});

/** A stored image attachment; the log keeps its identity and size, never its bytes. */
export const attachmentSchema = z.object({
  attachmentId: z.string().min(1),
  mediaType: z.string().optional(),
  bytes: z.number().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  name: z.string().optional(),
});

/** `{type:'image', attachment}`: an image in user or tool-result content. */
export const imageBlockSchema = z.object({ type: z.literal('image'), attachment: attachmentSchema });

const KNOWN_LEAF_BLOCK_TYPES = new Set(['text', 'reasoning', 'tool-call', 'image', 'tool-result']);

/**
 * A block type kvprefix does not know (DSH lets plugins merge their own). It is kept; the chat
 * serializer skips it as DSH's DeepSeek adapter does. A *known* type with a bad shape must not slip
 * through here, so this schema refuses the known type names.
 */
export const otherBlockSchema = z
  .object({ type: z.string().refine((type) => !KNOWN_LEAF_BLOCK_TYPES.has(type), { message: 'malformed content block' }) })
  .loose();

/** Content of a tool result: text, images, or plugin blocks. */
export const toolResultContentBlockSchema = z.union([textBlockSchema, imageBlockSchema, otherBlockSchema]);

/** `{type:'tool-result', toolCallId, content, isError}`: one tool's outcome inside a tool-result message. */
export const toolResultBlockSchema = z.object({
  type: z.literal('tool-result'),
  toolCallId: z.string().min(1),
  content: z.array(toolResultContentBlockSchema),
  isError: z.boolean().optional(),
});

/** Any content block of a stored message. */
export const contentBlockSchema = z.union([
  textBlockSchema,
  reasoningBlockSchema,
  toolCallBlockSchema,
  imageBlockSchema,
  toolResultBlockSchema,
  otherBlockSchema,
]);

/** Where a message came from (`user`, `plugin`, `model`, `tool`, `goal`, …); `kind` is the only field every source has. */
export const messageSourceSchema = z.object({ kind: z.string().min(1) }).loose();

/**
 * A user-role message. Current logs always carry `role` and `id`; DSH's older replay inputs (also in
 * the corpus) omit both, and the event type already says the role.
 */
export const userMessageSchema = z.object({
  role: z.literal('user').optional(),
  content: z.array(contentBlockSchema),
  source: messageSourceSchema,
  id: z.string().optional(),
});

/** The model that produced an assistant message (DSH requires this provenance on every assistant message). */
export const modelSourceSchema = z.object({ kind: z.literal('model'), provider: z.string().min(1), model: z.string().min(1) }).loose();

/** An assistant message: text, reasoning and tool-call blocks from one step. */
export const assistantMessageSchema = z.object({
  role: z.literal('assistant'),
  content: z.array(contentBlockSchema),
  source: modelSourceSchema,
  id: z.string().optional(),
});

/** A tool-result message: a user-role message holding the `tool-result` block(s) of one call. */
export const toolResultMessageSchema = z.object({
  role: z.literal('user'),
  content: z.array(contentBlockSchema),
  source: z.object({ kind: z.literal('tool'), callId: z.string().min(1) }).loose(),
  id: z.string().optional(),
});

/**
 * Token accounting of one step as DSH records it. The counts are disjoint: `inputTokens` is the
 * uncached input (DSH's DeepSeek adapter subtracts `prompt_cache_hit_tokens`), `cacheReadTokens` the
 * cached input; DeepSeek reports no cache-write metric, other adapters may.
 */
export const usageSchema = z.object({
  inputTokens: z.number().nonnegative(),
  outputTokens: z.number().nonnegative(),
  cacheReadTokens: z.number().nonnegative().optional(),
  cacheWriteTokens: z.number().nonnegative().optional(),
  reasoningTokens: z.number().nonnegative().optional(),
});

/** The block types kvprefix knows the shape of. */
export type KnownBlock = TextBlock | ReasoningBlock | ToolCallBlock | ImageBlock | ToolResultBlock;

/**
 * True when `block` is a known block of type `type`. Content arrays also hold plugin blocks typed by
 * a plain string, so comparing `block.type` alone does not narrow; this guard does.
 */
export function isBlockType<T extends KnownBlock['type']>(block: { readonly type: string }, type: T): block is Extract<KnownBlock, { type: T }> {
  return block.type === type;
}

/** Plain text (`{type:'text', text}`). */
export type TextBlock = z.infer<typeof textBlockSchema>;
/** Model reasoning (`{type:'reasoning', text}`). */
export type ReasoningBlock = z.infer<typeof reasoningBlockSchema>;
/** One tool call inside an assistant message; `arguments` is the raw JSON text. */
export type ToolCallBlock = z.infer<typeof toolCallBlockSchema>;
/** A stored image attachment: identity and size, never bytes. */
export type Attachment = z.infer<typeof attachmentSchema>;
/** An image in user or tool-result content (`{type:'image', attachment}`). */
export type ImageBlock = z.infer<typeof imageBlockSchema>;
/** A plugin block kvprefix does not know; kept as it is. */
export type OtherBlock = z.infer<typeof otherBlockSchema>;
/** One block of a tool result: text, image or plugin block. */
export type ToolResultContentBlock = z.infer<typeof toolResultContentBlockSchema>;
/** One tool's outcome inside a tool-result message. */
export type ToolResultBlock = z.infer<typeof toolResultBlockSchema>;
/** Any content block of a stored message, plugin blocks included. */
export type ContentBlock = z.infer<typeof contentBlockSchema>;
/** Who supplied a message; `kind` is open (`user`, `plugin`, `model`, `tool`, `subagent-settled`, …). */
export type MessageSource = z.infer<typeof messageSourceSchema>;
/** A user-role message as logged. */
export type UserMessage = z.infer<typeof userMessageSchema>;
/** An assistant message as logged. */
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;
/** A tool-result message as logged. */
export type ToolResultMessage = z.infer<typeof toolResultMessageSchema>;
/** Token accounting of one step, as DSH records it. */
export type Usage = z.infer<typeof usageSchema>;
