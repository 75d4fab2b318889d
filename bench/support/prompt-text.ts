import { listCorpusFiles, readCorpusText } from './corpus.js';

/*
 * Real prompt text of a chosen size, for the hashing scenarios: Claude Code's prompt sections and
 * tool descriptions (claude-code-prompts-piebald), Roo Code's rendered system prompts and DSH's tool
 * and persistence catalogs, concatenated in a fixed order and repeated until the size is reached.
 * The text carries the non-ASCII characters real prompts carry (dashes, arrows, emoji), so V8 holds
 * it as a two-byte string, the representation a host's prompt strings usually have.
 */

/** The source files, listed on first use (not at import, so `npm run bench -- --help` works without the corpus). */
function sourceFiles(): string[] {
  return [
    ...listCorpusFiles('claude-code-prompts-piebald/system-prompts', (name) => name.endsWith('.md')),
    ...listCorpusFiles('roo-code-system-prompts/src/core/prompts/__tests__/__snapshots__/system-prompt', (name) => name.endsWith('.snap')),
    ...listCorpusFiles('dsh/docs', (name) => name.endsWith('.md')),
  ];
}

let cachedSource: Uint8Array | undefined;

/** UTF-8 bytes of every source file, joined by blank lines, in a fixed order. */
export function promptSourceBytes(): Uint8Array {
  cachedSource ??= new TextEncoder().encode(sourceFiles().map((file) => readCorpusText(file)).join('\n\n'));
  return cachedSource;
}

function isContinuationByte(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

/** One sample of prompt text in both representations, holding the same content. */
export interface PromptSample {
  /** The UTF-8 bytes: `byteLength` is the requested size, less up to 3 bytes so no character is cut. */
  readonly bytes: Uint8Array;
  /** The same content as a JS string. */
  readonly text: string;
  /** True when V8 must hold `text` as a two-byte string (it has a code unit above U+00FF). */
  readonly twoByte: boolean;
}

/**
 * `size` bytes of real prompt text (cut back to the last whole character), as bytes and as a string.
 * The source is repeated as often as needed; each repetition starts on a character boundary because
 * the source is whole UTF-8.
 */
export function promptSample(size: number): PromptSample {
  const source = promptSourceBytes();
  let end = size;
  while (end > 0 && isContinuationByte(source[end % source.length]!)) end--;
  const bytes = new Uint8Array(end);
  for (let offset = 0; offset < end; offset += source.length) {
    bytes.set(source.subarray(0, Math.min(source.length, end - offset)), offset);
  }
  // `fatal` makes a cut character an error instead of a silent U+FFFD that would change the content.
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  return { bytes, text, twoByte: /[^\u0000-\u00ff]/.test(text) };
}
