import { expect, it } from 'vitest';
import { getTokenizer, PrefixTokenCounter, renderRequest } from '../src/prefix/index.js';
import { buildLargeRequestPair } from '../bench/support/large-request.js';
import { naiveCompare, naiveRender } from '../bench/support/naive-compare.js';
import { compareWithCause } from './support/compare-with-cause.js';
import { describeWithCorpus } from './support/corpus.js';

const route = { provider: 'openai', model: 'gpt-4o' };

describeWithCorpus(['claude-code-prompts-piebald', 'github-mcp-server-toolsnaps', 'openhands', 'swe-agent', 'claude-code-sessions'], 'bench naive baseline', () => {
  it('renders the same text as the chat layout and counts the same tokens as comparePrefix on real requests', () => {
    const tokenizer = getTokenizer('o200k_base');
    // Smaller than the bench's 200k tokens, still every kind of part: Claude Code sections, OpenHands
    // and GitHub MCP tools, and the first OpenHands messages.
    const pair = buildLargeRequestPair(tokenizer, 90_000);
    expect(pair.parent.messages.length).toBeGreaterThan(5);
    const parent = renderRequest(route, 'chat', pair.parent);
    const child = renderRequest(route, 'chat', pair.child);
    expect(naiveRender(pair.parent)).toBe(parent.segments.map((segment) => segment.text).join(''));

    const comparison = compareWithCause(parent, child, { counter: new PrefixTokenCounter(tokenizer) });
    const naive = naiveCompare(pair.parent, pair.child, tokenizer);
    expect(naive).toEqual({ commonTokens: comparison.commonPrefix.tokens, parentTokens: comparison.parent.tokens, childTokens: comparison.child.tokens });
    expect(comparison.divergence).toMatchObject({ index: parent.segments.length - 1, cause: 'task' });
    expect(naive.commonTokens).toBeLessThan(naive.parentTokens);
  });
});
