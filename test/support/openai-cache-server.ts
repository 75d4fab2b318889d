/**
 * Test support (not a test file): a local server on 127.0.0.1 that answers Chat Completions and
 * Responses requests the way OpenAI's prompt cache bills them, written from the prompt caching guide
 * and the SDK 7.59.0 types, not from kvprefix's code:
 *
 * - it renders a request as units (system/instruction text, each tool's JSON, each message's JSON,
 *   a message cut after each content part that carries `prompt_cache_breakpoint`) and counts the
 *   tokens of their concatenation with gpt-tokenizer's o200k_base;
 * - before GPT-5.6: every request is stored; a read is the longest prefix shared with a stored one,
 *   nothing under 1,024 tokens, then whole 128-token steps; no writes are reported;
 * - GPT-5.6 and later: entries are written only at breakpoints (the implicit one at the newest user
 *   or tool message unless `prompt_cache_options.mode` is `explicit`; the latest three explicit ones
 *   beside it, or four), a read is the longest entry that ends exactly at one of this request's unit
 *   boundaries, and the written tokens are reported in `cache_write_tokens`;
 * - entries are kept per model and `prompt_cache_key`;
 * - a `prompt_cache_options.mode` other than `implicit`/`explicit` is answered 400.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

type Json = Record<string, unknown>;

const breakpointModel = (model: string): boolean => {
  const version = /^gpt-(\d+)(?:\.(\d+))?/.exec(model);
  return version !== null && (Number(version[1]) > 5 || (Number(version[1]) === 5 && Number(version[2] ?? 0) >= 6));
};

interface Unit {
  readonly text: string;
  readonly explicit: boolean;
  readonly userOrTool: boolean;
}

/** A message (or input item) cut after each marked content part, each piece one unit. */
function messageUnits(message: Json, userOrTool: boolean): Unit[] {
  const content = message['content'];
  if (!Array.isArray(content)) return [{ text: JSON.stringify(message), explicit: false, userOrTool }];
  const units: Unit[] = [];
  let parts: unknown[] = [];
  const close = (explicit: boolean) => {
    units.push({ text: JSON.stringify(units.length === 0 ? { ...message, content: parts } : { content: parts }), explicit, userOrTool });
    parts = [];
  };
  for (const part of content as Json[]) {
    const { prompt_cache_breakpoint: mark, ...rest } = part;
    parts.push(rest);
    if (mark) close(true);
  }
  if (parts.length > 0) close(false);
  return units;
}

/** A system or developer message: its text (the template reads it as prompt text, not JSON), cut after each marked part. */
function headUnits(message: Json): Unit[] {
  const content = message['content'];
  if (typeof content === 'string') return [{ text: content, explicit: false, userOrTool: false }];
  const units: Unit[] = [];
  let text = '';
  for (const part of content as Json[]) {
    text += String(part['text']);
    if (part['prompt_cache_breakpoint']) {
      units.push({ text, explicit: true, userOrTool: false });
      text = '';
    }
  }
  if (text !== '') units.push({ text, explicit: false, userOrTool: false });
  return units;
}

function units(body: Json): Unit[] {
  const head: Unit[] = [];
  const tail: Unit[] = [];
  if (typeof body['instructions'] === 'string') head.push({ text: body['instructions'], explicit: false, userOrTool: false });
  const items = (Array.isArray(body['messages']) ? body['messages'] : typeof body['input'] === 'string' ? [{ role: 'user', content: body['input'] }] : body['input']) as Json[];
  for (const item of items) {
    const role = String(item['role'] ?? item['type']);
    if ((role === 'system' || role === 'developer') && tail.length === 0) head.push(...headUnits(item));
    else tail.push(...messageUnits(item, role === 'user' || role === 'tool' || role.endsWith('_call_output')));
  }
  const tools = ((body['tools'] as Json[] | undefined) ?? []).map((tool) => ({ text: JSON.stringify(tool), explicit: false, userOrTool: false }));
  return [...head, ...tools, ...tail];
}

/** What the server answered one request with. */
export interface CacheAnswer {
  readonly status: number;
  readonly usage?: { readonly input: number; readonly cached: number; readonly written: number };
}

