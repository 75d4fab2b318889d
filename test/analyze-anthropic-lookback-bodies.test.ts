import { expect, it } from 'vitest';
import { analyzeBodyFiles } from './support/analyze-bodies.js';
import { corpusTextOfBlock, describeWithCorpus } from './support/corpus.js';

// Issue 28 (d): `analyze` on Anthropic request bodies alone applies the 20-block lookback
// (platform.claude.com prompt-caching: the system checks at most 20 blocks before each breakpoint
// for an earlier entry). The earlier body marks its only message; the later one marks only its
// last message, 20 or 21 content blocks further on. Every message is written as a block list, so
// the two bodies share their bytes up to the earlier breakpoint whichever form a reader prefers.
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';
const MODEL = 'claude-sonnet-4-5';

describeWithCorpus(PROMPTS, 'analyze on Anthropic bodies alone: the 20-block lookback', () => {
  const system = corpusTextOfBlock(PROMPTS, 'tool-description-workflow.md');

  /** A body of `count` alternating turns, each one text block, only the last one marked. */
  const body = (count: number) => {
    const messages = Array.from({ length: count }, (_, index) => ({
      role: index % 2 === 0 ? 'user' : 'assistant',
      content: [{ type: 'text', text: `turn ${index}: ${index % 2 === 0 ? 'run the next check' : 'done, all green'}`, ...(index === count - 1 ? { cache_control: { type: 'ephemeral' } } : {}) }],
    }));
    return { model: MODEL, max_tokens: 10, system: system(), messages };
  };

  /** The predictions of the earlier and the later body, analysed in that order. */
  async function laterAfter(earlierCount: number, laterCount: number) {
    const { policies, requests } = await analyzeBodyFiles([body(earlierCount), body(laterCount)]);
    expect(policies).toEqual(['anthropic']);
    const [earlier, later] = requests;
    return { earlier: earlier!, later: later! };
  }

  it('a breakpoint 20 blocks after the earlier one reads the earlier request whole', async () => {
    const { earlier, later } = await laterAfter(1, 21);
    expect(earlier.predicted.cacheWrite).toBe(earlier.tokens);
    expect(later.predicted.cacheRead).toBe(earlier.tokens);
  });

  it('a breakpoint 21 blocks after the earlier one does not find it and reads nothing', async () => {
    const { earlier, later } = await laterAfter(1, 22);
    expect(earlier.predicted.cacheWrite).toBe(earlier.tokens);
    expect(later.predicted.cacheRead).toBe(0);
  });
});
