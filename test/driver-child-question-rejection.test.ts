import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { type AgentHandle, type LoggedToolSchema } from '../src/providers/index.js';
import { askUserQuestionTool, DELEGATED_CALLER_MESSAGE } from '../src/providers/runtime/index.js';
import type { ModelRequest } from '../src/providers/model/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readPin, readRows, recordedContexts, recordedPrompts, recordedSteps, writtenFixtureRows as fixture, type Row } from './support/runtime-corpus.js';
import { acpHost, settleAll } from './support/runtime-scenario.js';

const SCENARIO = 'subagent-child-question-rejection';
const TASK = 'Call ask_user_question once';
const isChild = (request: ModelRequest): boolean => JSON.stringify(request.messages[0]).includes(TASK);
const forParent = (step: ScriptedStep): ScriptedStep => ({ ...step, match: (request) => !isChild(request) });
const forChild = (step: ScriptedStep): ScriptedStep => ({ ...step, match: isChild });

/** Ids, times and lineage differ run to run; everything else must be the recorded bytes. */
const normalize = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (key, field) => (['id', 'createdAt', 'parentSession'].includes(key) ? '·' : field));


const isQuestionResult = (row: Row): boolean => row.type === 'tool/result' && row.data.message.source.callId === 'call_child_question';

/**
 * Replays subagent-child-question-rejection: the parent delegates to a one-shot spawn child, the
 * child calls ask_user_question, gets an errored result, and returns the unresolved question as its
 * final result, which the parent reads as the subagent tool result. The scenario pins only the tool
 * schemas (the text-turn tools plus ask_user_question); the system prompt is the text-turn pin's.
 * The question runs through DSH's ask_user_question executor, which rejects a caller owned by a live
 * agent: the errored result and the `error` field beside it (`UserQuestionError` /
 * `DELEGATED_CALLER`) are the recording's bytes.
 */
async function replay() {
  const parentRows = readRows(path.join(ACP, SCENARIO, 'session.jsonl'));
  const childRows = readRows(path.join(ACP, SCENARIO, 'session.1.jsonl'));
  const pinned = JSON.parse(readFileSync(path.join(ACP, SCENARIO, 'tool-schemas.expected.json'), 'utf8')) as { initial: LoggedToolSchema[] };
  const ask = pinned.initial.find((tool) => tool.name === 'ask_user_question')!;
  const model = new ScriptedModel([...recordedSteps(parentRows).map(forParent), ...recordedSteps(childRows).map(forChild)]);
  const { host, createParent } = acpHost(model, {
    contexts: recordedContexts(parentRows),
    adjust: (composition) => ({ ...composition, tools: [askUserQuestionTool(ask), ...composition.tools] }),
  });
  let child: AgentHandle | undefined;
  host.subagents.on('subagent/start', (event) => (child = event.localAgent));
  const parent = createParent();
  parent.followup([{ type: 'text', text: recordedPrompts(parentRows)[0]! }]);
  await settleAll(host);
  model.assertConsumed();
  if (!child) throw new Error('the parent never delegated');
  return { parent, child, parentRows, childRows };
}

describeWithCorpus('dsh', 'driver: a delegated child asks a question (subagent-child-question-rejection)', () => {
  it("mounts the pinned tool set: the text-turn tools plus ask_user_question, in the pin's order", async () => {
    const { parent } = await replay();
    const pinned = JSON.parse(readFileSync(path.join(ACP, SCENARIO, 'tool-schemas.expected.json'), 'utf8')) as { initial: LoggedToolSchema[] };
    expect(parent.requests[0]!.model.tools).toEqual(pinned.initial);
    expect(parent.requests[0]!.model.system).toBe(readPin('text-turn').system);
  });

  it("writes the parent's log row for row: the child's unresolved question comes back as the subagent tool result", async () => {
    const { parent, parentRows } = await replay();
    expect(normalize(fixture(parent))).toEqual(normalize(parentRows));
  });

  it("writes the child's log row for row: never approval policy from delegation, one-shot spawn descriptor, the question call, DSH's delegated-caller rejection with its error field, the final text", async () => {
    const { child, childRows } = await replay();
    expect(normalize(fixture(child))).toEqual(normalize(childRows));
  });

  it('rejects the question with the recorded text and logs `error: {name: UserQuestionError, code: DELEGATED_CALLER}` beside it', async () => {
    const { child, childRows } = await replay();
    const written = fixture(child).find(isQuestionResult)!;
    const recorded = childRows.find(isQuestionResult)!;
    expect(written.data.message.content).toEqual([
      { type: 'tool-result', toolCallId: 'call_child_question', content: [{ type: 'text', text: `Error: ${DELEGATED_CALLER_MESSAGE}` }], isError: true },
    ]);
    expect(written.data.message.content).toEqual(recorded.data.message.content);
    expect(written.data.error).toEqual({ name: 'UserQuestionError', code: 'DELEGATED_CALLER' });
    expect(written.data.error).toEqual(recorded.data.error);
  });
});
