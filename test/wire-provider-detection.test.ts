import { describe, expect, it } from 'vitest';
import { readRequestBody, readRequestFile } from '../src/analysis/index.js';
import { compareWithCause } from '../src/analysis/causes/attributed-divergence.js';
import { providerGuessNote } from '../src/analysis/bodies/detect-provider.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// Issue 9 §2: the route of a chat body must not flip on a message field, and a body's provider comes
// from what identifies it (the caller, the recorded endpoint, a provider-only body field, the model
// name); when nothing does it is assumed, and says so.
const turn = (reasoning: boolean, model = 'deepseek-v4-flash') => ({
  model,
  messages: [
    { role: 'user', content: 'Roll a die.' },
    { role: 'assistant', content: 'Rolling.', ...(reasoning ? { reasoning_content: 'The user wants a die roll.' } : {}) },
    { role: 'user', content: 'Again.' },
  ],
});
const read = (body: unknown, provider?: string) => readRequestBody(body, { source: 'body.json', ...(provider ? { provider } : {}) });

describe('the provider of a chat body', () => {
  it('does not flip on reasoning_content: two requests of one DeepSeek conversation share one route', () => {
    const first = read({ model: 'deepseek-v4-flash', messages: [{ role: 'user', content: 'Roll a die.' }] });
    const second = read(turn(true));
    expect(first.request.route).toEqual(second.request.route);
    expect([first.providerBasis, second.providerBasis]).toEqual(['model', 'model']);
    expect(first.format).toBe('deepseek-chat');
    expect(compareWithCause(first.request, second.request).divergence?.cause).toBe('extension');
  });

  it('is assumed, and the same, for an unknown model with and without reasoning_content', () => {
    const plain = read(turn(false, 'house-model-7b'));
    const reasoning = read(turn(true, 'house-model-7b'));
    expect(plain.request.route).toEqual({ provider: 'openai', model: 'house-model-7b' });
    expect(reasoning.request.route).toEqual(plain.request.route);
    expect(reasoning.providerBasis).toBe('assumed');
  });

  it('is what the caller says (--provider), over the model name', () => {
    const given = read(turn(false, 'house-model-7b'), 'vllm');
    expect(given.request.route.provider).toBe('vllm');
    expect(given.providerBasis).toBe('given');
  });

  it('is named by a provider-only body field (Mistral safe_prompt, vLLM cache_salt) and by model prefixes', () => {
    expect(read({ ...turn(false, 'house-model'), safe_prompt: false }).request.route.provider).toBe('mistral');
    expect(read({ ...turn(false, 'house-model'), cache_salt: 'tenant-a' }).request.route.provider).toBe('vllm');
    expect(read(turn(false, 'codestral-latest')).request.route.provider).toBe('mistral');
    expect(read(turn(false, 'gpt-4.1')).request.route.provider).toBe('openai');
  });
});

describe('the provider of a body behind a proxy, a gateway or a local baseURL', () => {
  const local = (body: unknown) => readRequestBody(body, { source: 'body.json', endpoint: 'http://127.0.0.1:8787/v1/messages' });

  it('is anthropic from the model name, not the host, and the body is read as Anthropic messages', () => {
    const { request, providerBasis, format } = local({ model: 'claude-sonnet-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'Hi.' }] });
    expect([request.route.provider, providerBasis, format]).toEqual(['anthropic', 'model', 'anthropic-messages']);
  });

  it('is anthropic from the body shape when the model names no provider', () => {
    const { request, providerBasis } = local({ model: 'house-router', max_tokens: 10, system: 'Be brief.', messages: [{ role: 'user', content: 'Hi.' }] });
    expect([request.route.provider, providerBasis]).toEqual(['anthropic', 'body']);
  });

  it('is the host, reported as a guess, when neither the shape nor the model names one', () => {
    const { request, providerBasis } = local({ model: 'house-model-7b', messages: [{ role: 'user', content: 'Hi.' }] });
    expect([request.route.provider, providerBasis]).toEqual(['127.0.0.1', 'host']);
    expect(providerGuessNote(request.route.provider, providerBasis)).toMatch(/taken from the endpoint's host.*--provider/);
  });

  it('is still the provider of its own API host, over the model name', () => {
    const { request, providerBasis } = readRequestBody({ model: 'claude-sonnet-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'Hi.' }] }, { source: 'body.json', endpoint: 'https://api.anthropic.com/v1/messages' });
    expect([request.route.provider, providerBasis]).toEqual(['anthropic', 'endpoint']);
  });
});

describeWithCorpus('pydantic-ai-cache-cassettes', 'the provider of recorded bodies', () => {
  const cassettes = corpusPath('pydantic-ai-cache-cassettes/tests/models/cassettes');

  it('is mistral for a body recorded against api.mistral.ai, not openai', async () => {
    const { request, providerBasis, format } = await readRequestFile(`${cassettes}/test_mistral/test_mistral_history_uses_prompt_cache.yaml#1`);
    expect(request.route).toEqual({ provider: 'mistral', model: 'mistral-large-latest', salt: 'prompt_cache_key:pydantic-ai-test-mistral-history-cache' });
    expect(providerBasis).toBe('endpoint');
    expect(format).toBe('openai-chat');
  });

  it('is deepseek for every request of the recorded DeepSeek conversation, with or without reasoning_content in it', async () => {
    const file = `${cassettes}/test_deepseek/test_deepseek_deferred_capability_with_thinking.yaml`;
    const routes = await Promise.all([1, 2, 3].map(async (pick) => (await readRequestFile(`${file}#${pick}`)).request.route));
    expect(new Set(routes.map((route) => route.provider))).toEqual(new Set(['deepseek']));
  });
});
