import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../prefix/index.js';
import {
  findDelegationCall,
  isEventType,
  loadHeadPins,
  messageToChatMessages,
  modelRequestPoints,
  readSessionLog,
  type ChatWireMessage,
  type HeadPins,
  type ModelRequestPoint,
  type SessionLog,
} from '../../providers/index.js';

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

const LOG_NAME = /^session(?:\.(\d+))?\.jsonl(?:\.zstd?)?$/i;

/** The log files of a session tree: the folder's `session.jsonl` and `session.<n>.jsonl` (plain or zstd). */
function treeFiles(target: string): string[] {
  // Synchronous on purpose: two metadata calls per tree, where the promise versions' trips through
  // the thread pool cost more than the calls (a replay of 43 small trees spent ~5 ms a pass there).
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) throw new InputError('input/not-found', `no such file or folder: ${target}`, { source: target });
  const directory = info.isDirectory() ? target : path.dirname(target);
  const names = readdirSync(directory).filter((name) => LOG_NAME.test(name));
  if (names.length === 0) throw new InputError('input/no-session-log', `no session.jsonl or session.<n>.jsonl in ${directory}`, { source: target });
  const order = (name: string) => Number(LOG_NAME.exec(name)?.[1] ?? -1);
  return names.sort((a, b) => order(a) - order(b)).map((name) => path.join(directory, name));
}

/**
 * Reads a DSH session tree: every log in the folder of `target` (a folder, or any log in it), root
 * first, then the children in the order they were created.
 */
export async function readDshSessionTree(target: string, options: { readonly maxInputBytes?: number } = {}): Promise<DshSessionFile[]> {
  const files = treeFiles(target);
  const sessions = await Promise.all(files.map(async (file) => ({ file, log: await readSessionLog(file, options), pins: await loadHeadPins(file, options) })));
  const ids = new Set(sessions.map((session) => session.log.header.id));
  const isRoot = (session: DshSessionFile) => session.log.header.parentSession === undefined || !ids.has(session.log.header.parentSession);
  return sessions.sort((a, b) => Number(isRoot(b)) - Number(isRoot(a)) || a.log.header.createdAt - b.log.header.createdAt);
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
