import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardDelegation, type ChildDelta } from '../src/analysis/index.js';
import { assembleDelegationHeads } from '../src/analysis/guard/delegation-heads.js';
import { createForkProvider, type AssembledHead, type HostComposition, type PromptSection } from '../src/providers/index.js';
import { prepareChild } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { guardParent } from './support/guard-parent.js';
import { smallComposition, smallHost } from './support/runtime-scenario.js';

/*
 * The guard predicts a child's head by calling the run driver's own scope installer. A section
 * planted in that installer (and nowhere in the guard) must reach both the driver's child and the
 * guard's verdict; without the plant, the guard's child head is the driver's, delta by delta.
 */
const plant = vi.hoisted(() => ({ section: undefined as PromptSection | undefined }));
vi.mock('../src/providers/runtime/driver/child-scope.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/providers/runtime/driver/child-scope.js')>();
  return {
    ...original,
    installChildScope: (...args: Parameters<typeof original.installChildScope>) => {
      const structured = original.installChildScope(...args);
      if (plant.section) args[0].section(plant.section);
      return structured;
    },
  };
});

afterEach(() => {
  plant.section = undefined;
});

const FORK = { provider: 'fork', toolName: 'subagent_fork', enableRunInBackground: false } as const;
const PLANTED: PromptSection = { name: 'planted:child-only', order: 50, text: 'A child-only line planted in the driver.' };

const setup = guardParent;

/** The head the driver's own child gets for a delta: `prepareChild`, as the fork provider calls it. */
function driverChildHead(composition: HostComposition, delta: ChildDelta): AssembledHead {
  const { createParent } = smallHost(new ScriptedModel([]), composition);
  const request = {
    parent: createParent(),
    prompt: [],
    signal: new AbortController().signal,
    ...(delta.persona === undefined ? {} : { persona: delta.persona }),
    ...(delta.toolFilter === undefined ? {} : { toolFilter: delta.toolFilter }),
    ...(delta.outputSchema === undefined ? {} : { outputSchema: delta.outputSchema }),
  };
  return prepareChild({ request, providerName: 'fork', seed: [], mode: delta.mode }).agent.assembleHead();
}

const shape = (head: AssembledHead) => ({ sections: head.sections.map(({ name, order, text }) => ({ name, order, text })), tools: head.tools.map(({ name, description }) => ({ name, description })) });

const DELTAS: Record<string, ChildDelta> = {
  'nothing configured': { mode: 'one-shot' },
  persona: { mode: 'one-shot', persona: 'You are the fork reviewer.' },
  'tool filter': { mode: 'one-shot', toolFilter: { deny: ['echo'] } },
  'output schema': { mode: 'one-shot', outputSchema: { type: 'object', properties: { result: { type: 'string' } }, required: ['result'] } },
  continuable: { mode: 'continuable' },
};

describe('one child setup: the guard assembles child heads through the run driver\'s scope installer', () => {
  it.each(Object.entries(DELTAS))('the guard\'s child head is the driver\'s child head: %s', (_, delta) => {
    const composition = smallComposition();
    expect(shape(assembleDelegationHeads(setup(composition), delta).childHead)).toEqual(shape(driverChildHead(composition, delta)));
  });

  it('a section planted in the installer reaches the driver\'s child and turns the one-shot fork\'s verdict into inherited-history-lost', () => {
    const composition = smallComposition();
    const before = guardDelegation({ parent: setup(composition), tool: FORK, provider: createForkProvider() });
    expect(before.ok).toBe(true);
    expect(before.findings).toEqual([]);

    plant.section = PLANTED;
    expect(driverChildHead(composition, { mode: 'one-shot' }).sections.map((section) => section.name)).toContain(PLANTED.name);
    const after = guardDelegation({ parent: setup(composition), tool: FORK, provider: createForkProvider() });
    expect(after.ok).toBe(false);
    expect(after.findings).toMatchObject([{ kind: 'inherited-history-lost', severity: 'error', landsAt: { kind: 'system', name: PLANTED.name }, deltas: [{ part: 'section', name: PLANTED.name, change: 'added' }] }]);
  });

  it('fork + continuable loses the inherited history because the runtime installs the report channel, and keeps it when the composition has none', () => {
    const continuable = { ...FORK, enableRunInBackground: true, backgroundMode: 'continuable' } as const;
    const withChannel = guardDelegation({ parent: setup(smallComposition()), tool: continuable, provider: createForkProvider() });
    expect(withChannel.findings.filter((finding) => finding.kind === 'inherited-history-lost' && finding.severity === 'error')).toHaveLength(1);
    expect(driverChildHead(smallComposition(), { mode: 'continuable' }).tools.map((tool) => tool.name)).toContain('report');

    const withoutChannel = { ...smallComposition(), reportChannel: false };
    expect(driverChildHead(withoutChannel, { mode: 'continuable' }).tools.map((tool) => tool.name)).not.toContain('report');
    const guarded = guardDelegation({ parent: setup(withoutChannel, false), tool: continuable, provider: createForkProvider() });
    expect(guarded.findings.filter((finding) => finding.kind === 'inherited-history-lost')).toEqual([]);
  });
});
