import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDelegationTool, createForkProvider, createSpawnProvider, splitRenderedPrompt, type MountedProvider } from '../src/providers/runtime/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { HEADLESS, readPin, readRows } from './support/runtime-corpus.js';
import { ACP_FORK_CONFIG, ACP_SUBAGENT_CONFIG } from './support/runtime-scenario.js';

describeWithCorpus('dsh', 'delegation tool: the model-facing schema', () => {
  it("matches the pinned `subagent` schema for the ACP example's continuable spawn instance", () => {
    const pinned = readPin('text-turn').tools.find((tool) => tool.name === 'subagent');
    const { tool } = createDelegationTool(ACP_SUBAGENT_CONFIG, createSpawnProvider());
    expect(JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters })).toBe(JSON.stringify(pinned));
  });

  it("matches the pinned `subagent_fork` schema for the one-shot, foreground-only fork instance (wording follows inheritsParentContext)", () => {
    const pinned = readPin('text-turn').tools.find((tool) => tool.name === 'subagent_fork');
    const { tool } = createDelegationTool(ACP_FORK_CONFIG, createForkProvider());
    expect(JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters })).toBe(JSON.stringify(pinned));
  });

  it('matches the headless example too, whose header records both schemas inline', () => {
    const header = readRows(path.join(HEADLESS, 'advanced-toolchain/session.jsonl')).find((row) => row.type === 'request/header')!.data.header;
    for (const [config, provider] of [
      [ACP_SUBAGENT_CONFIG, createSpawnProvider()],
      [ACP_FORK_CONFIG, createForkProvider()],
    ] as const) {
      const { tool } = createDelegationTool(config, provider);
      expect({ name: tool.name, description: tool.description, parameters: tool.parameters }).toEqual(header.tools.find((pinned: { name: string }) => pinned.name === tool.name));
    }
  });

  it('renders the continuable instance guidance exactly as the pinned `tool:subagent` section, at order 116.5, and only while the tool is visible', () => {
    const pinned = splitRenderedPrompt(readPin('text-turn').system, 'text-turn').find((section) => section.name === 'tool:subagent')!;
    const { section } = createDelegationTool(ACP_SUBAGENT_CONFIG, createSpawnProvider());
    expect(section!.order).toBe(116.5);
    const text = section!.text as (context: { visibleToolNames: ReadonlySet<string>; isChild: boolean }) => string;
    expect(text({ visibleToolNames: new Set(['subagent']), isChild: false })).toBe(pinned.text);
    expect(text({ visibleToolNames: new Set(['read']), isChild: false })).toBe('');
    expect(createDelegationTool(ACP_FORK_CONFIG, createForkProvider()).section).toBeUndefined();
  });
});

describe('delegation tool: mount-time rules', () => {
  const bare: MountedProvider = { name: 'remote', capabilities: { outputSchema: false, depthLimit: false, toolFilter: false, persona: false }, inheritsParentContext: false };

  it('a numeric maxDepth requires the provider depthLimit capability; provider-managed does not', () => {
    expect(() => createDelegationTool({ provider: 'remote' }, bare)).toThrow("cannot enforce maxDepth (no depthLimit capability) — set maxDepth: 'provider-managed'");
    expect(createDelegationTool({ provider: 'remote', maxDepth: 'provider-managed' }, bare).tool.name).toBe('subagent');
  });

  it('backgroundMode continuable requires the provider prepareContinuable capability', () => {
    expect(() => createDelegationTool({ provider: 'remote', backgroundMode: 'continuable', maxDepth: 'provider-managed' }, bare)).toThrow('does not support `backgroundMode: continuable`');
  });

  it('refuses a tool mounted on a provider other than the configured one', () => {
    expect(() => createDelegationTool({ provider: 'spawn' }, createForkProvider())).toThrow('configured for provider "spawn" but mounted on "fork"');
  });

  it('adds `run_in_background` only when background is enabled, with the one-shot or continuable wording', () => {
    const oneShot = createDelegationTool({ provider: 'spawn' }, createSpawnProvider()).tool;
    const properties = (tool: { parameters: Record<string, unknown> }) => Object.keys(tool.parameters['properties'] as object);
    expect(properties(oneShot)).toEqual(['description', 'prompt', 'run_in_background']);
    expect(oneShot.description.endsWith('Set `run_in_background: true` to return a job id; collect with `job_output` and stop with `job_kill`.')).toBe(true);
    expect(properties(createDelegationTool({ provider: 'spawn', enableRunInBackground: false }, createSpawnProvider()).tool)).toEqual(['description', 'prompt']);
  });
});
