import { isJsonObject } from '../../prefix/json-object.js';
import type { RouteKey } from '../../prefix/index.js';
import type { JsonObject } from '../wire/body-fields.js';
import type { WireFormat } from '../bodies/wire-format.js';

/**
 * True for the models whose Responses API takes `prompt_cache_options` (and so
 * `comparison_response_id`): "Supported for `gpt-5.6` and later models" (`openai` 7.59.0,
 * `resources/responses/responses.d.ts`, `Response.prompt_cache_options`). An older model would
 * refuse the field, so it is never added there.
 */
export function takesPromptCacheOptions(model: string): boolean {
  const match = /^gpt-(\d+)(?:\.(\d+))?/.exec(model);
  if (!match) return false;
  const major = Number(match[1]);
  const minor = Number(match[2] ?? 0);
  return major > 5 || (major === 5 && minor >= 6);
}

/**
 * The top-level fields to set on a request so that its provider diagnoses its cache reuse against
 * the response `comparedId` (the response to the earlier request kvprefix compares it with), or
 * undefined when nothing is to be set:
 * - Anthropic Messages: `diagnostics: {previous_message_id}`, unless the body sets `diagnostics`
 *   itself. With no earlier response the id is `null`: the guide's opt-in, under which the API
 *   stores this request's fingerprint for the next one to be compared with ("Pass `null` on the
 *   first turn to opt in without a prior message to compare", `DiagnosticsParam` in
 *   `@anthropic-ai/sdk`; https://platform.claude.com/docs/en/build-with-claude/cache-diagnostics).
 * - OpenAI Responses on GPT-5.6 and later: `prompt_cache_options.comparison_response_id`, merged
 *   into the body's own `prompt_cache_options`, unless it names one itself; nothing without an
 *   earlier response.
 * Both sit outside the system prompt, tools and messages: they change no byte the cache keys on.
 */
export function diagnosisFields(json: JsonObject, format: WireFormat, route: RouteKey, comparedId: string | undefined): JsonObject | undefined {
  if (format === 'anthropic-messages' && route.provider === 'anthropic') {
    if ('diagnostics' in json) return undefined;
    return { diagnostics: { previous_message_id: comparedId ?? null } };
  }
  if (format === 'openai-responses' && route.provider === 'openai' && takesPromptCacheOptions(route.model) && comparedId !== undefined) {
    const options = json['prompt_cache_options'];
    if (options === undefined) return { prompt_cache_options: { comparison_response_id: comparedId } };
    if (!isJsonObject(options) || 'comparison_response_id' in options) return undefined;
    return { prompt_cache_options: { ...options, comparison_response_id: comparedId } };
  }
  return undefined;
}

/**
 * The body's text with `fields` set: new fields written in front of the body's own (its text is
 * otherwise sent as the host wrote it), a field the body already has (an object merged into) by
 * writing the body again.
 */
export function bodyWithFields(text: string, json: JsonObject, fields: JsonObject): string {
  const names = Object.keys(fields);
  if (names.some((name) => name in json)) return JSON.stringify({ ...json, ...fields });
  const open = text.indexOf('{');
  const added = JSON.stringify(fields).slice(1, -1);
  return `${text.slice(0, open + 1)}${added},${text.slice(open + 1)}`;
}

/** Headers without `content-length` (the body changed length; `fetch` sets it again). */
function withoutContentLength(headers: RequestInit['headers']): RequestInit['headers'] {
  if (headers === undefined) return undefined;
  const copy = new Headers(headers);
  copy.delete('content-length');
  return copy;
}

/** The arguments of `fetch` that send `body` in place of the request's own, all else as given. */
export function withBody(input: string | URL | Request, init: RequestInit | undefined, body: string): [string | URL | Request, RequestInit] {
  if (init?.body !== undefined && init.body !== null) {
    const headers = withoutContentLength(init.headers);
    return [input, { ...init, body, ...(headers === undefined ? {} : { headers }) }];
  }
  // The body is the Request object's own: a new Request with the same URL, method and headers sends the new one.
  const request = input as Request;
  const headers = withoutContentLength(request.headers);
  return [new Request(request, { body, ...(headers === undefined ? {} : { headers }) }), init ?? {}];
}
