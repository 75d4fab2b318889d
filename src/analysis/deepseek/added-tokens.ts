/**
 * The added tokens of a Hugging Face tokenizer, found in text the way its tokenizer finds them
 * before any pre-tokenizing: at the leftmost place where one starts, the longest one that starts
 * there (the library walks a trie of their texts). Each match is one token; the text between
 * matches is byte-pair encoded.
 */
export class AddedTokens {
  /** Token id by text, per text length, longest length first. */
  readonly #byLength: readonly (readonly [number, ReadonlyMap<string, number>])[];
  /** Characters an added token can start with (all of DeepSeek's start with `<`). */
  readonly #starts: RegExp;

  constructor(tokens: readonly (readonly [string, number])[]) {
    const byLength = new Map<number, Map<string, number>>();
    for (const [text, id] of tokens) {
      if (text === '') continue;
      let texts = byLength.get(text.length);
      if (!texts) byLength.set(text.length, (texts = new Map()));
      texts.set(text, id);
    }
    this.#byLength = [...byLength].sort(([a], [b]) => b - a);
    const first = new Set(tokens.map(([text]) => text.charAt(0)).filter((character) => character !== ''));
    const escaped = [...first].map((character) => character.replace(/[\\\]\[^-]/g, '\\$&')).join('');
    this.#starts = new RegExp(first.size === 0 ? '[]' : `[${escaped}]`, 'g');
  }

  /**
   * Calls `text(from, to)` for each stretch of ordinary text and `token(id)` for each added token,
   * in order, over the whole of `text`.
   */
  split(input: string, text: (from: number, to: number) => void, token: (id: number) => void): void {
    let done = 0;
    const starts = this.#starts;
    starts.lastIndex = 0;
    for (let match = starts.exec(input); match !== null; match = starts.exec(input)) {
      const at = match.index;
      const found = this.#longestAt(input, at);
      if (found === null) continue;
      if (at > done) text(done, at);
      token(found.id);
      done = at + found.length;
      starts.lastIndex = done;
    }
    if (done < input.length) text(done, input.length);
  }

  #longestAt(input: string, at: number): { id: number; length: number } | null {
    for (const [length, texts] of this.#byLength) {
      if (at + length > input.length) continue;
      const id = texts.get(input.slice(at, at + length));
      if (id !== undefined) return { id, length };
    }
    return null;
  }
}
