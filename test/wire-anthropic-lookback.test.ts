import { beforeAll, expect, it } from 'vitest';
import { anthropicPolicy, readRequestBody } from '../src/analysis/index.js';
import { breakpointMarksOf } from '../src/analysis/policies/breakpoint-marks.js';
import { entryBreakpoints, seenBreakpoints } from '../src/analysis/bodies/wire-sequence.js';
import { comparePrefix, PrefixTokenCounter } from '../src/prefix/index.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

// Issue 28 (d): Anthropic looks for an earlier entry at most 20 blocks before each breakpoint, on the
// wire path too (it was applied only in the Claude Code replay). Each tool, system block and message
// content block is one block.
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';
const MODEL = 'claude-sonnet-4-5';

describeWithCorpus(PROMPTS, 'the 20-block lookback on request bodies', () => {
  let system = '';
  // Read when the block runs, not while vitest collects it (a bare clone has no corpus).
  beforeAll(() => {
    system = readCorpusText(PROMPTS, 'tool-description-workflow.md');
  });
  const counter = new PrefixTokenCounter();
  const turns = (count: number) => Array.from({ length: count }, (_, index) => ({ role: index % 2 === 0 ? 'user' : 'assistant', content: `turn ${index}: ${index % 2 === 0 ? 'run the next check' : 'done, all green'}` }));
  const body = (count: number) => {
    const messages: Record<string, unknown>[] = turns(count);
    messages[count - 1] = { ...messages[count - 1], content: [{ type: 'text', text: messages[count - 1]!['content'], cache_control: { type: 'ephemeral' } }] };
    return readRequestBody({ model: MODEL, max_tokens: 10, system, messages }, { source: `body-${count}.json` }).request;
  };
  const readAfter = (earlierCount: number, laterCount: number) => {
    const earlier = body(earlierCount);
    const later = body(laterCount);
    const entry = { request: earlier, tokens: counter.prefixTokens(earlier.segments), time: 0, session: 'a', index: 0, ...seenBreakpoints(breakpointMarksOf(earlier, counter)) };
    const marks = breakpointMarksOf(later, counter);
    const shared = comparePrefix(earlier, later, { counter }).commonPrefix.tokens;
    const prediction = anthropicPolicy.predict({
      tokens: counter.prefixTokens(later.segments),
      matches: [{ sharedTokens: shared, entryTokens: entry.tokens, ageSeconds: 10, source: 'input', ...entryBreakpoints(entry) }],
      breakpoints: marks.tokens,
      breakpointBlocks: marks.blocks,
      model: MODEL,
    });
    return { prediction, entryTokens: entry.tokens, blocks: [entry.breakpointBlocks, marks.blocks] };
  };

  it('counts the system block and each message content block', () => {
    expect(readAfter(1, 21).blocks).toEqual([[2], [22]]);
  });

  it('a breakpoint 20 blocks after the earlier entry reads it', () => {
    const { prediction, entryTokens } = readAfter(1, 21);
    expect(prediction.cacheRead).toBe(entryTokens);
  });

  it('a breakpoint 21 blocks after the earlier entry does not find it, and reads nothing', () => {
    const { prediction } = readAfter(1, 22);
    expect(prediction.cacheRead).toBe(0);
  });
});
