import type { ReasoningBlock, TextBlock, ToolCallBlock } from './content.js';
import type { DshUsage } from './usage.js';

/**
 * Why a model call stopped, in DSH's shape (`finish.reason` on the stream, mirrored on
 * `turn/end.reason`). Recorded kinds: `stop`, `tool-calls`, `max-tokens`, `error` (with a failure
 * `{message, code}`); DSH also knows `refusal`.
 */
export type FinishReason =
  | { readonly kind: 'stop' }
  | { readonly kind: 'tool-calls' }
  | { readonly kind: 'max-tokens' }
  | { readonly kind: 'refusal' }
  | { readonly kind: 'error'; readonly failure: { readonly message: string; readonly code: string } };

/** The kind of a streamed block. */
export type BlockType = 'text' | 'reasoning' | 'tool-call';

/**
 * One stream chunk, exactly as DSH logs it inside `assistant/chunk` events. A call streams
 * `block-start` for each block, its deltas, then every `block-end` in index order, then `usage` and
 * `finish` (the order of every call in DSH's recorded session logs).
 */
export type ModelChunk =
  | { readonly type: 'block-start'; readonly index: number; readonly blockType: BlockType }
  | { readonly type: 'text-delta'; readonly index: number; readonly text: string }
  | { readonly type: 'reasoning-delta'; readonly index: number; readonly text: string }
  | { readonly type: 'tool-call-delta'; readonly index: number; readonly id: string; readonly name: string; readonly argumentsDelta: string }
  | { readonly type: 'block-end'; readonly index: number; readonly block: TextBlock | ReasoningBlock | ToolCallBlock }
  | { readonly type: 'usage'; readonly usage: DshUsage }
  | { readonly type: 'finish'; readonly reason: FinishReason };

/** Chunk types whose runs DSH fixtures pack into one row (`text-chunks`, …). */
export const DELTA_CHUNK_TYPES = ['text-delta', 'reasoning-delta', 'tool-call-delta'] as const satisfies readonly ModelChunk['type'][];
