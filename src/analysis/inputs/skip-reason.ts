import { InputError, KvprefixError } from '../../prefix/index.js';

/**
 * Why an input found by walking was left out, from what reading it threw: the reader's own words
 * with the line (`line 12: not valid JSON …`) and no repeat of the file name, which the skipped
 * list shows beside it. An error about another file (a pin beside a log) keeps that file's name.
 */
export function skipReason(error: unknown, label: string): string {
  if (!(error instanceof KvprefixError)) return `internal error: ${error instanceof Error ? error.message : String(error)}`;
  if (!(error instanceof InputError) || error.source !== label) return error.message;
  const where = error.line === undefined ? `${label}: ` : `${label}:${error.line}: `;
  const message = error.message.startsWith(where) ? error.message.slice(where.length) : error.message;
  return error.line === undefined ? message : `line ${error.line}: ${message}`;
}

