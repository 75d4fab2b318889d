import { hashText, type Tokenizer } from '../../prefix/index.js';

/** Distinct texts remembered per run: about 40 bytes an entry, so a few MB at most. */
const DEFAULT_LIMIT = 1 << 17;

/**
 * A tokenizer that remembers `count` by the text's hash for one run over a projects folder. Claude
 * Code repeats text across transcripts: a resumed session's file starts with the whole earlier
 * conversation, subagents of one task read the same files, and every session carries the same
 * CLAUDE.md. Each replay memoises only its own blocks, so without this the same text is tokenized
 * again for every transcript that holds it. Counts are the wrapped tokenizer's, to the token; the
 * rest of the interface is passed through. Bounded: past the limit the oldest half is forgotten.
 */
export function runCountMemo(tokenizer: Tokenizer, limit: number = DEFAULT_LIMIT): CountMemo {
  let counts = new Map<bigint, number>();
  let older = new Map<bigint, number>();
  const countHashed = (key: bigint, text: string): number => {
    let tokens = counts.get(key) ?? older.get(key);
    if (tokens === undefined) {
      tokens = tokenizer.count(text);
      if (counts.size >= limit / 2) {
        older = counts;
        counts = new Map();
      }
      counts.set(key, tokens);
    }
    return tokens;
  };
  return {
    name: tokenizer.name,
    encode: (text) => tokenizer.encode(text),
    count: (text) => countHashed(hashText(text), text),
    countHashed,
    ...(tokenizer.encodePair ? { encodePair: tokenizer.encodePair.bind(tokenizer) } : {}),
    ...(tokenizer.countPair ? { countPair: tokenizer.countPair.bind(tokenizer) } : {}),
  };
}

/** A tokenizer whose counts are remembered by the text's hash (`runCountMemo`). */
export interface CountMemo extends Tokenizer {
  /**
   * `count(text)` for a caller that already holds `hashText(text)` (a segment's `hash`), so the text
   * is not hashed a second time.
   */
  countHashed(hash: bigint, text: string): number;
}

/** `tokenizer` as a `CountMemo` when it is one. */
export function asCountMemo(tokenizer: Tokenizer): CountMemo | undefined {
  return typeof (tokenizer as Partial<CountMemo>).countHashed === 'function' ? (tokenizer as CountMemo) : undefined;
}
