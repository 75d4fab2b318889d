import { expect, it } from 'vitest';
import { watchFetch, type WatchPrediction } from '../src/analysis/watch/index.js';

const URL_ANTHROPIC = 'https://api.anthropic.com/v1/messages';
const URL_RESPONSES = 'https://api.openai.com/v1/responses';
const TOOL = { name: 'read_file', description: 'Read a file.', input_schema: { type: 'object', properties: { path: { type: 'string' } } } };
const SYSTEM = [{ type: 'text', text: 'You are a careful coding agent. '.repeat(300), cache_control: { type: 'ephemeral' } }];

const anthropicRun = [
  { model: 'claude-sonnet-4-5', max_tokens: 64, system: SYSTEM, tools: [TOOL], messages: [{ role: 'user', content: 'Read the release script.' }] },
  { model: 'claude-sonnet-4-5', max_tokens: 64, system: SYSTEM, tools: [TOOL], messages: [{ role: 'user', content: 'Read the release script.' }, { role: 'assistant', content: 'Done.' }, { role: 'user', content: 'Now the tests.' }] },
  { model: 'claude-haiku-4-5', max_tokens: 64, system: SYSTEM, tools: [TOOL], messages: [{ role: 'user', content: 'Summarise.' }] },
];
const responsesRun = [
  { model: 'gpt-5.6', instructions: 'Be brief. '.repeat(700), input: [{ role: 'user', content: 'Hello.' }] },
  { model: 'gpt-5.6', instructions: 'Be brief. '.repeat(700), input: [{ role: 'user', content: 'Hello.' }, { role: 'assistant', content: 'Hi.' }, { role: 'user', content: 'Bye.' }] },
];

/** A transport that answers every call with a response carrying an id, and keeps the bodies sent. */
function transport() {
  const sent: Record<string, unknown>[] = [];
  const fake = (async (_input: string | URL | Request, init?: RequestInit) => {
    // A body the watch lengthened must not go out under the host's content-length.
    const length = new Headers(init!.headers).get('content-length');
    if (length !== null && Number(length) !== Buffer.byteLength(init!.body as string)) throw new Error(`content-length ${length} for a body of ${Buffer.byteLength(init!.body as string)} bytes`);
    sent.push(JSON.parse(init!.body as string) as Record<string, unknown>);
    const n = sent.length;
    return new Response(JSON.stringify({ id: `id_${n}`, usage: { input_tokens: 10, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 1 } }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fake, sent };
}

async function predictions(diagnostics: boolean, hostFields: boolean): Promise<{ predictions: WatchPrediction[]; sent: Record<string, unknown>[] }> {
  const { fake, sent } = transport();
  const seen: WatchPrediction[] = [];
  const errors: Error[] = [];
  const watched = watchFetch(fake, { diagnostics, clock: () => 1_780_000_000_000, onRequest: (prediction) => seen.push(prediction), onError: (error) => errors.push(error) });
  const post = (body: object) => ({ method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(JSON.stringify(body).length) }, body: JSON.stringify(body) });
  for (const body of anthropicRun) await (await watched(URL_ANTHROPIC, post(hostFields ? { ...body, diagnostics: { previous_message_id: 'msg_host' } } : body))).text();
  for (const body of responsesRun) await (await watched(URL_RESPONSES, post(hostFields ? { ...body, prompt_cache_options: { comparison_response_id: 'resp_host' } } : body))).text();
  expect(errors).toEqual([]);
  return { predictions: seen, sent };
}

it('the diagnosis fields change no prediction: the same requests predict the same with diagnostics off, with the watch adding them, and with the host writing them itself', async () => {
  const plain = await predictions(false, false);
  const asked = await predictions(true, false);
  const written = await predictions(false, true);
  // The watch did add them (the fields sit outside system, tools and messages)...
  expect(asked.sent.map((body) => body['diagnostics'] ?? body['prompt_cache_options'])).toEqual([
    { previous_message_id: null },
    { previous_message_id: 'id_1' },
    { previous_message_id: 'id_2' },
    undefined,
    { comparison_response_id: 'id_4' },
  ]);
  // ...and left the host's own alone.
  expect(written.sent.map((body) => body['diagnostics'] ?? body['prompt_cache_options'])).toEqual([...Array(3).fill({ previous_message_id: 'msg_host' }), ...Array(2).fill({ comparison_response_id: 'resp_host' })]);
  expect(plain.predictions.length).toBe(5);
  expect(plain.predictions.some((prediction) => prediction.predicted.cacheRead > 0)).toBe(true);
  expect(asked.predictions).toEqual(plain.predictions);
  expect(written.predictions).toEqual(plain.predictions);
});
