import OpenAI from 'openai';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { bufferedIo, runCli } from '../src/cli/index.js';
import { startResponsesDiagnosingServer, type DiagnosingServer } from './support/diagnosing-server.js';
import { recordingWatch } from './support/watch-record.js';

const servers: DiagnosingServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const READ = { type: 'function', name: 'read_file', description: 'Read a file of the workspace.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }, strict: true };
const GREP = { type: 'function', name: 'grep', description: 'Search the workspace for a pattern.', parameters: { type: 'object', properties: { pattern: { type: 'string' } }, required: ['pattern'] }, strict: true };
const INSTRUCTIONS = 'You are a careful coding agent. Answer briefly.';
const ASK = { role: 'user', content: 'What does the release script do?' };
const ANSWER = { role: 'assistant', content: 'It tags the commit and publishes the package.' };
const FOLLOW = { role: 'user', content: 'And which registry does it publish to?' };

/** A tool added, an append, an instructions change, a model change, and back to the first model extending the request before the model change. */
const RUN = [
  { model: 'gpt-5.6', instructions: INSTRUCTIONS, tools: [READ], input: [ASK] },
  { model: 'gpt-5.6', instructions: INSTRUCTIONS, tools: [READ, GREP], input: [ASK] },
  { model: 'gpt-5.6', instructions: INSTRUCTIONS, tools: [READ, GREP], input: [ASK, ANSWER, FOLLOW], stream: true },
  { model: 'gpt-5.6', instructions: `${INSTRUCTIONS} Today is Friday.`, tools: [READ, GREP], input: [ASK, ANSWER, FOLLOW], prompt_cache_options: { ttl: '30m' } },
  { model: 'gpt-5.6-mini', instructions: `${INSTRUCTIONS} Today is Friday.`, tools: [READ, GREP], input: [ASK, ANSWER, FOLLOW], stream: true },
  { model: 'gpt-5.6', instructions: `${INSTRUCTIONS} Today is Friday.`, tools: [READ, GREP], input: [ASK, ANSWER, FOLLOW, { role: 'assistant', content: 'npm.' }, { role: 'user', content: 'Thanks.' }] },
];

it('the official openai SDK through watchFetch({diagnostics: true}) names, on each later GPT-5.6 Responses request, the response to the request kvprefix compares it with, and analyze scores every cause of a tool added, an append, an instructions change and a model change as agreeing with prompt_cache_diagnostics', async () => {
  const server = await startResponsesDiagnosingServer();
  servers.push(server);
  const watch = recordingWatch(fetch, { provider: 'openai', diagnostics: true, clock: () => Date.UTC(2026, 11, 4, 3, 0, 0) });
  const client = new OpenAI({ apiKey: 'test-key', baseURL: `${server.url}/v1`, fetch: watch.watched, maxRetries: 0 });
  for (const body of RUN) {
    if (body.stream) {
      const stream = await client.responses.create(body as never);
      for await (const _event of stream as unknown as AsyncIterable<unknown>) void _event;
    } else await client.responses.create(body as never);
  }
  const { record, predictions } = await watch.done();

  // The first request has no earlier response: nothing is added. The host's own prompt_cache_options keep their ttl.
  expect(server.received[0]!['prompt_cache_options']).toBeUndefined();
  expect(server.received[3]!['prompt_cache_options']).toEqual({ ttl: '30m', comparison_response_id: 'resp_0002' });
  const sent = server.received.map((body) => (body['prompt_cache_options'] as { comparison_response_id?: string } | undefined)?.comparison_response_id ?? null);
  const indexOf = new Map(predictions.map((prediction, at) => [`${prediction.route.provider}/${prediction.route.model}#${prediction.routeIndex}`, at]));
  const expected = predictions.map((prediction) => {
    const against = prediction.divergence?.against;
    return against ? server.ids[indexOf.get(`${against.session}#${against.index}`)!]! : null;
  });
  expect(sent).toEqual(expected);
  expect(sent).toEqual([null, 'resp_0000', 'resp_0001', 'resp_0002', 'resp_0003', 'resp_0003']);
  expect(predictions.map((prediction) => prediction.divergence?.cause ?? null)).toEqual([null, 'tools', 'extension', 'system', 'route', 'extension']);

  const io = bufferedIo(path.dirname(record));
  expect(await runCli(['analyze', path.basename(record), '--json'], io)).toBe(0);
  const document = JSON.parse(io.out.join('')) as {
    sessions: { requests: { observed: { cacheMissReason?: unknown } }[] }[];
    trees: { accuracy: { causes: unknown } }[];
    accuracy: { causes: { compared: number; agree: number; disagreements: unknown[] } };
  };
  // The server's own words, in the record's sessions (one per route: gpt-5.6's five, then gpt-5.6-mini's one).
  expect(document.sessions.flatMap((session) => session.requests.map((request) => request.observed.cacheMissReason))).toEqual([
    undefined,
    { type: 'tools_changed', cacheMissedInputTokens: expect.any(Number) },
    null,
    { type: 'input_changed', cacheMissedInputTokens: expect.any(Number) },
    null,
    { type: 'model_changed', cacheMissedInputTokens: expect.any(Number) },
  ]);
  expect(document.accuracy.causes).toMatchObject({ compared: 5, agree: 5, disagreements: [] });
  expect(document.trees[0]!.accuracy.causes).toEqual(document.accuracy.causes);

  const text = bufferedIo(path.dirname(record));
  expect(await runCli(['analyze', path.basename(record), '--requests'], text)).toBe(0);
  const out = text.out.join('');
  expect(out).toContain('system* = provider input_changed');
  expect(out).toContain("causes against the provider's own diagnosis: 5/5 agree");
});
