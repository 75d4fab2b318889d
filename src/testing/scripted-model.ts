import { KvprefixError } from '../prefix/index.js';
import type { FinishReason, ModelChunk } from '../providers/model/chunk.js';
import type { DshUsage } from '../providers/model/usage.js';
import type { LanguageModel, ModelCallOptions, ModelRequest } from '../providers/model/language-model.js';

/** A tool call a scripted step emits. */
export interface ScriptedToolCall {
  readonly id: string;
  readonly name: string;
  /** Arguments as raw JSON text (kept verbatim) or an object (serialized with `JSON.stringify`). */
  readonly arguments: string | Readonly<Record<string, unknown>>;
  /**
   * How the arguments stream. Absent: one delta carrying the whole text. Present: an empty opening
   * delta (as DeepSeek streams it) followed by these pieces, which must join to the arguments.
   */
  readonly argumentChunks?: readonly string[];
}

/** One expected model call and the response to stream for it. */
export interface ScriptedStep {
  /** Names the step in failure messages. */
  readonly label?: string;
  /**
   * Selects the request this step answers when several agents call the model concurrently: a call
   * takes the first remaining step whose `match` accepts it (a step without `match` accepts any).
   * Without any `match`, steps are consumed strictly in order.
   */
  readonly match?: (request: ModelRequest) => boolean;
  /** Checks the request; returning `false` or throwing makes the call an unexpected request. */
  readonly expect?: (request: ModelRequest) => boolean | void;
  /** Awaited before streaming, with the call's signal: lets a test hold a call open or cancel it. */
  readonly before?: (request: ModelRequest, signal: AbortSignal) => Promise<void> | void;
  /** Reasoning, as one delta or as the list of deltas to stream. */
  readonly reasoning?: string | readonly string[];
  /** Assistant text, as one delta or as the list of deltas to stream. */
  readonly text?: string | readonly string[];
  readonly toolCalls?: readonly ScriptedToolCall[];
  /** Usage to report; default `{inputTokens: 10, outputTokens: 5}` (DSH's authored fixtures). */
  readonly usage?: DshUsage;
  /** Default: `tool-calls` when the step has tool calls, otherwise `stop`. */
  readonly finish?: FinishReason;
}

/** A scripted model was called when no step (or no matching step) was left, or steps were left over. */
export class ScriptedModelError extends KvprefixError {}

const DEFAULT_USAGE: DshUsage = { inputTokens: 10, outputTokens: 5 };

function pieces(value: string | readonly string[] | undefined): readonly string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}

/** The chunk sequence DSH logs for a step: every block-start and its deltas, then block-ends, usage, finish. */
export function chunksOfStep(step: ScriptedStep): ModelChunk[] {
  const chunks: ModelChunk[] = [];
  const ends: ModelChunk[] = [];
  let index = 0;
  for (const [blockType, deltas] of [['reasoning', pieces(step.reasoning)], ['text', pieces(step.text)]] as const) {
    if (deltas.length === 0) continue;
    chunks.push({ type: 'block-start', index, blockType });
    for (const text of deltas) chunks.push({ type: blockType === 'text' ? 'text-delta' : 'reasoning-delta', index, text });
    ends.push({ type: 'block-end', index, block: { type: blockType, text: deltas.join('') } });
    index++;
  }
  for (const call of step.toolCalls ?? []) {
    const argumentsText = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    const deltas = call.argumentChunks === undefined ? [argumentsText] : ['', ...call.argumentChunks];
    if (deltas.join('') !== argumentsText) {
      throw new ScriptedModelError('testing/bad-argument-chunks', `scripted tool call '${call.id}': argumentChunks join to ${JSON.stringify(deltas.join(''))}, not to its arguments ${JSON.stringify(argumentsText)}`);
    }
    chunks.push({ type: 'block-start', index, blockType: 'tool-call' });
    for (const argumentsDelta of deltas) chunks.push({ type: 'tool-call-delta', index, id: call.id, name: call.name, argumentsDelta });
    ends.push({ type: 'block-end', index, block: { type: 'tool-call', id: call.id, name: call.name, arguments: argumentsText } });
    index++;
  }
  const finish: FinishReason = step.finish ?? ((step.toolCalls?.length ?? 0) > 0 ? { kind: 'tool-calls' } : { kind: 'stop' });
  return [...chunks, ...ends, { type: 'usage', usage: step.usage ?? DEFAULT_USAGE }, { type: 'finish', reason: finish }];
}

