import { InputError } from '../../prefix/index.js';
import { MAX_JSON_DEPTH, tooDeepAt } from '../../providers/input/index.js';
import { lineAndColumn, locateJsonError } from './json-error-location.js';
import { groupDigits } from '../../prefix/group-digits.js';

/**
 * Parses a JSON text read from `source`. A syntax error becomes an InputError naming the file, the
 * line and column of the first bad character, and what was expected there.
 */
export function parseJsonText(text: string, source: string): unknown {
  // A UTF-8 byte-order mark is not JSON, but editors on some systems write one.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Checked first, for valid and malformed text alike: both the renderer and the error locator recurse per level.
  refuseTooDeep(body, source);
  try {
    return JSON.parse(body);
  } catch (error) {
    const problem = locateJsonError(body);
    if (!problem) throw error; // JSON.parse and the scanner disagree: a bug, not bad input.
    const { line, column } = lineAndColumn(body, problem.offset);
    throw new InputError('input/malformed-json', `column ${column}: not valid JSON: ${problem.reason}`, { source, line }, { cause: error });
  }
}

/**
 * Throws an InputError naming the line and column where `text` nests past `MAX_JSON_DEPTH`: the
 * renderer recurses per level, so every JSON text kvprefix renders is held to that limit, however
 * it was parsed.
 */
export function refuseTooDeep(text: string, source: string): void {
  const deep = tooDeepAt(text);
  if (deep === -1) return;
  const { line, column } = lineAndColumn(text, deep);
  throw new InputError('input/too-deep', `column ${column}: nested more than ${groupDigits(MAX_JSON_DEPTH)} levels deep; kvprefix reads JSON nested at most that deep`, { source, line });
}
