import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { comparePrefix, createRequest, getTokenizer, PrefixTokenCounter, type SegmentInput } from '../src/prefix/index.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

const route = { provider: 'deepseek', model: 'deepseek-v4-flash' };

function request(texts: readonly string[]) {
  return createRequest(route, 'chat', texts.map((text, index): SegmentInput => ({ kind: 'message', name: `m${index}`, content: text })));
}

function leadingCommonTokens(a: number[], b: number[]): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}

let base: string;
const pieces = fc.constantFrom(' ', '\n', '\n\n', '/', "'", '}', 'a', 'Z', '9', '漢', '😀', 'word', ' the');

describeWithCorpus('dsh', 'comparePrefix common tokens', () => {
  beforeAll(() => {
    base = readCorpusText('dsh/examples/acp-agent/tests/snapshots/text-turn/system-prompt.expected.md');
  });

  const tokenizer = getTokenizer('o200k_base');

  it('equal the leading tokens the two whole tokenizations share, for random edits of a real prompt', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(pieces, { minLength: 0, maxLength: 4 }).map((parts) => parts.join('')),
        fc.nat(3),
        (cuts, editAt, inserted, deleted) => {
          const at = Math.floor(editAt * base.length);
          const edited = base.slice(0, at) + inserted + base.slice(at + deleted);
          const split = (text: string) => {
            const points = [...new Set(cuts.map((cut) => Math.floor(cut * text.length)))].sort((x, y) => x - y);
            const parts: string[] = [];
            let previous = 0;
            for (const point of [...points, text.length]) parts.push(text.slice(previous, point)), (previous = point);
            return parts;
          };
          const result = comparePrefix(request(split(base)), request(split(edited)), { counter: new PrefixTokenCounter(tokenizer) });
          const expected = leadingCommonTokens(tokenizer.encode(base), tokenizer.encode(edited));
          expect(result.commonPrefix.tokens).toBe(expected);
          if (edited === base) expect(result.divergence).toBeNull();
          else expect(result.commonPrefix.bytes).toBe(firstDifferingByte(Buffer.from(base), Buffer.from(edited)));
          expect(result.parent.tokens).toBe(tokenizer.count(base));
          expect(result.child.tokens).toBe(tokenizer.count(edited));
        },
      ),
      { numRuns: 150 },
    );
  });
});

function firstDifferingByte(a: Buffer, b: Buffer): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
}
