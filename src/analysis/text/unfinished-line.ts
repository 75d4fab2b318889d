import type { UnfinishedLine } from '../../providers/index.js';
import { groupDigits } from '../../prefix/group-digits.js';

/**
 * The words for a session log whose last line was left out because a running agent is still
 * writing it: where it is, how long it is so far, and what was read instead (`readAs`, e.g. `the
 * seed is the log`), so no command drops that line without saying so.
 */
export function unfinishedLineMessage(source: string, unfinished: UnfinishedLine, readAs: string): string {
  const bytes = `${groupDigits(unfinished.bytes)} byte${unfinished.bytes === 1 ? '' : 's'}`;
  return `${source}:${unfinished.line}: the last line has no line break and is not whole JSON yet (${bytes}): a write in progress, left out; ${readAs} up to line ${unfinished.line - 1}`;
}
