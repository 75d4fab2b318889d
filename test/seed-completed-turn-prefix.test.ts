import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { InputError } from '../src/prefix/index.js';
import { completedTurnPrefix, isEventType, parseSessionLog, readSessionLog } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus, readCorpusText } from './support/corpus.js';

const PARENT = 'dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process/session.jsonl';

async function forkParent() {
  const log = await readSessionLog(corpusPath(PARENT));
  const forkCall = log.events.find((entry) => isEventType(entry, 'tool/call') && entry.event.data.name === 'subagent_fork');
  if (!forkCall) throw new Error('the fork scenario has no subagent_fork call');
  return { log, forkCall };
}

describeWithCorpus('dsh', 'completedTurnPrefix', () => {
  it('at the fork: the prefix through turn 1, the in-flight turn 2 excluded (seed 42, as the child header says)', async () => {
    const { log, forkCall } = await forkParent();
    const seed = completedTurnPrefix(log.events, { through: forkCall.seq });
    expect(seed).toMatchObject({ seedLength: 42, lastTurnEnd: 41, excluded: forkCall.seq + 1 - 42 });
    expect(seed.events.at(-1)?.event).toEqual({ type: 'turn/end', data: { turn: 1, reason: { kind: 'completed' } } });
    // Nothing of turn 2 is in it: not its turn/start, not its user message, not the fork call.
    expect(seed.events.some((entry) => isEventType(entry, 'turn/start') && entry.event.data.turn === 2)).toBe(false);
    expect(seed.events.some((entry) => entry.seq >= 42)).toBe(false);
  });

  it('on the finished log: everything, nothing excluded', async () => {
    const { log } = await forkParent();
    expect(completedTurnPrefix(log.events)).toMatchObject({ seedLength: log.length, lastTurnEnd: log.length - 1, excluded: 0 });
  });

  it('before the first turn ends: an empty seed (the child is a fresh spawn)', async () => {
    const { log } = await forkParent();
    const seed = completedTurnPrefix(log.events, { through: 30 });
    expect(seed).toEqual({ seedLength: 0, lastTurnEnd: null, excluded: 31, events: [] });
    expect(completedTurnPrefix([])).toEqual({ seedLength: 0, lastTurnEnd: null, excluded: 0, events: [] });
  });

  it('reports a completed prefix holding a tool/call without its tool/result as a corrupt log', () => {
    const lines = readCorpusText(PARENT).split('\n');
    const resultIndex = lines.findIndex((line) => line.startsWith('{"type":"tool/result"'));
    const callLine = lines.findIndex((line) => line.startsWith('{"type":"tool/call"')) + 1;
    lines.splice(resultIndex, 1);
    const log = parseSessionLog(lines.join('\n'), 'parent.jsonl');
    const error = (() => {
      try {
        completedTurnPrefix(log.events, { source: 'parent.jsonl' });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe('input/unbalanced-seed');
    expect((error as InputError).line).toBe(callLine);
    expect((error as InputError).message).toMatch(
      new RegExp(`^parent\\.jsonl:${callLine}: tool/call 'subagent_fork' \\(callId call_00_sAtKUseRzHRBvL4CF7XF1334, seq \\d+\\) has no tool/result before the last turn/end`),
    );
  });

  it('is balanced at every turn/end of every recorded DSH log', async () => {
    const root = corpusPath('dsh');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => path.join(root, name))
      .filter((file) => /^\{"type":\s*"session"/.test(readFileSync(file, 'utf8')));
    let cuts = 0;
    for (const file of files) {
      const log = await readSessionLog(file);
      for (const entry of log.events.filter((candidate) => isEventType(candidate, 'turn/end'))) {
        const seed = completedTurnPrefix(log.events, { through: entry.seq, source: file });
        expect(seed.seedLength).toBe(entry.seq + 1);
        cuts += 1;
      }
    }
    // 126 turn/end events across the 126 logs at deepseek-harness b150a551b8.
    expect(cuts).toBe(126);
  });
});
