import { InputError } from '../../prefix/errors.js';
import { inputLabel, type InputOptions } from '../../providers/input/input-chunks.js';
import { readLogLineBatches } from '../../providers/session/log-lines.js';
import type { UnfinishedLine } from '../../providers/session/read-session-log.js';
import { checkConversationEntry, type AssistantEntryShape, type UserEntryShape } from './transcript-entry-shape.js';
import { notClaudeCodeTranscript } from './transcript-kind.js';
import { SessionLabelLines, type SessionLabel } from './session-label.js';

/*
 * A Claude Code transcript is JSONL: one entry per line. Only `user` and `assistant` entries are
 * conversation; the rest (`summary`, `file-history-snapshot`, `queue-operation`, `progress`, `system`,
 * `permission-mode`, `attachment`, and types not seen yet) are bookkeeping the model never sees.
 * Entries form a chain through `parentUuid`, bookkeeping entries with a `uuid` included. A streamed
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
  /** Entries that are not conversation, by type: Claude Code's bookkeeping, and types not known yet (never sent to the model, as far as is known). */
  readonly skipped: Readonly<Record<string, number>>;
  /**
   * The `parentUuid` of every entry that is not conversation but has a `uuid` (`progress`,
   * `hook_progress`, `attachment`, …): Claude Code chains those too (2.1.38 runs the chain through
   * its progress entries), and a request's history is followed through them.
   */
  readonly links?: ReadonlyMap<string, string | null>;
  /** Lines left out because they do not parse or are not a conversation entry of the shape read, each with what was wrong; the rest of the file is read. */
  readonly badLines?: readonly { readonly line: number; readonly problem: string }[];
  /** The name the replay gives the session when the file does not give one (an in-file sidechain of Claude Code 1.0). */
  readonly id?: string;
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
 * naming its byte offset and line) as every other input. A line that does not parse, or is not a
 * conversation entry of the shape read, is listed in `badLines` with what was wrong and the rest of
 * the file is read; a file where nothing but such lines is read is an InputError with file and line,
 * and a file with no conversation entry that is plainly another tool's log is refused, not replayed
 * as an empty session.
 */
export async function readClaudeCodeTranscript(file: string, options: TranscriptInputOptions = {}): Promise<ClaudeCodeTranscript> {
  const label = inputLabel(file, options);
  const entries: ConversationEntry[] = [];
  const skipped: Record<string, number> = {};
  let first: unknown;
  let unfinishedLine: UnfinishedLine | undefined;
  // The label's lines are read here, so that naming the session never opens the file again.
  const head = new SessionLabelLines();
  const links = new Map<string, string | null>();
  const badLines: { line: number; problem: string; error: InputError }[] = [];
  read: for await (const batch of readLogLineBatches(file, options)) for (const { text, line, terminated } of batch) {
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
        break read;
      }
      // One broken line is listed and passed over: the rest of the file is still the session.
      const problem = `not a JSON line: ${(error as Error).message}`;
      badLines.push({ line, problem, error: new InputError('input/malformed-json', problem, { source: label, line }) });
      continue;
    }
    if (head.reading) head.see(text, value);
    if (first === undefined) first = value;
    const type = typeof value === 'object' && value !== null && 'type' in value ? String((value as { type: unknown }).type) : undefined;
    if (type !== 'user' && type !== 'assistant') {
      skipped[type ?? '(no type)'] = (skipped[type ?? '(no type)'] ?? 0) + 1;
      const { uuid, parentUuid } = (typeof value === 'object' && value !== null ? value : {}) as { uuid?: unknown; parentUuid?: unknown };
      if (typeof uuid === 'string') links.set(uuid, typeof parentUuid === 'string' ? parentUuid : null);
      continue;
    }
    const checked = checkConversationEntry(type, value as Record<string, unknown>);
    if ('problem' in checked) {
      const problem = `not a Claude Code ${type} entry: ${checked.problem}`;
      badLines.push({ line, problem, error: new InputError('input/bad-claude-code-entry', problem, { source: label, line }) });
      continue;
    }
    // `toolUseResult` is Claude Code's own record of a tool's output for its interface (a file's whole
    // text, a diff): the model reads the `tool_result` block instead. It is 40% of a transcript's bytes,
    // and a replay that kept it held the transcript twice over while it ran.
    const { toolUseResult: _forTheInterface, ...entry } = checked.entry;
    entries.push({ ...entry, line } as ConversationEntry);
  }
  if (entries.length === 0) {
    // Nothing read but broken lines: the file is not a session with a line or two lost.
    if (badLines.length > 0) throw badLines[0]!.error;
    const wrongFile = notClaudeCodeTranscript(label, skipped, first);
    if (wrongFile) throw wrongFile;
  }
  return {
    file,
    entries,
    skipped,
    ...(links.size > 0 ? { links } : {}),
    ...(badLines.length > 0 ? { badLines: badLines.map(({ line, problem }) => ({ line, problem })) } : {}),
    ...(unfinishedLine ? { unfinishedLine } : {}),
    label: head.label,
  };
}
