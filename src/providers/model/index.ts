// The language-model interface: requests, streamed chunks, content blocks, usage, and the assembled response.
export { textOf } from './content.js';
export type { ContentBlock, ImageBlock, MessageSource, ModelMessage, ReasoningBlock, TextBlock, ToolCallBlock, ToolResultBlock } from './content.js';
export { fromDshUsage, toDshUsage, totalInputTokens } from './usage.js';
export type { CacheUsage, DshUsage, ModelUsage } from './usage.js';
export { DELTA_CHUNK_TYPES } from './chunk.js';
export type { BlockType, FinishReason, ModelChunk } from './chunk.js';
export type { CallConfig, LanguageModel, ModelCallOptions, ModelRequest, ToolSchema } from './language-model.js';
export { assembleResponse } from './assemble-response.js';
export type { AssembledResponse } from './assemble-response.js';
