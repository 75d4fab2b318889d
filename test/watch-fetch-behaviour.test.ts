import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { watchFetch, type WatchError, type WatchPrediction, type WatchUsage } from '../src/analysis/watch/index.js';
import { cassetteInteractions, type Interaction } from './support/cassette-server.js';
import { describeWithCorpus } from './support/corpus.js';

const DEEPSEEK = 'test_deepseek/test_deepseek_deferred_capability_with_thinking.yaml';
const URL_DEEPSEEK = 'https://api.deepseek.com/chat/completions';

/** A transport that answers each call with the next recorded response as JSON, and keeps what it was called with. */
function recordedTransport(interactions: readonly Interaction[]) {
  const calls: { input: unknown; init: RequestInit | undefined }[] = [];
  const transport = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ input, init });
    const interaction = interactions[Math.min(calls.length - 1, interactions.length - 1)]!;
    return new Response(JSON.stringify(interaction.response), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { transport, calls };
}

const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describeWithCorpus('pydantic-ai-cache-cassettes', 'watchFetch on the recorded DeepSeek exchange', () => {
  it('warn: prints one line for the tool change that lost the cached prefix, and none for the extension after it', async () => {
    const interactions = cassetteInteractions(DEEPSEEK);
    const { transport } = recordedTransport(interactions);
    const lines: string[] = [];
    const predictions: WatchPrediction[] = [];
    const usages: WatchUsage[] = [];
    const watched = watchFetch(transport, { warn: (line) => lines.push(line), onRequest: (prediction) => predictions.push(prediction), onUsage: (usage) => usages.push(usage) });
    for (const interaction of interactions) await (await watched(URL_DEEPSEEK, post(interaction.request))).json();
    expect(predictions.map((prediction) => [prediction.policy, prediction.divergence?.cause ?? null])).toEqual([['deepseek', null], ['deepseek', 'tools'], ['deepseek', 'extension']]);
    expect(lines).toHaveLength(1);
    const loss = predictions[1]!.loss!;
    expect(loss).toMatchObject({ cause: 'tools', at: { kind: 'tool', name: 'get_player_name' } });
    expect(loss.detail).toMatch(/^tool 'get_player_name' is added before 'search_tools'/);
    expect(loss.cost).toBeGreaterThan(0);
    // Under a tenth of a cent the amount keeps two significant digits.
    expect(lines[0]).toBe(`cache break at tool 'get_player_name' (${loss.detail}): ${loss.tokens} tokens prefilled again, ~$${loss.cost.toPrecision(2)}`);
    // The recorded usage agrees that the break threw the prefix away: the second request read nothing.
    expect(usages.map((usage) => usage.observed?.cacheRead)).toEqual([512, 0, 896]);
  });

  it('a request whose body kvprefix cannot read is sent unchanged, and the failure is reported once', async () => {
    const { transport, calls } = recordedTransport(cassetteInteractions(DEEPSEEK));
    const errors: WatchError[] = [];
    const predictions: WatchPrediction[] = [];
    const watched = watchFetch(transport, { onError: (error) => errors.push(error), onRequest: (prediction) => predictions.push(prediction) });
    const broken = post({ model: 'deepseek-chat', messages: [{ role: 'narrator', content: 'x' }] });
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await watched(URL_DEEPSEEK, broken);
      expect(response.status).toBe(200);
    }
    expect(calls.map((call) => [call.input, call.init])).toEqual([[URL_DEEPSEEK, broken], [URL_DEEPSEEK, broken]]);
    expect(predictions).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'watch/request', stage: 'request' });
    expect(errors[0]!.message).toContain("`messages[0].role` is 'narrator'");
  });

  it('a body nested past the JSON depth limit is sent unchanged and reported as too deep, whole or grown from an earlier body', async () => {
    const { transport, calls } = recordedTransport(cassetteInteractions(DEEPSEEK));
    const errors: WatchError[] = [];
    const predictions: WatchPrediction[] = [];
    const watched = watchFetch(transport, { onError: (error) => errors.push(error), onRequest: (prediction) => predictions.push(prediction) });
    const deep = `${'['.repeat(2000)}${']'.repeat(2000)}`;
    const first = post({ model: 'deepseek-chat', messages: [{ role: 'user', content: 'hello' }] });
    // The same conversation grown by one message whose content nests 2,000 levels: the watch would splice it from the first.
    const grown = { ...first, body: (first.body as string).replace(/\]\}$/, `,{"role":"user","content":${deep}}]}`) };
    const whole = { ...first, body: `{"model":"deepseek-chat","messages":${deep}}` };
    for (const init of [first, grown, whole]) expect((await watched(URL_DEEPSEEK, init)).status).toBe(200);
    expect(calls.map((call) => call.init)).toEqual([first, grown, whole]);
    expect(predictions).toHaveLength(1);
    // Two different bodies, two reports: each names the depth limit.
    expect(errors).toHaveLength(2);
    for (const error of errors) {
      expect(error).toMatchObject({ code: 'watch/request', stage: 'request' });
      expect(error.message).toContain('nested more than 1,000 levels deep');
    }
  });

  it('a callback that throws does not break the call: the response still arrives and the error is reported', async () => {
    const interactions = cassetteInteractions(DEEPSEEK);
    const { transport } = recordedTransport(interactions);
    const errors: WatchError[] = [];
    const watched = watchFetch(transport, { onError: (error) => errors.push(error), onRequest: () => { throw new Error('host bug'); } });
    const answer = (await (await watched(URL_DEEPSEEK, post(interactions[0]!.request))).json()) as { usage: unknown };
    expect(answer.usage).toEqual(interactions[0]!.response['usage']);
    expect(errors.map((error) => [error.stage, error.message])).toEqual([['callback', 'kvprefix watch could not finish a callback of the host (it threw): host bug']]);
  });

  it('record: one line per request, with segment hashes and no bodies unless storeBodies is set', async () => {
    const interactions = cassetteInteractions(DEEPSEEK);
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-watch-record-'));
    for (const storeBodies of [false, true]) {
      const record = path.join(folder, `bodies-${storeBodies}.jsonl`);
      const watched = watchFetch(recordedTransport(interactions).transport, { record, storeBodies });
      for (const interaction of interactions) await (await watched(`${URL_DEEPSEEK}?key=secret`, post(interaction.request))).text();
      await watched.flush();
      const lines = readFileSync(record, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.map((line) => [line['record'], line['id'], line['outcome'], line['endpoint']])).toEqual(interactions.map((_, id) => ['kvprefix-watch', id, 'read', URL_DEEPSEEK]));
      expect((lines[0]!['segments'] as { hash: string }[])[0]!.hash).toMatch(/^[0-9a-f]{16}$/);
      expect(lines.map((line) => line['body'])).toEqual(storeBodies ? interactions.map((interaction) => interaction.request) : interactions.map(() => undefined));
    }
  });
});

