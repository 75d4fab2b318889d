import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../prefix/index.js';
import { unfinishedLineMessage } from '../text/unfinished-line.js';
import { findDelegationCall, loadHeadPins, modelRequestPoints, readSessionLog, type ChatWireMessage, type HeadPins, type ModelRequestPoint, type SessionLog } from '../../providers/session/index.js';
import { childLogNumber, isEventType, isRootLogName, isTreeLogName, messageToChatMessages } from '../../providers/session/index.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';

/** One log of a DSH session tree, read, with the pins that fill its placeholders. */
export interface DshSessionFile {
  readonly file: string;
  readonly log: SessionLog;
  readonly pins: HeadPins;
}

/** One model request of the tree, in replay order. */
export interface DshRequestRecord {
  /** Index into the tree's sessions. */
  readonly session: number;
  /** Index among the session's own requests (a fork child's seeded steps are the parent's, not its own). */
  readonly index: number;
  readonly point: ModelRequestPoint;
  /** Milliseconds since the epoch, when the log records event times (fixture logs do not). */
  readonly time: number | null;
  /** The step's response as a chat message, when the log holds it. */
  readonly response: Extract<ChatWireMessage, { role: 'assistant' }> | undefined;
}

/** The regular files among `names` in `directory` (a FIFO named `session.1.jsonl` would block the read). */
function regularFiles(directory: string, names: readonly string[]): string[] {
  return names.filter((name) => statSync(path.join(directory, name), { throwIfNoEntry: false })?.isFile() === true);
}

/**
 * The log files of a session tree (see `isTreeLogName`): a folder's `session.jsonl` and, beside it,
 * its children `session.<n>.jsonl` (plain or zstd); a log given by name is the tree of its folder
 * when it is one of those names and a `session.jsonl` sits beside it, and otherwise a tree of its own.
 */
function treeFiles(target: string, label: string): string[] {
  // Synchronous on purpose: two metadata calls per tree, where the promise versions' trips through
  // the thread pool cost more than the calls (a replay of 43 small trees spent ~5 ms a pass there).
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) throw new InputError('input/not-found', 'no such file or folder', { source: label });
  const directory = info.isDirectory() ? target : path.dirname(target);
  const logs = regularFiles(directory, readdirSync(directory).filter((name) => isTreeLogName(name)));
  const hasRoot = logs.some((name) => isRootLogName(name));
  if (!info.isDirectory() && !(isTreeLogName(target) && hasRoot)) return [target];
  if (!hasRoot) throw new InputError('input/no-session-log', 'no session.jsonl (plain or zstd) in the folder: its children are read only beside their root', { source: label });
  const order = (name: string) => childLogNumber(name) ?? -1;
  return logs.sort((a, b) => order(a) - order(b)).map((name) => path.join(directory, name));
}

/** The label of a tree file: the label given for the target, or that label's folder joined with the name. */
function fileLabel(target: string, label: string, file: string): string {
  if (file === target) return label;
  return path.join(statSync(target, { throwIfNoEntry: false })?.isDirectory() ? label : path.dirname(label), path.basename(file));
}

/**
 * A tree whose parent links loop cannot be ordered: a header naming itself as parent, two logs with
 * one id, or a chain of parents that comes back to where it started. Each is an InputError naming
 * the files, where following the links would never end.
 */
function checkParentLinks(sessions: readonly DshSessionFile[]): void {
  const byId = new Map<string, DshSessionFile>();
  for (const session of sessions) {
    const { id, parentSession } = session.log.header;
    const same = byId.get(id);
    if (same) throw new InputError('input/session-cycle', `session id '${id}' is also the id of ${same.log.source}: each log of a tree needs its own id`, { source: session.log.source });
    byId.set(id, session);
    if (parentSession === id) throw new InputError('input/session-cycle', `the header names its own id '${id}' as its parentSession`, { source: session.log.source, line: 1 });
  }
  for (const session of sessions) {
    const chain: DshSessionFile[] = [];
    for (let at: DshSessionFile | undefined = session; at !== undefined; at = at.log.header.parentSession === undefined ? undefined : byId.get(at.log.header.parentSession)) {
      const loop = chain.indexOf(at);
      if (loop >= 0) {
        const files = chain.slice(loop).map((entry) => entry.log.source);
        throw new InputError('input/session-cycle', `parentSession links go round in a circle: ${[...files, files[0]].join(' → ')}`, { source: session.log.source });
      }
      chain.push(at);
    }
  }
}

/** Options of `readDshSessionTree`. */
export interface ReadDshSessionTreeOptions extends InputLimit {
  /** How errors name `target` (default: `target`); the other logs of its folder are named beside it. */
  readonly label?: string;
}

/**
 * Reads a DSH session tree: every log in the folder of `target` (a folder, or any log in it), root
 * first, then the children in the order they were created. A log under another name than
 * `session[.<n>].jsonl` is read alone. Logs are read one at a time, so a tree of hundreds of children
 * holds one file open.
 */
