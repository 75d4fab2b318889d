import { describe, expect, it } from 'vitest';
import { asCountMemo, runCountMemo } from '../src/analysis/claude-code/run-count-memo.js';
import { getTokenizer, hashText, Segment, type Tokenizer } from '../src/prefix/index.js';

describe('the run count memo', () => {
  const texts = ['hello world', 'tool_result: 42 lines\nof output', 'hello world', '', 'naïve café ☕'];

  it('counts as the tokenizer does, tokenizing each distinct text once, by text or by its hash', () => {
    const base = getTokenizer();
    let calls = 0;
    const counting: Tokenizer = { name: base.name, encode: (text) => base.encode(text), count: (text) => (calls++, base.count(text)) };
    const memo = runCountMemo(counting);
    for (const text of texts) expect(memo.count(text)).toBe(base.count(text));
    expect(calls).toBe(new Set(texts).size);
    // A segment's hash is the key: asking through it tokenizes nothing more.
    for (const text of texts) expect(memo.countHashed(new Segment({ kind: 'message', name: 'm', content: text }, 0n).hash, text)).toBe(base.count(text));
    expect(calls).toBe(new Set(texts).size);
    expect(memo.countHashed(hashText('not seen yet'), 'not seen yet')).toBe(base.count('not seen yet'));
    expect(calls).toBe(new Set(texts).size + 1);
  });

  it('is told apart from a plain tokenizer', () => {
    expect(asCountMemo(getTokenizer())).toBeUndefined();
    expect(asCountMemo(runCountMemo(getTokenizer()))).toBeDefined();
  });
});
