/**
 * Test support (not a test file): the recorded `subagent-fork-in-process` scenario replayed with a
 * fork delegation tool configured as a test wants — the scripted model answering the parent's and
 * the child's recorded steps, and the composition with the configured tool mounted over the pinned
 * `subagent_fork` slot.
 */
import path from 'node:path';
import type { ModelRequest } from '../../src/providers/model/index.js';
import { createDelegationTool, createForkProvider, REPORT_SECTION_TEXT, type DelegationToolConfigInput, type HostComposition } from '../../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../../src/testing/index.js';
import { ACP, readRows, recordedSteps, type Row } from './runtime-corpus.js';

export const FORK_SCENARIO = path.join(ACP, 'subagent-fork-in-process');
export const FORK_TASK = 'What is the project codeword mentioned earlier in this conversation?';

/** True for the child's requests: their last user prompt is the delegated task, not a parent prompt. */
export const isForkChild = (request: ModelRequest): boolean =>
  request.system.includes(REPORT_SECTION_TEXT) || request.messages.some((message) => message.content.some((block) => 'text' in block && block.text.startsWith(FORK_TASK)));

/** The scenario's scripted model for `config`, the parent's recorded rows, and the composition adjustment that mounts the configured tool. */
export function forkScenario(config: DelegationToolConfigInput): { model: ScriptedModel; parentRows: Row[]; adjust: (composition: HostComposition) => HostComposition } {
  // A continuable child's settlement notice opens one more parent turn, which the one-shot recording does not have.
  const continuable = config.backgroundMode === 'continuable';
  const parentRows = readRows(path.join(FORK_SCENARIO, 'session.jsonl'));
  const childRows = readRows(path.join(FORK_SCENARIO, 'session.1.jsonl'));
  const parentSteps = recordedSteps(parentRows);
  const childStep = recordedSteps(childRows, childRows.findIndex((row) => row.type === 'session/end-seed'))[0]!;
  const forParent = (step: ScriptedStep): ScriptedStep => ({ ...step, match: (request) => !isForkChild(request) });
  const model = new ScriptedModel([
    forParent(parentSteps[0]!),
    forParent(parentSteps[1]!),
    { ...childStep, match: isForkChild },
    forParent(parentSteps[2]!),
    ...(continuable ? [forParent({ label: 'settlement notice', text: 'NOTED' })] : []),
  ]);
  // Mount the configured tool over the pinned `subagent_fork` schema slot, with its own wording and guidance.
  const mounted = createDelegationTool(config, createForkProvider());
  const adjust = (composition: HostComposition): HostComposition => ({
    ...composition,
    tools: composition.tools.map((tool) => (tool.name === 'subagent_fork' ? mounted.tool : tool)),
    sections: mounted.section ? [...composition.sections, mounted.section] : composition.sections,
  });
  return { model, parentRows, adjust };
}
