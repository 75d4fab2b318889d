/**
 * The pre-tokens of one text, one at a time, as char ranges (`start`, `end`) of the text.
 *
 * A pre-token is what `exec` of the encoding's global split expression finds from where the last
 * one ended, empty matches skipped. `exec` builds a match array and a substring per pre-token, and
 * on ordinary text that was as much time as the expression's own matching. A sticky copy of the
 * expression answers with `test`, which builds neither: its match starts where the last one ended
 * (the split expressions match every char), and only when none does is the global copy asked where
 * the next match is, so the pre-tokens are exactly `exec`'s.
 */
export class PreTokenSplit {
  /** Start of the current pre-token. */
  start = 0;
  /** End of the current pre-token (exclusive). */
  end = 0;
  #text = '';
  readonly #sticky: RegExp;
  readonly #global: RegExp;

  /** @param pattern the encoding's split expression (copied: a RegExp carries state). */
  constructor(pattern: RegExp) {
    const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
    this.#global = new RegExp(pattern.source, flags);
    this.#sticky = new RegExp(pattern.source, flags.includes('y') ? flags : `${flags}y`);
  }

  /** Starts over on `text`, before its first pre-token. */
  reset(text: string): void {
    this.#text = text;
    this.start = 0;
    this.end = 0;
  }

  /** Moves to the next non-empty pre-token; false (and `end` at the text's end) when there is none. */
  next(): boolean {
    const text = this.#text;
    const sticky = this.#sticky;
    let at = this.end;
    while (at < text.length) {
      sticky.lastIndex = at;
      if (sticky.test(text)) {
        const end = sticky.lastIndex;
        if (end > at) {
          this.start = at;
          this.end = end;
          return true;
        }
        // An empty match: go on one char later, as the loop over `exec` did.
        at++;
        continue;
      }
      // No pre-token starts here: ask `exec` for the next match, as the loop over it did.
      const global = this.#global;
      global.lastIndex = at;
      const match = global.exec(text);
      if (match === null) break;
      if (match[0].length > 0) {
        this.start = match.index;
        this.end = global.lastIndex;
        return true;
      }
      at = global.lastIndex + 1;
    }
    this.start = text.length;
    this.end = text.length;
    // Let go of the text (it may be megabytes) once it is split.
    this.#text = '';
    return false;
  }
}