export interface OpenAICacheServer {
  readonly url: string;
  readonly received: Json[];
  readonly answers: CacheAnswer[];
  close(): Promise<void>;
}

function bill(body: Json, store: Map<string, Set<string>>): CacheAnswer {
  const options = (body['prompt_cache_options'] ?? {}) as Json;
  const mode = options['mode'] ?? 'implicit';
  if (mode !== 'implicit' && mode !== 'explicit') return { status: 400 };
  const model = String(body['model']);
  const route = `${model}\u0000${String(body['prompt_cache_key'] ?? '')}`;
  const entries = store.get(route) ?? new Set<string>();
  store.set(route, entries);
  const all = units(body);
  const prefixes = all.map((_, index) => all.slice(0, index + 1).map((unit) => unit.text).join(''));
  const whole = prefixes.at(-1) ?? '';
  const input = countTokens(whole);
  if (!breakpointModel(model)) {
    let shared = 0;
    for (const entry of entries) {
      let common = 0;
      while (common < entry.length && common < whole.length && entry[common] === whole[common]) common++;
      shared = Math.max(shared, countTokens(whole.slice(0, common)));
    }
    entries.add(whole);
    const cached = shared < 1024 ? 0 : 1024 + 128 * Math.floor((shared - 1024) / 128);
    return { status: 200, usage: { input, cached: Math.min(cached, input), written: 0 } };
  }
  const explicit = all.flatMap((unit, index) => (unit.explicit ? [index] : []));
  const written = explicit.slice(-(mode === 'implicit' ? 3 : 4));
  if (mode === 'implicit') {
    const implicit = all.findLastIndex((unit) => unit.userOrTool);
    if (implicit >= 0) written.push(implicit);
  }
  let cached = 0;
  if (written.length > 0) {
    for (const prefix of prefixes) if (entries.has(prefix)) cached = Math.max(cached, countTokens(prefix));
  }
  const last = written.length === 0 ? 0 : countTokens(prefixes[Math.max(...written)]!);
  for (const index of written) if (countTokens(prefixes[index]!) >= 1024) entries.add(prefixes[index]!);
  const write = last >= 1024 && last > cached ? last - cached : 0;
  return { status: 200, usage: { input, cached, written: write } };
}

function reply(path: string, body: Json, usage: NonNullable<CacheAnswer['usage']>): Json {
  if (path.endsWith('/responses')) {
    return {
      id: 'resp_1', object: 'response', created_at: 0, model: body['model'], status: 'completed',
      output: [{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'OK', annotations: [] }] }],
      usage: { input_tokens: usage.input, input_tokens_details: { cached_tokens: usage.cached, cache_write_tokens: usage.written }, output_tokens: 1, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: usage.input + 1 },
    };
  }
  return {
    id: 'chatcmpl-1', object: 'chat.completion', created: 0, model: body['model'],
    choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: usage.input, completion_tokens: 1, total_tokens: usage.input + 1, prompt_tokens_details: { cached_tokens: usage.cached, cache_write_tokens: usage.written } },
  };
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startOpenAICacheServer(): Promise<OpenAICacheServer> {
  const received: Json[] = [];
  const answers: CacheAnswer[] = [];
  const store = new Map<string, Set<string>>();
  const server: Server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as Json;
      received.push(body);
      const answer = bill(body, store);
      answers.push(answer);
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      if (answer.usage === undefined) {
        response.end(JSON.stringify({ error: { message: "Invalid value for 'prompt_cache_options.mode': expected 'implicit' or 'explicit'.", type: 'invalid_request_error', param: 'prompt_cache_options.mode', code: 'invalid_value' } }));
      } else response.end(JSON.stringify(reply(request.url ?? '', body, answer.usage)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, received, answers, close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))) };
}

/** For one test file: a starter of cache servers, each closed after the test that started it. */
export function openAICacheServerPerTest(): () => Promise<OpenAICacheServer> {
  const servers: OpenAICacheServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  return async () => {
    const server = await startOpenAICacheServer();
    servers.push(server);
    return server;
  };
}