describe('watchFetch passes other requests by, and keeps its memory bounded', () => {
  const body = (model: string, text: string) => ({ model, messages: [{ role: 'system', content: 'You are terse. '.repeat(400) }, { role: 'user', content: text }] });
  const answer = (async () => new Response('{}', { headers: { 'content-type': 'application/json' } })) as typeof fetch;

  it('a GET, an embeddings call and a streamed upload body reach fetch untouched and are not predicted', async () => {
    const calls: unknown[][] = [];
    const predictions: WatchPrediction[] = [];
    const watched = watchFetch((async (...args: unknown[]) => (calls.push(args), new Response('ok'))) as typeof fetch, { onRequest: (prediction) => predictions.push(prediction) });
    const embeddings = post({ model: 'text-embedding-3-small', input: 'hello' });
    const upload: RequestInit = { method: 'POST', body: new ReadableStream(), duplex: 'half' } as RequestInit;
    await watched('https://api.openai.com/v1/models');
    await watched('https://api.openai.com/v1/embeddings', embeddings);
    await watched('https://api.openai.com/v1/chat/completions', upload);
    expect(calls).toEqual([['https://api.openai.com/v1/models', undefined], ['https://api.openai.com/v1/embeddings', embeddings], ['https://api.openai.com/v1/chat/completions', upload]]);
    expect(predictions).toEqual([]);
  });

  it('maxRoutes: the least recently used route is forgotten, so its next request is predicted cold', async () => {
    const predictions: WatchPrediction[] = [];
    const watched = watchFetch(answer, { maxRoutes: 2, onRequest: (prediction) => predictions.push(prediction) });
    const send = async (model: string, text: string) => void (await watched('https://api.openai.com/v1/chat/completions', post(body(model, text))));
    await send('gpt-4o', 'a');
    await send('gpt-4o', 'b');
    expect(predictions.at(-1)!.predicted.cacheRead).toBeGreaterThan(0);
    await send('gpt-4.1', 'a');
    await send('gpt-5', 'a');
    await send('gpt-4o', 'c');
    expect(predictions.at(-1)!.predicted.cacheRead).toBe(0);
  });

  it('maxRequestsPerRoute: past the bound the oldest half is forgotten, and the newest are still matched', async () => {
    const predictions: WatchPrediction[] = [];
    const watched = watchFetch(answer, { maxRequestsPerRoute: 4, onRequest: (prediction) => predictions.push(prediction) });
    for (let index = 0; index < 9; index++) await watched('https://api.openai.com/v1/chat/completions', post(body('gpt-4o', `question ${index}`)));
    expect(predictions.map((prediction) => prediction.routeIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(predictions.slice(1).every((prediction) => prediction.predicted.cacheRead > 0)).toBe(true);
  });

  it('a TTL gap: the same prefix sent again after the cache entry expired is a loss with cause ttl', async () => {
    let now = 1_800_000_000_000;
    const predictions: WatchPrediction[] = [];
    const watched = watchFetch(answer, { clock: () => now, onRequest: (prediction) => predictions.push(prediction) });
    await watched('https://api.openai.com/v1/chat/completions', post(body('gpt-4o', 'a')));
    now += 2 * 3600 * 1000;
    await watched('https://api.openai.com/v1/chat/completions', post(body('gpt-4o', 'b')));
    expect(predictions[1]!.predicted.cacheRead).toBe(0);
    expect(predictions[1]!.loss).toMatchObject({ cause: 'ttl', at: null });
    expect(predictions[1]!.loss!.detail).toBe('idle gap of 2h 0m since request 0 on this route: its cache entry expired');
  });
});
