import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, runCli } from '../src/cli/index.js';

const repositoryRoot = path.resolve(import.meta.dirname, '..');

async function divergence(...extra: string[]) {
  const io = bufferedIo(repositoryRoot);
  expect(await runCli(['diff', 'examples/fork-parent.request.json', 'examples/fork-child-continuable.request.json', '--json', ...extra], io)).toBe(0);
  return JSON.parse(io.out.join('')) as { commonPrefix: { segments: number }; divergence: { index: number; kind: string; name: string; cause: string }; parent: { layout: string } };
}

describe('kvprefix diff --layout', () => {
  it('overrides the detected layout, which moves where a head change lands', async () => {
    // Detected: DeepSeek chat, so the system text comes first and the appended `tool:report`
    // section breaks the prefix before the first tool.
    const detected = await divergence();
    expect(detected.parent.layout).toBe('chat');
    expect(detected.commonPrefix.segments).toBe(0);
    expect(detected.divergence).toMatchObject({ index: 0, kind: 'system', side: 'child', cause: 'report-tool', name: 'report' });

    // Anthropic order (tools, then system): the 11 tools sorted before `report` stay shared.
    const anthropic = await divergence('--layout', 'anthropic');
    expect(anthropic.parent.layout).toBe('anthropic');
    expect(anthropic.commonPrefix.segments).toBe(11);
    expect(anthropic.divergence).toMatchObject({ index: 11, kind: 'tool', name: 'report', cause: 'report-tool' });

    const chat = await divergence('--layout', 'chat');
    expect(chat).toEqual(detected);
  });
});
