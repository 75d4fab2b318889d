import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import {
  completedTurnPrefix,
  findDelegationCall,
  isEventType,
  logicalEvents,
  readSessionLog,
  type LoggedEvent,
  type SessionLog,
} from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus, hasCorpus } from './support/corpus.js';

/*
 * Every child log of the DSH corpus (`session.<n>.jsonl` beside its parent) against the fork-seed
 * rule: a fork child's header `seedLength` is the completed-turn prefix of its parent's log *as it
 * was when the child was created*, and its first `seedLength` events are the parent's; a spawn child
 * inherits nothing (seedLength absent or 0).
 *
 * The parent's log goes on after the fork (the fork call gets its result, the turn ends), so the cut
 * point is the parent's `tool/call` that created the child, found from the data: the delegation
 * tool's `prompt` argument is the child's task message verbatim (see `findDelegationCall`).
 */

const DSH = corpusPath('dsh');

interface ChildCase {
  readonly name: string;
  readonly file: string;
}

// Listed at collection time (`it.each` needs the names), so only when the corpus is there.
const CHILDREN: readonly ChildCase[] = (hasCorpus('dsh') ? readdirSync(DSH, { recursive: true, encoding: 'utf8' }) : [])
  .filter((name) => /(^|\/)session\.\d+\.jsonl$/.test(name))
  .sort()
  .map((name) => ({ name, file: path.join(DSH, name) }));

/** The stored event without its position: what "the same event" means across two logs. */
function payload(entry: LoggedEvent): unknown {
  const { seq: _seq, time: _time, seq0: _seq0, time0: _time0, ...rest } = entry.event as Record<string, unknown>;
  return rest;
}

async function parentOf(child: SessionLog, directory: string): Promise<SessionLog | undefined> {
  for (const name of readdirSync(directory).filter((candidate) => /^session(\.\d+)?\.jsonl$/.test(candidate))) {
    const log = await readSessionLog(path.join(directory, name));
    if (log.header.id === child.header.parentSession && log.source !== child.source) return log;
  }
  return undefined;
}

function providerOf(child: SessionLog): string | undefined {
  const descriptor = child.events.find((entry) => isEventType(entry, 'subagent/descriptor'));
  return descriptor && isEventType(descriptor, 'subagent/descriptor') ? descriptor.event.data.provider : undefined;
}

/** Asserts that the child's first `seedLength` logical events are the parent's. */
function expectInheritedPrefix(name: string, parent: SessionLog, child: SessionLog, seedLength: number): void {
  const parentEvents = logicalEvents(parent.events).slice(0, seedLength).map(payload);
  const childEvents = logicalEvents(child.events).slice(0, seedLength).map(payload);
  expect(childEvents, `${name}: its first ${seedLength} events are not the parent's`).toEqual(parentEvents);
}

/**
 * Children the general rule cannot place, each with the reason read from the data. The reason's
 * premise is asserted, so a corpus change that invalidates it fails here instead of being skipped.
 */
const UNDERSTOOD: Readonly<Record<string, { readonly reason: string; readonly verify: (child: SessionLog, parent: SessionLog | undefined) => Promise<void> | void }>> = {
  'examples/headless-agent/tests/snapshots/ralph-loop/session.1.jsonl': {
    reason: "a Ralph-loop replay input: the parent log is a bare header and the child holds only the model stream of one fresh round; there is no delegating call and no history to inherit",
    verify: (child, parent) => expectRalphRound(child, parent),
  },
  'examples/headless-agent/tests/snapshots/ralph-loop/session.2.jsonl': {
    reason: 'the second round of the same Ralph-loop replay input',
    verify: (child, parent) => expectRalphRound(child, parent),
  },
  'packages/test-support/acp-snapshot/tests/fixtures/record-suite/rec-child/session.1.jsonl': {
    reason: "DSH's record-suite fixture for carrying message ids across logs: the parent holds a request header and one user message, no delegating call and no completed turn, so any seed is empty",
    verify: (child, parent) => expectNoCompletedTurn(child, parent),
  },
  'packages/test-support/acp-snapshot/tests/fixtures/record-suite/rec-pin/session.1.jsonl': {
    reason: "a copy of rec-child's child: its parentSession is rec-child's parent, not the session.jsonl beside it",
    verify: async (child, parent) => {
      expect(parent, 'rec-pin/session.1.jsonl unexpectedly found its parent beside it').toBeUndefined();
      const recChildParent = await readSessionLog(path.join(DSH, 'packages/test-support/acp-snapshot/tests/fixtures/record-suite/rec-child/session.jsonl'));
      expect(recChildParent.header.id).toBe(child.header.parentSession);
      expectNoCompletedTurn(child, recChildParent);
    },
  },
};

