import { describe, expect, it } from 'vitest';
import { comparePrefix, createRequest, getTokenizer, PrefixTokenCounter, type SegmentInput, type Tokenizer } from '../src/prefix/index.js';

// Issue 7 §4: comparePrefix keeps no process-wide memo. Whoever wants counts kept across calls owns
// the counter, and can clear it.
const route = { provider: 'openai', model: 'gpt-4o' };
const request = (last: string) =>
  createRequest(route, 'chat', ['You are a careful assistant.', ' Tools: read, write, edit.', last].map((content, index): SegmentInput => ({ kind: 'message', name: `m${index}`, content })));

function metered(inner: Tokenizer): Tokenizer & { chars: number } {
  const meter = {
    name: inner.name,
    chars: 0,
    encode: (text: string) => ((meter.chars += text.length), inner.encode(text)),
    count: (text: string) => ((meter.chars += text.length), inner.count(text)),
  };
  return meter;
}

describe('the token memo of comparePrefix', () => {
  const parent = request(' What is in README.md?');
  const child = request(' What is in LICENSE?');

  it('is not kept between calls without a counter: the second call tokenizes as much as the first', () => {
    const tokenizer = metered(getTokenizer('o200k_base'));
    const first = comparePrefix(parent, child, { tokenizer });
    const afterFirst = tokenizer.chars;
    expect(comparePrefix(parent, child, { tokenizer })).toEqual(first);
    expect(tokenizer.chars).toBe(2 * afterFirst);
  });

  it('is kept by a counter the caller owns, and forgotten when the caller clears it', () => {
    const tokenizer = metered(getTokenizer('o200k_base'));
    const counter = new PrefixTokenCounter(tokenizer);
    const first = comparePrefix(parent, child, { counter });
    const cold = tokenizer.chars;
    expect(comparePrefix(parent, child, { counter })).toEqual(first);
    const warm = tokenizer.chars - cold;
    // Warm: only the few characters around the divergence are tokenized again.
    expect(warm).toBeLessThan(cold / 2);
    counter.clear();
    expect(counter.profiledSegments).toBe(0);
    comparePrefix(parent, child, { counter });
    expect(tokenizer.chars - cold - warm).toBe(cold);
  });
});
