/**
 * True when two JSON values (as `JSON.parse` builds them) are equal with their keys in the same
 * order, so that they render to the same text. Each log's pins are parsed afresh into equal objects;
 * walking two of them costs a fraction of `JSON.stringify`-ing one to look it up by its text. A
 * value JSON cannot hold (undefined, a function) only makes two values unequal: a miss, never a
 * wrong match.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return typeof a === 'number' && typeof b === 'number' && Object.is(a, b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameJson(a[index], b[index])) return false;
    return true;
  }
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  for (let index = 0; index < aKeys.length; index++) {
    const key = aKeys[index]!;
    if (key !== bKeys[index] || !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
