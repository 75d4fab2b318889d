/**
 * Orders two strings by UTF-16 code units, as `Array.prototype.sort` does by default. Unlike
 * `localeCompare` it gives the same order on every machine whatever its locale, and it does not
 * load ICU's collation data (about 10 ms of CPU on a run's first comparison).
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
