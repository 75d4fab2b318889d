/**
 * The deepest nesting kvprefix reads in a JSON text. Parsing a deeper text is no problem, but
 * rendering a body is `JSON.stringify` of each message, which recurses once per level and exhausts
 * the stack somewhere between 4,000 and 8,000 levels on Node 20's default stack (less when called
 * deep inside a host): a body nested past this limit is refused as input instead. Real request
 * bodies nest a few dozen levels (tool schemas are the deepest part).
 */
export const MAX_JSON_DEPTH = 1000;

/**
 * Offset of the bracket that opens level `limit + 1` of a JSON text, or -1 when the text never
 * nests that deep. One pass that skips string contents; it does not validate (a malformed text
 * may pass and is reported by the parser).
 */
export function tooDeepAt(text: string, limit = MAX_JSON_DEPTH): number {
  // Nesting past `limit` needs more than `limit` opening brackets: most lines hold far fewer, and
  // counting them with indexOf is many times faster than the scan below (every log line is checked).
  if (fewerOpenings(text, limit + 1)) return -1;
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22 /* " */) {
      for (index++; index < text.length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c /* \ */) index++;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (++depth > limit) return index;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth--;
    }
  }
  return -1;
}

/** True when `text` holds fewer than `needed` `{` and `[` together (strings included: an overcount only sends the text to the full scan). */
function fewerOpenings(text: string, needed: number): boolean {
  let found = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) if (++found >= needed) return false;
  }
  return true;
}
