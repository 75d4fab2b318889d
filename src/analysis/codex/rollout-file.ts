import { InputError } from '../../prefix/errors.js';
import { inputLabel, type InputOptions } from '../../providers/input/input-chunks.js';
import { readLogLines } from '../../providers/session/log-lines.js';
import type { UnfinishedLine } from '../../providers/session/read-session-log.js';
import { TokenCounts, type CodexUsage } from './token-count.js';

/*
 * A Codex CLI rollout (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`) is JSONL, one
 * `{timestamp, type, payload}` per line: `session_meta` first, then `turn_context` per turn,
 * `response_item`s (the Responses API's input items, in order, as Codex keeps its history),
 * `event_msg`s (`token_count` carries each call's usage) and `compacted` (a summary that replaced the
 * history). Only these are read; every other line type is counted and named in the report.
 */

/** What `session_meta` says of the session. */
export interface RolloutMeta {
  readonly id: string;
  readonly cwd: string | null;
  readonly cliVersion: string | null;
  readonly originator: string | null;
  readonly modelProvider: string | null;
  /** `base_instructions.text`: the `instructions` Codex sends with every request (null when not logged). */
  readonly instructions: string | null;
}

/** One Responses API item as the rollout logs it (`response_item.payload`). */
export type RolloutItem = Readonly<Record<string, unknown>> & { readonly type: string };

/** A line of the rollout the replay reads, with its 1-based line number and time (ms since the epoch). */
export type RolloutRecord =
  | { readonly kind: 'turn-context'; readonly line: number; readonly time: number; readonly model: string | null; readonly context: string }
  | { readonly kind: 'item'; readonly line: number; readonly time: number; readonly item: RolloutItem }
  | { readonly kind: 'usage'; readonly line: number; readonly time: number; readonly usage: CodexUsage }
  | { readonly kind: 'compacted'; readonly line: number; readonly time: number; readonly message: string; readonly replacement: readonly RolloutItem[] | null };

/** A rollout read. */
export interface CodexRollout {
  readonly file: string;
  /** How reports name the file (as the user gave it). */
  readonly label: string;
  readonly meta: RolloutMeta;
  /** When `session_meta` was written (ms since the epoch). */
  readonly started: number;
  readonly records: readonly RolloutRecord[];
  /** The first user message the user typed (`event_msg` `user_message`), for the session's title. */
  readonly firstUserMessage: string | null;
  /** Lines of types the replay does not read, by type (e.g. `event_msg:exec_command_end`). */
  readonly unread: Readonly<Record<string, number>>;
  /** `token_count` events that repeated the call before (same totals) or carried no usage: not a call. */
  readonly repeatedCounts: number;
  /** The last line when it had no line break and was not whole JSON yet (Codex still writing it). */
  readonly unfinishedLine?: UnfinishedLine;
}

/** Options of `readCodexRollout`. */
export type RolloutInputOptions = Pick<InputOptions, 'maxInputBytes' | 'label'>;

type Json = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function parseTime(value: unknown, source: string, line: number): number {
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw new InputError('input/codex-rollout', `\`timestamp\` must be an ISO time, got ${JSON.stringify(value)}`, { source, line });
  return time;
}

/** The items of a `compacted` line's `replacement_history` (null when the line has none). */
function replacementItems(value: unknown, source: string, line: number): RolloutItem[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new InputError('input/codex-rollout', '`compacted.replacement_history` must be a list of items', { source, line });
  return value.map((item, at) => {
    if (!isObject(item) || typeof item['type'] !== 'string') throw new InputError('input/codex-rollout', `\`compacted.replacement_history[${at}]\` is not a response item (an object with a \`type\`)`, { source, line });
    return item as RolloutItem;
  });
}

function readMeta(payload: unknown, source: string, line: number): RolloutMeta {
  if (!isObject(payload) || typeof payload['id'] !== 'string') throw new InputError('input/codex-rollout', '`session_meta.payload.id` must be the session id (a string)', { source, line });
  const base = payload['base_instructions'];
  const instructions = isObject(base) ? text(base['text']) : text(payload['instructions']);
  return {
    id: payload['id'],
    cwd: text(payload['cwd']),
    cliVersion: text(payload['cli_version']),
    originator: text(payload['originator']),
    modelProvider: text(payload['model_provider']),
    instructions,
  };
}

