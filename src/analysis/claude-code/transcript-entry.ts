import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { InputError } from '../../prefix/index.js';

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
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.length === 0 ? 'entry' : issue.path.map(String).join('.')}: ${issue.message}`;
}

/** Reads a Claude Code JSONL transcript line by line; a broken line is an InputError with file and line. */
export async function readClaudeCodeTranscript(file: string): Promise<ClaudeCodeTranscript> {
  const entries: ConversationEntry[] = [];
  const skipped: Record<string, number> = {};
  let line = 0;
  let lines: AsyncIterable<string>;
  try {
    lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  } catch (error) {
    throw new InputError('input/unreadable', `cannot read the transcript: ${(error as Error).message}`, { source: file }, { cause: error });
  }
  try {
    for await (const text of lines) {
      line++;
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new InputError('input/malformed-json', `not a JSON line: ${(error as Error).message}`, { source: file, line });
      }
      const type = typeof value === 'object' && value !== null && 'type' in value ? String((value as { type: unknown }).type) : undefined;
      if (type !== 'user' && type !== 'assistant') {
        skipped[type ?? '(no type)'] = (skipped[type ?? '(no type)'] ?? 0) + 1;
        continue;
      }
      const parsed = (type === 'user' ? userEntrySchema : assistantEntrySchema).safeParse(value);
      if (!parsed.success) throw new InputError('input/bad-claude-code-entry', `not a Claude Code ${type} entry: ${describeIssue(parsed.error)}`, { source: file, line });
      entries.push({ ...parsed.data, line } as ConversationEntry);
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError('input/unreadable', `cannot read the transcript: ${(error as Error).message}`, { source: file }, { cause: error });
  }
  return { file, entries, skipped };
}