function expectRalphRound(child: SessionLog, parent: SessionLog | undefined): void {
  expect(parent?.events).toEqual([]);
  expect(child.events.every((entry) => entry.event.type === 'assistant/chunk')).toBe(true);
  expect(child.header.seedLength).toBeUndefined();
}

function expectNoCompletedTurn(child: SessionLog, parent: SessionLog | undefined): void {
  if (!parent) throw new Error('no parent log');
  expect(parent.events.some((entry) => isEventType(entry, 'tool/call'))).toBe(false);
  expect(completedTurnPrefix(parent.events).seedLength).toBe(0);
  expect(child.header.seedLength ?? 0).toBe(0);
}

describeWithCorpus('dsh', 'the fork seed of every child log in the DSH corpus', () => {
  it('finds every child log (a drop means the finder broke)', () => {
    expect(CHILDREN).toHaveLength(23);
  });

  it.each(CHILDREN.map((child) => [child.name, child] as const))('%s', async (name, { file }) => {
    const child = await readSessionLog(file);
    const parent = await parentOf(child, path.dirname(file));
    const link = parent ? findDelegationCall(parent, child) : undefined;
    const understood = UNDERSTOOD[name];
    if (!parent || link?.kind !== 'found') {
      expect(understood, `${name}: no parent call created it (${parent ? (link as { reason: string }).reason : 'parent log not found beside it'}), and no understanding is recorded`).toBeDefined();
      await understood?.verify(child, parent);
      return;
    }
    expect(understood, `${name}: listed as an exception but the general rule now places it (${link.match} match)`).toBeUndefined();

    // The parent's log as it was when the child was created: through the delegating call.
    const atFork = completedTurnPrefix(parent.events, { through: link.call.seq, source: parent.source });
    const provider = providerOf(child) ?? (link.call.event.data.name.includes('fork') ? 'fork' : 'spawn');
    const seedLength = child.header.seedLength ?? 0;
    if (provider === 'fork') {
      expect(seedLength, `${name}: header seedLength ${seedLength}, but the parent's completed-turn prefix at its fork call (seq ${link.call.seq}) is ${atFork.seedLength}`).toBe(atFork.seedLength);
      expect(seedLength, `${name}: a fork after a completed turn inherits it`).toBeGreaterThan(0);
      // The cut matters: the parent's finished log ends in a later turn/end.
      expect(completedTurnPrefix(parent.events).seedLength).toBeGreaterThan(seedLength);
      expectInheritedPrefix(name, parent, child, seedLength);
      const marker = logicalEvents(child.events)[seedLength];
      expect(marker?.event.type, `${name}: the seed is not followed by session/end-seed`).toBe('session/end-seed');
    } else {
      expect(seedLength, `${name}: a ${provider} child must not inherit history, but its header says seedLength ${seedLength}`).toBe(0);
      // A spawn's task is its first surface message: no parent message precedes it.
      const firstSurface = child.events.find((entry) => ['user/message', 'assistant/message', 'tool/result'].includes(entry.event.type));
      if (firstSurface && isEventType(firstSurface, 'user/message')) expect(firstSurface.event.data.source.kind, `${name}: starts with inherited history`).toBe('user');
    }
  });

  it('holds exactly one fork child, seeded with 42 events', async () => {
    const seeded = [];
    for (const { name, file } of CHILDREN) {
      const log = await readSessionLog(file);
      if ((log.header.seedLength ?? 0) > 0) seeded.push([name, log.header.seedLength]);
    }
    expect(seeded).toEqual([['examples/acp-agent/tests/snapshots/subagent-fork-in-process/session.1.jsonl', 42]]);
  });
});
