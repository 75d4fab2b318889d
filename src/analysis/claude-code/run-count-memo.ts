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
export function runCountMemo(tokenizer: Tokenizer, limit: number = DEFAULT_LIMIT): Tokenizer {
  let counts = new Map<bigint, number>();
  let older = new Map<bigint, number>();
  const memo: Tokenizer = {
    name: tokenizer.name,
    encode: (text) => tokenizer.encode(text),
    count(text) {
      const key = hashText(text);
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
    },
  };
  return {
    ...memo,
    ...(tokenizer.encodePair ? { encodePair: tokenizer.encodePair.bind(tokenizer) } : {}),
    ...(tokenizer.countPair ? { countPair: tokenizer.countPair.bind(tokenizer) } : {}),
  };
}
