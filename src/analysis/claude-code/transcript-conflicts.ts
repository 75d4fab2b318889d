import { fromAnthropicUsage } from '../anthropic/anthropic-usage.js';
import type { AssistantEntry, ClaudeCodeTranscript } from './transcript-entry.js';

/** Entries that share a call's message id and request id but cannot be blocks of that call. */
export interface ConflictingCall {
  readonly messageId: string;
  readonly requestId: string | undefined;
  /** Line of the first entry, the one whose call is replayed. */
  readonly line: number;
  /** Lines of the entries that disagree with it. */
  readonly conflicting: readonly number[];
}

/** What every streamed block of one call repeats: the model and the input side of the usage. */
function callFacts(entry: AssistantEntry): string {
  const usage = entry.message.usage;
  const read = usage === undefined ? undefined : fromAnthropicUsage(usage);
  const input = read === undefined ? [] : [read.uncached, read.cacheRead, read.cacheWrite];
  return JSON.stringify([entry.message.model, ...input]);
}

/**
 * Assistant entries keyed to one API call (same message id and request id, as the replay keys them)
 * whose model or input usage differs from the first: streamed blocks of one call repeat both, so
 * these are other calls the replay counts as one. Found so the loss is said, never silent.
 */
export function conflictingCalls(transcript: ClaudeCodeTranscript): ConflictingCall[] {
  const first = new Map<string, { entry: AssistantEntry; facts: string; conflicting: number[] }>();
  for (const entry of transcript.entries) {
    if (entry.type !== 'assistant') continue;
    const key = `${entry.message.id}\u0000${entry.requestId ?? ''}`;
    const facts = callFacts(entry);
    const known = first.get(key);
    if (known === undefined) first.set(key, { entry, facts, conflicting: [] });
    else if (entry.message.usage !== undefined && known.entry.message.usage !== undefined && facts !== known.facts) known.conflicting.push(entry.line);
  }
  return [...first.values()]
    .filter((call) => call.conflicting.length > 0)
    .map(({ entry, conflicting }) => ({ messageId: entry.message.id, requestId: entry.requestId, line: entry.line, conflicting }));
}

/** One warning per conflicting call, naming the file, the lines and what the replay did. */
export function conflictingCallNotes(file: string, transcript: ClaudeCodeTranscript): string[] {
  return conflictingCalls(transcript).map(({ messageId, requestId, line, conflicting }) => {
    const lines = conflicting.length > 5 ? `${conflicting.slice(0, 5).join(', ')}, …` : conflicting.join(', ');
    return `${file}:${line}: ${conflicting.length} other entr${conflicting.length === 1 ? 'y shares' : 'ies share'} message id ${messageId}${requestId === undefined ? '' : ` and request id ${requestId}`} but log${conflicting.length === 1 ? 's' : ''} a different model or input usage (line${conflicting.length === 1 ? '' : 's'} ${lines}): replayed as one call, with line ${line}'s input; the others are not counted`;
  });
}
