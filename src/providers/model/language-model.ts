import type { ModelChunk } from './chunk.js';
import type { ModelMessage } from './content.js';

/** A tool as the model is told about it: DSH's `ToolSchema` (`{name, description, parameters}`). */
export interface ToolSchema {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments object. */
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** The route and call settings of one request (DSH `request/header.header.config`). */
export interface CallConfig {
  readonly provider: string;
  readonly model: string;
  /** Positive output-token cap, when configured. */
  readonly maxTokens?: number;
}

/**
 * Everything one model call receives: the rendered system prompt, the visible tool schemas in wire
 * order, and the model-visible history. This is what DSH's `request/header` plus the surface fold
 * reconstruct (DSH's design note `notes/2026-07-05-reconstructable-requests.md`).
 */
export interface ModelRequest {
  readonly config: CallConfig;
  readonly system: string;
  readonly tools: readonly ToolSchema[];
  readonly messages: readonly ModelMessage[];
}

/** Per-call options that are not part of the request's content. */
export interface ModelCallOptions {
  /** Cancels the call; a model must stop streaming and reject with the signal's reason. */
  readonly signal: AbortSignal;
}

/**
 * The injected language model: request in, a stream of DSH chunks out. Assemble the stream into a
 * message and usage with `assembleResponse`. Implementations: a provider adapter, or the scripted
 * model of `kvprefix/testing`.
 */
export interface LanguageModel {
  /** A label for diagnostics, e.g. `scripted` or `deepseek-official`. */
  readonly name: string;
  stream(request: ModelRequest, options: ModelCallOptions): AsyncIterable<ModelChunk>;
}
