import path from 'node:path';
import { expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { REPORT_SECTION_TEXT, sendMessageTool, type AgentHandle } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readPin, readRows, recordedContexts, recordedPrompts, recordedSteps, writtenFixtureRows as fixture, type Row } from './support/runtime-corpus.js';
import { acpHost, settleAll, textStep, firstContinuableChild } from './support/runtime-scenario.js';

const SCENARIO = path.join(ACP, 'subagent-continuable');
const isChild = (request: ModelRequest): boolean => request.system.includes(REPORT_SECTION_TEXT);

/** Ids and times differ run to run; everything else must be the recorded bytes. */
const normalize = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (key, field) => (['id', 'createdAt', 'senderSessionId'].includes(key) ? '·' : field));

/**
 * Replays the parent of subagent-continuable: it starts a continuable child, sends it two messages
 * with `send_message` while the child's first turn is still working (`message queued as the next
 * turn for subagent <id>`), then sends one to an id it never started and reads DSH's
 * `Error: subagent "<id>" is unavailable` with `error: {name: SubagentError, code: NOT_RESUMABLE}`.
 * The child's third turn fails, and the failure notice opens the parent's turn 2.
 */
async function replay() {
  const parentRows = readRows(path.join(SCENARIO, 'session.jsonl'));
  const recordedId = recordedChildId(parentRows);
  let childId: string | undefined;
  // The recorded calls name the recording's child; the replay's child has its own id, known only
  // once it starts, so each call's arguments are read at request time with that id in its place.
  const liveIds = (step: ScriptedStep): ScriptedStep => {
    const calls = step.toolCalls;
    if (calls === undefined) return step;
    const live = { ...step };
    Object.defineProperty(live, 'toolCalls', { get: () => calls.map((call) => ({ ...call, arguments: String(call.arguments).split(recordedId).join(childId ?? recordedId) })) });
    return live;
  };
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const child = (step: ScriptedStep): ScriptedStep => ({ ...step, match: isChild });
  const model = new ScriptedModel([
    ...recordedSteps(parentRows).map((step): ScriptedStep => liveIds({ ...step, match: (request) => !isChild(request) })),
    // The child's first turn works until the parent's turn 1 is over, so both messages join its run.
    child({ ...textStep('CHILD_OK'), before: () => held }),
    child(textStep('SECOND_OK')),
    child({
      label: 'third turn fails',
      before: () => {
        throw new Error('snapshot disk full');
      },
    }),
  ]);
  const sendMessage = readPin('text-turn').tools.find((tool) => tool.name === 'send_message')!;
  const { host, createParent } = acpHost(model, { contexts: recordedContexts(parentRows), executors: new Map([['send_message', sendMessageTool(sendMessage)]]) });
  host.onAgentPublished((agent) => (childId ??= agent.parent === undefined ? undefined : agent.id));
  const parent = createParent();
  parent.followup([{ type: 'text', text: recordedPrompts(parentRows)[0]! }]);
  await parent.whenIdle();
  release();
  await settleAll(host);
  model.assertConsumed();
  const started: AgentHandle = firstContinuableChild(host, parent.id);
  return { parent, started, parentRows, recordedId };
}

/** The child id the recording's parent was given (`started subagent <id>`). */
function recordedChildId(rows: readonly Row[]): string {
  return rows.find((row) => row.type === 'tool/result')!.data.message.content[0].content[0].text.replace('started subagent ', '');
}

describeWithCorpus('dsh', 'runtime: send_message to a working child and to an unknown id (subagent-continuable)', () => {
  it("writes the parent's log row for row: two queued messages, the NOT_RESUMABLE rejection with its error field, the failure notice opening turn 2", async () => {
    const { parent, started, parentRows, recordedId } = await replay();
    const written: Row[] = JSON.parse(JSON.stringify(fixture(parent)).split(started.id).join(recordedId));
    expect(normalize(written)).toEqual(normalize(parentRows));
    const rejected = written.find((row) => row.type === 'tool/result' && row.data.error !== undefined)!;
    expect(rejected.data.message.content[0].content).toEqual([{ type: 'text', text: 'Error: subagent "22222222-2222-4222-8222-222222222222" is unavailable' }]);
    expect(rejected.data.error).toEqual({ name: 'SubagentError', code: 'NOT_RESUMABLE' });
  });
});
