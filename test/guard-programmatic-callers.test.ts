import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardComposition } from '../src/analysis/index.js';

function composition(provider: string): { path: string; label: string } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-callers-')), 'cordis.yml');
  writeFileSync(
    file,
    "- id: spawn\n  name: '@deepseek-ai/dsh-subagent-spawn-in-process'\n- id: fork\n  name: '@deepseek-ai/dsh-subagent-fork-in-process'\n" +
      `- id: workflow-worker-thread\n  name: '@deepseek-ai/dsh-workflow-worker-thread'\n  config:\n    provider: ${provider}\n`,
  );
  return { path: file, label: 'cordis.yml' };
}

describe('programmatic callers (workflow steps) of a provider', () => {
  it('a workflow engine starting fork children may pass an output schema: a warning with the tokens the structured_output delta loses', async () => {
    const report = await guardComposition(composition('fork'));
    expect(report.ok).toBe(true);
    expect(report.findings).toEqual([
      expect.objectContaining({
        kind: 'inherited-history-lost',
        severity: 'warning',
        tool: '@deepseek-ai/dsh-workflow-worker-thread',
        yamlPath: '[2].config.provider',
        callPath: 'programmatic start with an output schema',
        deltas: [
          { part: 'section', name: 'tool:structured_output', change: 'added' },
          { part: 'tool', name: 'structured_output', change: 'added' },
        ],
      }),
    ]);
    expect(report.findings[0]!.lostTokens).toBeGreaterThan(0);
  });

  it('the same engine on spawn inherits nothing, so there is nothing to lose', async () => {
    expect((await guardComposition(composition('spawn'))).findings).toEqual([]);
  });
});
