import { parse } from 'yaml';
import { expect, it } from 'vitest';
import { anthropicPolicy } from '../src/analysis/anthropic/anthropic-policy.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

const CASSETTES = 'pydantic-ai-cache-cassettes/tests/models/cassettes';

interface AnthropicBody {
  readonly model: string;
  readonly system?: unknown;
  readonly messages: readonly unknown[];
}
interface AnthropicUsage {
  readonly input_tokens: number;
  readonly cache_read_input_tokens: number;
  readonly cache_creation_input_tokens: number;
}
interface Interaction {
  readonly request: { readonly parsed_body: AnthropicBody };
  readonly response: { readonly parsed_body: { readonly usage: AnthropicUsage } };
}

function exchanges(file: string): readonly [Interaction, Interaction] {
  const { interactions } = parse(readCorpusText(CASSETTES, file)) as { interactions: Interaction[] };
  expect(interactions).toHaveLength(2);
  return [interactions[0]!, interactions[1]!];
}

/*
 * Real Anthropic usage for two requests in a row. Claude's token positions are not public, so the
 * positions come from the first request's usage (its breakpoint sits where its cached prefix ends)
 * and the second request's size; what is checked is the rule: which earlier entry is read, that the
 * model minimum lets it be cached, and how the rest splits into write and uncached.
 */
describeWithCorpus(CASSETTES, 'Anthropic cache policy on recorded exchanges', () => {
  it('Sonnet 4.5, automatic caching: the follow-up reads the first request’s 1,111 tokens and writes up to its own last block', () => {
    const [first, second] = exchanges('test_anthropic/test_anthropic_cache_real_api.yaml');
    const [a, b] = [first.request.parsed_body, second.request.parsed_body];
    expect(b.system).toEqual(a.system);
    expect(b.messages[0]).toEqual(a.messages[0]);
    const firstUsage = first.response.parsed_body.usage;
    const breakpoint = firstUsage.cache_read_input_tokens + firstUsage.cache_creation_input_tokens;
    const usage = second.response.parsed_body.usage;
    const tokens = usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens;
    // Automatic caching puts the breakpoint on the last block; the few tokens after it are never cached.
    const lastBlock = tokens - firstUsage.input_tokens;
    const prediction = anthropicPolicy.predict({
      tokens,
      model: b.model,
      breakpoints: [lastBlock],
      blockEnds: [breakpoint, lastBlock],
      matches: [{ sharedTokens: breakpoint, entryTokens: breakpoint + firstUsage.input_tokens, ageSeconds: 10, source: 'input', breakpoints: [breakpoint] }],
    });
    expect({ uncached: prediction.uncached, cacheRead: prediction.cacheRead, cacheWrite: prediction.cacheWrite }).toEqual({
      uncached: usage.input_tokens,
      cacheRead: usage.cache_read_input_tokens,
      cacheWrite: usage.cache_creation_input_tokens,
    });
  });

  it('Opus 4.8, an identical request with an explicit breakpoint: reads all 1,590 written tokens and writes nothing', () => {
    const [first, second] = exchanges('test_anthropic_mid_conversation_system/test_inline_system_prompt_cache_prefix_is_reused.yaml');
    expect(second.request.parsed_body).toEqual(first.request.parsed_body);
    const written = first.response.parsed_body.usage;
    expect(written.cache_read_input_tokens).toBe(0);
    const breakpoint = written.cache_creation_input_tokens;
    const tokens = written.input_tokens + breakpoint;
    const cold = anthropicPolicy.predict({ tokens, model: first.request.parsed_body.model, breakpoints: [breakpoint], matches: [] });
    expect(cold).toMatchObject({ cacheRead: 0, cacheWrite: written.cache_creation_input_tokens, uncached: written.input_tokens });
    const warm = anthropicPolicy.predict({
      tokens,
      model: second.request.parsed_body.model,
      breakpoints: [breakpoint],
      matches: [{ sharedTokens: tokens, entryTokens: tokens, ageSeconds: 5, source: 'input', breakpoints: [breakpoint] }],
    });
    const usage = second.response.parsed_body.usage;
    expect(warm).toMatchObject({ cacheRead: usage.cache_read_input_tokens, cacheWrite: usage.cache_creation_input_tokens, uncached: usage.input_tokens });
  });
});
