import { isJsonObject } from '../../prefix/json-object.js';
import { observedUsageOf } from '../bodies/response-usage.js';
import { type ObservedUsage } from '../usage/observed-usage.js';
import { ResponseFactsReader, type ResponseFacts } from './diagnostics-response.js';

/** Reads the usage of a response body from its bytes as they pass, without holding the caller up. */
export interface UsageReader {
  push(chunk: Uint8Array): void;
  /** The usage the body reported, or null when it carried none. */
  finish(): ObservedUsage | null;
  /** The response's id and cache diagnosis fields, as far as read (complete after `finish`). */
  facts(): ResponseFacts;
}

/**
 * Usage of a server-sent-event stream, from the events that carry one:
 * - OpenAI and DeepSeek chat: the last chunk's `usage` (`stream_options.include_usage`);
 * - OpenAI Responses: `response.completed`'s `response.usage`;
 * - Anthropic: `message_start`'s `message.usage` (input, cache read and write), then
 *   `message_delta`'s `usage` (the output count, and cumulative input fields where sent).
 * Fields are merged in arrival order, later ones winning; nulls (`"usage": null` on every chat
 * chunk but the last) are skipped. Only `data:` lines that mention `usage` are parsed.
 */
export function sseUsageReader(): UsageReader {
  const decoder = new TextDecoder();
  let pending = '';
  const merged: Record<string, unknown> = {};
  let seen = false;
  const facts = new ResponseFactsReader();
  const take = (usage: unknown) => {
    if (!isJsonObject(usage)) return;
    for (const [key, value] of Object.entries(usage)) if (value !== null && value !== undefined) merged[key] = value;
    seen = true;
  };
  const line = (text: string) => {
    if (!text.startsWith('data:') || !text.includes('usage')) return;
    let event: unknown;
    try {
      event = JSON.parse(text.slice(5));
    } catch {
      return;
    }
    if (!isJsonObject(event)) return;
    take(event['usage']);
    if (isJsonObject(event['response'])) take(event['response']['usage']);
    if (isJsonObject(event['message'])) take(event['message']['usage']);
    // Anthropic's message_start message and OpenAI's response events carry the id and the diagnosis.
    facts.take(event['message']);
    facts.take(event['response']);
  };
  const lines = (text: string) => {
    pending += text;
    let end = pending.indexOf('\n');
    while (end >= 0) {
      line(pending.slice(0, end).replace(/\r$/, ''));
      pending = pending.slice(end + 1);
      end = pending.indexOf('\n');
    }
  };
  return {
    push: (chunk) => lines(decoder.decode(chunk, { stream: true })),
    finish() {
      lines(`${decoder.decode()}\n`);
      return seen ? observedUsageOf({ usage: merged }) : null;
    },
    facts: () => facts.facts(),
  };
}

/** Usage of a JSON response: its bytes kept until the end, then parsed once. */
export function jsonUsageReader(): UsageReader {
  const chunks: Uint8Array[] = [];
  const facts = new ResponseFactsReader();
  return {
    push: (chunk) => void chunks.push(chunk),
    finish() {
      try {
        const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        facts.take(body);
        return observedUsageOf(body);
      } catch {
        return null;
      }
    },
    facts: () => facts.facts(),
  };
}
