/**
 * A copy of a slice that no longer points into its (possibly huge) source string. V8 keeps a slice
 * as a view of its parent, so a memoised slice would otherwise keep the whole text it came from
 * alive. UTF-16LE round-trips every code unit, lone surrogates included.
 */
export function detached(slice: string): string {
  return slice.length === 0 ? '' : Buffer.from(slice, 'utf16le').toString('utf16le');
}
