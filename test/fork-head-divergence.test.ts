import path from 'node:path';
import { expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { createDelegationTool, createForkProvider, REPORT_SECTION_TEXT, type AgentHandle, type DelegationToolConfigInput, type HostComposition } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readRows, recordedPrompts, recordedSteps } from './support/runtime-corpus.js';
import { acpHost, ACP_FORK_CONFIG, settleAll } from './support/runtime-scenario.js';
import { compareWithCause, type ComparisonWithCause } from './support/compare-with-cause.js';

const SCENARIO = path.join(ACP, 'subagent-fork-in-process');
const TASK = 'What is the project codeword mentioned earlier in this conversation?';

/** True for the child's requests: their last user prompt is the delegated task, not a parent prompt. */
const isChild = (request: ModelRequest): boolean =>
  request.system.includes(REPORT_SECTION_TEXT) || request.messages.some((message) => message.content.some((block) => 'text' in block && block.text.startsWith(TASK)));

/**
 * Replays the recorded fork scenario with a differently configured fork delegation tool; returns
 * the parent's forking request compared with the child's first request.
 */
async function forkWith(config: DelegationToolConfigInput): Promise<{ comparison: ComparisonWithCause; parent: AgentHandle; child: AgentHandle }> {
  // A continuable child's settlement notice opens one more parent turn, which the one-shot recording does not have.
  const continuable = config.backgroundMode === 'continuable';
  const parentRows = readRows(path.join(SCENARIO, 'session.jsonl'));
  const childRows = readRows(path.join(SCENARIO, 'session.1.jsonl'));
  const parentSteps = recordedSteps(parentRows);
  const childStep = recordedSteps(childRows, childRows.findIndex((row) => row.type === 'session/end-seed'))[0]!;
  const forParent = (step: ScriptedStep): ScriptedStep => ({ ...step, match: (request) => !isChild(request) });
  const model = new ScriptedModel([
    forParent(parentSteps[0]!),
    forParent(parentSteps[1]!),
    { ...childStep, match: isChild },
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
  const { host, createParent } = acpHost(model, { forkConfig: config, adjust });
  const parent = createParent();
  let child: AgentHandle | undefined;
  host.onAgentPublished((agent) => {
    if (agent.parent === parent) child = agent;
  });
  for (const prompt of recordedPrompts(parentRows)) {
    parent.followup([{ type: 'text', text: prompt }]);
    await parent.whenIdle();
  }
  await settleAll(host);
  model.assertConsumed();
  if (!child) throw new Error('the parent never forked');
  const forking = parent.requests.find((request) => request.turn === 2 && request.step === 1)!;
  return { comparison: compareWithCause(forking.prefix, child.requests[0]!.prefix), parent, child };
}

describeWithCorpus('dsh', 'fork: where a child request leaves its parent prefix', () => {
  it('a one-shot fork child (the shipped binding) keeps the whole head and inherited history: it diverges only at the task', async () => {
    const { comparison, parent, child } = await forkWith(ACP_FORK_CONFIG);
    expect(comparison.divergence).toMatchObject({ cause: 'task' });
    // Every segment of the forking request but the parent's in-flight prompt is shared: the head
    // (sections and tools) and the three messages of the completed turn, then the child's task.
    const forking = parent.requests.find((request) => request.turn === 2 && request.step === 1)!.prefix;
    const head = forking.segments.filter((segment) => segment.kind === 'system' || segment.kind === 'tool').length;
    expect(head).toBe(parent.requests[0]!.head.sections.length + 19);
    expect(comparison.commonPrefix.segments).toBe(forking.segments.length - 1);
    expect(comparison.commonPrefix.segments).toBe(head + 3);
    expect(comparison.divergence).toMatchObject({ index: head + 3, kind: 'task', side: 'child' });
    expect(child.requests[0]!.prefix.segments[head + 3]).toMatchObject({ kind: 'task' });
  });

  it('a continuable fork child diverges in the head, before any inherited history (cause report-tool)', async () => {
    const { comparison, child } = await forkWith({ ...ACP_FORK_CONFIG, backgroundMode: 'continuable', enableRunInBackground: true });
    expect(comparison.divergence).toMatchObject({ cause: 'report-tool', name: 'report' });
    const segment = child.requests[0]!.prefix.segments[comparison.divergence!.index]!;
    expect(segment).toMatchObject({ kind: 'system', name: 'tool:report' });
    // Nothing of the inherited history is shared: the break precedes every message segment.
    expect(child.requests[0]!.prefix.segments.slice(0, comparison.commonPrefix.segments).every((shared) => shared.kind === 'system')).toBe(true);
  });

  it('a persona child diverges at the deployment:persona section', async () => {
    const { comparison, child } = await forkWith({ ...ACP_FORK_CONFIG, persona: 'You are a meticulous reviewer. Your working directory is {{cwd}}.' });
    expect(comparison.divergence).toMatchObject({ index: 1, kind: 'system', name: 'deployment:persona' });
    expect(comparison.commonPrefix.segments).toBe(1);
    expect(child.requests[0]!.head.sections[1]!.text).toBe('You are a meticulous reviewer. Your working directory is {{cwd}}.');
  });

  it('a filter child diverges at the first filtered tool, and keeps that tool\'s standalone guidance', async () => {
    const { comparison, child } = await forkWith({ ...ACP_FORK_CONFIG, toolFilter: { deny: ['edit', 'write'] } });
    expect(comparison.divergence).toMatchObject({ kind: 'tool', name: 'edit', cause: 'tool-filter' });
    // The whole system text and the tools sorted before `edit` (bash, create_goal) stay shared.
    const sections = child.requests[0]!.head.sections.length;
    expect(comparison.commonPrefix.segments).toBe(sections + 2);
    expect(comparison.divergence!.index).toBe(sections + 2);
    const head = child.requests[0]!.head;
    expect(head.tools.map((tool) => tool.name)).not.toContain('edit');
    expect(head.sections.map((section) => section.name)).toContain('tool:edit');
  });
});
