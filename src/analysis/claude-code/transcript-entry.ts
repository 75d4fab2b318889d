import { InputError } from '../../prefix/errors.js';
import { inputLabel, type InputOptions } from '../../providers/input/input-chunks.js';
import { readLogLines } from '../../providers/session/log-lines.js';
import type { UnfinishedLine } from '../../providers/session/read-session-log.js';
import { checkConversationEntry, type AssistantEntryShape, type UserEntryShape } from './transcript-entry-shape.js';
import { notClaudeCodeTranscript } from './transcript-kind.js';
import { SessionLabelLines, type SessionLabel } from './session-label.js';

/*
 * A Claude Code transcript is JSONL: one entry per line. Only `user` and `assistant` entries are
 * conversation; the rest (`summary`, `file-history-snapshot`, `queue-operation`, `progress`, `system`)
 * are bookkeeping the model never sees. Entries form a chain through `parentUuid`. A streamed
 * assistant response is written one content block per entry, each repeating the message `id`, the
 * `requestId` and the usage so far (only `output_tokens` grows).
 */

export type { ClaudeCodeUsage, LoggedContentBlock } from './transcript-entry-shape.js';
export type UserEntry = UserEntryShape & { readonly line: number };
export type AssistantEntry = AssistantEntryShape & { readonly line: number };
/** A conversation entry with the 1-based line it was read from. */
export type ConversationEntry = UserEntry | AssistantEntry;

/** The conversation entries of one transcript file, and what was skipped. */
export interface ClaudeCodeTranscript {
  readonly file: string;
  /** In file order, each as logged except its `toolUseResult` (the interface's copy of a tool's output, never sent to the model). */
  readonly entries: readonly ConversationEntry[];
  /**
   * How many leading entries are context carried over from a parent session rather than this
   * session's own (set only when a subagent is replayed as if forked from its parent): they are
   * part of every request's conversation but no request of this session sent them. Default 0.
   */
  readonly inheritedEntries?: number;
  /** Bookkeeping entries by type (never sent to the model). */
  readonly skipped: Readonly<Record<string, number>>;
  /**
   * The last line when it had no line break and was not whole JSON: Claude Code still writing it.
   * It is left out of `entries` and said so; absent when the transcript ends cleanly.
   */
  readonly unfinishedLine?: UnfinishedLine;
  /** Its working directory and title, as `readSessionLabel` reads them (absent when not read with the transcript). */
  readonly label?: SessionLabel;
}

/** How a transcript is read: how errors name it, its size limit, what `-` reads. */
export type TranscriptInputOptions = InputOptions;

/**
 * Reads a Claude Code JSONL transcript line by line through the shared input reader, so it has the
 * same size limit (`maxInputBytes`, 32 MiB by default) and strict UTF-8 (a bad byte is an error
 * naming its byte offset and line) as every other input. A broken line is an InputError with file
 * and line; a file with no conversation entry that is plainly another tool's log is refused, not
 * replayed as an empty session.
 */
export async function readClaudeCodeTranscript(file: string, options: TranscriptInputOptions = {}): Promise<ClaudeCodeTranscript> {
  const label = inputLabel(file, options);
  const entries: ConversationEntry[] = [];
  const skipped: Record<string, number> = {};
  let first: unknown;
  let unfinishedLine: UnfinishedLine | undefined;
  // The label's lines are read here, so that naming the session never opens the file again.
  const head = new SessionLabelLines();
  for await (const { text, line, terminated } of readLogLines(file, options)) {
    if (text.trim() === '') {
      head.see(text);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      // A last line with no line break is one Claude Code is still writing: read up to it, and say so.
      if (!terminated) {
        unfinishedLine = { line, bytes: Buffer.byteLength(text) };
        break;
      }
      throw new InputError('input/malformed-json', `not a JSON line: ${(error as Error).message}`, { source: label, line });
    }
    if (head.reading) head.see(text, value);
    if (first === undefined) first = value;
    const type = typeof value === 'object' && value !== null && 'type' in value ? String((value as { type: unknown }).type) : undefined;
    if (type !== 'user' && type !== 'assistant') {
      skipped[type ?? '(no type)'] = (skipped[type ?? '(no type)'] ?? 0) + 1;
      continue;
    }
    const checked = checkConversationEntry(type, value as Record<string, unknown>);
    if ('problem' in checked) throw new InputError('input/bad-claude-code-entry', `not a Claude Code ${type} entry: ${checked.problem}`, { source: label, line });
    // `toolUseResult` is Claude Code's own record of a tool's output for its interface (a file's whole
    // text, a diff): the model reads the `tool_result` block instead. It is 40% of a transcript's bytes,
    // and a replay that kept it held the transcript twice over while it ran.
    const { toolUseResult: _forTheInterface, ...entry } = checked.entry;
    entries.push({ ...entry, line } as ConversationEntry);
  }
  if (entries.length === 0) {
    const wrongFile = notClaudeCodeTranscript(label, skipped, first);
    if (wrongFile) throw wrongFile;
  }
  return { file, entries, skipped, ...(unfinishedLine ? { unfinishedLine } : {}), label: head.label };
}
