/*
 * Where JSON values start and end in a body's text, without building them. The watch reads a growing
 * conversation's body once whole, then only the part that changed (`spliced-body.ts`): for that it
 * must know where each top-level member and each array element sits. The scanner checks only the
 * structure it walks (brackets, strings, separators); every value it delimits that is used is
 * parsed by `JSON.parse`, which checks the rest.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** A value's place in the text: `text.slice(start, end)` is exactly the value. */
export interface JsonRange {
  readonly start: number;
  readonly end: number;
}

const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/** The first index at or after `at` (and before `end`) that is not JSON whitespace. */
export function skipSpace(text: string, at: number, end: number): number {
  while (at < end && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** The index just past the string that opens at `at`, or -1 when it does not close before `end`. */
function stringEnd(text: string, at: number, end: number): number {
  for (let from = at + 1; ; ) {
    const quote = text.indexOf('"', from);
    if (quote < 0 || quote >= end) return -1;
    // The quote closes the string unless an odd run of backslashes escapes it.
    let backslash = quote - 1;
    while (text.charCodeAt(backslash) === BACKSLASH) backslash--;
    if ((quote - 1 - backslash) % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The index just past the value that starts at `at`, or -1 when none ends before `end`. */
export function valueEnd(text: string, at: number, end: number): number {
  const first = text.charCodeAt(at);
  if (first === QUOTE) return stringEnd(text, at, end);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let index = at; index < end; index++) {
      const code = text.charCodeAt(index);
      if (code === QUOTE) {
        const after = stringEnd(text, index, end);
        if (after < 0) return -1;
        index = after - 1;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
      else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && --depth === 0) return index + 1;
    }
    return -1;
  }
  // A number or a literal: up to the next separator.
  let index = at;
  while (index < end) {
    const code = text.charCodeAt(index);
    if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || code === COLON || code === QUOTE || isSpace(code)) break;
    index++;
  }
  return index > at ? index : -1;
}

/**
 * Where a run of array elements lies between `start` and `end`. `after` says what precedes `start`:
 * the array's `[` (`open`) or an element (`element`); `before` what follows `end`: an element (which
 * needs a comma in between) or the array's `]` (`close`). Undefined when the text there is not such
 * a run.
 */
export function elementsBetween(text: string, start: number, end: number, after: 'open' | 'element', before: 'element' | 'close'): JsonRange[] | undefined {
  const elements: JsonRange[] = [];
  // What may come next: a value or the end (just after `[`), a comma or the end (after a value), a value (after a comma).
  let state: 'open' | 'value' | 'comma' = after === 'open' ? 'open' : 'value';
  for (let at = skipSpace(text, start, end); at < end; at = skipSpace(text, at, end)) {
    if (state === 'value') {
      if (text.charCodeAt(at) !== COMMA) return undefined;
      state = 'comma';
      at++;
      continue;
    }
    const stop = valueEnd(text, at, end);
    if (stop < 0) return undefined;
    elements.push({ start: at, end: stop });
    state = 'value';
    at = stop;
  }
  const fits = before === 'element' ? state !== 'value' : state !== 'comma';
  return fits ? elements : undefined;
}

/** One member of a top-level object: its key and where its value is (and, for an array, each element). */
export interface JsonMember extends JsonRange {
  readonly key: string;
  readonly elements: readonly JsonRange[] | null;
}

/**
 * The members of the object `text` holds, in order, each array member with its elements. `text`
 * must already be known to be valid JSON (it was parsed); undefined when it is not an object.
 */
export function objectMembers(text: string): JsonMember[] | undefined {
  const end = text.length;
  let at = skipSpace(text, 0, end);
  if (text.charCodeAt(at) !== OPEN_BRACE) return undefined;
  const members: JsonMember[] = [];
  at = skipSpace(text, at + 1, end);
  if (text.charCodeAt(at) === CLOSE_BRACE) return members;
  for (;;) {
    const keyEnd = stringEnd(text, at, end);
    if (keyEnd < 0) return undefined;
    const key = JSON.parse(text.slice(at, keyEnd)) as string;
    at = skipSpace(text, keyEnd, end);
    if (text.charCodeAt(at) !== COLON) return undefined;
    const start = skipSpace(text, at + 1, end);
    const stop = valueEnd(text, start, end);
    if (stop < 0) return undefined;
    const elements = text.charCodeAt(start) === OPEN_BRACKET ? elementsBetween(text, start + 1, stop - 1, 'open', 'close') : null;
    if (elements === undefined) return undefined;
    members.push({ key, start, end: stop, elements });
    at = skipSpace(text, stop, end);
    const code = text.charCodeAt(at);
    if (code === CLOSE_BRACE) return members;
    if (code !== COMMA) return undefined;
    at = skipSpace(text, at + 1, end);
  }
}
