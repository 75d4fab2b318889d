import path from 'node:path';
import { expect, it } from 'vitest';
import { toFixtureRows } from '../src/testing/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readRows, recordedContexts, recordedPrompts, recordedSteps } from './support/runtime-corpus.js';
import { acpHost } from './support/runtime-scenario.js';

const normalize = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, field) => (['id', 'dt', 'createdAt'].includes(key) ? '·' : field));

/**
 * Replays a recorded top-level ACP scenario through the real loop: its prompts, its model responses
 * (as scripted steps), the text-turn head. The log the loop writes must be the recorded log.
 */
async function replay(scenario: string) {
  const rows = readRows(path.join(ACP, scenario, 'session.jsonl'));
  const model = new ScriptedModel(recordedSteps(rows));
  const { createParent } = acpHost(model, { contexts: recordedContexts(rows) });
  const agent = createParent();
  for (const text of recordedPrompts(rows)) {
    agent.followup([{ type: 'text', text }]);
    await agent.whenIdle();
  }
  model.assertConsumed();
  return { agent, rows };
}

describeWithCorpus('dsh', 'agent loop: a replayed recording writes the recorded log', () => {
  for (const scenario of ['text-turn', 'multi-turn']) {
    it(`writes ${scenario}/session.jsonl row for row (ids and times aside)`, async () => {
      const { agent, rows } = await replay(scenario);
      const written = [agent.session.header, ...toFixtureRows(agent.session.events)].map((row) => {
        if (row.type !== 'request/header') return row;
        const data = row.data as { header: object; reason: string };
        return { ...row, data: { ...data, header: { ...data.header, system: '{{system}}', tools: '{{tools}}' } } };
      });
      expect(normalize(written)).toEqual(normalize(rows));
    });
  }

  it('sends each later turn as an append-only extension of the earlier request (multi-turn)', async () => {
    const { agent } = await replay('multi-turn');
    const [first, second] = agent.requests;
    expect(second!.prefix.segments.slice(0, first!.prefix.segments.length).map((segment) => segment.prefixHash)).toEqual(first!.prefix.segments.map((segment) => segment.prefixHash));
  });
});
