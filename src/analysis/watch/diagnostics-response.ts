import { isJsonObject } from '../../prefix/json-object.js';

/**
 * What a response says of itself besides usage, for cache diagnostics: its `id` (the one a later
 * request names to be compared with it) and the provider's diagnosis fields, Anthropic's
 * `diagnostics` and OpenAI's `prompt_cache_diagnostics`, as sent (read by `cacheMissReasonOf`).
 */
export interface ResponseFacts {
  readonly id: string | undefined;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** The response fields kept: the two providers' diagnosis fields. */
const DIAGNOSIS_FIELDS = ['diagnostics', 'prompt_cache_diagnostics'] as const;

/**
 * Collects a response's facts from the objects that carry them: a JSON response body itself, an
 * Anthropic stream's `message_start` message, an OpenAI Responses stream's `response` (created,
 * then completed: later values win, as the completed response is the whole one).
 */
export class ResponseFactsReader {
  #id: string | undefined;
  readonly #fields: Record<string, unknown> = {};

  /** Reads one object that stands for the response (ignored unless it is an object). */
  take(response: unknown): void {
    if (!isJsonObject(response)) return;
    if (typeof response['id'] === 'string') this.#id = response['id'];
    for (const field of DIAGNOSIS_FIELDS) if (field in response) this.#fields[field] = response[field];
  }

  facts(): ResponseFacts {
    return { id: this.#id, fields: { ...this.#fields } };
  }
}
