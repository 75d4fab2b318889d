import { isJsonObject } from '../../prefix/json-object.js';
import { fromAnthropicUsage, type AnthropicUsage } from './anthropic-usage.js';

/** The JSON objects of a stream's `data:` lines, in order; a data line that is not JSON (a keep-alive, a cut line) is passed over. */
function* sseEvents(raw: string): Generator<Record<string, unknown>> {
  for (const line of raw.split(/\r?\n/)) {
    if (!line.startsWith('data:')) continue;
    let event: unknown;
    try {
      event = JSON.parse(line.slice(5).trim());
    } catch {
      continue;
    }
    if (isJsonObject(event)) yield event;
  }
}

/**
 * The usage of a streamed Anthropic response, from its server-sent events as claude-trace keeps
 * them (`response.body_raw`): `message_start` carries the input side (`input_tokens`,
 * `cache_read_input_tokens`, `cache_creation_input_tokens`, `cache_creation`), and each
 * `message_delta` the output count so far, the last one final
 * (https://platform.claude.com/docs/en/build-with-claude/streaming). Null when no `message_start`
 * with usage is in the stream (a stream cut before it, an error event).
 */
export function streamedUsage(raw: string): AnthropicUsage | null {
  let start: Record<string, unknown> | undefined;
  let output: number | undefined;
  for (const event of sseEvents(raw)) {
    if (event['type'] === 'message_start' && isJsonObject(event['message']) && isJsonObject(event['message']['usage'])) start = event['message']['usage'];
    if (event['type'] === 'message_delta' && isJsonObject(event['usage']) && typeof event['usage']['output_tokens'] === 'number') output = event['usage']['output_tokens'];
  }
  if (start === undefined) return null;
  const usage = fromAnthropicUsage(output === undefined ? start : { ...start, output_tokens: output });
  return usage ?? null;
}

/**
 * The message a streamed response opened with (`message_start.message`: its id, model, usage and,
 * where the request asked, Anthropic's `diagnostics`), or undefined when the stream has none.
 */
export function streamedMessage(raw: string): Record<string, unknown> | undefined {
  for (const event of sseEvents(raw)) if (event['type'] === 'message_start' && isJsonObject(event['message'])) return event['message'];
  return undefined;
}
