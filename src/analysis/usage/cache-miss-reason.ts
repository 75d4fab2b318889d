import { isJsonObject } from '../../prefix/json-object.js';

/**
 * The provider's own word, after the fact, on why a request could not reuse the prefix of the
 * earlier request it was compared with. `type` is the provider's reason exactly as sent:
 * Anthropic's `model_changed`, `system_changed`, `tools_changed`, `messages_changed`,
 * `previous_message_not_found`, `unavailable`; OpenAI's `model_changed`, `tools_changed`,
 * `input_changed`, `prompt_cache_key_changed`, …, `comparison_response_not_found`, `unavailable`.
 * A request whose prefix the provider found fully reusable has the reason `null` instead.
 */
export interface CacheMissReason {
  readonly type: string;
  /** Input tokens the provider says would have been read had the prefix matched; null where it gives none. */
  readonly cacheMissedInputTokens: number | null;
}

const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * True when a request body asks Anthropic to compare it with an earlier response: a string
 * `diagnostics.previous_message_id`. (`null` there only opts in, storing the request's fingerprint
 * for the next one; nothing is compared.)
 */
export function asksAnthropicDiagnosis(body: unknown): boolean {
  return isJsonObject(body) && isJsonObject(body['diagnostics']) && typeof body['diagnostics']['previous_message_id'] === 'string';
}

/**
 * Anthropic's diagnosis in a Messages response (or a stream's `message_start` message), as the
 * cache diagnostics guide and `@anthropic-ai/sdk`'s `Message.diagnostics` define it
 * (https://platform.claude.com/docs/en/build-with-claude/cache-diagnostics):
 * - `diagnostics: {cache_miss_reason: {type, cache_missed_input_tokens?}}`: the reason;
 * - `diagnostics: null` on a request that named a previous message: the comparison found no
 *   divergence, so the prefix was fully reusable (`null`); on any other request it only says that
 *   nothing was asked (`undefined`);
 * - `diagnostics: {cache_miss_reason: null}`: the comparison was still running when the response
 *   was written: no word yet (`undefined`).
 */
function anthropicReason(response: Record<string, unknown>, asked: boolean): CacheMissReason | null | undefined {
  if (!('diagnostics' in response)) return undefined;
  const diagnostics = response['diagnostics'];
  if (diagnostics === null) return asked ? null : undefined;
  if (!isJsonObject(diagnostics)) return undefined;
  const reason = diagnostics['cache_miss_reason'];
  if (!isJsonObject(reason) || typeof reason['type'] !== 'string') return undefined;
  return { type: reason['type'], cacheMissedInputTokens: count(reason['cache_missed_input_tokens']) };
}

/**
 * OpenAI's diagnosis in a Responses response (GPT-5.6 and later, asked for with
 * `prompt_cache_options.comparison_response_id`), as `openai`'s `Response.prompt_cache_diagnostics`
 * types it: `{type: 'cache_hit'}` (fully reusable: `null`), `{type: 'cache_miss', reason,
 * cache_missed_tokens}` (the reason, named by `reason`), `{type: 'comparison_response_not_found'}`
 * or `{type: 'unavailable'}` (kept as the type).
 */
function openaiReason(response: Record<string, unknown>): CacheMissReason | null | undefined {
  const diagnostics = response['prompt_cache_diagnostics'];
  if (!isJsonObject(diagnostics) || typeof diagnostics['type'] !== 'string') return undefined;
  const type = diagnostics['type'];
  if (type === 'cache_hit') return null;
  if (type === 'cache_miss') {
    const reason = diagnostics['reason'];
    return { type: typeof reason === 'string' ? reason : 'cache_miss', cacheMissedInputTokens: count(diagnostics['cache_missed_tokens']) };
  }
  return { type, cacheMissedInputTokens: null };
}

/**
 * The provider's diagnosis carried by a response body: a reason, `null` when the provider found the
 * prefix fully reusable, or `undefined` when the response says nothing (not asked, still pending, or
 * no diagnostics field). `asked` tells whether the request named an earlier Anthropic response
 * (`asksAnthropicDiagnosis`): only then does Anthropic's `diagnostics: null` mean "fully reusable".
 */
export function cacheMissReasonOf(response: unknown, asked: boolean): CacheMissReason | null | undefined {
  if (!isJsonObject(response)) return undefined;
  if ('prompt_cache_diagnostics' in response) return openaiReason(response);
  return anthropicReason(response, asked);
}

/** `observed` with the provider's diagnosis set on it where the response carried one (unchanged otherwise, and null stays null). */
export function withCacheMissReason<T extends object>(observed: T | null, reason: CacheMissReason | null | undefined): (T & { readonly cacheMissReason?: CacheMissReason | null }) | null {
  if (observed === null || reason === undefined) return observed;
  return { ...observed, cacheMissReason: reason };
}
