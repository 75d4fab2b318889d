import path from 'node:path';
import { expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { REPORT_SECTION_TEXT } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readRows, recordedContexts, recordedPrompts, recordedSteps, writtenFixtureRows as fixture } from './support/runtime-corpus.js';
import { acpHost, settleAll, firstContinuableChild } from './support/runtime-scenario.js';

const SCENARIO = path.join(ACP, 'subagent-continuable-inheritance');
const isChild = (request: ModelRequest): boolean => request.system.includes(REPORT_SECTION_TEXT);
const forParent = (step: ScriptedStep): ScriptedStep => ({ ...step, match: (request) => !isChild(request) });
const forChild = (step: ScriptedStep): ScriptedStep => ({ ...step, match: isChild });

/** Ids, times and lineage differ run to run; everything else must be the recorded bytes. */
const normalize = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, field) => (['id', 'dt', 'createdAt', 'parentSession', 'senderSessionId'].includes(key) ? '·' : typeof field === 'string' ? field.replace(/Background subagent \S+ /, 'Background subagent · ').replace(/^started subagent \S+$/, 'started subagent ·') : field));


/**
 * Replays subagent-continuable-inheritance: a parent whose sandbox is switched to read-only starts a
 * continuable spawn child in the background; the child answers; its settlement notice opens the
 * parent's turn 2.
 */
async function replay() {
  const parentRows = readRows(path.join(SCENARIO, 'session.jsonl'));
  const childRows = readRows(path.join(SCENARIO, 'session.1.jsonl'));
  const parentSteps = recordedSteps(parentRows);
  const model = new ScriptedModel([...parentSteps.map(forParent), ...recordedSteps(childRows).map(forChild)]);
  const { host, createParent } = acpHost(model, { contexts: recordedContexts(parentRows) });
  const parent = createParent();
  // The deployment's sandbox service switched the parent before its first prompt (the recording's first event).
  parent.session.append('sandbox/mode', parentRows[1]!.data);
  parent.followup([{ type: 'text', text: recordedPrompts(parentRows)[0]! }]);
  await settleAll(host);
  model.assertConsumed();
  const child = firstContinuableChild(host, parent.id);
  return { parent, child, parentRows, childRows };
}

describeWithCorpus('dsh', 'driver: delegated policy and settlement (subagent-continuable-inheritance)', () => {
  it("writes the child's log row for row: the parent's sandbox override and the never approval policy after the seed, the never approval context in its snapshot", async () => {
    const { child, childRows } = await replay();
    expect(normalize(fixture(child))).toEqual(normalize(childRows));
    expect(child.session.events.slice(2, 4).map((event) => [event.type, event.data])).toEqual([
      ['sandbox/mode', { mode: 'read-only', source: 'delegation' }],
      ['approval/policy', { policy: 'never', source: 'delegation' }],
    ]);
  });

  it("writes the parent's log row for row: the child's settlement notice opens the parent's turn 2 and enters its next request", async () => {
    const { parent, child, parentRows } = await replay();
    expect(normalize(fixture(parent))).toEqual(normalize(parentRows));
    const turnTwo = parent.requests.find((request) => request.turn === 2)!;
    expect(turnTwo.model.messages.filter((message) => message.source?.kind === 'subagent-settled')).toEqual([
      expect.objectContaining({ source: expect.objectContaining({ form: 'notice', senderSessionId: child.id }) }),
    ]);
  });
});
