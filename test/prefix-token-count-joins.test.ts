import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRequest, getTokenizer, PrefixTokenCounter, type SegmentInput } from '../src/prefix/index.js';
import { describeWithCorpus, listCorpusFiles, readCorpusText } from './support/corpus.js';

const route = { provider: 'test', model: 'm' };

function request(texts: readonly string[]) {
  return createRequest(route, 'chat', texts.map((text, index): SegmentInput => ({ kind: 'message', name: `m${index}`, content: text })));
}

// Characters chosen to provoke merges across joins: spaces, newlines, slashes, apostrophes,
// punctuation, digits, mixed case, CJK and an astral emoji.
const pieces = fc.constantFrom(' ', '  ', '\n', '\n\n', '\r\n', '/', '//', "'", "'s", '}', '{', '"', ':', ',', '.', '-', '1', '23', '456', 'a', 'The', 'word', 'CAPS', 'mIxEd', '漢字', 'é', '😀', '\t', '<|endoftext|>');
const fragment = fc.array(pieces, { minLength: 0, maxLength: 12 }).map((parts) => parts.join(''));

describe.each(['o200k_base', 'cl100k_base'])('prefix token count with %s', (name) => {
  const tokenizer = getTokenizer(name);

  it('equals tokenizing the concatenated text in one go, at every prefix length, for random joins', () => {
    fc.assert(
      fc.property(fc.array(fragment, { minLength: 1, maxLength: 8 }), (texts) => {
        const counter = new PrefixTokenCounter(tokenizer);
        const segments = request(texts).segments;
        for (let length = 0; length <= texts.length; length++) {
          expect(counter.prefixTokens(segments, length)).toBe(tokenizer.count(texts.slice(0, length).join('')));
        }
      }),
      { numRuns: 400 },
    );
  });

  describeWithCorpus(['dsh', 'roo-code-system-prompts', 'claude-code-prompts-piebald'], 'on real prompts', () => {
    it('equals whole-text tokenization for real prompts cut at random points', () => {
      const prompts = [
        ...listCorpusFiles('roo-code-system-prompts/src/core/prompts/__tests__/__snapshots__/system-prompt', '.snap').slice(0, 3),
        ...listCorpusFiles('claude-code-prompts-piebald/system-prompts', '.md').slice(0, 4),
        'dsh/examples/acp-agent/tests/snapshots/text-turn/system-prompt.expected.md',
        'dsh/examples/acp-agent/tests/snapshots/text-turn/tool-schemas.expected.json',
        'dsh/docs/tool-catalog.md',
      ].map((file) => readCorpusText(file));
      expect(prompts.length).toBeGreaterThan(0);
      fc.assert(
        fc.property(fc.constantFrom(...prompts), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }), (prompt, cuts) => {
          const points = [...new Set(cuts.map((cut) => Math.floor(cut * prompt.length)))].sort((a, b) => a - b);
          const texts: string[] = [];
          let previous = 0;
          for (const point of [...points, prompt.length]) {
            texts.push(prompt.slice(previous, point));
            previous = point;
          }
          const counter = new PrefixTokenCounter(tokenizer);
          expect(counter.prefixTokens(request(texts).segments)).toBe(tokenizer.count(prompt));
        }),
        { numRuns: 60 },
      );
    });
  });
});
