import { isJsonObject } from '../../prefix/json-object.js';

/**
 * The first path at which two JSON texts differ (`function.description`, `content[0].text`), or
 * undefined when either is not JSON or they are equal as values. Reports say which field of a tool
 * or message changed instead of only that its bytes did.
 */
export function firstDifferingPath(before: string, after: string): string | undefined {
  let a: unknown;
  let b: unknown;
  try {
    a = JSON.parse(before);
    b = JSON.parse(after);
  } catch {
    return undefined;
  }
  return walk(a, b, '');
}

function join(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
}

function walk(a: unknown, b: unknown, path: string): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.max(a.length, b.length); index++) {
      const found = walk(a[index], b[index], join(path, index));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    // Key order is part of the bytes: a reordered object differs at the object itself.
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    for (let index = 0; index < Math.max(keysA.length, keysB.length); index++) {
      const key = keysA[index];
      if (key === undefined || key !== keysB[index]) return join(path, keysB[index] ?? key ?? '');
      const found = walk(a[key], b[key], join(path, key));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return path === '' ? '(the whole value)' : path;
}

