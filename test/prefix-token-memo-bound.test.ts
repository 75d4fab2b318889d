import { beforeAll, expect, it } from 'vitest';
import { createRequest, getTokenizer, PrefixTokenCounter, type SegmentInput } from '../src/prefix/index.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

let paragraphs: string[];

function request(texts: readonly string[]) {
  return createRequest({ provider: 'deepseek', model: 'deepseek-v4-flash' }, 'chat', texts.map((text, index): SegmentInput => ({ kind: 'system', name: `s${index}`, content: index === 0 ? text : `\n\n${text}` })));
}

describeWithCorpus('dsh', 'the token memo of a long-lived counter', () => {
  beforeAll(() => {
    paragraphs = readCorpusText('dsh/examples/acp-agent/tests/snapshots/text-turn/system-prompt.expected.md').split('\n\n');
  });

  it('stays within its limit and still counts exactly after evicting', () => {
    const tokenizer = getTokenizer();
    const counter = new PrefixTokenCounter(tokenizer, { memoLimit: 5 });
    const segments = request(paragraphs).segments;
    expect(segments.length).toBeGreaterThan(10);
    for (let length = 1; length <= segments.length; length++) {
      expect(counter.prefixTokens(segments, length)).toBe(tokenizer.count(segments.slice(0, length).map((segment) => segment.text).join('')));
      expect(counter.profiledSegments).toBeLessThanOrEqual(5);
    }
  });

  it('forgets everything on clear and recounts to the same totals', () => {
    const counter = new PrefixTokenCounter();
    const segments = request(paragraphs).segments;
    const before = counter.prefixTokens(segments);
    counter.clear();
    expect(counter.profiledSegments).toBe(0);
    expect(counter.prefixTokens(segments)).toBe(before);
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => new PrefixTokenCounter(getTokenizer(), { memoLimit: 0 })).toThrow(/positive integer, got 0/);
  });
});
