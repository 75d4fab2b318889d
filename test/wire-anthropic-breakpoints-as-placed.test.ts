import { beforeAll, expect, it } from 'vitest';
import { readRequestBody } from '../src/analysis/index.js';
import type { RequestAnalysis } from '../src/analysis/result/session-analysis.js';
import { analyzeBodyFiles } from './support/analyze-bodies.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

// Issue 28: on request bodies alone (no endpoint, no --provider), Anthropic breakpoints are where the
// body puts them, and the two forms of text content are one render.
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';
const MODEL = 'claude-sonnet-4-5';
const mark = { type: 'ephemeral' } as const;

/** The bodies replayed in order with the shipped policies (auto: from the bodies), as one tree. */
async function replayBodies(bodies: readonly unknown[]): Promise<{ provider: string; requests: RequestAnalysis[] }> {
  const { policies, requests } = await analyzeBodyFiles(bodies);
  expect(policies).toHaveLength(1);
  return { provider: policies[0]!, requests };
}

describeWithCorpus(PROMPTS, 'Anthropic breakpoints as the body places them, from bodies alone', () => {
  let system = '';
  let document = '';
  // Read when the block runs, not while vitest collects it (a bare clone has no corpus).
  beforeAll(() => {
    system = readCorpusText(PROMPTS, 'tool-description-workflow.md');
    document = readCorpusText(PROMPTS, 'agent-prompt-background-agent-state-classifier.md');
  });

  it('an agent loop that marks its newest message reads the whole earlier request, whichever form the earlier messages take', async () => {
    const question = 'List the files that changed since the last release and say which need tests.';
    const first = { model: MODEL, max_tokens: 1024, system, messages: [{ role: 'user', content: [{ type: 'text', text: question, cache_control: mark }] }] };
    const second = {
      model: MODEL,
      max_tokens: 1024,
      system,
      messages: [
        { role: 'user', content: question },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_01', name: 'bash', input: { command: 'git diff --stat v1.2.0' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: ' src/cache.ts | 12 ++++----\n 1 file changed', cache_control: mark }] },
      ],
    };
    const { provider, requests } = await replayBodies([first, second]);
    expect(provider).toBe('anthropic');
    expect(requests[0]!.predicted).toMatchObject({ cacheRead: 0, cacheWrite: requests[0]!.tokens });
    expect(requests[1]!.predicted.cacheRead).toBe(requests[0]!.tokens);
    expect(requests[1]!.predicted.cacheWrite).toBe(requests[1]!.tokens - requests[0]!.tokens);
  });

  it('a marked document block is read by the next question about it', async () => {
    const ask = (question: string) => ({
      model: MODEL,
      max_tokens: 1024,
      messages: [{ role: 'user', content: [{ type: 'text', text: document, cache_control: mark }, { type: 'text', text: question }] }],
    });
    const { requests } = await replayBodies([ask('What does the classifier return for a stalled agent?'), ask('Which inputs does it read?')]);
    const [first, second] = requests;
    // The first writes up to the document's end, not its question; the second reads exactly that.
    expect(first!.predicted.cacheWrite).toBeGreaterThan(1024);
    expect(first!.predicted.uncached).toBeGreaterThan(0);
    expect(second!.predicted.cacheRead).toBe(first!.predicted.cacheWrite);
    expect(second!.predicted.cacheWrite).toBe(0);
  });

  it('content "x" and [{type: "text", text: "x"}] render the same bytes, in a message and in a tool_result', () => {
    const read = (content: unknown, result: unknown) =>
      readRequestBody(
        { model: MODEL, max_tokens: 10, messages: [{ role: 'user', content }, { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'read', input: {} }] }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: result }] }] },
        { source: 'body.json' },
      ).request;
    const short = read(document, 'done');
    const long = read([{ type: 'text', text: document }], [{ type: 'text', text: 'done' }]);
    expect(long.segments.map((segment) => segment.hash)).toEqual(short.segments.map((segment) => segment.hash));
  });
});