export async function readDshSessionTree(target: string, options: ReadDshSessionTreeOptions = {}): Promise<DshSessionFile[]> {
  const label = options.label ?? target;
  const input = inputLimit(options);
  const sessions: DshSessionFile[] = [];
  for (const file of treeFiles(target, label)) {
    sessions.push({ file, log: await readSessionLog(file, { ...input, label: fileLabel(target, label, file) }), pins: await loadHeadPins(file, input) });
  }
  checkParentLinks(sessions);
  const ids = new Set(sessions.map((session) => session.log.header.id));
  const isRoot = (session: DshSessionFile) => session.log.header.parentSession === undefined || !ids.has(session.log.header.parentSession);
  return sessions.sort((a, b) => Number(isRoot(b)) - Number(isRoot(a)) || a.log.header.createdAt - b.log.header.createdAt);
}

/** A warning per log whose last line a running agent is still writing: the replay stops before it. */
export function unfinishedLineNotes(sessions: readonly DshSessionFile[]): string[] {
  return sessions.flatMap(({ log }) => (log.unfinishedLine ? [unfinishedLineMessage(log.source, log.unfinishedLine, 'the replay reads the log')] : []));
}

/** Per point, the time of the last event at or before it (`through`), or null when none carries one. */
function pointTimes(log: SessionLog, points: readonly ModelRequestPoint[]): (number | null)[] {
  // Points come in log order, so one pass over the events serves them all (a long log has thousands).
  const times: (number | null)[] = [];
  let time: number | null = null;
  for (const entry of log.events) {
    while (times.length < points.length && entry.seq > points[times.length]!.through) times.push(time);
    if (times.length === points.length) break;
    const value = (entry.event as { time?: unknown }).time;
    if (typeof value === 'number') time = value;
  }
  while (times.length < points.length) times.push(time);
  return times;
}

/** Per point, the step's response: the first `assistant/message` of its turn and step after it. */
function pointResponses(log: SessionLog, points: readonly ModelRequestPoint[]): DshRequestRecord['response'][] {
  const messages = new Map<string, SessionLog['events'][number][]>();
  for (const entry of log.events) {
    if (!isEventType(entry, 'assistant/message')) continue;
    const key = `${entry.event.data.turn}:${entry.event.data.step}`;
    const list = messages.get(key) ?? [];
    list.push(entry);
    messages.set(key, list);
  }
  return points.map((point) => {
    const message = messages.get(`${point.turn}:${point.step}`)?.find((entry) => entry.seq > point.through);
    if (!message || !isEventType(message, 'assistant/message')) return undefined;
    const wire = messageToChatMessages(message.event.data.message)[0];
    return wire?.role === 'assistant' ? wire : undefined;
  });
}

function ownRequests(session: DshSessionFile, sessionIndex: number): DshRequestRecord[] {
  const points = modelRequestPoints(session.log).filter((point) => !point.seeded);
  const times = pointTimes(session.log, points);
  const responses = pointResponses(session.log, points);
  return points.map((point, index) => ({ session: sessionIndex, index, point, time: times[index] ?? null, response: responses[index] }));
}

/**
 * The tree's requests in the order they reached the provider. With event times (real DSH logs) that
 * is time order. Fixture logs have none, so the order follows the structure: a child runs inside its
 * parent's delegating tool call, after the parent request whose response made the call and before
 * the parent's next request; siblings in the order they were created.
 */
export function replayOrder(sessions: readonly DshSessionFile[]): DshRequestRecord[] {
  const own = sessions.map((session, index) => ownRequests(session, index));
  const all = own.flat();
  if (all.length > 0 && all.every((record) => record.time !== null)) {
    return all.map((record, order) => ({ record, order })).sort((a, b) => a.record.time! - b.record.time! || a.order - b.order).map((entry) => entry.record);
  }
  const children = new Map<string, { session: number; callSeq: number }[]>();
  sessions.forEach((session, index) => {
    const parentId = session.log.header.parentSession;
    const parent = sessions.find((candidate) => candidate.log.header.id === parentId);
    if (!parent) return;
    const link = findDelegationCall(parent.log, session.log);
    const list = children.get(parent.log.header.id) ?? [];
    list.push({ session: index, callSeq: link.kind === 'found' ? link.call.seq : Number.POSITIVE_INFINITY });
    children.set(parent.log.header.id, list);
  });
  const visit = (index: number): DshRequestRecord[] => {
    const pending = [...(children.get(sessions[index]!.log.header.id) ?? [])];
    const ordered: DshRequestRecord[] = [];
    const flushBefore = (seq: number) => {
      while (pending.length > 0 && pending[0]!.callSeq < seq) ordered.push(...visit(pending.shift()!.session));
    };
    pending.sort((a, b) => a.callSeq - b.callSeq || sessions[a.session]!.log.header.createdAt - sessions[b.session]!.log.header.createdAt);
    for (const record of own[index]!) {
      flushBefore(record.point.through);
      ordered.push(record);
    }
    flushBefore(Number.POSITIVE_INFINITY);
    for (const rest of pending) ordered.push(...visit(rest.session));
    return ordered;
  };
  const roots = sessions.map((_, index) => index).filter((index) => !sessions.some((candidate) => candidate.log.header.id === sessions[index]!.log.header.parentSession));
  return roots.flatMap((root) => visit(root));
}
