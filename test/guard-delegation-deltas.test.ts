import { describe, expect, it } from 'vitest';
import { guardDelegation, type GuardFinding, type ParentSetup } from '../src/analysis/index.js';
import { createForkProvider, createSpawnProvider, type HostComposition, type ToolDefinition } from '../src/providers/index.js';
import { renderTypeScriptSdk } from '../src/providers/runtime/index.js';
import { guardParent } from './support/guard-parent.js';
import { smallComposition } from './support/runtime-scenario.js';

const FORK = { provider: 'fork', toolName: 'subagent_fork' } as const;
const RUN_CODE: ToolDefinition = {
  name: 'run_code',
  description: 'Run a TypeScript program that calls tools through the SDK.',
  parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
  execute: async () => 'ran',
};

const parent = guardParent;

const historyLost = (findings: readonly GuardFinding[]) => findings.filter((finding) => finding.kind === 'inherited-history-lost');

describe('guardDelegation: child-only deltas of an inheriting provider, decided by comparing heads', () => {
  it('a one-shot fork with nothing configured keeps the whole parent request', () => {
    const report = guardDelegation({ parent: parent(), tool: FORK, provider: createForkProvider() });
    expect(report.findings).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('a configured persona is installed by every call: error, landing at the persona section', () => {
    const report = guardDelegation({ parent: parent(), tool: { ...FORK, persona: 'You are the fork reviewer.' }, provider: createForkProvider() });
    const [finding] = historyLost(report.findings);
    expect(finding).toMatchObject({ severity: 'error', landsAt: { kind: 'system', name: 'deployment:persona' }, deltas: [{ part: 'section', name: 'deployment:persona', change: 'changed' }] });
    expect(finding!.message).toContain('drop persona');
  });

  it('a tool filter removes the schema, its SDK binding and a visibility-dependent section: error naming all three', () => {
    const host: HostComposition = { ...smallComposition({ subagent: { provider: 'spawn', toolName: 'subagent', backgroundMode: 'continuable' }, fork: FORK }), codeMode: { presentation: 'both', transport: RUN_CODE, renderSdk: renderTypeScriptSdk } };
    const report = guardDelegation({ parent: parent(host), tool: { ...FORK, toolFilter: { deny: ['subagent'] } }, provider: createForkProvider() });
    const [finding] = historyLost(report.findings);
    if (finding?.kind !== 'inherited-history-lost') throw new Error('expected a finding');
    expect(finding.severity).toBe('error');
    expect(finding.deltas).toEqual(
      expect.arrayContaining([
        { part: 'tool', name: 'subagent', change: 'removed' },
        { part: 'section', name: 'tools:sdk', change: 'changed' },
        // The spawn tool's continuable guidance renders only while `subagent` is visible.
        { part: 'section', name: 'tool:subagent', change: 'removed' },
      ]),
    );
  });

  it('an agentOptions model change moves the child to another route, which shares nothing (and re-renders a {{model}} persona)', () => {
    const report = guardDelegation({ parent: parent(), tool: { ...FORK, agentOptions: { model: 'deepseek-v4-pro' } }, provider: createForkProvider() });
    const [finding] = historyLost(report.findings);
    expect(finding).toMatchObject({
      severity: 'error',
      deltas: [
        { part: 'route', name: 'model deepseek-v4-pro', change: 'changed' },
        { part: 'section', name: 'deployment:persona', change: 'changed' },
      ],
    });
    if (finding?.kind !== 'inherited-history-lost') throw new Error('expected a finding');
    expect(finding.lostTokens).toBeGreaterThan(0);
    expect(report.delegations[0]!.paths[0]!.outcome).toMatchObject({ state: 'assembled', request: { commonTokens: 0 } });
  });

  it('an opt-in structured-output start is a warning carrying the tokens it loses', () => {
    const report = guardDelegation({
      parent: parent(),
      tool: FORK,
      provider: createForkProvider(),
      optIn: [{ label: 'workflow step with an output schema', delta: { outputSchema: { type: 'object', properties: { fruit: { type: 'string' } }, required: ['fruit'] } } }],
    });
    const [finding] = historyLost(report.findings);
    expect(finding).toMatchObject({ severity: 'warning', callPath: 'workflow step with an output schema', defaultPath: false });
    expect(finding!.lostTokens).toBeGreaterThan(0);
    expect(report.ok).toBe(true);
  });

  it('a continuable fork fails only while the report package loads: without it the heads are identical and it passes', () => {
    const withReport = guardDelegation({ parent: parent(), tool: { ...FORK, backgroundMode: 'continuable' }, provider: createForkProvider() });
    expect(historyLost(withReport.findings).map((finding) => finding.severity)).toEqual(['error']);
    const withoutReport = guardDelegation({ parent: parent(smallComposition(), false), tool: { ...FORK, backgroundMode: 'continuable' }, provider: createForkProvider() });
    expect(withoutReport.findings).toEqual([]);
  });

  it('a provider that does not inherit context is not checked, whatever its deltas', () => {
    const report = guardDelegation({ parent: parent(), tool: { provider: 'spawn', toolName: 'subagent', backgroundMode: 'continuable', persona: 'p' }, provider: createSpawnProvider() });
    expect(historyLost(report.findings)).toEqual([]);
  });

  it('a tool filter the runtime rejects (an unknown tool) fails closed as unresolved', () => {
    const report = guardDelegation({ parent: parent(), tool: { ...FORK, toolFilter: { deny: ['no_such_tool'] } }, provider: createForkProvider() });
    expect(report.findings).toEqual([expect.objectContaining({ kind: 'unresolved', severity: 'error', code: 'subagent/unknown-tool-filter', tool: 'subagent_fork' })]);
  });
});
