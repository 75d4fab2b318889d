import { describe, expect, it } from 'vitest';
import { fromOpenAIResponsesUsage, fromOpenAIUsage } from '../src/analysis/openai/openai-usage.js';
import { jsonUsageReader, sseUsageReader } from '../src/analysis/watch/stream-usage.js';
import { cassetteInteractions, chatCompletionEvents } from './support/cassette-server.js';
import { describeWithCorpus } from './support/corpus.js';

const CHAT = 'test_openai_prompt_cache/test_openai_chat_prompt_cache_e2e.yaml';
const RESPONSES = 'test_openai_prompt_cache/test_openai_responses_prompt_cache_e2e.yaml';

const read = (reader: ReturnType<typeof sseUsageReader>, chunks: readonly string[]) => {
  const encoder = new TextEncoder();
  for (const chunk of chunks) reader.push(encoder.encode(chunk));
  return reader.finish();
};

/** `response.completed` as a Responses stream sends it, after a text delta. */
const responsesEvents = (response: Record<string, unknown>): string[] => [
  `event: response.output_text.delta\ndata: ${JSON.stringify({ type: 'response.output_text.delta', delta: 'OK' })}\n\n`,
  `event: response.completed\ndata: ${JSON.stringify({ type: 'response.completed', response })}\n\n`,
];

describe('OpenAI cache writes in usage', () => {
  it('Chat: prompt_tokens_details.cache_write_tokens is the written part; prompt_tokens holds it, so it is not uncached', () => {
    expect(fromOpenAIUsage({ prompt_tokens: 4020, completion_tokens: 4, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 4012 } })).toEqual({ uncached: 8, cacheRead: 0, cacheWrite: 4012, output: 4 });
    expect(fromOpenAIUsage({ prompt_tokens: 900, prompt_tokens_details: { cached_tokens: 512 } })).toEqual({ uncached: 388, cacheRead: 512, cacheWrite: 0 });
  });

  it('Responses: input_tokens_details.cache_write_tokens is the written part', () => {
    expect(fromOpenAIResponsesUsage({ input_tokens: 7540, output_tokens: 23, input_tokens_details: { cached_tokens: 6002, cache_write_tokens: 1494 } })).toEqual({ uncached: 44, cacheRead: 6002, cacheWrite: 1494, output: 23 });
    expect(fromOpenAIResponsesUsage({ prompt_tokens: 10 })).toBeUndefined();
  });
});

describeWithCorpus('pydantic-ai-cache-cassettes', 'OpenAI cache writes in recorded GPT-5.6 usage, JSON and streamed', () => {
  it('Chat: the recorded write of 4,012 is read from the JSON response and from its stream’s usage chunk', () => {
    const [first] = cassetteInteractions(CHAT);
    const json = jsonUsageReader();
    json.push(new TextEncoder().encode(JSON.stringify(first!.response)));
    expect(json.finish()).toEqual({ uncached: 8, cacheRead: 0, cacheWrite: 4012, output: 4 });
    expect(read(sseUsageReader(), chatCompletionEvents(first!.response))).toEqual({ uncached: 8, cacheRead: 0, cacheWrite: 4012, output: 4 });
  });

  it('Responses: the recorded write of 4,012 is read from response.completed in a stream', () => {
    const [first] = cassetteInteractions(RESPONSES);
    expect(read(sseUsageReader(), responsesEvents(first!.response))).toEqual({ uncached: 8, cacheRead: 0, cacheWrite: 4012, output: 5 });
  });
});
