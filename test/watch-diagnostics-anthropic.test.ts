import Anthropic from '@anthropic-ai/sdk';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { bufferedIo, runCli } from '../src/cli/index.js';
import { startAnthropicDiagnosingServer, type DiagnosingServer } from './support/diagnosing-server.js';
import { recordingWatch } from './support/watch-record.js';

const servers: DiagnosingServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const READ = { name: 'read_file', description: 'Read a file of the workspace.', input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } };
const GREP = { name: 'grep', description: 'Search the workspace for a pattern.', input_schema: { type: 'object', properties: { pattern: { type: 'string' } }, required: ['pattern'] } };
const SYSTEM = 'You are a careful coding agent. Answer briefly.';
const ASK = { role: 'user', content: 'What does the release script do?' };
const ANSWER = { role: 'assistant', content: 'It tags the commit and publishes the package.' };
const FOLLOW = { role: 'user', content: 'And which registry does it publish to?' };

/** A tool added, an append, a system change, a model change, and back to the first model extending the request before the model change. */
const RUN = [
  { model: 'claude-sonnet-4-5', max_tokens: 64, system: SYSTEM, tools: [READ], messages: [ASK] },
  { model: 'claude-sonnet-4-5', max_tokens: 64, system: SYSTEM, tools: [READ, GREP], messages: [ASK] },
  { model: 'claude-sonnet-4-5', max_tokens: 64, system: SYSTEM, tools: [READ, GREP], messages: [ASK, ANSWER, FOLLOW], stream: true },
  { model: 'claude-sonnet-4-5', max_tokens: 64, system: `${SYSTEM} Today is Friday.`, tools: [READ, GREP], messages: [ASK, ANSWER, FOLLOW] },
  { model: 'claude-haiku-4-5', max_tokens: 64, system: `${SYSTEM} Today is Friday.`, tools: [READ, GREP], messages: [ASK, ANSWER, FOLLOW], stream: true },
  { model: 'claude-sonnet-4-5', max_tokens: 64, system: `${SYSTEM} Today is Friday.`, tools: [READ, GREP], messages: [ASK, ANSWER, FOLLOW, { role: 'assistant', content: 'npm.' }, { role: 'user', content: 'Thanks.' }] },
];

async function run(server: DiagnosingServer) {
  const watch = recordingWatch(fetch, { provider: 'anthropic', diagnostics: true, clock: () => Date.UTC(2026, 11, 4, 3, 0, 0) });
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: watch.watched, maxRetries: 0 });
  for (const body of RUN) {
    if (body.stream) {
      const stream = await client.messages.create(body as never);
      for await (const _event of stream as unknown as AsyncIterable<unknown>) void _event;
    } else await client.messages.create(body as never);
  }
  return watch.done();
}

it('the official Anthropic SDK through watchFetch({diagnostics: true}) names, on each later request, the response to the request kvprefix compares it with, and analyze scores every cause of a tool added, an append, a system change and a model change as agreeing with the server', async () => {
  const server = await startAnthropicDiagnosingServer();
  servers.push(server);
  const { record, predictions } = await run(server);

  // Each request sent the id of the response to the earlier request its prediction compares it with
  // (the last one names request 3, not the model change just before it); the first opts in with null.
  const sent = server.received.map((body) => (body['diagnostics'] as { previous_message_id: string | null }).previous_message_id);
  const indexOf = new Map(predictions.map((prediction, at) => [`${prediction.route.provider}/${prediction.route.model}#${prediction.routeIndex}`, at]));
  const expected = predictions.map((prediction) => {
    const against = prediction.divergence?.against;
    return against ? server.ids[indexOf.get(`${against.session}#${against.index}`)!]! : null;
  });
  expect(sent).toEqual(expected);
  expect(sent).toEqual([null, 'msg_0000', 'msg_0001', 'msg_0002', 'msg_0003', 'msg_0003']);
  expect(predictions.map((prediction) => prediction.divergence?.cause ?? null)).toEqual([null, 'tools', 'extension', 'system', 'route', 'extension']);

  const io = bufferedIo(path.dirname(record));
  expect(await runCli(['analyze', path.basename(record), '--json'], io)).toBe(0);
  const document = JSON.parse(io.out.join('')) as {
    sessions: { requests: { index: number; observed: { cacheMissReason?: unknown } }[] }[];
    trees: { accuracy: { causes: unknown } }[];
    accuracy: { causes: { compared: number; agree: number; disagreements: unknown[] } };
  };
  const reasons = document.sessions.flatMap((session) => session.requests.map((request) => request.observed.cacheMissReason));
  // The server's own words, request by request in the record's sessions (one per route: sonnet's five, then haiku's one).
  expect(reasons).toEqual([
    undefined,
    { type: 'tools_changed', cacheMissedInputTokens: expect.any(Number) },
    null,
    { type: 'system_changed', cacheMissedInputTokens: expect.any(Number) },
    null,
    { type: 'model_changed', cacheMissedInputTokens: expect.any(Number) },
  ]);
  expect(document.accuracy.causes).toMatchObject({ compared: 5, agree: 5, disagreements: [] });
  expect(document.trees[0]!.accuracy.causes).toEqual(document.accuracy.causes);

  const text = bufferedIo(path.dirname(record));
  expect(await runCli(['analyze', path.basename(record), '--requests'], text)).toBe(0);
  const out = text.out.join('');
  expect(out).toContain('tools* = provider tools_changed');
  expect(out).toContain('system* = provider system_changed');
  expect(out).toContain('extension* = provider fully reusable');
  expect(out).toMatch(/route\S* = provider model_changed/);
  expect(out).toContain("causes against the provider's own diagnosis: 5/5 agree");
});

it('rows of a diagnosed record carry the server\'s reason in server_cause: none where it found the prefix reusable, null where it said nothing', async () => {
  const server = await startAnthropicDiagnosingServer();
  servers.push(server);
  const { record } = await run(server);
  const io = bufferedIo(path.dirname(record));
  expect(await runCli(['analyze', path.basename(record), '--format', 'jsonl'], io)).toBe(0);
  const rows = io.out.join('').trim().split('\n').map((line) => JSON.parse(line) as { server_cause: string | null });
  expect(rows.map((row) => row.server_cause)).toEqual([null, 'tools_changed', 'none', 'system_changed', 'none', 'model_changed']);
});
