import { InputError } from '../../prefix/index.js';
import { isJsonObject } from '../../prefix/json-object.js';
import type { RecordedRequest } from '../bodies/recorded-requests.js';
import type { ObservedUsage } from '../usage/observed-usage.js';
import { fromAnthropicUsage, type AnthropicUsage } from '../anthropic/anthropic-usage.js';
import { readRequestBody } from '../bodies/read-request-body.js';
import { streamedMessage, streamedUsage } from '../anthropic/anthropic-stream.js';
import { asksAnthropicDiagnosis, cacheMissReasonOf, withCacheMissReason } from '../usage/cache-miss-reason.js';

/*
 * One line of a claude-trace log as its interceptor writes it
 * (https://github.com/badlogic/lemmy/blob/main/apps/claude-trace/src/interceptor.ts):
 * `{request: {timestamp, method, url, headers, body}, response: {timestamp, status_code, headers,
 * body | body_raw}, logged_at}`. The interceptor logs every URL on api.anthropic.com that contains
 * `/v1/messages` (so `/v1/messages?beta=true` and `/v1/messages/count_tokens?beta=true`), every
 * Bedrock runtime call, and with `--include-all-requests` every other call to the host (OAuth,
 * telemetry). `response.body` is the parsed JSON of an `application/json` answer (fetch has already
 * undone any `content-encoding`), `body_raw` the text of any other (a stream's server-sent events);
 * neither when reading the answer failed. A request still unanswered when Claude Code exits is
 * written with `response: null` and a `note`.
 */

/** What one exchange of the log is: a messages call read with its usage, or why it is not one. */
export type TraceExchange = { readonly call: RecordedRequest } | { readonly unread: string };

/** The URL's path (`/v1/messages`), or the URL as given when it does not parse. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
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

/** A response header's value, whatever case the writer kept its name in. */
function header(response: Record<string, unknown>, name: string): string | undefined {
  const headers = response['headers'];
  if (!isJsonObject(headers)) return undefined;
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof value === 'string' ? value : undefined;
}

/** Why a call that was answered is not one with usage: a failure status, or a body without usage. */
function withoutUsage(response: Record<string, unknown>, status: unknown): string {
  const body = response['body'];
  const error = isJsonObject(body) && isJsonObject(body['error']) ? body['error'] : undefined;
  const said = error === undefined ? '' : ` (${[error['type'], error['message']].filter((part) => typeof part === 'string').join(': ')})`;
  if (typeof status !== 'number' || status < 200 || status > 299) return `failed with status ${String(status)}${said}: no cache entry written`;
  if (body === undefined && response['body_raw'] === undefined) return 'the response body was not logged (claude-trace could not read it)';
  const encoding = header(response, 'content-encoding');
  if (typeof response['body_raw'] === 'string' && encoding !== undefined && !response['body_raw'].includes('data:')) return `the response body was logged still ${encoding}-encoded: its usage cannot be read`;
  if (typeof response['body_raw'] === 'string' && /^event: error$/m.test(response['body_raw'])) return 'the stream ended in an error event before it reported usage';
  return 'the response carries no usage';
}

/**
 * Reads one claude-trace record. A messages call (`POST …/v1/messages`) that succeeded becomes a
 * recorded request from its exact body, with the usage its response reported (streamed or not).
 * Anything else is named with its reason: another endpoint, a Bedrock call, a failed call (a
 * status other than 2xx writes no cache entry), a request logged without a response, a response
 * without usage, a body that is not a messages body.
 */
export function readTraceExchange(record: Record<string, unknown>, label: string, line: number): TraceExchange {
  const request = record['request'] as Record<string, unknown>;
  const url = request['url'] as string;
  const method = typeof request['method'] === 'string' ? request['method'].toUpperCase() : 'POST';
  const path = pathOf(url);
  const where = `${method} ${path}`;
  if (/bedrock-runtime\.[^/]*\.amazonaws\.com/.test(url)) return { unread: `${where}: a Bedrock call (its model is in the URL and its answer an AWS event stream), not read` };
  if (method === 'POST' && /\/v1\/messages\/count_tokens$/.test(path)) return { unread: `${where}: counts tokens, writes no cache entry` };
  if (method !== 'POST' || !/\/v1\/messages$/.test(path)) return { unread: `${where}: not a messages call` };
  const response = record['response'];
  if (!isJsonObject(response)) {
    const note = typeof record['note'] === 'string' ? ` (${record['note']})` : '';
    return { unread: `${where}: no response logged${note}: the process ended before it was answered` };
  }
  const status = response['status_code'];
  const usage = typeof status === 'number' && status >= 200 && status <= 299 ? responseUsage(response) : null;
  if (usage === null) return { unread: `${where}: ${withoutUsage(response, status)}` };
  let body = request['body'];
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return { unread: `${where}: the request body is not JSON` };
    }
  }
  try {
    const wire = readRequestBody(body, { source: `${label}:${line}`, endpoint: url });
    // Anthropic's own word on the cache, where the request asked for it (`diagnostics`).
    const reason = cacheMissReasonOf(responseMessage(response), asksAnthropicDiagnosis(body));
    return { call: { wire, observed: withCacheMissReason(observedOf(usage), reason)!, time: timeOf(record, request) } };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { unread: `${where}: the request body is not a messages body (${error.message})` };
  }
}
