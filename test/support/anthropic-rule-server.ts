/**
 * Test support (not a test file): a local HTTP server on 127.0.0.1 that answers Anthropic messages
 * requests as the API does for its caching rules (platform.claude.com prompt-caching doc): a body
 * with more than 4 `cache_control` breakpoints, a `ttl` other than 5m/1h, or a longer TTL after a
 * shorter one (in tools → system → messages order) gets a 400 `invalid_request_error`; a scripted
 * status (529 overloaded, 500) can be answered instead; any other body gets a 200 message whose usage
 * is what the test scripts, as JSON or as the event stream when the body asks for `stream`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { anthropicMessageEvents } from './cassette-server.js';

type Json = Record<string, unknown>;

const TTL_SECONDS: Readonly<Record<string, number>> = { '5m': 300, '1h': 3600 };

/** Every `cache_control` of a body in the order the API reads them: tools, system blocks, message content blocks. */
function breakpoints(body: Json): Json[] {
  const found: Json[] = [];
  const take = (value: unknown) => {
    if (typeof value === 'object' && value !== null && 'cache_control' in value) found.push((value as Json)['cache_control'] as Json);
  };
  for (const tool of (body['tools'] as unknown[] | undefined) ?? []) take(tool);
  if (Array.isArray(body['system'])) for (const block of body['system']) take(block);
  for (const message of (body['messages'] as Json[] | undefined) ?? []) if (Array.isArray(message['content'])) for (const block of message['content']) take(block);
  if (body['cache_control'] !== undefined) found.push(body['cache_control'] as Json);
  return found;
}

/** The API's refusal of a body that breaks a caching rule, or undefined when it follows them. */
export function breakpointRefusal(body: Json): string | undefined {
  const marks = breakpoints(body);
  if (marks.length > 4) return `A maximum of 4 blocks with cache_control may be provided. Found ${marks.length}.`;
  let shortest = Infinity;
  for (const mark of marks) {
    const ttl = (mark['ttl'] as string | undefined) ?? '5m';
    const seconds = TTL_SECONDS[ttl];
    if (seconds === undefined) return `cache_control.ttl: Input should be '5m' or '1h'`;
    if (seconds > shortest) return 'a ttl=\'1h\' cache_control block must not come after a ttl=\'5m\' cache_control block';
    shortest = Math.min(shortest, seconds);
  }
  return undefined;
}

/** What the server answers one accepted request with: its usage (the status comes from the script). */
export type ScriptedAnswer = { readonly status: number } | { readonly usage: Json };

/** A running server: its base URL, the bodies it received, and the status it answered each with. */
export interface RuleServer {
  readonly url: string;
  readonly received: Json[];
  readonly statuses: number[];
  close(): Promise<void>;
}

/** Starts the server; `answer(body, index)` scripts each request that follows the rules (a refused one never reaches it). */
export async function startAnthropicRuleServer(answer: (body: Json, index: number) => ScriptedAnswer): Promise<RuleServer> {
  const received: Json[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as Json;
      const index = received.length;
      received.push(body);
      const send = (status: number, type: string, text: string) => {
        statuses.push(status);
        response.writeHead(status, { 'content-type': type });
        response.end(text);
      };
      const refusal = breakpointRefusal(body);
      if (refusal !== undefined) return send(400, 'application/json', JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: refusal } }));
      const scripted = answer(body, index);
      if ('status' in scripted) return send(scripted.status, 'application/json', JSON.stringify({ type: 'error', error: { type: scripted.status === 529 ? 'overloaded_error' : 'api_error', message: 'Overloaded' } }));
      const message = { id: `msg_${index}`, type: 'message', role: 'assistant', model: body['model'], content: [{ type: 'text', text: 'Done.' }], stop_reason: 'end_turn', stop_sequence: null, usage: scripted.usage };
      if (body['stream'] === true) return send(200, 'text/event-stream', anthropicMessageEvents(message).join(''));
      return send(200, 'application/json', JSON.stringify(message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, statuses, close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))) };
}

/** For one test file: a starter of rule servers, each closed after the test that started it. */
export function ruleServerPerTest(): (answer: (body: Json, index: number) => ScriptedAnswer) => Promise<RuleServer> {
  const servers: RuleServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  return async (answer) => {
    const server = await startAnthropicRuleServer(answer);
    servers.push(server);
    return server;
  };
}
