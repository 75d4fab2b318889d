import path from 'node:path';
import { expect, it } from 'vitest';
import type { ToolDefinition } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readPin, readRows, recordedContexts, recordedPrompts, recordedSteps, writtenFixtureRows as fixture, type Row } from './support/runtime-corpus.js';
import { acpHost, settleAll } from './support/runtime-scenario.js';

const SCENARIO = path.join(ACP, 'cancel-tool-calls');

/** Ids and times differ run to run; everything else must be the recorded bytes. */
const normalize = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (key, field) => (['id', 'createdAt', 'cwd'].includes(key) ? '·' : field));

/**
 * Replays cancel-tool-calls: the model calls bash twice in one step; the user cancels while the first
 * call runs. The first result is `Error: tool call aborted` and the second, never started,
 * `Error: tool call aborted before dispatch`, each with the `error` DSH logs beside it
 * (`AbortError` / `ABORTED`, `AbortError` / `ABORTED_BEFORE_DISPATCH`).
 */
async function replay() {
  const rows = readRows(path.join(SCENARIO, 'session.jsonl'));
  const model = new ScriptedModel(recordedSteps(rows));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const bashSchema = readPin('text-turn').tools.find((tool) => tool.name === 'bash')!;
  // A command that runs until it is cancelled (the recording's `setInterval` that never exits).
  const bash: ToolDefinition = {
    ...bashSchema,
    execute: (_args, execution) =>
      new Promise((resolve) => {
        started();
        execution.signal.addEventListener('abort', () => resolve('(killed)'), { once: true });
      }),
  };
  const { host, createParent } = acpHost(model, { contexts: recordedContexts(rows), executors: new Map([['bash', bash]]) });
  const agent = createParent();
  agent.followup([{ type: 'text', text: recordedPrompts(rows)[0]! }]);
  await running;
  agent.cancel('user');
  await settleAll(host);
  model.assertConsumed();
  return { agent, rows };
}

describeWithCorpus('dsh', 'runtime: a cancelled step of two tool calls (cancel-tool-calls)', () => {
  it('writes the log row for row (chunks aside): the running call aborted, the queued one aborted before dispatch, each with its recorded error field', async () => {
    const { agent, rows } = await replay();
    // The scripted model streams two tool-call blocks in its own interleaving, not the provider's; the
    // chunk rows are the model's, the rest is the loop's.
    const withoutChunks = (all: readonly Row[]) => normalize(all.filter((row) => row.type !== 'assistant/chunk'));
    expect(withoutChunks(fixture(agent))).toEqual(withoutChunks(rows));
    const errors = fixture(agent).filter((row) => row.type === 'tool/result').map((row) => row.data.error);
    expect(errors).toEqual([
      { name: 'AbortError', code: 'ABORTED' },
      { name: 'AbortError', code: 'ABORTED_BEFORE_DISPATCH' },
    ]);
  });
});
