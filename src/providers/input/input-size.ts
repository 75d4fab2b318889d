import { InputError } from '../../prefix/errors.js';
import { groupDigits } from '../../prefix/group-digits.js';

/**
 * The most bytes a reader takes from one input unless told otherwise: 32 MiB. Comparing two bodies
 * holds about 30 times their size (measured on Node 20: two 16 MB chat bodies of 50 random-base64
 * messages peaked at 478 MB RSS, two 2 MB ones at 213 MB), so 32 MiB stays near 1 GB, well inside
 * Node's default heap limit; past it, the input is refused clearly instead of exhausting the heap.
 * A session log (read as it streams) counts its decompressed bytes, so a small zstd file cannot
 * expand without bound.
 */
export const DEFAULT_MAX_INPUT_BYTES = 32 * 1024 * 1024;

const MiB = 1024 * 1024;

/** A size in MiB with one decimal, as the CLI flag `--max-input-mb` takes it. */
export function formatMebibytes(bytes: number): string {
  return `${(bytes / MiB).toFixed(bytes % MiB === 0 ? 0 : 2)} MiB`;
}

/** An InputError (code `input/too-large`) for an input past `limit` bytes (`size` when known). */
export function inputTooLarge(source: string, size: number | undefined, limit: number, what = 'input'): InputError {
  const bytes = (count: number) => `${groupDigits(count)} bytes`;
  const seen = size === undefined ? 'goes on past' : `is ${formatMebibytes(size)} (${bytes(size)}), past`;
  return new InputError('input/too-large', `the ${what} ${seen} the limit of ${formatMebibytes(limit)} (${bytes(limit)}, maxInputBytes)`, { source });
}
