/** Rendered message texts a renderer remembers (oldest first out). */
const TEXTS_KEPT = 50_000;

/** What a message's rendered text is made of: its role, the strings it renders, and its place (opening, closing, reasoning kept). */
export type MessageSource = readonly (string | boolean)[];

function sameSource(a: MessageSource, b: MessageSource): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Rendered texts of history messages, by what they are rendered from. A replay renders each
 * request's whole history again: wrapping, mapping template tokens and then comparing each message
 * with the segment built before copied the history's bytes several times per request, which made a
 * long log's replay allocate (requests × history). Found here, a message's text is the very string
 * rendered before, so the segment lookup that follows compares one pointer.
 *
 * Keyed by the message's main text (a log's requests carry the same strings, whose hash V8 keeps);
 * a text is reused only when every part it is rendered from is equal.
 */
export class RenderedMessages {
  readonly #byText = new Map<string, { readonly source: MessageSource; readonly text: string }[]>();

  text(source: MessageSource, render: () => string): string {
    const key = String(source[1] ?? '');
    const known = this.#byText.get(key);
    const found = known?.find((entry) => sameSource(entry.source, source));
    if (found) return found.text;
    const text = render();
    if (known) known.push({ source, text });
    else {
      if (this.#byText.size >= TEXTS_KEPT) this.#byText.delete(this.#byText.keys().next().value!);
      this.#byText.set(key, [{ source, text }]);
    }
    return text;
  }
}
