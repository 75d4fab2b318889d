import { KvprefixError } from '../../prefix/index.js';
import { compositionFromHead, completedTurnPrefix, loadHeadPins, projectSurface, readSessionLog, resolveRequestHead, STDIN_NAME, type InputOptions, surfaceMessage, type HostComposition, type StoredMessage, type UnfinishedLine } from '../../providers/index.js';
import { isEventType } from '../../providers/session/index.js';
import type { RecordedHeader } from './guard-subject.js';
import { inputLimit } from '../../providers/input/input-chunks.js';

/** What a parent session log tells the guard: its logged heads, the head now, and the history a fork would inherit. */
export interface SessionParent {
  readonly headers: readonly RecordedHeader[];
  /** The global layer rebuilt from the last logged head, or the reason it cannot be. */
  readonly host: { readonly state: 'rebuilt'; readonly composition: HostComposition } | { readonly state: 'unresolved'; readonly code: string; readonly message: string };
  readonly route: { readonly provider: string; readonly model: string };
  readonly cwd: string | undefined;
  /** The model-visible messages of the completed-turn prefix: what a fork child started now inherits. */
  readonly history: readonly StoredMessage[];
  /** A last line still being written, which the reader left out (a running agent's log). */
  readonly unfinishedLine: UnfinishedLine | undefined;
}

/**
 * Reads a parent session log (plain or zstd, with the fixture pins beside it when its headers hold
 * placeholders): every `request/header` resolved to the head that was sent, the last one rebuilt into
 * the global layer the runtime assembles children from (`compositionFromHead`), and the fork seed's
 * history. Broken logs throw `InputError`; a log with no header is an unresolved head.
 */
export async function readSessionParent(file: string, label = file, input: Pick<InputOptions, 'maxInputBytes' | 'stdin'> = {}): Promise<SessionParent> {
  const log = await readSessionLog(file, { label, ...input });
  // Pins are looked up beside the log; standard input has no folder to hold them.
  const pins = file === STDIN_NAME ? {} : await loadHeadPins(file, inputLimit(input));
  const headers: RecordedHeader[] = [];
  for (const entry of log.events) {
    if (!isEventType(entry, 'request/header')) continue;
    const head = resolveRequestHead(log.events, entry, pins, label);
    headers.push({ seq: entry.seq, line: entry.line ?? null, reason: head.reason, route: { provider: head.route.provider, model: head.route.model }, system: head.system ?? '', tools: head.tools });
  }
  const seed = completedTurnPrefix(log.events, { source: label });
  const history = projectSurface(seed.events, { source: label }).map((entry) => surfaceMessage(entry.event));
  const last = headers.at(-1);
  const cwd = log.header.cwd;
  if (!last) {
    return { headers, host: { state: 'unresolved', code: 'guard/no-header', message: `${label} logs no request/header, so its head is unknown` }, route: { provider: 'unknown', model: 'unknown' }, cwd, history, unfinishedLine: log.unfinishedLine };
  }
  let host: SessionParent['host'];
  try {
    host = { state: 'rebuilt', composition: compositionFromHead({ system: last.system, tools: last.tools, source: `${label} seq ${last.seq}` }) };
  } catch (error) {
    if (!(error instanceof KvprefixError)) throw error;
    host = { state: 'unresolved', code: error.code, message: error.message };
  }
  return { headers, host, route: last.route, cwd, history, unfinishedLine: log.unfinishedLine };
}
