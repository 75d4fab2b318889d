import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardComposition, type GuardFinding } from '../src/analysis/index.js';
import { inventedSession } from './support/guard-session.js';

const IDENTITY = 'You are an AI agent powered by DeepSeek Harness.';
const READ = { name: 'read', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } };
const READ_KEYS_MOVED = { name: 'read', description: 'Read a file.', parameters: { required: ['path'], type: 'object', properties: { path: { type: 'string' } } } };
const WRITE = { name: 'write', description: 'Write a file.', parameters: { type: 'object', properties: {} } };

function emptyComposition(): { path: string; label: string } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-order-')), 'cordis.yml');
  writeFileSync(file, "- id: system-prompt\n  name: '@deepseek-ai/dsh-system-prompt'\n");
  return { path: file, label: 'cordis.yml' };
}

const unstable = (findings: readonly GuardFinding[]) => findings.filter((finding) => finding.kind === 'unstable-order');

describe('unstable order', () => {
  it('the same tools in another order between logged headers is an error', async () => {
    const session = inventedSession([
      { system: IDENTITY, tools: [READ, WRITE] },
      { system: IDENTITY, tools: [WRITE, READ] },
    ]);
    const report = await guardComposition(emptyComposition(), { session });
    expect(unstable(report.findings)).toEqual([expect.objectContaining({ severity: 'error', where: 'tools', line: 7 })]);
  });

  it('a tool schema whose JSON keys moved between headers is an error naming the tool', async () => {
    const session = inventedSession([
      { system: IDENTITY, tools: [READ] },
      { system: IDENTITY, tools: [READ_KEYS_MOVED] },
    ]);
    const report = await guardComposition(emptyComposition(), { session });
    expect(unstable(report.findings)).toEqual([expect.objectContaining({ severity: 'error', where: "tool 'read'" })]);
  });

  it('two continuable delegation tools tie on their section order (116.5): a warning, since activation decides their order', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-order-')), 'cordis.yml');
    writeFileSync(
      file,
      "- id: spawn\n  name: '@deepseek-ai/dsh-subagent-spawn-in-process'\n" +
        "- id: a\n  name: '@deepseek-ai/dsh-tool-subagent'\n  config: { provider: spawn, toolName: alpha, backgroundMode: continuable }\n" +
        "- id: b\n  name: '@deepseek-ai/dsh-tool-subagent'\n  config: { provider: spawn, toolName: beta, backgroundMode: continuable }\n",
    );
    const report = await guardComposition({ path: file, label: 'cordis.yml' });
    expect(unstable(report.findings)).toEqual([expect.objectContaining({ severity: 'warning', where: "section 'tool:alpha', section 'tool:beta'" })]);
    expect(report.ok).toBe(true);
  });
});
