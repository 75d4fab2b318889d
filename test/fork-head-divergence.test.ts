import { expect, it } from 'vitest';
import type { AgentHandle, DelegationToolConfigInput } from '../src/providers/runtime/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { forkScenario } from './support/fork-scenario.js';
import { recordedPrompts } from './support/runtime-corpus.js';
import { acpHost, ACP_FORK_CONFIG, settleAll } from './support/runtime-scenario.js';
import { compareWithCause, type ComparisonWithCause } from './support/compare-with-cause.js';

/**
 * Replays the recorded fork scenario with a differently configured fork delegation tool; returns
 * the parent's forking request compared with the child's first request.
 */
async function forkWith(config: DelegationToolConfigInput): Promise<{ comparison: ComparisonWithCause; parent: AgentHandle; child: AgentHandle }> {
  const { model, parentRows, adjust } = forkScenario(config);
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
