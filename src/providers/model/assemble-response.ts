import { UsageError } from '../../prefix/index.js';
import type { FinishReason, ModelChunk } from './chunk.js';
import type { ContentBlock, ReasoningBlock, TextBlock, ToolCallBlock } from './content.js';
import { fromDshUsage, type ModelUsage } from './usage.js';

/** A finished model call: the assistant content, its usage and why it stopped. */
export interface AssembledResponse {
  /** Completed blocks in index order; a `max-tokens` finish drops tool calls (they cannot be dispatched). */
  readonly content: readonly ContentBlock[];
  readonly usage: ModelUsage | undefined;
  readonly finish: FinishReason;
}

/**
 * Folds a complete chunk sequence into the assistant message DSH anchors with `assistant/message`.
 * A block contributes its `block-end` value when present, else its accumulated deltas.
 */
export function assembleResponse(chunks: readonly ModelChunk[]): AssembledResponse {
  const blocks = new Map<number, { type: ContentBlock['type']; text: string; id: string; name: string; ended?: TextBlock | ReasoningBlock | ToolCallBlock }>();
  let usage: ModelUsage | undefined;
  let finish: FinishReason | undefined;
  for (const chunk of chunks) {
    switch (chunk.type) {
      case 'block-start':
        blocks.set(chunk.index, { type: chunk.blockType, text: '', id: '', name: '' });
        break;
      case 'text-delta':
      case 'reasoning-delta':
        blockAt(blocks, chunk.index, chunk.type).text += chunk.text;
        break;
      case 'tool-call-delta': {
        const block = blockAt(blocks, chunk.index, chunk.type);
        block.text += chunk.argumentsDelta;
        if (chunk.id !== '') block.id = chunk.id;
        if (chunk.name !== '') block.name = chunk.name;
        break;
      }
      case 'block-end':
        blockAt(blocks, chunk.index, chunk.type).ended = chunk.block;
        break;
      case 'usage':
        usage = fromDshUsage(chunk.usage);
        break;
      case 'finish':
        finish = chunk.reason;
        break;
    }
  }
  if (!finish) throw new UsageError('model/missing-finish', 'model stream ended without a finish chunk: a LanguageModel must end every call with {type:"finish"}');
  const content: ContentBlock[] = [];
  for (const index of [...blocks.keys()].sort((a, b) => a - b)) {
    const block = blocks.get(index)!;
    const value: ContentBlock =
      block.ended ??
      (block.type === 'tool-call'
        ? { type: 'tool-call', id: block.id, name: block.name, arguments: block.text }
        : { type: block.type === 'reasoning' ? 'reasoning' : 'text', text: block.text });
    // A call cut off by the output cap has incomplete arguments and is never dispatched.
    if (value.type === 'tool-call' && finish.kind === 'max-tokens') continue;
    content.push(value);
  }
  return { content, usage, finish };
}

function blockAt<T>(blocks: Map<number, T>, index: number, chunkType: string): T {
  const block = blocks.get(index);
  if (!block) throw new UsageError('model/chunk-before-block-start', `model stream sent '${chunkType}' for block ${index} before its 'block-start'`);
  return block;
}
