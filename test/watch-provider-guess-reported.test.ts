import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { analyzePaths, policyByName } from '../src/analysis/index.js';
import { watchFetch, type WatchPrediction } from '../src/analysis/watch/index.js';

// Issue 28 (e): when nothing in a body names its provider (a chat body for a house model, sent to a
// local gateway), the provider is a guess, and the watch says so where a host sees it: the
// prediction (`providerGuess`), one `warn` line, the record line, and analyze's notes on the record.
const ENDPOINT = 'http://127.0.0.1:8787/v1/chat/completions';
const answer = (async () => new Response(JSON.stringify({ usage: { prompt_tokens: 40, completion_tokens: 1 } }), { headers: { 'content-type': 'application/json' } })) as typeof fetch;
const GUESS = /taken from the endpoint's host.*provider: in the watch options/;

it('a provider taken from a local endpoint\'s host is reported as a guess in onRequest, once in warn, in the record and in analyze', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-guess-'));
  const record = path.join(folder, 'run.jsonl');
  const predictions: WatchPrediction[] = [];
  const warnings: string[] = [];
  const fetcher = watchFetch(answer, { record, onRequest: (prediction) => predictions.push(prediction), warn: (line) => warnings.push(line) });
  const ask = (question: string) => ({ model: 'house-model-7b', messages: [{ role: 'system', content: 'Answer in one line.' }, { role: 'user', content: question }] });
  for (const question of ['What is rule 7?', 'What is rule 8?']) {
    await (await fetcher(ENDPOINT, { method: 'POST', body: JSON.stringify(ask(question)), headers: { 'content-type': 'application/json' } })).text();
  }
  await fetcher.flush();
  expect(predictions.map((prediction) => prediction.route.provider)).toEqual(['127.0.0.1', '127.0.0.1']);
  for (const prediction of predictions) expect(prediction.providerGuess).toMatch(GUESS);
  expect(warnings.filter((line) => GUESS.test(line))).toHaveLength(1);
  const lines = readFileSync(record, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const line of lines) expect(line['providerGuess']).toMatch(GUESS);
  const result = await analyzePaths([record], { policy: 'auto', policyByName, cwd: folder });
  expect(result.trees.flatMap((tree) => tree.notes).some((note) => GUESS.test(note))).toBe(true);
});

it('a provider named by the model behind a local endpoint is no guess: openai, providerGuess null, no warn line about it', async () => {
  const predictions: WatchPrediction[] = [];
  const warnings: string[] = [];
  const fetcher = watchFetch(answer, { onRequest: (prediction) => predictions.push(prediction), warn: (line) => warnings.push(line) });
  const body = { model: 'gpt-4o', messages: [{ role: 'user', content: 'What is rule 7?' }] };
  await (await fetcher(ENDPOINT, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).text();
  expect(predictions.map((prediction) => [prediction.route.provider, prediction.providerGuess])).toEqual([['openai', null]]);
  expect(warnings.filter((line) => /provider/.test(line))).toEqual([]);
});
