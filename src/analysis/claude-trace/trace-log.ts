import { InputError } from '../../prefix/index.js';
import { isJsonObject } from '../../prefix/json-object.js';
import { readLogLines } from '../../providers/session/index.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';
import type { RecordedRequest } from '../bodies/recorded-requests.js';
import type { ObservedUsage } from '../usage/observed-usage.js';
import { fromAnthropicUsage, type AnthropicUsage } from '../anthropic/anthropic-usage.js';
import { readRequestBody } from '../bodies/read-request-body.js';
import { streamedMessage, streamedUsage } from '../anthropic/anthropic-stream.js';
import { asksAnthropicDiagnosis, cacheMissReasonOf, withCacheMissReason } from '../usage/cache-miss-reason.js';
import { isTraceRecord } from './trace-record.js';

/*
 * claude-trace (https://github.com/badlogic/lemmy/tree/main/apps/claude-trace, its interceptor) patches Claude Code's
 * `fetch` and writes one JSON line per exchange with Anthropic's API to
 * `.claude-trace/log-YYYY-MM-DD-HH-MM-SS.jsonl`:
 * `{request: {timestamp, method, url, headers, body}, response: {timestamp, status_code, headers,
 * body | body_raw}, logged_at}`. `request.timestamp` is in seconds since the epoch; `body` is the
 * parsed JSON request body; a JSON response is kept parsed in `response.body`, a streamed one as its
 * raw server-sent events in `response.body_raw`. These are the exact bodies Claude Code sent, so
 * they are replayed as wire bodies, with no reconstruction.
 */

/** A line of the log that is not replayed as a cache write, and why. */
export interface UnreplayedCall {
  readonly line: number;
  readonly what: string;
}

/** A claude-trace log read: its messages calls in logged order, and every other line with its reason. */
export interface TraceLog {
  readonly calls: readonly RecordedRequest[];
  readonly unreplayed: readonly UnreplayedCall[];
}


/** The usage of a response: the parsed JSON body's `usage`, else the streamed events'. */
function responseUsage(response: Record<string, unknown>): AnthropicUsage | null {
  const body = response['body'];
  if (isJsonObject(body) && isJsonObject(body['usage'])) return fromAnthropicUsage(body['usage']) ?? null;
  const raw = response['body_raw'];
  return typeof raw === 'string' ? streamedUsage(raw) : null;
}

/** The response's message: the JSON body, or the message a streamed response opened with. */
function responseMessage(response: Record<string, unknown>): unknown {
  const raw = response['body_raw'];
  return isJsonObject(response['body']) ? response['body'] : typeof raw === 'string' ? streamedMessage(raw) : undefined;
}

/** The observed side: the 1-hour part kept only where there is one (it prices those writes at 2× input). */
function observedOf(usage: AnthropicUsage): ObservedUsage & { readonly cacheWrite1h?: number } {
  const { cacheWrite1h, ...rest } = usage;
  return cacheWrite1h > 0 ? { ...rest, cacheWrite1h } : rest;
}

/** The request's time in seconds: `request.timestamp`, else `logged_at`. */
function timeOf(record: Record<string, unknown>, request: Record<string, unknown>): number | null {
  if (typeof request['timestamp'] === 'number' && Number.isFinite(request['timestamp'])) return request['timestamp'];
  const logged = typeof record['logged_at'] === 'string' ? Date.parse(record['logged_at']) : Number.NaN;
  return Number.isNaN(logged) ? null : logged / 1000;
}

/** The URL's path (`/v1/messages`), or the URL as given when it does not parse. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/**
 * Reads a claude-trace log. Each messages call (`POST …/v1/messages`) that succeeded becomes a
 * recorded request from its exact body, with the usage its response reported (streamed or not).
 * Other endpoints (`/v1/messages/count_tokens`, …), failed calls (a status other than 2xx, or no
 * response) and calls whose response carries no usage are listed with their line, not replayed as
 * cache writes. A line that is not JSON, or not a claude-trace record, is an error naming file and
 * line.
 */
export async function readTraceLog(file: string, label: string, options: InputLimit = {}): Promise<TraceLog> {
  const calls: RecordedRequest[] = [];
  const unreplayed: UnreplayedCall[] = [];
  for await (const { text, line } of readLogLines(file, { label, ...inputLimit(options) })) {
    if (text.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch {
      throw new InputError('input/malformed-json', 'is not a JSON line', { source: label, line });
    }
    if (!isTraceRecord(record) || !isJsonObject(record)) throw new InputError('input/not-claude-trace', 'is not a claude-trace record ({request: {url, body}, response: {status_code, body | body_raw}})', { source: label, line });
    const request = record['request'] as Record<string, unknown>;
    const response = isJsonObject(record['response']) ? record['response'] : undefined;
    const method = typeof request['method'] === 'string' ? request['method'].toUpperCase() : 'POST';
    const where = `${method} ${pathOf(request['url'] as string)}`;
    if (method !== 'POST' || !/\/v1\/messages$/.test(pathOf(request['url'] as string))) {
      unreplayed.push({ line, what: `${where}: not a messages call` });
      continue;
    }
    const status = response?.['status_code'];
    if (response === undefined || typeof status !== 'number' || status < 200 || status > 299) {
      unreplayed.push({ line, what: `${where}: failed (${response === undefined ? 'no response logged' : `status ${String(status)}`})` });
      continue;
    }
    const usage = responseUsage(response);
    if (usage === null) {
      unreplayed.push({ line, what: `${where}: the response carries no usage` });
      continue;
    }
    let body = request['body'];
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        throw new InputError('input/malformed-json', `${where}: the request body is not JSON`, { source: label, line });
      }
    }
    const wire = readRequestBody(body, { source: `${label}:${line}`, endpoint: request['url'] as string });
    // Anthropic's own word on the cache, where the request asked for it (`diagnostics`).
    const reason = cacheMissReasonOf(responseMessage(response), asksAnthropicDiagnosis(body));
    calls.push({ wire, observed: withCacheMissReason(observedOf(usage), reason)!, time: timeOf(record, request) });
  }
  return { calls, unreplayed };
}
