// Narrow paths: every command's help text reads this file, and the barrels would load the library.
import { UsageError } from '../prefix/errors.js';
import { DEFAULT_MAX_INPUT_BYTES } from '../providers/input/input-size.js';
import type { InputLimit, InputOptions } from '../providers/input/input-chunks.js';
import type { CliIo } from './io.js';

/** The flag that raises the input size limit, in every command that reads files. */
export const MAX_INPUT_FLAG = 'max-input-mb';

/** The `parseOptions` entry for `--max-input-mb`. */
export const MAX_INPUT_OPTION = { [MAX_INPUT_FLAG]: { type: 'string' } } as const;

/** Usage text of the flag. */
export const MAX_INPUT_USAGE = `[--${MAX_INPUT_FLAG} <n>]`;

const MiB = 1024 * 1024;

/** A decimal number as people write one, exponent form included (`64`, `0.5`, `.5`, `1e9`, `2.5E3`); no hex, no `Infinity`. */
const DECIMAL = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * The byte limit `--max-input-mb <n>` asks for (the default when absent): any positive finite
 * number of MiB. A limit is a ceiling, not an allocation, so a huge one is no risk: inputs are read
 * as they stream and refused only once they pass it. Byte counts are exact only up to 2^53 - 1
 * (8 PiB, far past any file), so a larger value means the same as that one: no limit.
 */
export function maxInputBytes(value: unknown): number {
  if (value === undefined) return DEFAULT_MAX_INPUT_BYTES;
  const megabytes = typeof value === 'string' && DECIMAL.test(value) ? Number(value) : Number.NaN;
  if (!(megabytes > 0) || !Number.isFinite(megabytes)) {
    throw new UsageError('usage/bad-option', `--${MAX_INPUT_FLAG} takes a positive number of MiB, got '${String(value)}': use a finite number greater than 0, such as 64 or 1e3`);
  }
  return Math.min(Math.ceil(megabytes * MiB), Number.MAX_SAFE_INTEGER);
}

/** The library's input options for a command: the size limit and what `-` reads. */
export function inputOptions(values: Record<string, unknown>, io: CliIo): Required<InputLimit> & Pick<InputOptions, 'stdin'> {
  return { maxInputBytes: maxInputBytes(values[MAX_INPUT_FLAG]), ...(io.stdin ? { stdin: io.stdin } : {}) };
}

/** The hint `kvprefix` adds to an input-too-large error: the flag and a value that would admit it. */
export function maxInputHint(message: string): string {
  // The input's size in bytes, when the reader knew it: suggest the smallest whole MiB that admits it.
  const size = /is [\d.]+ MiB \(([\d,]+) bytes\)/.exec(message);
  const suggestion = size ? String(Math.ceil(Number(size[1]!.replaceAll(',', '')) / MiB)) : '<n>';
  return `${message}: raise it with --${MAX_INPUT_FLAG} ${suggestion}`;
}
