import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { REPORT_SECTION_TEXT, type Agent } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { HEADLESS, readRows, recordedSteps, writtenFixtureRows as fixture, type Row } from './support/runtime-corpus.js';
import { acpHost, settleAll, firstContinuableChild } from './support/runtime-scenario.js';

const SCENARIO = path.join(HEADLESS, 'subagent-settlement');
const isChild = (request: ModelRequest): boolean => request.system.includes(REPORT_SECTION_TEXT);

/** The parent's recorded model outputs (parent.override.json) as `assistant/chunk` rows, one step each. */
function parentChunkRows(): Row[] {
  const calls = JSON.parse(readFileSync(path.join(SCENARIO, 'parent.override.json'), 'utf8')) as { chunks: unknown[] }[];
  return calls.flatMap((call, index) => call.chunks.map((chunk) => ({ type: 'assistant/chunk', data: { turn: 1, step: index + 1, chunk } })));
}

/** The parent's recorded session events (stream-json.expected.jsonl), in order. */
function recordedParentEvents(): Row[] {
  return readRows(path.join(SCENARIO, 'stream-json.expected.jsonl')).filter((row) => row.type === 'session_event').map((row) => row.event as Row);
}

/** Ids, times and lineage differ run to run (the recording writes them as `{{sessionId}}`); everything else must be the recorded bytes. */
const normalize = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, field) =>
    ['id', 'createdAt', 'parentSession', 'senderSessionId'].includes(key)
      ? '·'
      : typeof field === 'string'
        ? field.replace(/Background subagent \S+ /, 'Background subagent · ').replace(/^started subagent \S+$/, 'started subagent ·')
        : field,
  );


/**
 * Replays subagent-settlement (headless example): the parent starts a continuable spawn child in
 * the background; its second model call is held until the child has settled (the recording's
 * fence), answers without the notice, and the notice then gets the turn's third step.
 */
async function replay() {
  const [start, started, received] = recordedSteps(parentChunkRows());
  const childRows = readRows(path.join(SCENARIO, 'child.replay.jsonl'));
  let parent!: Agent;
  const noticeArrived = async (): Promise<void> => {
    while (!parent.session.events.some((event) => event.type === 'agent/inbox/spliced' && JSON.stringify(event.data).includes('subagent-settled'))) await new Promise((resolve) => setTimeout(resolve, 1));
  };
  const model = new ScriptedModel([
    { ...start!, match: (request) => !isChild(request) },
    ...recordedSteps(childRows).map((step) => ({ ...step, match: isChild })),
    // The recording's fence: the parent's second call waits until the child has settled.
    { ...started!, match: (request) => !isChild(request), before: noticeArrived },
    { ...received!, match: (request) => !isChild(request) },
  ] satisfies ScriptedStep[]);
  // The recording pins no head (its rows write `{{system}}` / `{{tools}}`), so the ACP pin stands in;
  // the headless parent logs no runtime context and composes no approval service.
  const { host, createParent } = acpHost(model, { contexts: [], adjust: ({ approvalComposed: _approval, ...composition }) => composition });
  parent = createParent();
  const prompt = (recordedParentEvents()[0]!.data as { inserted: { content: { text: string }[] }[] }).inserted[0]!.content[0]!.text;
  parent.followup([{ type: 'text', text: prompt }]);
  await settleAll(host);
  model.assertConsumed();
  const child = firstContinuableChild(host, parent.id);
  return { parent, child };
}

describeWithCorpus('dsh', 'driver: a settlement notice steering a running parent (subagent-settlement)', () => {
  it("writes the child's log row for row: the seed, the task, the delegation-only runtime context and its CHILD_RESULT answer", async () => {
    const { child } = await replay();
    expect(normalize(fixture(child))).toEqual(normalize(readRows(path.join(SCENARIO, 'child.expected.jsonl'))));
  });

  it("writes the parent's log row for row: the notice that lands while the parent answers gets a third step in the same turn", async () => {
    const { parent } = await replay();
    const written = fixture(parent).slice(1) as Row[];
    const recorded = recordedParentEvents().map(({ seq: _seq, time: _time, ...row }) => row);
    // DSH's fence holds the parent between claiming step 2's input and logging `step/start`; the
    // scripted model holds it after `step/start`, so the notice's insertion sits one row later here.
    const insertion = (rows: readonly Row[]) => rows.findIndex((row) => row.type === 'agent/inbox/spliced' && JSON.stringify(row.data).includes('subagent-settled'));
    expect(insertion(recorded)).toBe(recorded.findIndex((row) => row.type === 'step/start' && row.data.step === 2) - 1);
    expect(insertion(written)).toBe(written.findIndex((row) => row.type === 'step/start' && row.data.step === 2) + 1);
    const without = (rows: readonly Row[]) => rows.filter((_, index) => index !== insertion(rows));
    expect(normalize(written[insertion(written)])).toEqual(normalize(recorded[insertion(recorded)]));
    expect(normalize(without(written))).toEqual(normalize(without(recorded)));
  });

  it("puts the settlement notice's recorded text into the parent's third request, after the answer that did not see it", async () => {
    const { parent, child } = await replay();
    expect(parent.requests.map((request) => [request.turn, request.step])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    const notice = parent.requests[2]!.model.messages.at(-1)!;
    expect(notice.content).toEqual([
      { type: 'text', text: `Background subagent ${child.id} finished and will do no further work unless you send it more.` },
      { type: 'text', text: 'Its closing message:' },
      { type: 'text', text: 'CHILD_RESULT' },
    ]);
    expect(parent.requests[1]!.model.messages.some((message) => message.source?.kind === 'subagent-settled')).toBe(false);
  });
});