/** The text of a request's last message (its text blocks), for `match` predicates. */
export function lastMessageText(request: ModelRequest): string {
  const last = request.messages[request.messages.length - 1];
  return last?.content.map((block) => ('text' in block ? block.text : '')).join('') ?? '';
}

/** True when any message of the request contains `text` in a text block. */
export function requestMentions(request: ModelRequest, text: string): boolean {
  return request.messages.some((message) => message.content.some((block) => 'text' in block && block.text.includes(text)));
}

/**
 * A language model that plays a fixed script, for tests that run the real agent loop with no
 * network. Steps are consumed in call order (or by `match`). Every request is recorded. A call with no step left, or
 * one its step's `expect` rejects, fails (the stream throws and the failure is kept, so
 * `assertConsumed` reports it even when the loop turned it into a stop reason); steps left over fail
 * `assertConsumed`.
 */
export class ScriptedModel implements LanguageModel {
  readonly name: string;
  /** Every request received, in order, including unexpected ones. */
  readonly requests: ModelRequest[] = [];
  /** Unexpected requests seen so far. */
  readonly failures: ScriptedModelError[] = [];
  readonly #steps: ScriptedStep[];

  constructor(steps: readonly ScriptedStep[], options: { readonly name?: string } = {}) {
    this.#steps = [...steps];
    this.name = options.name ?? 'scripted';
  }

  /** Steps not yet consumed. */
  get remaining(): number {
    return this.#steps.length;
  }

  /** Appends steps to the script (for multi-phase tests). */
  push(...steps: readonly ScriptedStep[]): void {
    this.#steps.push(...steps);
  }

  async *stream(request: ModelRequest, options: ModelCallOptions): AsyncIterable<ModelChunk> {
    this.requests.push(request);
    const number = this.requests.length;
    const index = this.#steps.findIndex((candidate) => candidate.match === undefined || candidate.match(request));
    if (index < 0) {
      const reason = this.#steps.length === 0 ? 'the script has no step left' : `none of the ${this.#steps.length} remaining steps matches it`;
      throw this.#fail(`${this.name}: unexpected request #${number} (${describe(request)}): ${reason}`);
    }
    const step = this.#steps.splice(index, 1)[0]!;
    let accepted: boolean | void;
    try {
      accepted = step.expect?.(request);
    } catch (error) {
      throw this.#fail(`${this.name}: request #${number} does not match step '${step.label ?? number}': ${error instanceof Error ? error.message : String(error)}`);
    }
    if (accepted === false) throw this.#fail(`${this.name}: request #${number} (${describe(request)}) does not match step '${step.label ?? number}'`);
    await step.before?.(request, options.signal);
    for (const chunk of chunksOfStep(step)) {
      options.signal.throwIfAborted();
      yield chunk;
      // Yield to the event loop between chunks so a cancellation can land mid-stream, as it can on a network stream.
      await Promise.resolve();
    }
  }

  /** Throws when a step is left over or an unexpected request was seen. */
  assertConsumed(): void {
    if (this.failures.length > 0) throw this.failures[0]!;
    if (this.#steps.length > 0) {
      const labels = this.#steps.map((step, index) => step.label ?? `#${this.requests.length + index + 1}`).join(', ');
      throw new ScriptedModelError('testing/unconsumed-steps', `${this.name}: ${this.#steps.length} scripted step(s) never requested: ${labels}`);
    }
  }

  #fail(message: string): ScriptedModelError {
    const error = new ScriptedModelError('testing/unexpected-request', message);
    this.failures.push(error);
    return error;
  }
}

function describe(request: ModelRequest): string {
  const last = request.messages[request.messages.length - 1];
  const lastText = last?.content.map((block) => ('text' in block ? block.text : block.type)).join(' ') ?? '';
  return `${request.config.provider}/${request.config.model}, ${request.messages.length} messages, last: ${JSON.stringify(lastText.slice(0, 60))}`;
}
