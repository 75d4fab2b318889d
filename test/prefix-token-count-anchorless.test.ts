import { describe, expect, it } from 'vitest';
import { comparePrefix, getTokenizer, PrefixTokenCounter, renderRequest, type SystemPart, type Tokenizer } from '../src/prefix/index.js';

/*
 * Issue 7 §2: system parts with no token anchor (emoji runs that start with a space: the blank line
 * joining sections is then followed by whitespace) grow one window. Counting it after every part
 * tokenized the run once per part; 2,000 such parts took 6 s. It must be tokenized a bounded number
 * of times, and the counts must stay those of whole-string tokenization.
 */
const route = { provider: 'openai', model: 'gpt-4o' };
const o200k = getTokenizer('o200k_base');

/** A tokenizer that counts how many characters it was given, to see how often text is re-tokenized. */
function metered(inner: Tokenizer): Tokenizer & { chars: number } {
  const meter = {
    name: inner.name,
    chars: 0,
    encode: (text: string) => ((meter.chars += text.length), inner.encode(text)),
    count: (text: string) => ((meter.chars += text.length), inner.count(text)),
  };
  return meter;
}

const parts = (count: number, last: string): SystemPart[] =>
  Array.from({ length: count }, (_, index) => ({ name: `system[0].content[${index}]`, text: ` ${'😀🎉🚀'.repeat(20)}${index === count - 1 ? last : ''}` }));

describe('token counts of segments without anchors', () => {
  it('tokenize a run of 400 anchorless parts a bounded number of times, with exact counts', () => {
    const parent = renderRequest(route, 'chat', { system: parts(400, '✨'), tools: [], messages: [] });
    const child = renderRequest(route, 'chat', { system: parts(400, '🔥'), tools: [], messages: [] });
    const text = (request: typeof parent) => request.segments.map((segment) => segment.text).join('');
    const tokenizer = metered(o200k);
    const result = comparePrefix(parent, child, { counter: new PrefixTokenCounter(tokenizer) });

    const parentTokens = o200k.encode(text(parent));
    const childTokens = o200k.encode(text(child));
    let common = 0;
    while (parentTokens[common] === childTokens[common]) common++;
    expect(result.parent.tokens).toBe(parentTokens.length);
    expect(result.child.tokens).toBe(childTokens.length);
    expect(result.commonPrefix.tokens).toBe(common);
    // Sizes of both sides and the common prefix: a few passes over the text, not one per part (400).
    expect(tokenizer.chars).toBeLessThan(8 * text(parent).length);
  });

  it('count a warm prefix of anchorless parts from the memo, without tokenizing it again', () => {
    const request = renderRequest(route, 'chat', { system: parts(100, ''), tools: [], messages: [] });
    const tokenizer = metered(o200k);
    const counter = new PrefixTokenCounter(tokenizer);
    const cold = counter.prefixTokens(request.segments);
    const afterCold = tokenizer.chars;
    expect(counter.prefixTokens(request.segments)).toBe(cold);
    expect(tokenizer.chars).toBe(afterCold);
  });
});
