import { z } from 'zod';
import { InputError } from '../../prefix/index.js';
import { type InputOptions } from '../../providers/index.js';
import { inputLabel } from '../../providers/input/index.js';
import { readLogLines, type UnfinishedLine } from '../../providers/session/index.js';
import { notClaudeCodeTranscript } from './transcript-kind.js';

/*
 * A Claude Code transcript is JSONL: one entry per line. Only `user` and `assistant` entries are
 * conversation; the rest (`summary`, `file-history-snapshot`, `queue-operation`, `progress`, `system`)
 * are bookkeeping the model never sees. Entries form a chain through `parentUuid`. A streamed
 * assistant response is written one content block per entry, each repeating the message `id`, the
 * `requestId` and the usage so far (only `output_tokens` grows).
 */

const usageSchema = z.looseObject({
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative().optional(),
  cache_read_input_tokens: z.number().int().nonnegative().nullish(),
  cache_creation_input_tokens: z.number().int().nonnegative().nullish(),
  cache_creation: z
    .looseObject({ ephemeral_5m_input_tokens: z.number().int().nonnegative().optional(), ephemeral_1h_input_tokens: z.number().int().nonnegative().optional() })
    .nullish(),
});

/** One content block as logged (text, thinking, tool_use, tool_result, image, …); kept loose on purpose. */
const contentBlockSchema = z.looseObject({ type: z.string() });
export type LoggedContentBlock = z.infer<typeof contentBlockSchema>;

const conversationFields = {
  uuid: z.string().min(1),
  parentUuid: z.string().nullish(),
  timestamp: z.iso.datetime({ offset: true }),
  sessionId: z.string().min(1),
  isSidechain: z.boolean().optional(),
  agentId: z.string().optional(),
  isMeta: z.boolean().optional(),
  requestId: z.string().optional(),
};

const userEntrySchema = z.looseObject({
  type: z.literal('user'),
  ...conversationFields,
  message: z.looseObject({ role: z.literal('user'), content: z.union([z.string(), z.array(contentBlockSchema)]) }),
});

const assistantEntrySchema = z.looseObject({
  type: z.literal('assistant'),
  ...conversationFields,
  message: z.looseObject({
    id: z.string().min(1),
    role: z.literal('assistant'),
    model: z.string().min(1),
    content: z.array(contentBlockSchema),
    usage: usageSchema.optional(),
  }),
});

export type ClaudeCodeUsage = z.infer<typeof usageSchema>;
export type UserEntry = z.infer<typeof userEntrySchema> & { readonly line: number };
export type AssistantEntry = z.infer<typeof assistantEntrySchema> & { readonly line: number };
/** A conversation entry with the 1-based line it was read from. */
export type ConversationEntry = UserEntry | AssistantEntry;

/** The conversation entries of one transcript file, and what was skipped. */
export interface ClaudeCodeTranscript {
  readonly file: string;
  readonly entries: readonly ConversationEntry[];
  /** Bookkeeping entries by type (never sent to the model). */
  readonly skipped: Readonly<Record<string, number>>;
  /**
   * The last line when it had no line break and was not whole JSON: Claude Code still writing it.
   * It is left out of `entries` and said so; absent when the transcript ends cleanly.
   */
  readonly unfinishedLine?: UnfinishedLine;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.length === 0 ? 'entry' : issue.path.map(String).join('.')}: ${issue.message}`;
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
  for await (const { text, line, terminated } of readLogLines(file, options)) {
    if (text.trim() === '') continue;
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
    if (first === undefined) first = value;
    const type = typeof value === 'object' && value !== null && 'type' in value ? String((value as { type: unknown }).type) : undefined;
    if (type !== 'user' && type !== 'assistant') {
      skipped[type ?? '(no type)'] = (skipped[type ?? '(no type)'] ?? 0) + 1;
      continue;
    }
    const parsed = (type === 'user' ? userEntrySchema : assistantEntrySchema).safeParse(value);
    if (!parsed.success) throw new InputError('input/bad-claude-code-entry', `not a Claude Code ${type} entry: ${describeIssue(parsed.error)}`, { source: label, line });
    entries.push({ ...parsed.data, line } as ConversationEntry);
  }
  if (entries.length === 0) {
    const wrongFile = notClaudeCodeTranscript(label, skipped, first);
    if (wrongFile) throw wrongFile;
  }
  return { file, entries, skipped, ...(unfinishedLine ? { unfinishedLine } : {}) };
}
