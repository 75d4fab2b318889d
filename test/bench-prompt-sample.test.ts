import { expect, it } from 'vitest';
import { promptSample, promptSourceBytes } from '../bench/support/prompt-text.js';
import { describeWithCorpus } from './support/corpus.js';

describeWithCorpus(['claude-code-prompts-piebald', 'roo-code-system-prompts', 'dsh'], 'bench prompt sample', () => {
  it('gives the requested size of real prompt text, cut back to a whole character, as equal bytes and text', () => {
    const source = promptSourceBytes();
    // The second byte of the first multi-byte character: a cut there would split the character.
    const insideCharacter = source.findIndex((byte) => (byte & 0xc0) === 0x80);
    expect(insideCharacter).toBeGreaterThan(0);
    expect(promptSample(insideCharacter).bytes.byteLength).toBe(insideCharacter - 1);
    // Sizes beyond the source repeat it.
    for (const size of [1024, insideCharacter + 1, source.byteLength + insideCharacter, 3 * source.byteLength + 1]) {
      const sample = promptSample(size);
      expect(sample.bytes.byteLength).toBeLessThanOrEqual(size);
      expect(sample.bytes.byteLength).toBeGreaterThan(size - 4);
      expect(Buffer.from(sample.text, 'utf8').equals(Buffer.from(sample.bytes))).toBe(true);
    }
    const repeated = promptSample(2 * source.byteLength);
    expect(Buffer.from(repeated.bytes.subarray(source.byteLength)).equals(Buffer.from(source))).toBe(true);
    expect(promptSample(1 << 20).twoByte).toBe(true);
  });
});
