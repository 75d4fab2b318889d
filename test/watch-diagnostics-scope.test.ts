import { expect, it } from 'vitest';
import { watchFetch } from '../src/analysis/watch/index.js';

/** A transport that answers with a response id, keeping each body as it arrived (text), from init or from a Request. */
function transport() {
  const bodies: string[] = [];
  const fake = (async (input: string | URL | Request, init?: RequestInit) => {
    bodies.push(init?.body !== undefined && init.body !== null ? (init.body as string) : await (input as Request).text());
    return new Response(JSON.stringify({ id: `id_${bodies.length}`, usage: { input_tokens: 10, output_tokens: 1 } }), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fake, bodies };
}

const post = (body: object): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

it('diagnostics: true leaves GPT-5.5 Responses and chat completions requests byte for byte as written, and reaches an Anthropic body sent as a Request object', async () => {
  const { fake, bodies } = transport();
  const errors: Error[] = [];
  const watched = watchFetch(fake, { diagnostics: true, onError: (error) => errors.push(error) });
  const older = [{ model: 'gpt-5.5', input: 'Hello.' }, { model: 'gpt-5.5', input: 'Hello again.' }];
  for (const body of older) await (await watched('https://api.openai.com/v1/responses', post(body))).text();
  const chat = [{ model: 'gpt-5.6', messages: [{ role: 'user', content: 'Hi.' }] }, { model: 'gpt-5.6', messages: [{ role: 'user', content: 'Hi.' }, { role: 'assistant', content: 'Hello.' }, { role: 'user', content: 'Bye.' }] }];
  for (const body of chat) await (await watched('https://api.openai.com/v1/chat/completions', post(body))).text();
  expect(bodies).toEqual([...older, ...chat].map((body) => JSON.stringify(body)));

  const anthropic = { model: 'claude-sonnet-4-5', max_tokens: 8, messages: [{ role: 'user', content: 'Hi.' }] };
  await (await watched(new Request('https://api.anthropic.com/v1/messages', post(anthropic)))).text();
  await (await watched(new Request('https://api.anthropic.com/v1/messages', post({ ...anthropic, messages: [...anthropic.messages, { role: 'assistant', content: 'Hello.' }, { role: 'user', content: 'Bye.' }] })))).text();
  expect(bodies.slice(4).map((text) => (JSON.parse(text) as { diagnostics: unknown }).diagnostics)).toEqual([{ previous_message_id: null }, { previous_message_id: 'id_5' }]);
  expect(errors).toEqual([]);
});
