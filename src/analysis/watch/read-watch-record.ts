import * as z from 'zod';
import { InputError } from '../../prefix/index.js';
import { decodeUtf8, readInputBytes } from '../../providers/input/index.js';
import { WATCH_RECORD, type WatchRecordLine } from './watch-record.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';

const usage = { uncached: z.number(), cacheRead: z.number(), cacheWrite: z.number() };
const divergence = z.object({
  kind: z.string().nullable(),
  name: z.string().nullable(),
  cause: z.string(),
  detail: z.string(),
  inferred: z.boolean(),
  against: z.object({ session: z.string(), index: z.number() }).nullable(),
});

const counts = z.array(z.number().nonnegative());
// A cache match as the watch found it (`CacheMatch`), and the request's own breakpoints (`PolicyInput`).
const match = z.object({
  sharedTokens: z.number().nonnegative(),
  entryTokens: z.number().nonnegative(),
  ageSeconds: z.number().nonnegative(),
  source: z.enum(['input', 'output']),
  breakpoints: counts.optional(),
  breakpointTtls: counts.optional(),
  breakpointBlocks: counts.optional(),
});
const policyInput = z.object({
  tokens: z.number().nonnegative(),
  matches: z.array(match),
  breakpoints: counts.optional(),
  breakpointTtls: counts.optional(),
  breakpointBlocks: counts.optional(),
  model: z.string().optional(),
  blockEnds: counts.optional(),
});

/** What a record line must hold for `analyze` (other fields are kept as they are). */
const LINE = z.looseObject({
  record: z.literal(WATCH_RECORD),
  version: z.literal(1),
  id: z.number().int().nonnegative(),
  time: z.string(),
  route: z.looseObject({ provider: z.string(), model: z.string(), salt: z.string().optional() }),
  routeIndex: z.number().int().nonnegative(),
  policy: z.enum(['deepseek', 'openai', 'anthropic', 'vllm', 'sglang']),
  tokenizer: z.string(),
  tokens: z.number().nonnegative(),
  segments: z.array(z.object({ kind: z.string(), name: z.string(), tokens: z.number(), hash: z.string() })),
  predicted: z.object({ ...usage, cacheReadRange: z.tuple([z.number(), z.number()]) }),
  divergence: divergence.nullable(),
  // Reuse the request could have had and lost (`ttl`: an idle gap past the entry's TTL).
  loss: z.looseObject({ cause: z.string(), detail: z.string(), tokens: z.number() }).nullable(),
  // The provider's cache diagnosis where the response carried one (null: fully reusable).
  observed: z.object({ ...usage, output: z.number().optional(), cacheMissReason: z.object({ type: z.string(), cacheMissedInputTokens: z.number().nullable() }).nullable().optional() }).nullable(),
  cost: z.object({ predicted: z.number(), observed: z.number().nullable() }),
  // Absent in records written before lines carried it (they cannot be replayed under another policy).
  policyInput: policyInput.optional(),
});

/** The first problem zod found, as `field.path: message`. */
function problemOf(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const where = issue.path.length === 0 ? 'the line' : `\`${issue.path.join('.')}\``;
  return `${where}: ${issue.message}`;
}

/**
 * The lines of a watch record file (written by `watchFetch({ record })`), in the order written.
 * A line that is not JSON or not a record line is an InputError naming the file and line.
 */
export async function readWatchRecord(file: string, label: string, options: InputLimit = {}): Promise<WatchRecordLine[]> {
  const bytes = await readInputBytes(file, { label, ...inputLimit(options) });
  const lines: WatchRecordLine[] = [];
  decodeUtf8(bytes, label)
    .split('\n')
    .forEach((text, index) => {
      if (text.trim() === '') return;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new InputError('input/bad-watch-record', `not JSON (${(error as Error).message})`, { source: label, line: index + 1 });
      }
      const parsed = LINE.safeParse(json);
      if (!parsed.success) throw new InputError('input/bad-watch-record', `not a kvprefix watch record line: ${problemOf(parsed.error)}`, { source: label, line: index + 1 });
      lines.push(json as WatchRecordLine);
    });
  return lines;
}