/** A turn context as a stable text (without its turn id), so two turns with the same settings compare equal. */
function contextText(payload: Json): string {
  const { turn_id: _turn, ...settings } = payload;
  return JSON.stringify(settings);
}

/**
 * Reads a Codex rollout. A line that is not JSON, or a known line whose payload has the wrong shape,
 * is an InputError naming the file and line; a last line without a line break that is not whole JSON
 * is a write in progress, left out and reported. `token_count` is counted once per call: Codex writes
 * a call's count twice (the repeat with the same `total_token_usage`) and writes one with `info: null`
 * before the first call.
 */
export async function readCodexRollout(file: string, options: RolloutInputOptions = {}): Promise<CodexRollout> {
  const source = inputLabel(file, options);
  const records: RolloutRecord[] = [];
  const unread: Record<string, number> = {};
  let meta: RolloutMeta | undefined;
  let started = 0;
  let firstUserMessage: string | null = null;
  const counts = new TokenCounts();
  let unfinishedLine: UnfinishedLine | undefined;
  for await (const { text: lineText, line, terminated } of readLogLines(file, { ...options, label: source })) {
    if (lineText.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(lineText);
    } catch (error) {
      if (!terminated) {
        unfinishedLine = { line, bytes: Buffer.byteLength(lineText) };
        break;
      }
      throw new InputError('input/malformed-json', `not JSON (${(error as Error).message})`, { source, line });
    }
    if (!isObject(value) || typeof value['type'] !== 'string') throw new InputError('input/codex-rollout', 'a rollout line must be an object {timestamp, type, payload}', { source, line });
    const type = value['type'];
    const payload = value['payload'];
    if (type === 'session_meta') {
      if (meta === undefined) {
        meta = readMeta(payload, source, line);
        started = parseTime(value['timestamp'], source, line);
      } else unread['session_meta (repeated)'] = (unread['session_meta (repeated)'] ?? 0) + 1;
      continue;
    }
    if (meta === undefined) throw new InputError('input/codex-rollout', `a Codex rollout opens with a \`session_meta\` line, got \`${type}\``, { source, line });
    const time = parseTime(value['timestamp'], source, line);
    if (type === 'turn_context') {
      if (!isObject(payload)) throw new InputError('input/codex-rollout', '`turn_context.payload` must be an object', { source, line });
      records.push({ kind: 'turn-context', line, time, model: text(payload['model']), context: contextText(payload) });
    } else if (type === 'response_item') {
      if (!isObject(payload) || typeof payload['type'] !== 'string') throw new InputError('input/codex-rollout', '`response_item.payload` must be an item with a `type`', { source, line });
      records.push({ kind: 'item', line, time, item: payload as RolloutItem });
    } else if (type === 'compacted') {
      if (!isObject(payload)) throw new InputError('input/codex-rollout', '`compacted.payload` must be an object', { source, line });
      records.push({ kind: 'compacted', line, time, message: text(payload['message']) ?? '', replacement: replacementItems(payload['replacement_history'], source, line) });
    } else if (type === 'event_msg' && isObject(payload) && payload['type'] === 'token_count') {
      const usage = counts.read(payload, source, line);
      if (usage !== null) records.push({ kind: 'usage', line, time, usage });
    } else {
      if (type === 'event_msg' && isObject(payload) && payload['type'] === 'user_message' && firstUserMessage === null) firstUserMessage = text(payload['message']);
      const name = type === 'event_msg' && isObject(payload) && typeof payload['type'] === 'string' ? `event_msg:${payload['type']}` : type;
      unread[name] = (unread[name] ?? 0) + 1;
    }
  }
  if (meta === undefined) throw new InputError('input/codex-rollout', 'no `session_meta` line: not a Codex rollout', { source });
  return { file, label: source, meta, started, records, firstUserMessage, unread, repeatedCounts: counts.skipped, ...(unfinishedLine === undefined ? {} : { unfinishedLine }) };
}
