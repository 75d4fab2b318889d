import { expect, it } from 'vitest';
import { policyByName, readRequestFile } from '../src/analysis/index.js';
import { analyzeWireSequence } from '../src/analysis/bodies/wire-sequence.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

const CASSETTES = 'pydantic-ai-cache-cassettes/tests/models/cassettes';
const RESPONSES = [
  'test_openai_prompt_cache/test_openai_responses_prompt_cache_e2e.yaml',
  'test_openai_prompt_cache/test_openrouter_responses_prompt_cache_e2e.yaml',
  'test_openai_tool_availability_delta/test_openai_live_delta_preserves_the_warmed_cache_prefix.yaml',
  'test_openai_tool_availability_delta/test_supported_model_calls_additional_tool.yaml',
  'test_openai_tool_availability_delta/test_unsupported_model_calls_the_tool_the_announcement_revealed.yaml',
];
const BEDROCK = 'test_bedrock/test_bedrock_cache_write_and_read.yaml';

async function replay(file: string) {
  const trees = await analyzeWireSequence([{ file: corpusPath(CASSETTES, file), label: file }], { policy: 'auto', policyByName });
  return trees.flatMap((tree) => tree.sessions.flatMap((session) => session.requests.map((request) => ({ policy: tree.policy, ...request }))));
}

describeWithCorpus('pydantic-ai-cache-cassettes', 'OpenAI Responses and Bedrock Converse bodies are read with their cached-token usage', () => {
  it.each(RESPONSES)('%s: every request is read as an OpenAI Responses body, with observed usage', async (file) => {
    const requests = await replay(file);
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request.observed).not.toBeNull();
    const first = await readRequestFile(`${file}#1`, { cwd: corpusPath(CASSETTES) });
    expect(first.format).toBe('openai-responses');
    expect(first.request.segments.some((segment) => segment.kind === 'task')).toBe(true);
  });

  it('the explicit-breakpoint Responses cassette: input_tokens 4,020 split into 4,012 written, then 4,012 read; the breakpoint is metadata, not bytes', async () => {
    const [first, second] = await replay(RESPONSES[0]!);
    expect(first!.observed).toEqual({ uncached: 8, cacheRead: 0, cacheWrite: 4012, output: 5 });
    expect(second!.observed).toEqual({ uncached: 8, cacheRead: 4012, cacheWrite: 0, output: 5 });
    const { request } = await readRequestFile(`${RESPONSES[0]}#1`, { cwd: corpusPath(CASSETTES) });
    expect(request.route).toEqual({ provider: 'openai', model: 'gpt-5.6-sol', salt: 'prompt_cache_key:pydantic-ai-prompt-cache-e2e-responses' });
    expect(request.segments.some((segment) => segment.text.includes('prompt_cache_breakpoint'))).toBe(false);
    // The marked catalogue block ends its own segment; the request's `ttl: "30m"` is the breakpoint's.
    expect(request.segments.filter((segment) => segment.meta?.cacheControl).map((segment) => [segment.name, segment.meta?.cacheControl])).toEqual([['input[0]:user', { type: 'explicit', ttl: '30m' }]]);
    // GPT-5.6 in explicit mode: the first body writes the prefix through the marked block, the
    // identical second one reads exactly that (not rounded to 128-token steps); the unmarked
    // question after it is neither written nor read, as the provider's 8 uncached tokens show.
    expect(second!.divergence?.cause ?? 'identical').toBe('identical');
    expect(first!.predicted).toMatchObject({ cacheRead: 0, cacheWrite: second!.predicted.cacheRead });
    expect(second!.predicted.cacheWrite).toBe(0);
    expect(second!.predicted.uncached).toBeGreaterThan(0);
    // kvprefix counts the block as compact JSON (each of its 160 line breaks an escaped `\n`): 4.3% above the provider's 4,012.
    expect(Math.abs(second!.predicted.cacheRead - 4012)).toBeLessThanOrEqual(0.05 * 4012);
  });

  it('a built-in tool without a name is named by its type, and a mid-conversation developer item stays a message', async () => {
    const { request } = await readRequestFile(`${RESPONSES[2]}#2`, { cwd: corpusPath(CASSETTES) });
    const tools = request.segments.filter((segment) => segment.kind === 'tool').map((segment) => segment.name);
    expect(tools).toEqual(['tool_search', 'lookup_refund_policy']);
    expect(request.segments.filter((segment) => segment.kind !== 'tool').map((segment) => segment.name)).toEqual(['input[0]:user', 'input[1]:assistant', 'input[2]:developer']);
  });

  it('the Bedrock Converse cassette: model from the URL, cache points as metadata, 1,322 written then 1,322 read under the Anthropic rule', async () => {
    const { request, format } = await readRequestFile(`${BEDROCK}#1`, { cwd: corpusPath(CASSETTES) });
    expect(format).toBe('bedrock-converse');
    expect(request.route).toEqual({ provider: 'bedrock', model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0' });
    expect(request.segments.map((segment) => [segment.kind, segment.name])).toEqual([
      ['tool', 'catalog_lookup'],
      ['tool', 'diagnostics'],
      ['system', 'system[0]'],
      ['task', 'message[0]:user'],
    ]);
    expect(request.segments.map((segment) => segment.meta?.cacheControl?.type)).toEqual([undefined, 'default', 'default', 'default']);
    expect(request.segments.some((segment) => segment.text.includes('cachePoint'))).toBe(false);
    const [first, second] = await replay(BEDROCK);
    expect(first!.policy).toBe('anthropic');
    expect(first!.observed).toEqual({ uncached: 2, cacheRead: 0, cacheWrite: 1322, output: 5 });
    expect(second!.observed).toEqual({ uncached: 2, cacheRead: 1322, cacheWrite: 0, output: 5 });
    expect(second!.predicted.cacheRead).toBe(first!.predicted.cacheWrite);
  });
});
