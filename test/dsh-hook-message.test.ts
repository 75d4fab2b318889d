import { expect, it } from 'vitest';
import { analyzeDshSessionTree } from '../src/analysis/index.js';
import { firstHookMessage } from '../src/analysis/dsh/hook-message-misses.js';
import { isEventType, readSessionLog } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

const snapshot = (scenario: string) => corpusPath('dsh', 'examples', 'acp-agent', 'tests', 'snapshots', scenario, 'session.jsonl');

function textAt(log: Awaited<ReturnType<typeof readSessionLog>>, seq: number): string {
  const entry = log.events.find((candidate) => candidate.seq === seq)!;
  if (!isEventType(entry, 'user/message')) throw new Error(`seq ${seq} is ${entry.event.type}`);
  return entry.event.data.content.map((block) => ('text' in block ? block.text : '')).join('');
}

describeWithCorpus('dsh', 'the message a DSH hook added', () => {
  it('is the plugin message of the bridge of a dialect the log invoked, not the runtime-context snapshot before it', async () => {
    const log = await readSessionLog(snapshot('hook-cc-promptsubmit-context'));
    const hook = firstHookMessage(log)!;
    expect(hook.plugin).toBe('hooks-claude-code');
    expect(textAt(log, hook.seq)).toBe('The user has previously stated their favorite color is teal.');
  });

  it('is absent from a log whose only plugin message is the runtime-context snapshot', async () => {
    expect(firstHookMessage(await readSessionLog(snapshot('text-turn')))).toBeNull();
  });
});

describeWithCorpus('dsh-as-recorded', 'a miss after a hook message', () => {
  it('is not reported when the requests after the hook\'s message are exact (the July stop hook\'s steering message)', async () => {
    const folder = corpusPath('dsh-as-recorded', 'hook-cc-stop-continue', 'current-shape');
    expect(firstHookMessage(await readSessionLog(`${folder}/session.jsonl`))).toMatchObject({ plugin: 'hooks-claude' });
    const tree = await analyzeDshSessionTree(folder, { calibrate: 'never' });
    const requests = tree.sessions[0]!.requests;
    expect(requests.map((request) => request.tokens)).toEqual(requests.map((request) => request.observed!.uncached + request.observed!.cacheRead));
    expect(tree.notes.filter((note) => note.includes('hook'))).toEqual([]);
  }, 60_000);
});
